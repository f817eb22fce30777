/**
 * The BFF's shared counters (docs/decisions.md#counters-shared-through-postgresql): with DATABASE_URL, the REST
 * API's PostgreSQL table that every instance of both services counts in (the API's migrations create it), through
 * a small pool whose commits do not wait for the disk; without it, this process's memory, as one BFF may. A
 * database that fails to answer degrades the limit to this instance's memory meanwhile (logged), not to none.
 */
import pg from 'pg';
import {
  COUNTER_POOL_OPTIONS,
  MemoryCounterStore,
  postgresCounterStore,
  type CounterStore,
} from '@bazaar/shared/counters';
import type { BffConfig } from '../config.js';
import type { Logger } from '../logger.js';

export function openCounterStore(config: BffConfig, logger: Logger): CounterStore {
  if (config.counterStore === 'memory' || !config.databaseUrl) return new MemoryCounterStore();
  return postgresCounterStore(
    new pg.Pool({ connectionString: config.databaseUrl, ...COUNTER_POOL_OPTIONS }),
    (error, message) => logger.warn({ err: error }, message),
  );
}
