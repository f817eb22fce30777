/**
 * Keeps the API responsive under abuse and overload:
 * - a per-client rate limit (token bucket keyed by client address; behind the BFF that is the
 *   browser's address, from X-Forwarded-For of trusted proxies only) → 429 with Retry-After;
 * - load shedding: beyond a number of requests in flight, when the event loop lags, or when a
 *   standing queue has formed (even the fastest recent requests were slow: StandingQueueDetector),
 *   new requests get 503 with Retry-After at once instead of queueing (latency stays bounded).
 * Health and documentation endpoints are exempt so orchestrators can always look in.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { StandingQueueDetector, TokenBuckets } from '@bazaar/shared';
import { errorBody } from '../errors.js';

export interface ProtectionOptions {
  /** Requests per minute per client (sustained), with a burst of a tenth of that. */
  ratePerMinute: number;
  maxInFlight: number;
  maxEventLoopDelayMs: number;
  /** Shed while even the fastest recent requests took longer than this (ms); Infinity: off. */
  maxQueueDelayMs?: number;
  /** Upper bound of clients tracked (oldest forgotten first). */
  maxClients?: number;
}

const EXEMPT = /^\/(health|ready|docs)(\/|$|\?)/;

export function registerProtection(app: FastifyInstance, options: ProtectionOptions): void {
  const buckets = new TokenBuckets(options.ratePerMinute, options.maxClients);
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
  app.addHook('onClose', async () => {
    clearInterval(sampler);
    histogram.disable();
  });

  app.addHook('onRequest', async (request, reply) => {
    if (EXEMPT.test(request.url)) return;
    if (inFlight >= options.maxInFlight || eventLoopDelayMs > options.maxEventLoopDelayMs || queue.overloaded) {
      request.log.warn(
        { inFlight, eventLoopDelayMs: Math.round(eventLoopDelayMs), standingQueue: queue.overloaded },
        'shedding load',
      );
      return reply
        .status(503)
        .header('retry-after', '1')
        .send(errorBody(503, 'The server is busy; please try again in a moment'));
    }
    const wait = buckets.take(request.ip);
    if (wait > 0) {
      return reply
        .status(429)
        .header('retry-after', String(wait))
        .send(errorBody(429, `Too many requests; please wait ${wait} second${wait === 1 ? '' : 's'} and try again`));
    }
    inFlight++;
    const admittedAt = performance.now();
    reply.raw.once('close', () => {
      inFlight--;
      queue.record(performance.now() - admittedAt);
    });
  });
}
