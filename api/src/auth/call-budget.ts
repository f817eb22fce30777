/**
 * Per-key call budgets for the public account calls (forgot and change password, contact): each
 * call counts against every key it names (the client address, the account) within a sliding
 * window; a key over budget gets 429 with Retry-After. Built on the login's AttemptLimiter (in
 * memory, per API instance), counting every call rather than only failures: sending reset mail is
 * itself what must be limited. The limits come from the configuration, so tests set small ones.
 */
import { AttemptLimiter } from './attempt-limiter.js';
import { TooManyRequestsError } from '../errors.js';

export class CallBudget {
  private readonly limiter: AttemptLimiter;

  constructor(
    options: { max: number; windowMs: number },
    private readonly what: string,
  ) {
    this.limiter = new AttemptLimiter(options);
  }

  /** Throws 429 when any key has used its budget; otherwise counts this call for every key. */
  spend(...keys: string[]): void {
    const wait = Math.max(0, ...keys.map((key) => this.limiter.retryAfterSeconds(key)));
    if (wait > 0)
      throw new TooManyRequestsError(`Too many ${this.what}; please try again in ${describeWait(wait)}`, wait);
    for (const key of keys) this.limiter.recordFailure(key);
  }
}

/** "42 seconds", "2 minutes": a wait in words for 429 messages. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
