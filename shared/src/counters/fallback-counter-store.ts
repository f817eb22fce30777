/**
 * A store that keeps counting when the database does not answer: each operation goes to the PostgreSQL store, and
 * one that fails (the server restarting, the table not migrated yet) is done in this process's memory instead, so
 * the limits hold per instance meanwhile rather than not at all (docs/decisions.md#counters-shared-through-postgresql).
 * The failure is reported to `onError` (the service logs it, at most once a minute).
 */
import type { CounterStep, CounterStore, LogRecord, StepState, TakeResult } from './counter-store.js';
import { MemoryCounterStore } from './memory-counter-store.js';

export class FallbackCounterStore implements CounterStore {
  readonly kind: CounterStore['kind'];
  private readonly memory = new MemoryCounterStore();
  private lastReport = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly primary: CounterStore,
    private readonly onError: (error: unknown) => void,
    private readonly reportEveryMs = 60_000,
  ) {
    this.kind = primary.kind;
  }

  take(steps: readonly CounterStep[], now: number): Promise<TakeResult> {
    return this.either((store) => store.take(steps, now));
  }

  give(step: CounterStep, now: number): Promise<StepState> {
    return this.either((store) => store.give(step, now));
  }

  record(key: string, at: number, windowMs: number, max: number): Promise<LogRecord> {
    return this.either((store) => store.record(key, at, windowMs, max));
  }

  retract(key: string, at: number): Promise<void> {
    return this.either((store) => store.retract(key, at));
  }

  times(key: string, now: number, windowMs: number): Promise<number[]> {
    return this.either((store) => store.times(key, now, windowMs));
  }

  forget(key: string): Promise<void> {
    return this.either((store) => store.forget(key));
  }

  async close(): Promise<void> {
    await this.primary.close();
    await this.memory.close();
  }

  private async either<T>(operation: (store: CounterStore) => Promise<T>): Promise<T> {
    try {
      return await operation(this.primary);
    } catch (error) {
      const now = Date.now();
      if (now - this.lastReport >= this.reportEveryMs) {
        this.lastReport = now;
        this.onError(error);
      }
      return operation(this.memory);
    }
  }
}
