/**
 * Rate limits as buckets of the shared counters: a client may burst up to a tenth of its per-minute allowance
 * (at least 10), then proceeds at the sustained rate; a refused take says how many seconds until it would pass.
 * Used by both services' admission (per client address) and the tradebook imports a minute (per account).
 */
import type { BucketStep, CounterStore } from './counter-store.js';

/** The bucket of a limit of `perMinute` a minute for `key`, taking `amount`. */
export function perMinuteBucket(key: string, perMinute: number, amount = 1): BucketStep {
  return {
    kind: 'bucket',
    key,
    capacity: Math.max(10, Math.ceil(perMinute / 10)),
    refillPerMs: perMinute / 60_000,
    amount,
  };
}

/** Whole seconds until a bucket holding `level` has the step's amount (at least 1). */
export function secondsUntilRefilled(step: BucketStep, level: number): number {
  return Math.max(1, Math.ceil((step.amount - level) / step.refillPerMs / 1000));
}

/** Takes one from `key`'s per-minute bucket: 0 when allowed, else the seconds to wait. */
export async function takeRate(store: CounterStore, key: string, perMinute: number, now = Date.now()): Promise<number> {
  const step = perMinuteBucket(key, perMinute);
  const result = await store.take([step], now);
  return result.granted ? 0 : secondsUntilRefilled(step, result.steps[0]?.value ?? 0);
}
