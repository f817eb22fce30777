/**
 * The shared counters (docs/engineering.md#glossary): every per-client and per-key counter of both services
 * (per-address rate limits, API quotas, login failures, sign-up, reset-mail and contact throttling, tradebook
 * imports a minute) kept behind one interface, in memory (one process: the embedded default) or in a PostgreSQL
 * table every instance shares (sql-counter-store.ts; docs/decisions.md#counters-shared-through-postgresql).
 * Three shapes of counter, each changed atomically:
 * - a bucket (token or leaky bucket): holds up to `capacity`, refills `refillPerMs` a millisecond; a take of
 *   `amount` succeeds when that much is there (rate limits, the GraphQL points of an API key);
 * - a window (fixed window): at most `limit` in the window [start, end) (an API key owner's requests a day);
 * - a log (sliding log): the times of events within the last `windowMs` (login failures, sign-ups, reset mail).
 * The caller passes the time (`now`, `at`: epoch ms), so every instance and test agrees on the clock it means.
 * Node-only (`@bazaar/shared/counters`, never bundled into the web app).
 */

/** Take `amount` from a bucket of `capacity` that refills `refillPerMs` a millisecond. */
export interface BucketStep {
  kind: 'bucket';
  key: string;
  capacity: number;
  refillPerMs: number;
  amount: number;
  /**
   * Points given back before the amount is taken (never above capacity), also when the take is refused: what an
   * earlier take turned out not to need. A step that is not tried gives nothing back.
   */
  give?: number;
}

/** Add `amount` to a fixed window [start, end) that allows `limit` in all. */
export interface WindowStep {
  kind: 'window';
  key: string;
  limit: number;
  start: number;
  end: number;
  amount: number;
}

export type CounterStep = BucketStep | WindowStep;

export interface StepState {
  /** Whether this step's amount was taken (false for a refused step and for the steps after it). */
  granted: boolean;
  /**
   * A bucket: what it holds now (after this take when granted). A window: what is used of it now (with this
   * amount when granted). For a step that was not taken: its state as it is.
   */
  value: number;
}

export interface TakeResult {
  /** All steps taken. */
  granted: boolean;
  /** The first step that refused, or -1. */
  refusedAt: number;
  steps: StepState[];
}

export interface LogRecord {
  granted: boolean;
  /** The times of the log within the window ending at `at`, oldest first (`at` included when granted). */
  times: number[];
}

export interface CounterStore {
  readonly kind: 'memory' | 'postgres';
  /**
   * Takes every step in order, all or nothing: a step is tried only when the ones before it were taken, and
   * when one refuses, the ones before it are given back. One round trip to the database when all are taken.
   */
  take(steps: readonly CounterStep[], now: number): Promise<TakeResult>;
  /** Gives `amount` back to a bucket (never above its capacity) or a window (never below 0). */
  give(step: CounterStep, now: number): Promise<StepState>;
  /** Records an event at `at` in a log unless `max` events are already within `windowMs` before it. */
  record(key: string, at: number, windowMs: number, max: number): Promise<LogRecord>;
  /** Takes back one event recorded at `at` (an attempt counted while it was checked, then good). */
  retract(key: string, at: number): Promise<void>;
  /** The times of a log within `windowMs` before `now`, oldest first. */
  times(key: string, now: number, windowMs: number): Promise<number[]>;
  /** Forgets a counter of any shape. */
  forget(key: string): Promise<void>;
  close(): Promise<void>;
}

/** At most this many event times are kept per log (the newest); every log of the services stays well below. */
export const MAX_LOG_TIMES = 1000;

/** The refilled level of a bucket last at `value` on `stamp`, at `now` (a clock behind the stamp refills nothing). */
export function refilled(step: BucketStep, value: number, stamp: number, now: number): number {
  return Math.min(step.capacity, value + Math.max(0, now - stamp) * step.refillPerMs);
}

/** When a bucket taken at `now` is full again: until then its row means something. */
export function bucketExpiry(step: BucketStep, now: number): number {
  return now + Math.ceil(step.capacity / step.refillPerMs);
}

export function assertDistinctKeys(steps: readonly CounterStep[]): void {
  if (new Set(steps.map((step) => step.key)).size !== steps.length)
    throw new Error('One take cannot count the same key twice');
}
