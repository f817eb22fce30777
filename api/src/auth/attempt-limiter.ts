/**
 * Counts attempts per key (client address, account) in a sliding window and says when a key must wait, in the
 * shared counters (logs of attempt times, @bazaar/shared/counters): every instance counts in the same logs, so N
 * instances still allow the limit once (docs/decisions.md#counters-shared-through-postgresql). Used by login
 * (OWASP Authentication Cheat Sheet: throttle by account and by source), the profile's current-password check and
 * the call budgets (call-budget.ts).
 *
 * An attempt is counted first and judged by the attempts before it (`attempt`): the log's own lock orders
 * attempts made at the same moment on any instance, so they cannot all pass a check made before any of them was
 * counted. An attempt told to wait is taken back at once; one that turns out good can be taken back (`retract`).
 */
import type { CounterStore } from '@bazaar/shared/counters';

/** Attempts are never refused by the log itself when recorded: the rule below decides from the times. */
const UNBOUNDED = Number.MAX_SAFE_INTEGER;

abstract class AttemptLog<Options extends { windowMs: number }> {
  constructor(
    protected readonly store: CounterStore,
    /** The counters' namespace of this log, e.g. 'login:address'. */
    private readonly name: string,
    protected readonly options: Options,
  ) {}

  private get windowMs(): number {
    return this.options.windowMs;
  }

  /** Seconds an attempt at `now` must wait, given the earlier attempts within the window (oldest first). */
  protected abstract waitAfterRecent(recent: number[], now: number): number;

  private waitAfter(times: number[], now: number): number {
    const recent = times.filter((time) => time > now - this.windowMs);
    return this.waitAfterRecent(recent, now);
  }

  /** Seconds to wait before the next attempt, or 0 when one is allowed now. */
  async retryAfterSeconds(key: string, now = Date.now()): Promise<number> {
    return this.waitAfter(await this.store.times(this.key(key), now, this.windowMs), now);
  }

  /**
   * Counts an attempt at `at` as failed while it is checked and answers the seconds it must wait first (0: go
   * on). An attempt that must wait is not counted.
   */
  async attempt(key: string, at = Date.now()): Promise<number> {
    const logged = await this.store.record(this.key(key), at, this.windowMs, UNBOUNDED);
    const before = [...logged.times];
    const own = before.lastIndexOf(at);
    if (own >= 0) before.splice(own, 1);
    const wait = this.waitAfter(before, at);
    if (wait > 0) await this.store.retract(this.key(key), at);
    return wait;
  }

  /** Counts a failure at `at`. */
  async recordFailure(key: string, at = Date.now()): Promise<void> {
    await this.store.record(this.key(key), at, this.windowMs, UNBOUNDED);
  }

  /** Forgets the key's failures. */
  async reset(key: string): Promise<void> {
    await this.store.forget(this.key(key));
  }

  /** Takes back one failure counted at `at` (an attempt counted while it was checked, then good). */
  async retract(key: string, at: number): Promise<void> {
    await this.store.retract(this.key(key), at);
  }

  /** The times of the key's failures still inside the window, oldest first. */
  times(key: string, now = Date.now()): Promise<number[]> {
    return this.store.times(this.key(key), now, this.windowMs);
  }

  private key(key: string): string {
    return `${this.name}:${key}`;
  }
}

export interface AttemptLimiterOptions {
  /** Failures allowed within the window. */
  max: number;
  windowMs: number;
}

/** At most `max` failures per window; then the key waits until the oldest of them leaves the window. */
export class AttemptLimiter extends AttemptLog<AttemptLimiterOptions> {
  protected waitAfterRecent(recent: number[], now: number): number {
    if (recent.length < this.options.max) return 0;
    const oldest = recent[recent.length - this.options.max] ?? now;
    return Math.max(1, Math.ceil((oldest + this.options.windowMs - now) / 1000));
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
}

/**
 * Exponential backoff per key: after `free` failures within the window, the next attempt must wait
 * baseDelay × 2^(failures − free − 1) after the latest failure, at most maxDelay. Unlike a lockout,
 * the wait stays short, so a stranger's failures can delay the owner but never shut them out
 * (docs/decisions.md#login-throttling-without-lockout).
 */
export class BackoffLimiter extends AttemptLog<BackoffLimiterOptions> {
  protected waitAfterRecent(recent: number[], now: number): number {
    const beyond = recent.length - this.options.free;
    if (beyond <= 0) return 0;
    const delay = Math.min(this.options.maxDelayMs, this.options.baseDelayMs * 2 ** (beyond - 1));
    const latest = recent[recent.length - 1] ?? now;
    const left = latest + delay - now;
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }
}
