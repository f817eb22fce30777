import { describe, expect, it } from 'vitest';
import { ConnectionCap, KeyedLane, KeyedSlots, type CappedSocket } from './keyed-slots.js';

/** A socket as the cap sees it: its address, whether it was reset, and a close the test fires. */
function socket(remoteAddress: string | undefined, canReset = true) {
  const closeListeners: Array<() => void> = [];
  const fake = {
    remoteAddress,
    reset: false,
    destroyed: false,
    once(_event: 'close', listener: () => void) {
      closeListeners.push(listener);
      return fake;
    },
    destroy() {
      fake.destroyed = true;
    },
    resetAndDestroy: canReset
      ? () => {
          fake.reset = true;
        }
      : undefined,
    close() {
      for (const listener of closeListeners.splice(0)) listener();
    },
  } satisfies CappedSocket & Record<string, unknown>;
  return fake;
}

describe('KeyedSlots', () => {
  it('gives each key its slots, refuses one more, and takes each slot back once', () => {
    const slots = new KeyedSlots(2);
    const first = slots.take('a');
    const second = slots.take('a');
    expect(first).toBeTypeOf('function');
    expect(second).toBeTypeOf('function');
    expect(slots.take('a')).toBeUndefined();
    // another key is not affected
    expect(slots.take('b')).toBeTypeOf('function');
    first!();
    first!(); // a second release gives back nothing more
    expect(slots.count('a')).toBe(1);
    expect(slots.take('a')).toBeTypeOf('function');
    expect(slots.take('a')).toBeUndefined();
  });

  it('forgets keys that hold nothing', () => {
    const slots = new KeyedSlots(1);
    const release = slots.take('a')!;
    expect(slots.size).toBe(1);
    release();
    expect(slots.size).toBe(0);
  });
});

describe('KeyedLane', () => {
  it('runs a key’s work one at a time in order, lets a few wait, refuses the rest at once', async () => {
    const lane = new KeyedLane(1, 2);
    const first = await lane.enter('a');
    const order: string[] = [];
    const second = lane.enter('a').then((release) => (order.push('second'), release));
    const third = lane.enter('a').then((release) => (order.push('third'), release));
    // the line is full: refused without waiting
    expect(await lane.enter('a')).toBeUndefined();
    expect(lane.load('a')).toEqual({ running: 1, waiting: 2 });
    // another key does not wait behind this one
    const other = await lane.enter('b');
    expect(other).toBeTypeOf('function');
    first!();
    first!(); // once only: the third still waits
    (await second)!();
    (await third)!();
    expect(order).toEqual(['second', 'third']);
    expect(lane.load('a')).toEqual({ running: 0, waiting: 0 });
    other!();
    expect(lane.size).toBe(0);
  });
});

describe('ConnectionCap', () => {
  const cap = (perClient: number, exempt: (address: string) => boolean = () => false) =>
    new ConnectionCap({ perClient, exempt });

  it('resets a connection beyond its address’s share when accepted, and admits again once one closes', () => {
    const connections = cap(3);
    const held = Array.from({ length: 3 }, () => socket('198.51.100.7'));
    expect(held.map((s) => connections.admit(s))).toEqual([true, true, true]);
    const extra = socket('198.51.100.7');
    expect(connections.admit(extra)).toBe(false);
    expect(extra.reset).toBe(true);
    expect(connections.refused).toBe(1);
    // another address has its own share
    expect(connections.admit(socket('198.51.100.8'))).toBe(true);
    held[0]!.close();
    expect(connections.held('198.51.100.7')).toBe(2);
    expect(connections.admit(socket('198.51.100.7'))).toBe(true);
  });

  it('counts an address written IPv4-mapped as the same client, and IPv6 by its /64', () => {
    const connections = cap(2);
    expect(connections.admit(socket('203.0.113.9'))).toBe(true);
    expect(connections.admit(socket('::ffff:203.0.113.9'))).toBe(true);
    expect(connections.admit(socket('203.0.113.9'))).toBe(false);
    expect(connections.admit(socket('2001:db8:5:6::1'))).toBe(true);
    expect(connections.admit(socket('2001:db8:5:6:ffff::2'))).toBe(true);
    expect(connections.admit(socket('2001:db8:5:6:abcd::3'))).toBe(false);
    expect(connections.admit(socket('2001:db8:5:7::1'))).toBe(true);
  });

  it('never caps a trusted proxy (its connections carry many clients)', () => {
    const connections = cap(1, (address) => address === '10.0.0.2');
    const proxied = Array.from({ length: 50 }, () => socket('10.0.0.2'));
    expect(proxied.every((s) => connections.admit(s))).toBe(true);
    expect(proxied.some((s) => s.reset)).toBe(false);
  });

  it('destroys when the socket cannot reset, and leaves a socket without an address alone', () => {
    const connections = cap(1);
    connections.admit(socket('192.0.2.1'));
    const plain = socket('192.0.2.1', false);
    expect(connections.admit(plain)).toBe(false);
    expect(plain.destroyed).toBe(true);
    expect(connections.admit(socket(undefined))).toBe(true);
  });
});
