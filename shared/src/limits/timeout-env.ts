/**
 * The request time limits' environment variables, the same for the REST API and the BFF: declared once
 * here and spread into each service's envSchema (scripts/config-table.mjs follows the spread for the
 * table of docs/operations.md#configuration). What each limit does: docs/decisions.md#request-time-limits.
 */
import { z } from 'zod';
import type { RequestTimeouts } from './body-deadlines.js';

export const REQUEST_TIMEOUT_ENV = {
  /** Time a client has to send a request's line and headers (ms); then 408 and the connection closes. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Time a request body has to arrive in full after its headers (ms); then 408 and the connection closes. Uploads: UPLOAD_MIN_BYTES_PER_SECOND. */
  BODY_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** An upload (multipart body) may take longer than BODY_TIMEOUT_MS while at least this many bytes arrive per BODY_TIMEOUT_MS window, per second. */
  UPLOAD_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(1).default(20_000),
  /** Longest an upload's body may take to arrive, however steadily (ms). */
  UPLOAD_TIMEOUT_MS: z.coerce.number().int().min(1000).default(300_000),
  /** How long an idle keep-alive connection stays open (ms); above the idle timeout of a balancer in front. */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
};

type RequestTimeoutEnv = z.infer<z.ZodObject<typeof REQUEST_TIMEOUT_ENV>>;

/** The parsed variables as the services' `timeouts` setting. */
export function requestTimeouts(env: RequestTimeoutEnv): RequestTimeouts {
  return {
    headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
    bodyTimeoutMs: env.BODY_TIMEOUT_MS,
    uploadMinBytesPerSecond: env.UPLOAD_MIN_BYTES_PER_SECOND,
    uploadTimeoutMs: env.UPLOAD_TIMEOUT_MS,
    keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
  };
}
