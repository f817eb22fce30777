/**
 * The API quota of an API key's owner (docs/product/developer.md#quotas), counted in the shared counters so every
 * instance counts together: requests a day (a fixed window from midnight to midnight in India, all the owner's
 * keys together) and, for GraphQL, cost points a minute (a leaky bucket as large as the plan's points a minute,
 * refilled at a sixtieth of that a second). A direct REST call counts one request; a GraphQL request counts one
 * request and its requested cost once, whatever REST calls the BFF makes for it (the BFF marks those, and the API
 * believes the mark only from a trusted proxy: docs/decisions.md#one-request-counts-once). Refused requests count
 * nothing. A direct call's per-address rate limit is taken in the same statement as its day's count (one round
 * trip to the counters, not two).
 */
import { exchangeDayBounds, tooManyRequestsMessage } from '@bazaar/shared';
import { secondsUntilRefilled, type CounterStore, type BucketStep, type WindowStep } from '@bazaar/shared/counters';
import type { DailyQuotaDto, PointsBucketDto } from '@bazaar/shared/contract';
import type { ApiKeyGrant } from './api-keys.js';
import { describeWait } from './call-budget.js';

export type QuotaOutcome =
  | { kind: 'counted'; daily: DailyQuotaDto; points?: PointsBucketDto }
  /** Beyond a limit: 429 with Retry-After. */
  | { kind: 'limited'; daily: DailyQuotaDto; points?: PointsBucketDto; retryAfterSeconds: number; message: string }
  /** A GraphQL request costing more than the bucket can ever hold: 400 before it runs. */
  | { kind: 'too-costly'; daily: DailyQuotaDto; points: PointsBucketDto; message: string };

/** The X-RateLimit-* headers of an answer to a key (the daily quota, as GitHub's REST API sends them). */
export function rateLimitHeaders(daily: DailyQuotaDto): Record<string, string> {
  return {
    'x-ratelimit-limit': String(daily.limit),
    'x-ratelimit-remaining': String(daily.remaining),
    'x-ratelimit-used': String(daily.used),
    'x-ratelimit-reset': String(daily.reset),
  };
}

export interface Quota {
  /**
   * Counts a direct REST call of a key; `rate` (the caller's per-address bucket) is taken first in the same
   * statement, and when it refuses the day counts nothing.
   */
  countRequest(grant: ApiKeyGrant, now?: number, rate?: BucketStep): Promise<QuotaOutcome>;
  /**
   * Counts a GraphQL request of a key and takes its requested cost from the points bucket, after giving back
   * `refund` points (earlier answers did not use them) in the same statement.
   */
  countGraphql(grant: ApiKeyGrant, requestedCost: number, now?: number, refund?: number): Promise<QuotaOutcome>;
  /** Gives back points a GraphQL answer did not use; the bucket as it is then. */
  refundPoints(grant: ApiKeyGrant, points: number, now?: number): Promise<PointsBucketDto>;
}

export function createQuota(store: CounterStore): Quota {
  function dailyStep(grant: ApiKeyGrant, now: number): WindowStep {
    const { start, end } = exchangeDayBounds(now);
    return {
      kind: 'window',
      key: `quota:day:${grant.userId}`,
      limit: grant.quota.dailyRequests,
      start,
      end,
      amount: 1,
    };
  }
  function pointsStep(grant: ApiKeyGrant, amount: number): BucketStep {
    const perMinute = grant.quota.pointsPerMinute;
    return {
      kind: 'bucket',
      key: `quota:points:${grant.userId}`,
      capacity: perMinute,
      refillPerMs: perMinute / 60_000,
      amount,
    };
  }
  const daily = (step: WindowStep, used: number): DailyQuotaDto => ({
    limit: step.limit,
    remaining: Math.max(0, step.limit - used),
    used,
    reset: Math.round(step.end / 1000),
  });
  const bucket = (step: BucketStep, level: number): PointsBucketDto => ({
    maximumAvailable: step.capacity,
    currentlyAvailable: Math.floor(level),
    restoreRate: Math.round(step.refillPerMs * 1000 * 100) / 100,
  });
  const dailyUsedUp = (step: WindowStep, now: number) => {
    const wait = Math.max(1, Math.ceil((step.end - now) / 1000));
    return {
      retryAfterSeconds: wait,
      message: `The daily API quota of ${step.limit.toLocaleString('en-IN')} requests (all your keys together) is used up; it starts again at midnight India time, in ${describeWait(wait)}`,
    };
  };

  return {
    async countRequest(grant, now = Date.now(), rate) {
      const step = dailyStep(grant, now);
      const result = await store.take(rate ? [rate, step] : [step], now);
      const state = daily(step, result.steps[rate ? 1 : 0]?.value ?? 0);
      if (result.granted) return { kind: 'counted', daily: state };
      if (rate && result.refusedAt === 0) {
        const wait = secondsUntilRefilled(rate, result.steps[0]?.value ?? 0);
        return { kind: 'limited', daily: state, retryAfterSeconds: wait, message: tooManyRequestsMessage(wait) };
      }
      return { kind: 'limited', daily: state, ...dailyUsedUp(step, now) };
    },

    async countGraphql(grant, requestedCost, now = Date.now(), refund = 0) {
      const day = dailyStep(grant, now);
      const points = { ...pointsStep(grant, requestedCost), give: Math.min(refund, grant.quota.pointsPerMinute) };
      if (requestedCost > points.capacity) {
        // nothing is counted (such a query can never run, whenever it is sent): the state as it is, by taking nothing
        const [level, used] = (
          await store.take(
            [
              { ...points, amount: 0 },
              { ...day, amount: 0 },
            ],
            now,
          )
        ).steps;
        return {
          kind: 'too-costly',
          daily: daily(day, used?.value ?? 0),
          points: bucket(points, level?.value ?? points.capacity),
          message: `This request costs ${requestedCost.toLocaleString('en-IN')} points, more than the ${points.capacity.toLocaleString('en-IN')} points a minute of your API quota: ask for fewer fields or rows, or page through them`,
        };
      }
      // the points first: a request the bucket refuses is not counted against the day
      const result = await store.take([points, day], now);
      const [taken, counted] = result.steps;
      const dayState = daily(day, counted?.value ?? 0);
      const bucketState = bucket(points, taken?.value ?? 0);
      if (result.granted) return { kind: 'counted', daily: dayState, points: bucketState };
      if (result.refusedAt === 1)
        return { kind: 'limited', daily: dayState, points: bucketState, ...dailyUsedUp(day, now) };
      const wait = Math.max(1, Math.ceil((requestedCost - (taken?.value ?? 0)) / points.refillPerMs / 1000));
      return {
        kind: 'limited',
        daily: dayState,
        points: bucketState,
        retryAfterSeconds: wait,
        message: `This request costs ${requestedCost.toLocaleString('en-IN')} points and ${bucketState.currentlyAvailable.toLocaleString('en-IN')} of your ${points.capacity.toLocaleString('en-IN')} points a minute are available; try again in ${describeWait(wait)}`,
      };
    },

    async refundPoints(grant, points, now = Date.now()) {
      const step = pointsStep(grant, Math.min(points, grant.quota.pointsPerMinute));
      const state = await store.give(step, now);
      return bucket(step, state.value);
    },
  };
}
