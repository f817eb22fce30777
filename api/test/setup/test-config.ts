/**
 * The configuration of an API under test, one home for the per-file apps (test-api.ts) and the
 * seeding of the shared database image (global-setup.ts), so the image is seeded as a file's app
 * would seed it.
 */
import { loadConfig, type ApiConfig } from '../../src/config.js';

/**
 * scrypt's N for the hashes computed in tests (sign-ups, password changes, the demo accounts of the
 * shared image): thousands of checks in a run. password-cost.test.ts checks PASSWORD_HASH_COST's
 * default and that a hash is checked at the cost stored with it; protection.test.ts gives the demo
 * accounts production hashes where a check must take what it takes in production.
 */
export const TEST_PASSWORD_HASH_COST = 2 ** 10;

export function testApiConfig(dataDir: string, overrides: Partial<ApiConfig> = {}): ApiConfig {
  return loadConfig(
    { NODE_ENV: 'test', PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST) },
    {
      dataDir,
      jwtSecret: 'test-secret-that-is-long-enough-for-hs256-0123456789',
      logLevel: 'silent',
      demoData: false,
      // tests fire requests much faster than people; the limits have tests of their own
      rateLimitPerMinute: 1_000_000,
      tradebookImportsPerMinute: 1_000_000,
      signupLimit: { perAddress: 1_000_000, windowMs: 3_600_000 },
      // the API runs inside the test process, whose own work (parsing 595,206 rows of bhavcopies,
      // computing expected values) blocks the event loop for seconds: shedding on that delay would
      // answer the next requests 503. Shedding has tests of its own (shared/src/limits, bench:load).
      maxEventLoopDelayMs: Number.POSITIVE_INFINITY,
      maxQueueDelayMs: Number.POSITIVE_INFINITY,
      // every test request comes from 127.0.0.1: the per-client share has tests of its own (protection)
      maxInFlightPerClient: 1_000_000,
      ...overrides,
    },
  );
}

/**
 * Whether an app with these overrides seeds exactly what the shared seeded image holds: seeding
 * reads only the demo switches (demo market, demo holdings) and the demo accounts.
 */
export function seedsAsTheImage(overrides: Partial<ApiConfig> = {}): boolean {
  return !('demoData' in overrides && overrides.demoData) && !('demoAccounts' in overrides);
}
