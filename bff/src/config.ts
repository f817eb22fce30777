/**
 * The BFF's environment, read once through a schema; defaults work with no file at all.
 * REST base URLs are configuration so the BFF works against any server honouring the contract.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ADMISSION_ENV, admissionSettings, byteCountEnv, parseServiceEnv } from '@bazaar/shared';
import type { AdmissionSettings } from '@bazaar/shared';

const here = path.dirname(fileURLToPath(import.meta.url));

const envSchema = z.object({
  /** development, production or test. Production: introspection, field suggestions and the explorer off; Secure cookie. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Address the BFF listens on. */
  HOST: z.string().default('0.0.0.0'),
  /** Port of the web app and GraphQL (/graphql). */
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  /** Base URL of the REST main service (any server honouring the REST contract). */
  REST_API_URL: z.string().url().default('http://127.0.0.1:8080/api'),
  /** Base URL of the REST insight (upload) service. */
  INSIGHT_API_URL: z.string().url().default('http://127.0.0.1:8080/insight'),
  /** Where the built web app is (web/dist); the BFF serves it at /. */
  WEB_DIST_DIR: z.string().default(path.resolve(here, '../../web/dist')),
  /** The GraphQL SDL files (schema/*.graphql). */
  SCHEMA_DIR: z.string().default(path.resolve(here, '../../schema')),
  /** Time limit of one REST read (ms); uploads have their own. */
  REST_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Time limit of an upload passed on to the insight service (ms). */
  REST_UPLOAD_TIMEOUT_MS: z.coerce.number().int().min(1000).default(300_000),
  /** Serve the GraphQL explorer (Altair) at /graphql-explorer/ and /graphql for browsers; unset: on outside production, off in production. */
  GRAPHQL_EXPLORER: z.enum(['0', '1', 'true', 'false']).optional(),
  /** Mark the session cookie Secure (on by default in production, where the app is served over HTTPS). */
  COOKIE_SECURE: z.enum(['0', '1', 'true', 'false']).optional(),
  /** Largest file accepted by the uploadMarketData mutation, in bytes. */
  UPLOAD_MAX_BYTES: byteCountEnv().default(50 * 1024 * 1024),
  /** Most files one uploadStockPriceBatch request may carry (each within UPLOAD_MAX_BYTES; the REST API counts zip members too). */
  UPLOAD_MAX_FILES: z.coerce.number().int().min(1).default(1000),
  /** Most bytes one multipart GraphQL request may carry in all (a batch of files; 413 beyond). */
  UPLOAD_MAX_BATCH_BYTES: byteCountEnv().default(256 * 1024 * 1024),
  /** Log level of the JSON logs. */
  LOG_LEVEL: z.enum(['error', 'warn', 'info', 'debug', 'silent']).default('info'),
  ...ADMISSION_ENV,
  /** Load shedding: a mean event-loop delay above this (ms) sheds new requests with 503. */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(10).default(1000),
  /**
   * Load shedding on a standing queue: when even the fastest of the requests that finished in the
   * last half second (at least 20 of them) took longer than this (ms), new requests get 503.
   */
  MAX_QUEUE_DELAY_MS: z.coerce.number().int().min(10).default(1000),
  /** Requests one client address may have in flight at once (beyond: 429), so one client cannot take every slot. */
  MAX_IN_FLIGHT_PER_CLIENT: z.coerce.number().int().min(1).default(32),
  /**
   * Open connections one client address may hold; one more is reset as soon as it is accepted, before
   * anything is parsed. Addresses of TRUST_PROXY (a load balancer in front) are exempt: they carry many clients.
   */
  MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(1).default(64),
  /** Which proxies' X-Forwarded-For to believe (Express "trust proxy" form, e.g. "loopback,uniquelocal"). */
  TRUST_PROXY: z.string().default('loopback'),
  /** How long public market reads are cached across requests when no upload signal arrives (ms). */
  MARKET_CACHE_TTL_MS: z.coerce.number().int().min(0).default(60_000),
  /** How often the REST API's market-data version is asked for (ms); between checks cached public reads are served. */
  MARKET_VERSION_CHECK_MS: z.coerce.number().int().min(0).default(1_000),
  /** REST calls one GraphQL request (a batch together) may make; past it, fields fail with a BAD_USER_INPUT error naming the limit. */
  MAX_REST_CALLS_PER_REQUEST: z.coerce.number().int().min(1).default(50),
  /** Largest serialised GraphQL answer, in bytes; a larger one is replaced by a 413 PAYLOAD_TOO_LARGE error. */
  MAX_RESPONSE_BYTES: byteCountEnv().default(2 * 1024 * 1024),
  /**
   * The REST API's PostgreSQL, for the counters every instance shares (the BFF's per-address rate limit; the
   * table is the API's). Unset: counted in this process's memory, as one BFF may (docs/operations.md#scaling-out).
   */
  DATABASE_URL: z.string().url().optional(),
  /** Where the per-address counters live: postgres (needs DATABASE_URL) or memory. Unset: postgres with DATABASE_URL. */
  COUNTER_STORE: z.enum(['memory', 'postgres']).optional(),
});

/** Every environment variable this service reads (docs/operations.md#configuration, deployment checks). */
export const BFF_ENV_VARIABLES = Object.keys(envSchema.shape);

export type BffEnv = z.infer<typeof envSchema>;

export interface BffConfig extends AdmissionSettings<number> {
  env: BffEnv['NODE_ENV'];
  host: string;
  port: number;
  restApiUrl: string;
  insightApiUrl: string;
  webDistDir: string;
  schemaDir: string;
  restTimeoutMs: number;
  restUploadTimeoutMs: number;
  cookieSecure: boolean;
  /** Serve the GraphQL explorer (Altair). */
  graphqlExplorer: boolean;
  uploadMaxBytes: number;
  uploadMaxFiles: number;
  uploadMaxBatchBytes: number;
  logLevel: BffEnv['LOG_LEVEL'];
  marketCacheTtlMs: number;
  marketVersionCheckMs: number;
  maxRestCallsPerRequest: number;
  maxResponseBytes: number;
  /** The PostgreSQL of the shared counters, when they are kept there. */
  databaseUrl: string | undefined;
  /** Where the per-client counters live. */
  counterStore: 'memory' | 'postgres';
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<BffConfig> = {}): BffConfig {
  const env = parseServiceEnv(envSchema, source, 'BFF');
  if (env.COUNTER_STORE === 'postgres' && !env.DATABASE_URL)
    throw new Error('Invalid BFF configuration:\n  COUNTER_STORE: postgres needs DATABASE_URL');
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    restApiUrl: env.REST_API_URL.replace(/\/+$/, ''),
    insightApiUrl: env.INSIGHT_API_URL.replace(/\/+$/, ''),
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    schemaDir: path.resolve(env.SCHEMA_DIR),
    restTimeoutMs: env.REST_TIMEOUT_MS,
    restUploadTimeoutMs: env.REST_UPLOAD_TIMEOUT_MS,
    cookieSecure: env.COOKIE_SECURE ? ['1', 'true'].includes(env.COOKIE_SECURE) : env.NODE_ENV === 'production',
    graphqlExplorer: env.GRAPHQL_EXPLORER
      ? ['1', 'true'].includes(env.GRAPHQL_EXPLORER)
      : env.NODE_ENV !== 'production',
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    uploadMaxFiles: env.UPLOAD_MAX_FILES,
    uploadMaxBatchBytes: env.UPLOAD_MAX_BATCH_BYTES,
    logLevel: env.LOG_LEVEL,
    marketCacheTtlMs: env.MARKET_CACHE_TTL_MS,
    marketVersionCheckMs: env.MARKET_VERSION_CHECK_MS,
    maxRestCallsPerRequest: env.MAX_REST_CALLS_PER_REQUEST,
    maxResponseBytes: env.MAX_RESPONSE_BYTES,
    databaseUrl: env.DATABASE_URL,
    counterStore: env.COUNTER_STORE ?? (env.DATABASE_URL ? 'postgres' : 'memory'),
    ...admissionSettings(env),
    ...overrides,
  };
}
