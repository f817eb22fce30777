/**
 * What the REST API and the BFF read from their environment the same way: the parse of an envSchema
 * (empty means unset, every problem listed), byte-count variables, and the admission settings (rate
 * limit, load shedding, per-client slots and connections, trusted proxies, request time limits) that
 * both services' servers apply. Each service keeps its own variables, defaults and descriptions in its
 * config.ts (docs/operations.md#configuration is built from those).
 */
import { z } from 'zod';
import type { RequestTimeouts } from './body-deadlines.js';
import { REQUEST_TIMEOUT_ENV, requestTimeouts } from './timeout-env.js';

/**
 * The environment through `schema`; empty strings mean "not set". A wrong value throws the list of
 * what is wrong, headed "Invalid <service> configuration".
 */
export function parseServiceEnv<S extends z.ZodObject>(
  schema: S,
  source: Record<string, string | undefined>,
  service: string,
): z.infer<S> {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = schema.safeParse(cleaned);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
  throw new Error(`Invalid ${service} configuration:\n${problems}`);
}

/**
 * The admission variables both services declare alike, spread into each envSchema (scripts/config-table.mjs
 * follows the spread); the per-client limits and load-shedding delays differ by service and stay in its config.ts.
 */
export const ADMISSION_ENV = {
  /** Requests per minute per client address (sustained; bursts of a tenth of it). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(6000),
  /** Load shedding: requests in flight beyond this get 503 at once. */
  MAX_IN_FLIGHT_REQUESTS: z.coerce.number().int().min(1).default(512),
  ...REQUEST_TIMEOUT_ENV,
};

/** A size in bytes, at least 1 KiB; give its `.default(…)` where it is declared. */
export function byteCountEnv() {
  return z.coerce.number().int().min(1024);
}

/** Admission settings; the two load-shedding delays are optional where a service may leave them off. */
export interface AdmissionSettings<Delay extends number | undefined = number> {
  rateLimitPerMinute: number;
  maxInFlightRequests: number;
  maxEventLoopDelayMs: Delay;
  maxQueueDelayMs: Delay;
  maxInFlightPerClient: number;
  /** Open connections per client address (trusted proxies exempt); beyond: reset when accepted. */
  maxConnectionsPerClient: number;
  trustProxy: string;
  /** Request time limits (ms): headers, body, uploads (by rate and in all), idle keep-alive. */
  timeouts: RequestTimeouts;
}

type AdmissionEnv = z.infer<z.ZodObject<typeof ADMISSION_ENV>> & {
  MAX_EVENT_LOOP_DELAY_MS?: number;
  MAX_QUEUE_DELAY_MS?: number;
  MAX_IN_FLIGHT_PER_CLIENT: number;
  MAX_CONNECTIONS_PER_CLIENT: number;
  TRUST_PROXY: string;
};

/** The parsed admission variables as the services' settings. */
export function admissionSettings<Env extends AdmissionEnv>(
  env: Env,
): AdmissionSettings<Env['MAX_EVENT_LOOP_DELAY_MS']> {
  return {
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    maxInFlightRequests: env.MAX_IN_FLIGHT_REQUESTS,
    maxEventLoopDelayMs: env.MAX_EVENT_LOOP_DELAY_MS,
    maxQueueDelayMs: env.MAX_QUEUE_DELAY_MS,
    maxInFlightPerClient: env.MAX_IN_FLIGHT_PER_CLIENT,
    maxConnectionsPerClient: env.MAX_CONNECTIONS_PER_CLIENT,
    trustProxy: env.TRUST_PROXY,
    timeouts: requestTimeouts(env),
  };
}
