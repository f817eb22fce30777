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

  /** Takes back one failure recorded at `time` (an attempt counted while it was checked, then good). */
  retract(key: string, time: number): void {
    const list = this.failures.get(key);
    const index = list?.lastIndexOf(time) ?? -1;
    if (!list || index < 0) return;
    list.splice(index, 1);
    if (list.length === 0) this.failures.delete(key);
  }

  /** The times of the key's failures still inside the window, oldest first. */
  times(key: string, now = Date.now()): number[] {
    return this.recent(key, now);
  }

  private recent(key: string, now: number): number[] {
    const list = this.failures.get(key) ?? [];
    const from = now - this.options.windowMs;
    return list.filter((time) => time > from);
  }
}

export interface BackoffLimiterOptions {
  /** Failures within the window that cost nothing; each one after them doubles the wait. */
  free: number;
  /** The wait after the first failure beyond `free`. */
  baseDelayMs: number;
  /** The longest wait: the limiter slows a key down, it never locks it out for longer. */
  maxDelayMs: number;
  /** How long a failure counts. */
  windowMs: number;
  maxKeys?: number;
}

/**
 * Exponential backoff per key: after `free` failures within the window, the next attempt must wait
 * baseDelay × 2^(failures − free − 1) after the latest failure, at most maxDelay. Unlike a lockout,
 * the wait stays short, so a stranger's failures can delay the owner but never shut them out
 * (docs/decisions.md#login-throttling-without-lockout).
 */
export class BackoffLimiter {
  private readonly failures: AttemptLimiter;

  constructor(private readonly options: BackoffLimiterOptions) {
    // the sliding window of AttemptLimiter keeps the failure times; max is never reached
    this.failures = new AttemptLimiter({
      max: Number.MAX_SAFE_INTEGER,
      windowMs: options.windowMs,
      ...(options.maxKeys ? { maxKeys: options.maxKeys } : {}),
    });
  }

  /** Seconds to wait before the next attempt, or 0 when one is allowed now. */
  retryAfterSeconds(key: string, now = Date.now()): number {
    const times = this.failures.times(key, now);
    const beyond = times.length - this.options.free;
    if (beyond <= 0) return 0;
    const delay = Math.min(this.options.maxDelayMs, this.options.baseDelayMs * 2 ** (beyond - 1));
    const latest = times[times.length - 1] ?? now;
    const left = latest + delay - now;
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  recordFailure(key: string, now = Date.now()): void {
    this.failures.recordFailure(key, now);
  }

  reset(key: string): void {
    this.failures.reset(key);
  }

  retract(key: string, time: number): void {
    this.failures.retract(key, time);
  }
}
