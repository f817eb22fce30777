/** The hashing lanes of auth/password.ts: a bounded semaphore with a bounded queue (docs/decisions.md#bounded-password-hashing). */
import { describe, expect, it } from 'vitest';
import { HashLane } from '../../src/auth/password.js';
import { ServiceUnavailableError } from '../../src/errors.js';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('HashLane', () => {
  it('runs at most `concurrency` tasks, queues `queue` more in order and refuses the rest with 503', async () => {
    const lane = new HashLane(2, 1);
    const gates = [gate(), gate(), gate()];
    const order: number[] = [];
    const tasks = gates.map((g, i) =>
      lane.run(async () => {
        order.push(i);
        await g.opened;
        return i;
      }),
    );
    await Promise.resolve();
    expect(lane.load).toEqual({ running: 2, waiting: 1 });
    await expect(lane.run(async () => 99)).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(order).toEqual([0, 1]);
    gates[0]!.open();
    await tasks[0];
    // the waiting task takes the freed slot
    await expect.poll(() => order, { timeout: 30_000 }).toEqual([0, 1, 2]);
    gates[1]!.open();
    gates[2]!.open();
    expect(await Promise.all(tasks)).toEqual([0, 1, 2]);
    expect(lane.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees its slot when a task fails', async () => {
    const lane = new HashLane(1, 0);
    await expect(lane.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await lane.run(async () => 'next')).toBe('next');
  });
});
