/**
 * The two shared-counter stores answer alike, step for step: the memory one (one process) and the PostgreSQL one
 * on this run's database (PGlite, or the server with TEST_DB=postgres, through named statements), in the table the migrations made. Every
 * expected value is worked out by hand in the test from the capacities, rates and times it sets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MemoryCounterStore,
  SqlCounterStore,
  type BucketStep,
  type CounterStore,
  type SqlClient,
  type WindowStep,
} from '@bazaar/shared/counters';
import type { DatabaseHandle } from '../../src/db/client.js';
import { createTestDatabase } from '../setup/test-api.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => handle?.close());

const stores: Array<[string, () => CounterStore]> = [
  ['memory', () => new MemoryCounterStore()],
  [
    'PostgreSQL',
    // on the server through named (prepared) statements, as the services run it
    () =>
      handle.kind === 'pglite'
        ? new SqlCounterStore(handle.client as unknown as SqlClient)
        : new SqlCounterStore(handle.pool, undefined, undefined, handle.pool),
  ],
];

let unique = 0;
/** A key no other test uses (the SQL store's table is shared by the tests of this file). */
const fresh = (name: string) => `test:${name}:${++unique}`;

const bucket = (key: string, amount: number): BucketStep => ({
  kind: 'bucket',
  key,
  capacity: 10,
  refillPerMs: 0.001, // one a second
  amount,
});
const window = (key: string, amount: number, start = 0): WindowStep => ({
  kind: 'window',
  key,
  limit: 3,
  start,
  end: start + 86_400_000,
  amount,
});

describe.each(stores)('the %s counter store', (_name, open) => {
  it('takes from a bucket while it holds enough, refilling with time, never above its capacity', async () => {
    const store = open();
    const key = fresh('bucket');
    const t0 = 1_000_000;
    // full (10): 4 + 4 taken, 2 left; 4 more refused, nothing taken
    expect(await store.take([bucket(key, 4)], t0)).toMatchObject({
      granted: true,
      steps: [{ granted: true, value: 6 }],
    });
    expect((await store.take([bucket(key, 4)], t0)).steps[0]).toEqual({ granted: true, value: 2 });
    expect(await store.take([bucket(key, 4)], t0)).toEqual({
      granted: false,
      refusedAt: 0,
      steps: [{ granted: false, value: 2 }],
    });
    // 2.5 s later: 2 + 2.5 = 4.5, so 4 can be taken (0.5 left)
    expect((await store.take([bucket(key, 4)], t0 + 2_500)).steps[0]).toEqual({ granted: true, value: 0.5 });
    // an hour later it is full again, not above: 10 − 1 = 9
    expect((await store.take([bucket(key, 1)], t0 + 3_600_000)).steps[0]).toEqual({ granted: true, value: 9 });
    // a clock behind the bucket's last change refills nothing
    expect((await store.take([bucket(key, 1)], t0)).steps[0]).toEqual({ granted: true, value: 8 });
  });

  it('gives points back before a take, never above its capacity, also when the take is refused', async () => {
    const store = open();
    const key = fresh('give');
    const t0 = 2_000_000;
    // full (10): 8 taken, 2 left; then 3 given back and 4 taken: 2 + 3 − 4 = 1
    expect((await store.take([bucket(key, 8)], t0)).steps[0]).toEqual({ granted: true, value: 2 });
    expect((await store.take([{ ...bucket(key, 4), give: 3 }], t0)).steps[0]).toEqual({ granted: true, value: 1 });
    // 2 given back, 5 asked: 1 + 2 = 3 is too little, refused, and the 2 stay given
    expect((await store.take([{ ...bucket(key, 5), give: 2 }], t0)).steps[0]).toEqual({ granted: false, value: 3 });
    // 20 given back fills it to 10, not 23: 10 − 1 = 9
    expect((await store.take([{ ...bucket(key, 1), give: 20 }], t0)).steps[0]).toEqual({ granted: true, value: 9 });
  });

  it('counts a window up to its limit, the refused adding nothing, and starts again with the next window', async () => {
    const store = open();
    const key = fresh('window');
    const counts = [];
    for (let i = 0; i < 5; i++) counts.push((await store.take([window(key, 1)], 10)).steps[0]);
    // limit 3: the 1st to 3rd pass (1, 2, 3), the 4th and 5th are refused at 3
    expect(counts).toEqual([
      { granted: true, value: 1 },
      { granted: true, value: 2 },
      { granted: true, value: 3 },
      { granted: false, value: 3 },
      { granted: false, value: 3 },
    ]);
    // the next day's window
    expect((await store.take([window(key, 1, 86_400_000)], 86_400_010)).steps[0]).toEqual({ granted: true, value: 1 });
  });

  it('takes several steps all or nothing: a later refusal gives the earlier ones back', async () => {
    const store = open();
    const points = fresh('points');
    const day = fresh('day');
    // the day used up: 3 of 3
    for (let i = 0; i < 3; i++) await store.take([window(day, 1)], 5);
    const refusedByDay = await store.take([bucket(points, 4), window(day, 1)], 5);
    expect(refusedByDay).toEqual({
      granted: false,
      refusedAt: 1,
      steps: [
        { granted: false, value: 10 },
        { granted: false, value: 3 },
      ],
    });
    // refused by the bucket: the window is not tried, and says what it holds
    const other = fresh('day');
    const refusedByPoints = await store.take([bucket(points, 11), window(other, 1)], 5);
    expect(refusedByPoints).toEqual({
      granted: false,
      refusedAt: 0,
      steps: [
        { granted: false, value: 10 },
        { granted: false, value: 0 },
      ],
    });
    const both = await store.take([bucket(points, 4), window(other, 1)], 5);
    expect(both).toEqual({
      granted: true,
      refusedAt: -1,
      steps: [
        { granted: true, value: 6 },
        { granted: true, value: 1 },
      ],
    });
    // taking nothing reads the state and changes nothing
    const peek = await store.take([bucket(points, 0), window(other, 0)], 5);
    expect(peek.steps).toEqual([
      { granted: true, value: 6 },
      { granted: true, value: 1 },
    ]);
  });

  it('gives back to a bucket up to its capacity and to a window down to nothing', async () => {
    const store = open();
    const key = fresh('give');
    await store.take([bucket(key, 8)], 100);
    expect(await store.give(bucket(key, 5), 100)).toEqual({ granted: true, value: 7 });
    expect(await store.give(bucket(key, 50), 100)).toEqual({ granted: true, value: 10 });
    const day = fresh('give-day');
    await store.take([window(day, 2)], 100);
    expect(await store.give(window(day, 1), 100)).toEqual({ granted: true, value: 1 });
    expect(await store.give(window(day, 5), 100)).toEqual({ granted: true, value: 0 });
    // a counter never used: a full bucket, an empty window
    expect(await store.give(bucket(fresh('none'), 1), 100)).toEqual({ granted: true, value: 10 });
  });

  it('keeps a log of times within its window, up to a maximum, taking back one occurrence at a time', async () => {
    const store = open();
    const key = fresh('log');
    expect(await store.record(key, 1_000, 60_000, 3)).toEqual({ granted: true, times: [1_000] });
    expect(await store.record(key, 2_000, 60_000, 3)).toEqual({ granted: true, times: [1_000, 2_000] });
    expect(await store.record(key, 2_000, 60_000, 3)).toEqual({ granted: true, times: [1_000, 2_000, 2_000] });
    // three within the minute: refused, nothing added
    expect(await store.record(key, 3_000, 60_000, 3)).toEqual({ granted: false, times: [1_000, 2_000, 2_000] });
    // one of the two at 2,000 taken back
    await store.retract(key, 2_000);
    expect(await store.times(key, 3_000, 60_000)).toEqual([1_000, 2_000]);
    // a time never recorded changes nothing
    await store.retract(key, 9_999);
    expect(await store.times(key, 3_000, 60_000)).toEqual([1_000, 2_000]);
    // at 61,500 the one at 1,000 has left the window
    expect(await store.record(key, 61_500, 60_000, 3)).toEqual({ granted: true, times: [2_000, 61_500] });
    await store.forget(key);
    expect(await store.times(key, 61_500, 60_000)).toEqual([]);
  });

  it('grants a window exactly its limit when many take at once', async () => {
    const store = open();
    const key = fresh('race');
    const step: WindowStep = { kind: 'window', key, limit: 20, start: 0, end: 86_400_000, amount: 1 };
    const results = await Promise.all(Array.from({ length: 60 }, () => store.take([step], 1)));
    expect(results.filter((result) => result.granted)).toHaveLength(20);
    expect((await store.take([{ ...step, amount: 0 }], 1)).steps[0]?.value).toBe(20);
  });
});
