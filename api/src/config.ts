/**
 * The API's environment, read once through a schema. Every variable has a default that works with
 * no file at all; a wrong value stops the start with the list of what is wrong.
 */
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { GENERATE_JWT_SECRET_HINT, MIN_JWT_SECRET_BYTES, jwtSecretProblem } from './auth/secret-rules.js';
import { PRODUCTION_PASSWORD_HASH_COST } from './auth/password.js';
import { ADMISSION_ENV, admissionSettings, byteCountEnv, parseServiceEnv } from '@bazaar/shared';
import type { AdmissionSettings } from '@bazaar/shared';

const booleanFlag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'])
  .transform((value) => ['1', 'true', 'yes'].includes(value));

const envSchema = z.object({
  /** development, production or test. Production: no demo passwords, Secure cookies at the BFF, terse errors. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Address the REST API listens on (0.0.0.0 in containers). */
  API_HOST: z.string().default('127.0.0.1'),
  /** Port of the REST API (main service under /api, insight service under /insight). */
  API_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** PostgreSQL connection string; unset means the embedded PGlite database under DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  /** PostgreSQL connections per API instance (instances × pool size must stay under the server's max_connections). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Directory for the embedded PGlite database, the generated JWT secret and the demo market files. */
  DATA_DIR: z.string().default('.data'),
  /** HMAC secret for the session tokens (32+ random bytes; production refuses published or placeholder values); generated once and kept in DATA_DIR when unset. */
  JWT_SECRET: z
    .string()
    .refine((value) => Buffer.byteLength(value) >= MIN_JWT_SECRET_BYTES, {
      message: `JWT_SECRET must be at least ${MIN_JWT_SECRET_BYTES} bytes: ${GENERATE_JWT_SECRET_HINT}`,
    })
    .optional(),
  /**
   * Secret of the keyed hash that API keys are stored as (32+ bytes; docs/decisions.md#api-keys-a-public-id-and-a-keyed-hash).
   * Unset: derived from the session secret (JWT_SECRET or the generated one), so changing that secret then invalidates
   * every API key; set this to keep the keys through a rotation of JWT_SECRET. The same on every instance.
   */
  API_KEY_SECRET: z
    .string()
    .refine((value) => Buffer.byteLength(value) >= MIN_JWT_SECRET_BYTES, {
      message: `API_KEY_SECRET must be at least ${MIN_JWT_SECRET_BYTES} bytes: ${GENERATE_JWT_SECRET_HINT}`,
    })
    .optional(),
  /** Requests a day of the free API quota: every key of a user without an active subscription plan, together (then 429). */
  API_KEY_DAILY_REQUESTS: z.coerce.number().int().min(1).max(100_000_000).default(5000),
  /**
   * GraphQL cost points a minute of the free API quota: the size of the points bucket, refilled at a sixtieth of it
   * a second; a query costing more than the bucket holds is refused before it runs. The default is above the
   * costliest query the BFF's GraphQL limits let through (40,000), so a free key may ask whatever a session may.
   */
  API_KEY_POINTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000_000).default(50_000),
  /**
   * Where the per-client counters live (rate limits, quotas, login failures, sign-up and reset-mail throttling):
   * postgres (a table every instance shares) or memory (this process only). Unset: postgres with DATABASE_URL,
   * memory on the embedded PGlite (docs/operations.md#scaling-out).
   */
  COUNTER_STORE: z.enum(['memory', 'postgres']).optional(),
  /** Lifetime of a session token, e.g. 8h, 30m or 3600s. */
  JWT_EXPIRES_IN: z
    .string()
    .regex(/^\d+[smhd]$/, 'JWT_EXPIRES_IN must look like 8h, 30m or 3600s')
    .default('8h'),
  /** Public address of the web app, used in e-mailed and referral links; unset: a referral link names the address the app was reached at, a mailed link http://localhost:4000. */
  WEB_URL: z.string().url().optional(),
  /** SMTP server for password-reset mail and the alert digests (smtp://user:pass@host:587, smtps:// for TLS; ?pool=true keeps connections open); unset: mail goes to the outbox table admins read in the app. */
  SMTP_URL: z.string().optional(),
  /** Sender of the mail the app sends. */
  MAIL_FROM: z.string().default('Bazaar Insight <no-reply@bazaar-insight.local>'),
  /** Evaluate alert rules and send the alert digests on this instance (0: only queue the jobs for another instance). */
  ALERT_JOBS: booleanFlag.default(true),
  /** How often an idle instance looks for alert jobs and digests due (queued by another instance, the import command, a retry). */
  ALERT_JOB_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Attempts to deliver one alert digest before it is given up (FAILED). */
  ALERT_MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** Wait before the first retry of a refused or failed digest, in seconds; doubled after each attempt, at most 6 hours. */
  ALERT_MAIL_RETRY_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Longest an SMTP exchange of a digest may take; a digest claimed twice as long ago is settled as UNCERTAIN, never resent. */
  ALERT_MAIL_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(120),
  /** How long the unsubscribe link of an alert e-mail works, in days. */
  ALERT_UNSUBSCRIBE_LINK_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Log level of the JSON logs (fatal … trace, or silent). */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Largest market-data upload accepted, in bytes (413 beyond). */
  UPLOAD_MAX_BYTES: byteCountEnv().default(50 * 1024 * 1024),
  /** An .xlsx, or the .zip archives of one batch upload together, may inflate to at most this many bytes (zip bombs). */
  UPLOAD_MAX_UNCOMPRESSED_BYTES: byteCountEnv().default(256 * 1024 * 1024),
  /** Most entries an uploaded .xlsx or .zip archive may hold. */
  UPLOAD_MAX_ARCHIVE_ENTRIES: z.coerce.number().int().min(1).default(1000),
  /** Most files one batch upload of stock prices may hold, the members of its zip archives counted (400 beyond). */
  UPLOAD_BATCH_MAX_FILES: z.coerce.number().int().min(1).default(1000),
  /** Most bytes one batch upload of stock prices may send, all its files together (413 beyond). */
  UPLOAD_BATCH_MAX_BYTES: byteCountEnv().default(256 * 1024 * 1024),
  /** Most cells (and shared strings) an uploaded .xlsx may hold, counted before parsing; larger data goes as CSV. */
  UPLOAD_MAX_WORKBOOK_CELLS: z.coerce.number().int().min(1000).default(2_000_000),
  /** Longest a workbook may take to read in its worker thread, in seconds (then 400). */
  UPLOAD_WORKBOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(120),
  /** Heap limit of the worker thread that reads a workbook, in MB (a workbook needing more: 400). */
  UPLOAD_WORKBOOK_MEMORY_MB: z.coerce.number().int().min(64).default(1024),
  /** Tradebook imports (previews too) one user may start a minute, after a burst of 10 (then 429). */
  TRADEBOOK_IMPORTS_PER_MINUTE: z.coerce.number().int().min(1).default(6),
  /** Load the generated demo market on the first start of an empty database (0 or false to skip). */
  DEMO_DATA: booleanFlag.default(true),
  /** Username of the administrator account created on the first start. */
  ADMIN_USERNAME: z.string().default('admin'),
  /** Its password; unset: Admin@123 outside production, and no account in production. */
  ADMIN_PASSWORD: z.string().optional(),
  /** Username of the staff account created on the first start. */
  STAFF_USERNAME: z.string().default('staff'),
  /** Its password; unset: Staff@123 outside production, and no account in production. */
  STAFF_PASSWORD: z.string().optional(),
  /** Username of the investor account created on the first start. */
  INVESTOR_USERNAME: z.string().default('investor'),
  /** Its password; unset: Investor@123 outside production, and no account in production. */
  INVESTOR_PASSWORD: z.string().optional(),
  /** Serve the OpenAPI document and its pages at /docs; unset: on outside production, off in production. */
  API_DOCS: booleanFlag.optional(),
  /** Origins allowed to call the API from a browser (comma separated); closed by default. */
  CORS_ORIGINS: z.string().default(''),
  ...ADMISSION_ENV,
  /**
   * Load shedding: a mean event-loop delay above this (ms) sheds new requests with 503. Unset: 1000 on
   * PostgreSQL, off on PGlite (embedded PGlite runs queries on the event loop, so lag is expected there).
   */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(10).optional(),
  /**
   * Load shedding on a standing queue: when even the fastest of the requests that finished in the
   * last half second (at least 20 of them) took longer than this (ms), new requests get 503 until
   * requests are fast again. On PGlite, whose statements run on the event loop, the same target
   * bounds how long the loop may be held: a request that finds it held longer gets 503 at once.
   * Unset: 1000 (on PGlite only the loop's hold is watched).
   */
  MAX_QUEUE_DELAY_MS: z.coerce.number().int().min(10).optional(),
  /** Requests one client address may have in flight at once (beyond: 429), so one client cannot take every slot. */
  MAX_IN_FLIGHT_PER_CLIENT: z.coerce.number().int().min(1).default(64),
  /**
   * Open connections one client address may hold; one more is reset as soon as it is accepted, before
   * anything is parsed. Addresses of TRUST_PROXY (the BFF, a load balancer) are exempt: they carry many clients.
   */
  MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(1).default(128),
  /**
   * Failed logins on one account from one client address (within LOGIN_FAILURE_WINDOW_MINUTES) before
   * each further attempt from there waits: 1 s, then twice as long per failure, up to LOGIN_MAX_DELAY_SECONDS.
   */
  LOGIN_FAILURES_BEFORE_DELAY: z.coerce.number().int().min(1).default(5),
  /**
   * Failed logins on one account from all addresses together before every attempt on it waits the same
   * doubling delay (a slowdown, never a lockout: the owner gets in after at most LOGIN_MAX_DELAY_SECONDS).
   */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(20),
  /** The longest wait the failed-login backoff asks for, in seconds. */
  LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Failed logins allowed per client address within LOGIN_FAILURE_WINDOW_MINUTES (then 429). */
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  /**
   * Which proxies' X-Forwarded-For to believe (the BFF and load balancers), in Fastify's trustProxy
   * form: "loopback", "loopback,uniquelocal", addresses or subnets. Others cannot fake their address.
   */
  TRUST_PROXY: z.string().default('loopback'),
  /** The window of the failed-login limits, in minutes. */
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** How long a password reset link stays valid. */
  PASSWORD_RESET_TOKEN_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** Forgot/change-password calls allowed per account and per client address within PASSWORD_RESET_WINDOW_MINUTES. */
  PASSWORD_RESET_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  /** Forgot/change-password calls allowed per client address within the window. */
  PASSWORD_RESET_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  /** The window of the password-reset limits, in minutes. */
  PASSWORD_RESET_WINDOW_MINUTES: z.coerce.number().int().min(1).default(60),
  /** Contact Us messages accepted per client address within an hour. */
  CONTACT_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  /** Sign-ups accepted per client address within SIGNUP_WINDOW_MINUTES (then 429 with Retry-After). */
  SIGNUP_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  /** The window of the sign-up limit, in minutes. */
  SIGNUP_WINDOW_MINUTES: z.coerce.number().int().min(1).default(60),
  /**
   * New-password hashes (sign-up, password changes) computed at once; login checks have their own lane of at
   * least 2. Unset: half the CPUs, 1 to 4, so a burst of sign-ups leaves CPU for logins.
   */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** New-password hashes that may wait for a free slot (logins: four times as many); beyond that 503 at once. */
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).default(64),
  /**
   * Password checks and hashes (logins, sign-ups) one client address may have running at once; up to 8 more
   * wait their turn, beyond that 429 at once, before any lookup or hashing: one client cannot take every core.
   */
  PASSWORD_HASHES_PER_CLIENT: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * scrypt's cost N for new password hashes (a power of 2; 32768 is OWASP's setting). Lower only for test runs,
   * which hash thousands of passwords; production refuses less than 32768. Stored hashes keep their own cost.
   */
  PASSWORD_HASH_COST: z.coerce
    .number()
    .int()
    .min(2)
    .refine((value) => Number.isInteger(Math.log2(value)), { message: 'PASSWORD_HASH_COST must be a power of 2' })
    .default(32768),
});

/** Every environment variable this service reads (docs/operations.md#configuration, deployment checks). */
export const API_ENV_VARIABLES = Object.keys(envSchema.shape);

export type Env = z.infer<typeof envSchema>;

export interface DemoAccount {
  username: string;
  password: string;
  role: 'ROLE_ADMIN' | 'ROLE_STAFF' | 'ROLE_USER';
  firstName: string;
  lastName: string;
  email: string;
}

/** An API quota: requests a day (all of a user's keys together) and GraphQL cost points a minute. */
export interface ApiQuotaSettings {
  dailyRequests: number;
  pointsPerMinute: number;
}

export interface ApiConfig extends AdmissionSettings<number | undefined> {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  jwtSecret: string | undefined;
  jwtExpiresIn: string;
  /** API keys: the secret of their keyed hash (unset: derived from the session secret) and the free quota. */
  apiKeys: {
    hashSecret: string | undefined;
    freeQuota: ApiQuotaSettings;
  };
  /** Where the per-client counters live (the shared counters). */
  counterStore: 'memory' | 'postgres';
  /** WEB_URL without a trailing slash; undefined when unset (mailedWebUrl and referral links then choose). */
  webUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Alert jobs and digests (api/src/alerts). */
  alerts: {
    /** Run the worker on this instance. */
    jobs: boolean;
    pollMs: number;
    mailMaxAttempts: number;
    mailRetryBaseMs: number;
    mailTimeoutMs: number;
    unsubscribeLinkMs: number;
  };
  logLevel: Env['LOG_LEVEL'];
  uploadMaxBytes: number;
  uploadMaxUncompressedBytes: number;
  uploadMaxArchiveEntries: number;
  uploadMaxWorkbookCells: number;
  uploadWorkbookTimeoutMs: number;
  uploadWorkbookMemoryMb: number;
  tradebookImportsPerMinute: number;
  uploadBatchMaxFiles: number;
  uploadBatchMaxBytes: number;
  demoData: boolean;
  demoAccounts: DemoAccount[];
  /** Serve /docs (the OpenAPI document and its pages). */
  apiDocs: boolean;
  corsOrigins: string[];
  /**
   * Failed logins: the doubling delay per (account, address) after `perAccountAddress` failures and per
   * account after `perAccount`, at most `maxDelayMs`; per address, `perAddress` failures then 429.
   */
  loginLimits: {
    perAccountAddress: number;
    perAccount: number;
    perAddress: number;
    windowMs: number;
    /** The first wait of the backoff (1 s; doubled per further failure). */
    baseDelayMs: number;
    maxDelayMs: number;
  };
  /** Sign-ups per client address and window. */
  signupLimit: { perAddress: number; windowMs: number };
  /** Password hashes at once per lane, and how many may wait (auth/password.ts). */
  passwordHashing: {
    concurrency: number;
    queue: number;
    /** Password checks and hashes one client address may have running at once (a few more wait, then 429). */
    perClient?: number;
    /** scrypt's N for new hashes; unset: the production cost (auth/password.ts). */
    cost?: number;
  };
  /** Password reset: link lifetime and call limits per account and per client address (auth area). */
  passwordReset: { tokenTtlMs: number; perAccount: number; perAddress: number; windowMs: number };
  /** Contact Us messages per client address and window. */
  contactLimit: { perAddress: number; windowMs: number };
}

/** Demo accounts; in production one is created only when its password is given. */
function demoAccounts(env: Env): DemoAccount[] {
  const production = env.NODE_ENV === 'production';
  const accounts: Array<DemoAccount | undefined> = [
    account(env.ADMIN_USERNAME, env.ADMIN_PASSWORD, 'Admin@123', 'ROLE_ADMIN', 'Asha', 'Admin'),
    account(env.STAFF_USERNAME, env.STAFF_PASSWORD, 'Staff@123', 'ROLE_STAFF', 'Sunil', 'Staff'),
    account(env.INVESTOR_USERNAME, env.INVESTOR_PASSWORD, 'Investor@123', 'ROLE_USER', 'Indira', 'Investor'),
  ];
  return accounts.filter((a): a is DemoAccount => a !== undefined);

  function account(
    username: string,
    password: string | undefined,
    fallback: string,
    role: DemoAccount['role'],
    firstName: string,
    lastName: string,
  ): DemoAccount | undefined {
    if (production && !password) return undefined;
    return {
      username,
      password: password ?? fallback,
      role,
      firstName,
      lastName,
      email: `${username}@bazaar-insight.local`,
    };
  }
}

/** The web app's address on a developer's machine (`npm start`), for links mailed while WEB_URL is unset. */
export const DEFAULT_WEB_URL = 'http://localhost:4000';

/**
 * The web app's address in a mailed link: WEB_URL, else DEFAULT_WEB_URL. Never the address of the request that
 * caused the mail: a stranger sets the Host header, and a password-reset link to their host would hand them the token.
 */
export function mailedWebUrl(config: Pick<ApiConfig, 'webUrl'>): string {
  return config.webUrl ?? DEFAULT_WEB_URL;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<ApiConfig> = {}): ApiConfig {
  const env = parseServiceEnv(envSchema, source, 'API');
  // a token signed with a published secret is as good as a real one: production refuses to start with it
  const secretProblem = env.NODE_ENV === 'production' && env.JWT_SECRET ? jwtSecretProblem(env.JWT_SECRET) : undefined;
  if (secretProblem) throw new Error(`Invalid API configuration:\n  JWT_SECRET: ${secretProblem}`);
  const keySecretProblem =
    env.NODE_ENV === 'production' && env.API_KEY_SECRET ? jwtSecretProblem(env.API_KEY_SECRET) : undefined;
  if (keySecretProblem) throw new Error(`Invalid API configuration:\n  API_KEY_SECRET: ${keySecretProblem}`);
  if (env.NODE_ENV === 'production' && env.PASSWORD_HASH_COST < PRODUCTION_PASSWORD_HASH_COST)
    throw new Error(
      `Invalid API configuration:\n  PASSWORD_HASH_COST: at least ${PRODUCTION_PASSWORD_HASH_COST} in production`,
    );
  return {
    env: env.NODE_ENV,
    host: env.API_HOST,
    port: env.API_PORT,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    dataDir: path.resolve(env.DATA_DIR),
    jwtSecret: env.JWT_SECRET,
    jwtExpiresIn: env.JWT_EXPIRES_IN,
    apiKeys: {
      hashSecret: env.API_KEY_SECRET,
      freeQuota: { dailyRequests: env.API_KEY_DAILY_REQUESTS, pointsPerMinute: env.API_KEY_POINTS_PER_MINUTE },
    },
    counterStore: env.COUNTER_STORE ?? (env.DATABASE_URL ? 'postgres' : 'memory'),
    webUrl: env.WEB_URL?.replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    alerts: {
      jobs: env.ALERT_JOBS,
      pollMs: env.ALERT_JOB_POLL_SECONDS * 1000,
      mailMaxAttempts: env.ALERT_MAIL_MAX_ATTEMPTS,
      mailRetryBaseMs: env.ALERT_MAIL_RETRY_SECONDS * 1000,
      mailTimeoutMs: env.ALERT_MAIL_TIMEOUT_SECONDS * 1000,
      unsubscribeLinkMs: env.ALERT_UNSUBSCRIBE_LINK_DAYS * 86_400_000,
    },
    logLevel: env.LOG_LEVEL,
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    uploadMaxUncompressedBytes: env.UPLOAD_MAX_UNCOMPRESSED_BYTES,
    uploadMaxArchiveEntries: env.UPLOAD_MAX_ARCHIVE_ENTRIES,
    uploadMaxWorkbookCells: env.UPLOAD_MAX_WORKBOOK_CELLS,
    uploadWorkbookTimeoutMs: env.UPLOAD_WORKBOOK_TIMEOUT_SECONDS * 1000,
    uploadWorkbookMemoryMb: env.UPLOAD_WORKBOOK_MEMORY_MB,
    tradebookImportsPerMinute: env.TRADEBOOK_IMPORTS_PER_MINUTE,
    uploadBatchMaxFiles: env.UPLOAD_BATCH_MAX_FILES,
    uploadBatchMaxBytes: env.UPLOAD_BATCH_MAX_BYTES,
    demoData: env.DEMO_DATA,
    demoAccounts: demoAccounts(env),
    apiDocs: env.API_DOCS ?? env.NODE_ENV !== 'production',
    corsOrigins: env.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    ...admissionSettings(env),
    loginLimits: {
      perAccountAddress: env.LOGIN_FAILURES_BEFORE_DELAY,
      perAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      perAddress: env.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMs: env.LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
      baseDelayMs: 1000,
      maxDelayMs: env.LOGIN_MAX_DELAY_SECONDS * 1000,
    },
    signupLimit: { perAddress: env.SIGNUP_MAX_PER_ADDRESS, windowMs: env.SIGNUP_WINDOW_MINUTES * 60_000 },
    passwordHashing: {
      concurrency: env.PASSWORD_HASH_CONCURRENCY ?? Math.min(4, Math.max(1, Math.floor(os.availableParallelism() / 2))),
      queue: env.PASSWORD_HASH_QUEUE,
      perClient: env.PASSWORD_HASHES_PER_CLIENT,
      cost: env.PASSWORD_HASH_COST,
    },
    passwordReset: {
      tokenTtlMs: env.PASSWORD_RESET_TOKEN_MINUTES * 60_000,
      perAccount: env.PASSWORD_RESET_MAX_PER_ACCOUNT,
      perAddress: env.PASSWORD_RESET_MAX_PER_ADDRESS,
      windowMs: env.PASSWORD_RESET_WINDOW_MINUTES * 60_000,
    },
    contactLimit: { perAddress: env.CONTACT_MAX_PER_ADDRESS, windowMs: 3_600_000 },
    ...overrides,
  };
}
