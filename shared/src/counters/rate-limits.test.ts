import { describe, expect, it } from 'vitest';
import { MemoryCounterStore } from './memory-counter-store.js';
import { perMinuteBucket, takeRate } from './rate-limits.js';

describe('per-minute rate limits on the shared counters', () => {
  it('allows a burst of a tenth of the minute, then one request per refill interval', async () => {
    // 600 a minute: bursts of 60, then one every 100 ms (10 a second)
    const store = new MemoryCounterStore();
    const t0 = 5_000_000;
    for (let i = 0; i < 60; i++) expect(await takeRate(store, 'a', 600, t0)).toBe(0);
    expect(await takeRate(store, 'a', 600, t0)).toBe(1);
    expect(await takeRate(store, 'b', 600, t0)).toBe(0);
    // 100 ms later one token has come back
    expect(await takeRate(store, 'a', 600, t0 + 100)).toBe(0);
    expect(await takeRate(store, 'a', 600, t0 + 100)).toBe(1);
  });

  it('waits as long as the missing tokens take: 6 a minute refills one every 10 s', async () => {
    const store = new MemoryCounterStore();
    // capacity max(10, 6/10) = 10
    expect(perMinuteBucket('k', 6)).toMatchObject({ capacity: 10, refillPerMs: 0.0001 });
    for (let i = 0; i < 10; i++) expect(await takeRate(store, 'k', 6, 0)).toBe(0);
    expect(await takeRate(store, 'k', 6, 0)).toBe(10);
    expect(await takeRate(store, 'k', 6, 4_000)).toBe(6);
    expect(await takeRate(store, 'k', 6, 10_000)).toBe(0);
  });
});
