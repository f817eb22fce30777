/**
 * A describe block's running service (the API, the BFF stack over it, the built app's processes), started before the
 * block's tests and stopped after them, held in one object from the start: the tests' useApi and useStack.
 */
import { afterAll, beforeAll } from 'vitest';

/**
 * Runs `start` before the block's tests and `stop` after them. The object answered is filled in by the start: read
 * its fields inside hooks and tests, not while the suite is being collected.
 */
export function useStarted<T extends object>(start: () => Promise<T>, stop: (started: T) => Promise<void>): T {
  const holder = {} as T;
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
    Object.assign(holder, started);
  });
  afterAll(async () => {
    if (started) await stop(started);
  });
  return holder;
}
