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
import { Admission, SERVER_BUSY_MESSAGE, tooManyRequestsMessage, type AdmissionOptions } from '@bazaar/shared';
import { errorBody } from '../errors.js';

export type ProtectionOptions = AdmissionOptions;

const EXEMPT = /^\/(health|ready|docs)(\/|$|\?)/;

export function registerProtection(app: FastifyInstance, options: ProtectionOptions): void {
  const admission = new Admission(options, monitorEventLoopDelay({ resolution: 10 }));
  app.addHook('onClose', async () => admission.stop());

  app.addHook('onRequest', async (request, reply) => {
    if (EXEMPT.test(request.url)) return;
    const verdict = admission.admit(request.ip);
    if (verdict.kind === 'shed') {
      const { inFlight, eventLoopDelayMs, standingQueue } = verdict;
      request.log.warn({ inFlight, eventLoopDelayMs, standingQueue }, 'shedding load');
      return reply.status(503).header('retry-after', '1').send(errorBody(503, SERVER_BUSY_MESSAGE));
    }
    if (verdict.kind === 'limited') {
      const wait = verdict.retryAfterSeconds;
      return reply
        .status(429)
        .header('retry-after', String(wait))
        .send(errorBody(429, tooManyRequestsMessage(wait)));
    }
    reply.raw.once('close', verdict.done);
  });
}
