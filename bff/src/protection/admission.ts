/**
 * The BFF's admission control, whether a request is let in at all (the REST API has the same,
 * docs/decisions.md#request-time-limits; what a GraphQL request may cost is graphql-limits.ts):
 * - open connections per client address (MAX_CONNECTIONS_PER_CLIENT, trusted proxies exempt): one
 *   beyond them is reset when accepted, before anything of it is parsed (ConnectionCap);
 * - time limits: request line and headers within HEADERS_TIMEOUT_MS, a body within BODY_TIMEOUT_MS
 *   of its headers (multipart uploads: while they keep a minimum rate, UPLOAD_TIMEOUT_MS at most),
 *   else 408 and the connection is closed; idle keep-alive connections close after KEEP_ALIVE_TIMEOUT_MS;
 * - per client (browser address, as TRUST_PROXY defines it): at most MAX_IN_FLIGHT_PER_CLIENT
 *   requests in flight (in this instance) and a token-bucket rate limit of RATE_LIMIT_PER_MINUTE in the
 *   shared counters (every BFF instance together when DATABASE_URL is set) → 429 with Retry-After;
 * - load shedding (too many requests in flight, a lagging event loop, or a standing queue: even the
 *   fastest recent requests were slow, see StandingQueueDetector) → 503 with Retry-After at once.
 * A request holds its slot from its headers until its connection closes or its answer is out, so a
 * body still arriving counts until it is complete or cut. Health endpoints are exempt; /readyz
 * reports the saturation.
 */
import type http from 'node:http';
import type { Socket } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { NextFunction, Request, Response } from 'express';
import {
  Admission,
  BodyDeadlines,
  clientKey,
  ConnectionCap,
  rawHttpAnswer,
  SERVER_BUSY_MESSAGE,
  serverTimeouts,
  tooManyRequestsMessage,
  type AdmissionOptions,
  type BodyDeadlineOptions,
  type ServerTimeoutOptions,
} from '@bazaar/shared';
import { takeRate, type CounterStore } from '@bazaar/shared/counters';

export type BffAdmissionOptions = AdmissionOptions &
  BodyDeadlineOptions &
  ServerTimeoutOptions & {
    /** Requests per minute per client address (sustained; bursts of a tenth of it), in `counters`. */
    ratePerMinute: number;
    /** The shared counters the rate limit is kept in. */
    counters: CounterStore;
    /** Open connections per client address; beyond them a connection is reset when accepted. */
    maxConnectionsPerClient: number;
    /** Whether an address is a trusted proxy (Express's "trust proxy fn"): its connections carry many clients. */
    isTrustedProxy: (address: string, hop: number) => boolean;
  };

export const BODY_TIMEOUT_MESSAGE = 'The request body did not arrive in time; please try again';

export function admissionControl(options: BffAdmissionOptions, server: http.Server) {
  const admission = new Admission(
    { ...options, maxInFlightPerClient: Math.min(options.maxInFlightPerClient ?? Infinity, options.maxInFlight) },
    monitorEventLoopDelay({ resolution: 10 }),
  );
  const bodies = new BodyDeadlines(options);
  // read by Node when the server starts listening
  Object.assign(server, serverTimeouts(options));
  // connections beyond an address's share are reset before any parsing; a trusted proxy's carry many
  // clients, counted per client after their headers instead
  const connections = new ConnectionCap({
    perClient: options.maxConnectionsPerClient,
    exempt: (address) => options.isTrustedProxy(address, 0),
  });
  server.on('connection', (socket: Socket) => connections.admit(socket));

  const refuse = (response: Response, status: number, retryAfter: string, message: string, code: string) => {
    // a body may still be on its way: close the connection rather than wait for it
    response.status(status).setHeader('retry-after', retryAfter);
    response.setHeader('connection', 'close');
    response.json({ errors: [{ message, extensions: { code } }] });
  };

  const watchBody = (request: Request, response: Response) => {
    if (!request.headers['transfer-encoding'] && !(Number(request.headers['content-length']) > 0)) return;
    const socket = request.socket;
    const bytesAtHeaders = socket.bytesRead;
    bodies.watch({
      upload: /^multipart\/form-data/i.test(request.headers['content-type'] ?? ''),
      received: () => socket.bytesRead - bytesAtHeaders,
      // an early answer (429, 413…) does not end the watch: the rest of the body still has to arrive in time
      complete: () => request.complete || socket.destroyed,
      cut: () => {
        if (!response.headersSent && socket.writable)
          socket.write(
            rawHttpAnswer(408, 'Request Timeout', {
              errors: [{ message: BODY_TIMEOUT_MESSAGE, extensions: { code: 'REQUEST_TIMEOUT' } }],
            }),
          );
        // closing the connection ends the request and frees its slot
        socket.destroy();
      },
    });
  };

  const middleware = (request: Request, response: Response, next: NextFunction) => {
    watchBody(request, response);
    if (request.path === '/healthz' || request.path === '/readyz') return next();
    const verdict = admission.admit(request.ip ?? request.socket.remoteAddress ?? 'unknown');
    if (verdict.kind === 'shed') return refuse(response, 503, '1', SERVER_BUSY_MESSAGE, 'SERVICE_OVERLOADED');
    if (verdict.kind === 'limited') {
      const wait = verdict.retryAfterSeconds;
      return refuse(response, 429, String(wait), tooManyRequestsMessage(wait), 'TOO_MANY_REQUESTS');
    }
    // a request whose body never arrived in full was held by its client, not queued here
    response.once('close', () => verdict.done(request.complete));
    const client = clientKey(request.ip ?? request.socket.remoteAddress ?? 'unknown');
    takeRate(options.counters, `bff:rate:${client}`, options.ratePerMinute).then((wait) => {
      if (wait === 0) return next();
      verdict.done();
      refuse(response, 429, String(wait), tooManyRequestsMessage(wait), 'TOO_MANY_REQUESTS');
    }, next);
  };
  return Object.assign(middleware, {
    /** Why new requests are being shed right now, or null (/readyz). */
    saturation: () => admission.saturation(),
    stop: () => {
      admission.stop();
      bodies.stop();
    },
  });
}
