/**
 * The BFF's own protection (the REST API has the same): a per-client rate limit (token buckets by
 * browser address) → 429 with Retry-After, and load shedding (too many requests in flight, a
 * lagging event loop, or a standing queue: even the fastest recent requests were slow, see
 * StandingQueueDetector) → 503 with Retry-After at once. Health endpoints are exempt.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { NextFunction, Request, Response } from 'express';
import { StandingQueueDetector, TokenBuckets } from '@bazaar/shared';

export interface BffProtectionOptions {
  ratePerMinute: number;
  maxInFlight: number;
  maxEventLoopDelayMs: number;
  /** Shed while even the fastest recent requests took longer than this (ms); unset: off. */
  maxQueueDelayMs?: number;
}

export function protection(options: BffProtectionOptions) {
  const buckets = new TokenBuckets(options.ratePerMinute);
  let inFlight = 0;
  let eventLoopDelayMs = 0;
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const queue = new StandingQueueDetector(options.maxQueueDelayMs ?? Number.POSITIVE_INFINITY);
  const sampler = setInterval(() => {
    eventLoopDelayMs = histogram.mean / 1e6;
    histogram.reset();
    queue.tick();
  }, 500);
  sampler.unref();

  const middleware = (request: Request, response: Response, next: NextFunction) => {
    if (request.path === '/healthz' || request.path === '/readyz') return next();
    if (inFlight >= options.maxInFlight || eventLoopDelayMs > options.maxEventLoopDelayMs || queue.overloaded) {
      response.status(503).setHeader('retry-after', '1');
      response.json({
        errors: [
          { message: 'The server is busy; please try again in a moment', extensions: { code: 'SERVICE_OVERLOADED' } },
        ],
      });
      return;
    }
    const wait = buckets.take(request.ip ?? 'unknown');
    if (wait > 0) {
      response.status(429).setHeader('retry-after', String(wait));
      response.json({
        errors: [
          {
            message: `Too many requests; please wait ${wait} second${wait === 1 ? '' : 's'} and try again`,
            extensions: { code: 'TOO_MANY_REQUESTS' },
          },
        ],
      });
      return;
    }
    inFlight++;
    const admittedAt = performance.now();
    response.once('close', () => {
      inFlight--;
      queue.record(performance.now() - admittedAt);
    });
    next();
  };
  return Object.assign(middleware, {
    stop: () => {
      clearInterval(sampler);
      histogram.disable();
    },
  });
}
