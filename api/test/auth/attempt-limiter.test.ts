import { describe, expect, it } from 'vitest';
import { AttemptLimiter } from '../../src/auth/attempt-limiter.js';

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
