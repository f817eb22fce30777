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
  COUNTER_POOL_OPTIONS,
  COUNTERS_UNANSWERED,
  MemoryCounterStore,
  SqlCounterStore,
  postgresCounterStore,
  type CounterStore,
  type SqlClient,
} from '@bazaar/shared/counters';
import type { ApiConfig } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';

export function openCounterStore(config: ApiConfig, handle: DatabaseHandle, log: FastifyBaseLogger): CounterStore {
  if (config.counterStore === 'memory') return new MemoryCounterStore();
  if (handle.kind === 'pglite')
    return new SqlCounterStore(handle.client as unknown as SqlClient, (error) =>
      log.warn({ err: error }, COUNTERS_UNANSWERED),
    );
  return postgresCounterStore(
    new pg.Pool({ connectionString: handle.url, ...COUNTER_POOL_OPTIONS }),
    (error, message) => log.warn({ err: error }, message),
  );
}
