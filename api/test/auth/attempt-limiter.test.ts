/**
 * The attempt limiters over the shared counters, on the memory store (counter-stores.test.ts checks that the
 * PostgreSQL store keeps the same logs): the waits worked out by hand from the times in each test.
 */
import { describe, expect, it } from 'vitest';
import { MemoryCounterStore } from '@bazaar/shared/counters';
import {
  AttemptLimiter,
  BackoffLimiter,
  type AttemptLimiterOptions,
  type BackoffLimiterOptions,
} from '../../src/auth/attempt-limiter.js';

/** The limiters under test, each on a fresh memory store. */
const attemptLimiter = (options: AttemptLimiterOptions) =>
  new AttemptLimiter(new MemoryCounterStore(), 'test', options);
const backoffLimiter = (options: BackoffLimiterOptions) =>
  new BackoffLimiter(new MemoryCounterStore(), 'test', options);

describe('AttemptLimiter', () => {
  it('allows max failures per window, then asks to wait until the oldest expires', async () => {
    const limiter = attemptLimiter({ max: 3, windowMs: 60_000 });
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) {
      expect(await limiter.retryAfterSeconds('a', t0 + i * 1000)).toBe(0);
      await limiter.recordFailure('a', t0 + i * 1000);
    }
    // failures at t0, t0+1s, t0+2s; the first leaves the window at t0+60s
    expect(await limiter.retryAfterSeconds('a', t0 + 3000)).toBe(57);
    expect(await limiter.retryAfterSeconds('b', t0 + 3000)).toBe(0);
    expect(await limiter.retryAfterSeconds('a', t0 + 60_001)).toBe(0);
  });

  it('forgets a key on reset', async () => {
    const limiter = attemptLimiter({ max: 1, windowMs: 60_000 });
    await limiter.recordFailure('a', 1);
    expect(await limiter.retryAfterSeconds('a', 2)).toBeGreaterThan(0);
    await limiter.reset('a');
    expect(await limiter.retryAfterSeconds('a', 2)).toBe(0);
  });

  it('counts an attempt first and judges it by the ones before it; one told to wait is not counted', async () => {
    const limiter = attemptLimiter({ max: 2, windowMs: 60_000 });
    expect(await limiter.attempt('a', 1_000)).toBe(0);
    expect(await limiter.attempt('a', 2_000)).toBe(0);
    // two before it within the window: waits until the one at 1,000 leaves it (61,000 − 3,000 = 58 s)
    expect(await limiter.attempt('a', 3_000)).toBe(58);
    expect(await limiter.times('a', 3_000)).toEqual([1_000, 2_000]);
  });
});

describe('retracting an attempt', () => {
  it('takes back the one failure recorded at that time (an attempt counted while checked, then good)', async () => {
    const limiter = attemptLimiter({ max: 2, windowMs: 60_000 });
    await limiter.recordFailure('a', 1_000);
    await limiter.recordFailure('a', 2_000);
    expect(await limiter.retryAfterSeconds('a', 3_000)).toBeGreaterThan(0);
    await limiter.retract('a', 2_000);
    expect(await limiter.times('a', 3_000)).toEqual([1_000]);
    expect(await limiter.retryAfterSeconds('a', 3_000)).toBe(0);
    // a time never recorded, or a key never seen, changes nothing
    await limiter.retract('a', 5_000);
    await limiter.retract('b', 1_000);
    expect(await limiter.times('a', 3_000)).toEqual([1_000]);
    const backoff = backoffLimiter({ free: 0, baseDelayMs: 1000, maxDelayMs: 8000, windowMs: 60_000 });
    await backoff.recordFailure('k', 10_000);
    expect(await backoff.retryAfterSeconds('k', 10_000)).toBe(1);
    await backoff.retract('k', 10_000);
    expect(await backoff.retryAfterSeconds('k', 10_000)).toBe(0);
  });
});

describe('BackoffLimiter', () => {
  it('lets the free failures pass, then doubles the wait per failure up to the cap', async () => {
    const limiter = backoffLimiter({ free: 2, baseDelayMs: 1000, maxDelayMs: 8000, windowMs: 15 * 60_000 });
    let now = 1_000_000;
    const failAndAsk = async () => {
      await limiter.recordFailure('k', now);
      return limiter.retryAfterSeconds('k', now);
    };
    // failures 1 and 2 are free; the 3rd asks 1 s, then 2, 4, 8, and 8 again (the cap)
    expect(await failAndAsk()).toBe(0);
    expect(await failAndAsk()).toBe(0);
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      waits.push(await failAndAsk());
      now += waits[waits.length - 1]! * 1000;
      // once the wait has passed, a try is allowed again
      expect(await limiter.retryAfterSeconds('k', now)).toBe(0);
    }
    expect(waits).toEqual([1, 2, 4, 8, 8]);
    expect(await limiter.retryAfterSeconds('other', now)).toBe(0);
  });

  it('forgets failures older than the window, and a key on reset', async () => {
    const limiter = backoffLimiter({ free: 1, baseDelayMs: 60_000, maxDelayMs: 60_000, windowMs: 120_000 });
    await limiter.recordFailure('k', 0);
    await limiter.recordFailure('k', 1000);
    expect(await limiter.retryAfterSeconds('k', 2000)).toBe(59);
    // at 120,001 ms the first failure has left the window: one failure, which is free
    expect(await limiter.retryAfterSeconds('k', 120_001)).toBe(0);
    await limiter.recordFailure('j', 0);
    await limiter.recordFailure('j', 0);
    await limiter.reset('j');
    expect(await limiter.retryAfterSeconds('j', 1)).toBe(0);
  });
});
