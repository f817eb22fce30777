import { describe, expect, it } from 'vitest';
import { AttemptLimiter, BackoffLimiter } from '../../src/auth/attempt-limiter.js';

describe('AttemptLimiter', () => {
  it('allows max failures per window, then asks to wait until the oldest expires', () => {
    const limiter = new AttemptLimiter({ max: 3, windowMs: 60_000 });
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfterSeconds('a', t0 + i * 1000)).toBe(0);
      limiter.recordFailure('a', t0 + i * 1000);
    }
    // failures at t0, t0+1s, t0+2s; the first leaves the window at t0+60s
    expect(limiter.retryAfterSeconds('a', t0 + 3000)).toBe(57);
    expect(limiter.retryAfterSeconds('b', t0 + 3000)).toBe(0);
    expect(limiter.retryAfterSeconds('a', t0 + 60_001)).toBe(0);
  });
  it('forgets a key on reset and bounds the number of keys', () => {
    const limiter = new AttemptLimiter({ max: 1, windowMs: 60_000, maxKeys: 2 });
    limiter.recordFailure('a', 1);
    expect(limiter.retryAfterSeconds('a', 2)).toBeGreaterThan(0);
    limiter.reset('a');
    expect(limiter.retryAfterSeconds('a', 2)).toBe(0);
    limiter.recordFailure('x', 1);
    limiter.recordFailure('y', 1);
    limiter.recordFailure('z', 1);
    expect(limiter.retryAfterSeconds('x', 2)).toBe(0);
    expect(limiter.retryAfterSeconds('z', 2)).toBeGreaterThan(0);
  });
});

describe('retracting an attempt', () => {
  it('takes back the one failure recorded at that time (an attempt counted while checked, then good)', () => {
    const limiter = new AttemptLimiter({ max: 2, windowMs: 60_000 });
    limiter.recordFailure('a', 1_000);
    limiter.recordFailure('a', 2_000);
    expect(limiter.retryAfterSeconds('a', 3_000)).toBeGreaterThan(0);
    limiter.retract('a', 2_000);
    expect(limiter.times('a', 3_000)).toEqual([1_000]);
    expect(limiter.retryAfterSeconds('a', 3_000)).toBe(0);
    // a time never recorded, or a key never seen, changes nothing
    limiter.retract('a', 5_000);
    limiter.retract('b', 1_000);
    expect(limiter.times('a', 3_000)).toEqual([1_000]);
    const backoff = new BackoffLimiter({ free: 0, baseDelayMs: 1000, maxDelayMs: 8000, windowMs: 60_000 });
    backoff.recordFailure('k', 10_000);
    expect(backoff.retryAfterSeconds('k', 10_000)).toBe(1);
    backoff.retract('k', 10_000);
    expect(backoff.retryAfterSeconds('k', 10_000)).toBe(0);
  });
});

describe('BackoffLimiter', () => {
  it('lets the free failures pass, then doubles the wait per failure up to the cap', () => {
    const limiter = new BackoffLimiter({ free: 2, baseDelayMs: 1000, maxDelayMs: 8000, windowMs: 15 * 60_000 });
    let now = 1_000_000;
    const failAndAsk = () => {
      limiter.recordFailure('k', now);
      return limiter.retryAfterSeconds('k', now);
    };
    // failures 1 and 2 are free; the 3rd asks 1 s, then 2, 4, 8, and 8 again (the cap)
    expect(failAndAsk()).toBe(0);
    expect(failAndAsk()).toBe(0);
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      waits.push(failAndAsk());
      now += waits[waits.length - 1]! * 1000;
      // once the wait has passed, a try is allowed again
      expect(limiter.retryAfterSeconds('k', now)).toBe(0);
    }
    expect(waits).toEqual([1, 2, 4, 8, 8]);
    expect(limiter.retryAfterSeconds('other', now)).toBe(0);
  });

  it('forgets failures older than the window, and a key on reset', () => {
    const limiter = new BackoffLimiter({ free: 1, baseDelayMs: 60_000, maxDelayMs: 60_000, windowMs: 120_000 });
    limiter.recordFailure('k', 0);
    limiter.recordFailure('k', 1000);
    expect(limiter.retryAfterSeconds('k', 2000)).toBe(59);
    // at 120,001 ms the first failure has left the window: one failure, which is free
    expect(limiter.retryAfterSeconds('k', 120_001)).toBe(0);
    limiter.recordFailure('j', 0);
    limiter.recordFailure('j', 0);
    limiter.reset('j');
    expect(limiter.retryAfterSeconds('j', 1)).toBe(0);
  });
});
