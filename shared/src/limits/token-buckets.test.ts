import { describe, expect, it } from 'vitest';
import { TokenBuckets } from './token-buckets.js';

describe('token buckets', () => {
  it('allows a burst of a tenth of the minute, then one request per refill interval', () => {
    // 600 per minute: bursts of 60, then 10 per second
    const buckets = new TokenBuckets(600);
    const t0 = 5_000_000;
    for (let i = 0; i < 60; i++) expect(buckets.take('a', t0)).toBe(0);
    expect(buckets.take('a', t0)).toBe(1);
    expect(buckets.take('b', t0)).toBe(0);
    // 100 ms later one token has come back
    expect(buckets.take('a', t0 + 100)).toBe(0);
    expect(buckets.take('a', t0 + 100)).toBe(1);
  });
});
