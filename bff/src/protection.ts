/**
 * The BFF's own protection (the REST API has the same): a per-client rate limit (token buckets by
 * browser address) → 429 with Retry-After, and load shedding (too many requests in flight, a
 * lagging event loop, or a standing queue: even the fastest recent requests were slow, see
 * StandingQueueDetector) → 503 with Retry-After at once. Health endpoints are exempt.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { NextFunction, Request, Response } from 'express';
import { Admission, SERVER_BUSY_MESSAGE, tooManyRequestsMessage, type AdmissionOptions } from '@bazaar/shared';

export type BffProtectionOptions = AdmissionOptions;

export function protection(options: BffProtectionOptions) {
  const admission = new Admission(options, monitorEventLoopDelay({ resolution: 10 }));

  const middleware = (request: Request, response: Response, next: NextFunction) => {
    if (request.path === '/healthz' || request.path === '/readyz') return next();
    const verdict = admission.admit(request.ip ?? 'unknown');
    if (verdict.kind === 'shed') {
      response.status(503).setHeader('retry-after', '1');
      response.json({ errors: [{ message: SERVER_BUSY_MESSAGE, extensions: { code: 'SERVICE_OVERLOADED' } }] });
      return;
    }
    if (verdict.kind === 'limited') {
      const wait = verdict.retryAfterSeconds;
      response.status(429).setHeader('retry-after', String(wait));
      response.json({ errors: [{ message: tooManyRequestsMessage(wait), extensions: { code: 'TOO_MANY_REQUESTS' } }] });
      return;
    }
    response.once('close', verdict.done);
    next();
  };
  return Object.assign(middleware, { stop: () => admission.stop() });
}
