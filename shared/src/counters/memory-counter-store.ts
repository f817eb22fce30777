/**
 * The shared counters in this process's memory: the embedded default (one process on PGlite) and a BFF without
 * DATABASE_URL. The same semantics as the PostgreSQL store (sql-counter-store.ts), step for step; bounded memory
 * (the least recently used counters are forgotten first, expired ones on the way).
 */
import {
  assertDistinctKeys,
  bucketExpiry,
  MAX_LOG_TIMES,
  refilled,
  type CounterStep,
  type CounterStore,
  type LogRecord,
  type StepState,
  type TakeResult,
} from './counter-store.js';

interface Entry {
  value: number;
  stamp: number;
  times?: number[];
  expiresAt: number;
}

export class MemoryCounterStore implements CounterStore {
  readonly kind = 'memory';
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxKeys = 100_000) {}

  async take(steps: readonly CounterStep[], now: number): Promise<TakeResult> {
    assertDistinctKeys(steps);
    const states: StepState[] = [];
    let refusedAt = -1;
    for (const [index, step] of steps.entries()) {
      if (refusedAt >= 0) {
        states.push({ granted: false, value: this.current(step, now) });
        continue;
      }
      const state = this.apply(step, now);
      states.push(state);
      if (!state.granted) refusedAt = index;
    }
    if (refusedAt >= 0)
      for (const [index, step] of steps.slice(0, refusedAt).entries())
        states[index] = { granted: false, value: this.giveNow(step, now) };
    return { granted: refusedAt < 0, refusedAt, steps: states };
  }

  async give(step: CounterStep, now: number): Promise<StepState> {
    return { granted: true, value: this.giveNow(step, now) };
  }

  async record(key: string, at: number, windowMs: number, max: number): Promise<LogRecord> {
    const entry = this.get(key, at);
    const kept = (entry?.times ?? []).filter((time) => time > at - windowMs).sort((a, b) => a - b);
    const granted = kept.length < max;
    if (granted) {
      kept.push(at);
      kept.sort((a, b) => a - b);
      if (kept.length > MAX_LOG_TIMES) kept.splice(0, kept.length - MAX_LOG_TIMES);
    }
    this.set(key, {
      value: kept.length,
      stamp: at,
      times: kept,
      expiresAt: Math.max(entry?.expiresAt ?? 0, at + windowMs),
    });
    return { granted, times: [...kept] };
  }

  async retract(key: string, at: number): Promise<void> {
    const times = this.entries.get(key)?.times;
    const index = times?.indexOf(at) ?? -1;
    if (times && index >= 0) times.splice(index, 1);
  }

  async times(key: string, now: number, windowMs: number): Promise<number[]> {
    return (this.get(key, now)?.times ?? []).filter((time) => time > now - windowMs).sort((a, b) => a - b);
  }

  async forget(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async close(): Promise<void> {
    this.entries.clear();
  }

  private apply(step: CounterStep, now: number): StepState {
    const entry = this.get(step.key, now);
    if (step.kind === 'bucket') {
      const level = entry
        ? Math.min(step.capacity, refilled(step, entry.value, entry.stamp, now) + (step.give ?? 0))
        : step.capacity;
      const granted = level >= step.amount;
      const value = granted ? level - step.amount : level;
      this.set(step.key, { value, stamp: Math.max(entry?.stamp ?? now, now), expiresAt: bucketExpiry(step, now) });
      return { granted, value };
    }
    const used = entry && entry.stamp >= step.start ? entry.value : 0;
    const granted = used + step.amount <= step.limit;
    const value = granted ? used + step.amount : used;
    this.set(step.key, {
      value,
      stamp: Math.max(entry?.stamp ?? step.start, step.start),
      expiresAt: Math.max(entry?.expiresAt ?? 0, step.end),
    });
    return { granted, value };
  }

  private current(step: CounterStep, now: number): number {
    const entry = this.get(step.key, now);
    if (step.kind === 'bucket') return entry ? refilled(step, entry.value, entry.stamp, now) : step.capacity;
    return entry && entry.stamp >= step.start ? entry.value : 0;
  }

  private giveNow(step: CounterStep, now: number): number {
    const entry = this.get(step.key, now);
    if (!entry) return this.current(step, now);
    if (step.kind === 'bucket') {
      entry.value = Math.min(step.capacity, refilled(step, entry.value, entry.stamp, now) + step.amount);
      entry.stamp = Math.max(entry.stamp, now);
    } else if (entry.stamp >= step.start) entry.value = Math.max(0, entry.value - step.amount);
    return this.current(step, now);
  }

  /** The live entry of a key (expired ones are dropped), marked as the most recently used. */
  private get(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt < now) return undefined;
    this.entries.set(key, entry);
    return entry;
  }

  private set(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxKeys) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
