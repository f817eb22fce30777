/**
 * Per-key call budgets for the public account calls (sign-up, forgot and change password, contact): each call
 * counts against every key it names (the client address, the account) within a sliding window; a key over budget
 * gets 429 with Retry-After. Kept in the shared counters (a log of call times per key: every instance counts in
 * the same log), counting every call rather than only failures: sending reset mail is itself what must be limited.
 * A call is counted only when every key had room for it. The limits come from the configuration, so tests set
 * small ones.
 */
import type { CounterStore } from '@bazaar/shared/counters';
import { TooManyRequestsError } from '../errors.js';

export class CallBudget {
  constructor(
    private readonly store: CounterStore,
    /** The counters' namespace, e.g. 'signup'. */
    private readonly name: string,
    private readonly options: { max: number; windowMs: number },
    private readonly what: string,
  ) {}

  /** Throws 429 when any key has used its budget; otherwise counts this call for every key. */
  async spend(...keys: string[]): Promise<void> {
    const now = Date.now();
    const counted: string[] = [];
    for (const key of keys) {
      const name = `${this.name}:${key}`;
      const logged = await this.store.record(name, now, this.options.windowMs, this.options.max);
      if (logged.granted) {
        counted.push(name);
        continue;
      }
      // all or nothing: the keys counted before this one give their call back
      for (const done of counted) await this.store.retract(done, now);
      const oldest = logged.times[logged.times.length - this.options.max] ?? now;
      const wait = Math.max(1, Math.ceil((oldest + this.options.windowMs - now) / 1000));
      throw new TooManyRequestsError(`Too many ${this.what}; please try again in ${describeWait(wait)}`, wait);
    }
  }
}

/** "42 seconds", "2 minutes": a wait in words for 429 messages. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `${hours} hours${rest ? ` ${rest} minute${rest === 1 ? '' : 's'}` : ''}`;
}
