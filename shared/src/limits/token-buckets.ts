/**
 * Per-client rate limiting with token buckets: a client may burst up to a tenth of its per-minute
 * allowance, then proceeds at the sustained rate. Bounded memory: the least recently seen clients
 * are forgotten first. Used by the REST API and the BFF.
 */
interface Bucket {
  tokens: number;
  updated: number;
}

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;
  private readonly capacity: number;

  constructor(
    perMinute: number,
    private readonly maxClients = 50_000,
  ) {
    this.perMs = perMinute / 60_000;
    this.capacity = Math.max(10, Math.ceil(perMinute / 10));
  }

  /** Takes one token; answers 0 when allowed, else the seconds until a token is there. */
  take(key: string, now = Date.now()): number {
    const bucket = this.buckets.get(key) ?? { tokens: this.capacity, updated: now };
    bucket.tokens = Math.min(this.capacity, bucket.tokens + (now - bucket.updated) * this.perMs);
    bucket.updated = now;
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    if (this.buckets.size > this.maxClients) {
      const oldest = this.buckets.keys().next().value;
      if (oldest !== undefined) this.buckets.delete(oldest);
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.perMs / 1000));
  }
}
