/**
 * Keeps the API responsive under abuse and overload (docs/decisions.md#request-time-limits):
 * - open connections per client address (MAX_CONNECTIONS_PER_CLIENT, trusted proxies exempt): one
 *   beyond them is reset when accepted, before anything of it is parsed (ConnectionCap);
 * - time limits: request line and headers within HEADERS_TIMEOUT_MS, a body within BODY_TIMEOUT_MS
 *   of its headers (uploads: while they keep a minimum rate, UPLOAD_TIMEOUT_MS at most), else 408
 *   and the connection is closed (BodyDeadlines); idle keep-alive connections close after
 *   KEEP_ALIVE_TIMEOUT_MS;
 * - per client (keyed by address; behind the BFF that is the browser's address, from
 *   X-Forwarded-For of trusted proxies only): at most MAX_IN_FLIGHT_PER_CLIENT requests in flight (in
 *   this instance) and a token-bucket rate limit of RATE_LIMIT_PER_MINUTE in the shared counters (all
 *   instances together; a trusted proxy's call marked as counted, X-Quota-Counted, is not counted again; an API
 *   key's call has it taken by the access control with the key's quota, auth/access.ts, in one statement)
 *   → 429 with Retry-After, so one client cannot take every slot;
 * - load shedding: beyond a number of requests in flight, when the event loop lags, when a standing
 *   queue has formed (even the fastest recent requests were slow: StandingQueueDetector), or on
 *   PGlite when the event loop has been held longer than the queue-delay target (LoopLag: PGlite's
 *   statements run on it), new requests get 503 with Retry-After at once instead of queueing (latency stays bounded).
 * A request holds its slot from its headers until its connection closes or its answer is out, so a
 * body still arriving counts until it is complete or cut. Health and documentation endpoints are
 * exempt so orchestrators can always look in; /ready reports the saturation (routes/health).
 */
import { Socket } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  Admission,
  BodyDeadlines,
  clientKey,
  ConnectionCap,
  rawHttpAnswer,
  LoopLag,
  SERVER_BUSY_MESSAGE,
  serverTimeouts,
  tooManyRequestsMessage,
} from '@bazaar/shared';
import type { ApiConfig } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { perMinuteBucket, takeRate } from '@bazaar/shared/counters';
import { errorBody } from '../errors.js';
import { compileTrust, fromTrustedProxy } from '../auth/trusted-proxy.js';
import { bearsApiKey, QUOTA_COUNTED_HEADER } from '../auth/access.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Why new requests are being shed right now ('in-flight', 'event-loop', 'standing-queue', 'event-loop-held'), or null. */
    saturation(): string | null;
  }
}

const EXEMPT = /^\/(health|ready|docs)(\/|$|\?)/;

export const BODY_TIMEOUT_MESSAGE = 'The request body did not arrive in time; please try again';

/** The targets when the configuration leaves them unset: on PostgreSQL the request-level detectors. */
const DEFAULT_DELAY_MS = 1000;

export function registerProtection(app: FastifyInstance, config: ApiConfig, handle: DatabaseHandle): void {
  const postgres = handle.kind === 'postgres';
  const probes: Array<() => string | null> = [];
  let loopLag: LoopLag | undefined;
  if (handle.kind === 'pglite') {
    // PGlite runs its statements on this event loop: concurrent requests are handled one after
    // another within one turn of the loop, so the wait shows only as the loop being held
    // (docs/decisions.md#pglite-sheds-load); the interval detectors below stay off there
    const lag = new LoopLag();
    loopLag = lag;
    const target = config.maxQueueDelayMs ?? DEFAULT_DELAY_MS;
    probes.push(() => (lag.currentMs() > target ? 'event-loop-held' : null));
  }
  const admission = new Admission(
    {
      maxInFlight: config.maxInFlightRequests,
      maxInFlightPerClient: Math.min(config.maxInFlightPerClient, config.maxInFlightRequests),
      maxEventLoopDelayMs: config.maxEventLoopDelayMs ?? (postgres ? DEFAULT_DELAY_MS : Number.POSITIVE_INFINITY),
      maxQueueDelayMs: config.maxQueueDelayMs ?? (postgres ? DEFAULT_DELAY_MS : Number.POSITIVE_INFINITY),
      probes,
    },
    monitorEventLoopDelay({ resolution: 10 }),
  );
  const bodies = new BodyDeadlines(config.timeouts);
  // read by Node when the server starts listening
  Object.assign(app.server, serverTimeouts(config.timeouts));
  // connections beyond an address's share are reset before any parsing; trusted proxies (the BFF)
  // carry many clients and are counted per client after their headers instead
  const trusted = compileTrust(config.trustProxy);
  const connections = new ConnectionCap({
    perClient: config.maxConnectionsPerClient,
    exempt: (address) => trusted(address, 0),
  });
  app.server.on('connection', (socket: Socket) => connections.admit(socket));
  app.decorate('saturation', () => admission.saturation());
  app.addHook('onClose', async () => {
    admission.stop();
    bodies.stop();
    loopLag?.stop();
  });

  app.addHook('onRequest', async (request, reply) => {
    watchBody(request, reply);
    if (EXEMPT.test(request.url)) return;
    const verdict = admission.admit(request.ip);
    if (verdict.kind === 'shed') {
      const { reason, inFlight, eventLoopDelayMs } = verdict;
      request.log.warn({ reason, inFlight, eventLoopDelayMs }, 'shedding load');
      return refuse(reply, 503, '1', SERVER_BUSY_MESSAGE);
    }
    if (verdict.kind === 'limited') {
      const wait = verdict.retryAfterSeconds;
      return refuse(reply, 429, String(wait), tooManyRequestsMessage(wait));
    }
    const raw = request.raw;
    // a request whose body never arrived in full was held by its client, not queued here
    reply.raw.once('close', () => verdict.done(raw.complete));
    // a trusted proxy's call for a request it counted already (the BFF, for an API key's GraphQL request:
    // docs/decisions.md#one-request-counts-once) is not counted against the address again
    if (request.headers[QUOTA_COUNTED_HEADER] === '1' && fromTrustedProxy(request, trusted)) return;
    const rateKey = `api:rate:${clientKey(request.ip)}`;
    // an API key's call: the access control takes this bucket in the same statement as the key's day count
    if (bearsApiKey(request)) {
      request.pendingRate = perMinuteBucket(rateKey, config.rateLimitPerMinute);
      return;
    }
    const wait = await takeRate(app.counters, rateKey, config.rateLimitPerMinute);
    if (wait > 0) {
      verdict.done();
      return refuse(reply, 429, String(wait), tooManyRequestsMessage(wait));
    }
  });

  function refuse(reply: FastifyReply, status: number, retryAfter: string, message: string) {
    // a body may still be on its way: close the connection rather than wait for it
    return reply
      .status(status)
      .header('retry-after', retryAfter)
      .header('connection', 'close')
      .send(errorBody(status, message));
  }

  function watchBody(request: FastifyRequest, reply: FastifyReply): void {
    const headers = request.headers;
    if (!headers['transfer-encoding'] && !(Number(headers['content-length']) > 0)) return;
    const raw = request.raw;
    const socket = raw.socket;
    // requests injected in-process (app.inject) have no connection to cut
    if (!(socket instanceof Socket)) return;
    const bytesAtHeaders = socket.bytesRead;
    bodies.watch({
      upload: /^multipart\/form-data/i.test(headers['content-type'] ?? ''),
      received: () => socket.bytesRead - bytesAtHeaders,
      // an early answer (401, 429…) does not end the watch: the rest of the body still has to arrive in time
      complete: () => raw.complete || socket.destroyed,
      cut: () => {
        request.log.info({ received: socket.bytesRead - bytesAtHeaders }, 'request body too slow: connection cut');
        if (!reply.raw.headersSent && socket.writable)
          socket.write(
            rawHttpAnswer(408, 'Request Timeout', {
              status: 408,
              error: 'Request Timeout',
              message: BODY_TIMEOUT_MESSAGE,
            }),
          );
        // closing the connection ends the request and frees its slot
        socket.destroy();
      },
    });
  }
}
