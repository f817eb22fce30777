/**
 * The API's shared counters (docs/decisions.md#counters-shared-through-postgresql): in PostgreSQL when
 * COUNTER_STORE says so (the default with DATABASE_URL), through a small pool of its own whose commits do not wait
 * for the disk (a crash may lose the last fraction of a second of counts, never a row of data); in memory on the
 * embedded PGlite (one process). COUNTER_STORE=postgres on PGlite counts in its table too (tests of the SQL).
 * A database that fails to answer degrades the limits to this instance's memory meanwhile (logged), not to none.
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import {
  FallbackCounterStore,
  MemoryCounterStore,
  SqlCounterStore,
  type CounterStore,
  type SqlClient,
} from '@bazaar/shared/counters';
import type { ApiConfig } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';

/** Connections of the counters' pool: each change is one short statement (about 0.3 ms on loopback). */
const COUNTER_POOL_SIZE = 4;

export function openCounterStore(config: ApiConfig, handle: DatabaseHandle, log: FastifyBaseLogger): CounterStore {
  if (config.counterStore === 'memory') return new MemoryCounterStore();
  const onError = (error: unknown) =>
    log.warn({ err: error }, 'shared counters: the database did not answer; counting in this instance meanwhile');
  if (handle.kind === 'pglite') return new SqlCounterStore(handle.client as unknown as SqlClient, onError);
  const pool = new pg.Pool({
    connectionString: handle.url,
    max: COUNTER_POOL_SIZE,
    connectionTimeoutMillis: 2_000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    options: '-c synchronous_commit=off',
  });
  const connectionFailed = (error: Error) => log.warn({ err: error }, 'shared counters: a pooled connection failed');
  pool.on('error', connectionFailed);
  // a checked-out connection's 'error' too (api/src/db/client.ts says why)
  pool.on('connect', (client) => client.on('error', connectionFailed));
  return new FallbackCounterStore(new SqlCounterStore(pool, onError, () => pool.end(), pool), onError);
}
