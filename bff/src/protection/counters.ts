/**
 * The BFF's shared counters (docs/decisions.md#counters-shared-through-postgresql): with DATABASE_URL, the REST
 * API's PostgreSQL table that every instance of both services counts in (the API's migrations create it), through
 * a small pool whose commits do not wait for the disk; without it, this process's memory, as one BFF may. A
 * database that fails to answer degrades the limit to this instance's memory meanwhile (logged), not to none.
 */
import pg from 'pg';
import { FallbackCounterStore, MemoryCounterStore, SqlCounterStore, type CounterStore } from '@bazaar/shared/counters';
import type { BffConfig } from '../config.js';
import type { Logger } from '../logger.js';

/** Connections of the counters' pool: one short statement per request (about 0.3 ms on loopback). */
const COUNTER_POOL_SIZE = 4;

export function openCounterStore(config: BffConfig, logger: Logger): CounterStore {
  if (config.counterStore === 'memory' || !config.databaseUrl) return new MemoryCounterStore();
  const onError = (error: unknown) =>
    logger.warn({ err: error }, 'shared counters: the database did not answer; counting in this instance meanwhile');
  const pool = new pg.Pool({
    connectionString: config.databaseUrl,
    max: COUNTER_POOL_SIZE,
    connectionTimeoutMillis: 2_000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    options: '-c synchronous_commit=off',
  });
  const connectionFailed = (error: Error) => logger.warn({ err: error }, 'shared counters: a pooled connection failed');
  pool.on('error', connectionFailed);
  // the pool hears idle connections only: a checked-out one whose server goes away would end the process
  pool.on('connect', (client) => client.on('error', connectionFailed));
  return new FallbackCounterStore(new SqlCounterStore(pool, onError, () => pool.end(), pool), onError);
}
