/**
 * Counts failed attempts per key (client address, account) in a sliding window and says when a key
 * must wait. In memory, per API instance: behind a load balancer each instance limits on its own,
 * which still bounds guessing to (instances × limit) per window. Used by login (OWASP
 * Authentication Cheat Sheet: throttle by account and by source).
 */
export interface AttemptLimiterOptions {
  /** Failures allowed within the window. */
  max: number;
  windowMs: number;
  /** Upper bound of keys kept (oldest dropped first), so an attacker cannot grow memory. */
  maxKeys?: number;
}

export class AttemptLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly options: AttemptLimiterOptions) {}

  /** Seconds to wait before the next attempt, or 0 when one is allowed now. */
  retryAfterSeconds(key: string, now = Date.now()): number {
    const recent = this.recent(key, now);
    if (recent.length < this.options.max) return 0;
    const oldest = recent[recent.length - this.options.max] ?? now;
    return Math.max(1, Math.ceil((oldest + this.options.windowMs - now) / 1000));
  }

  recordFailure(key: string, now = Date.now()): void {
    const recent = this.recent(key, now);
    recent.push(now);
    this.failures.delete(key);
    this.failures.set(key, recent);
    const limit = this.options.maxKeys ?? 100_000;
    while (this.failures.size > limit) {
      const oldest = this.failures.keys().next().value;
      if (oldest === undefined) break;
      this.failures.delete(oldest);
    }
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    const list = this.failures.get(key) ?? [];
    const from = now - this.options.windowMs;
    return list.filter((time) => time > from);
  }
}
