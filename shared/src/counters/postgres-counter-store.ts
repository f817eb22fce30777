/**
 * The shared counters in PostgreSQL, for the API and the BFF alike (docs/decisions.md#counters-shared-through-postgresql):
 * a small pool of their own whose commits do not wait for the disk (a crash may lose the last fraction of a second of
 * counts, never a row of data), behind a fallback to this instance's memory while the database fails to answer
 * (logged), not to no limit. The caller makes the pool from COUNTER_POOL_OPTIONS: shared does not depend on pg.
 */
import type { CounterStore } from './counter-store.js';
import { FallbackCounterStore } from './fallback-counter-store.js';
import { SqlCounterStore, type NamedStatementClient, type SqlClient } from './sql-counter-store.js';

/** The counters' pool: each change is one short statement (about 0.3 ms on loopback), so four connections serve. */
export const COUNTER_POOL_OPTIONS = {
  max: 4,
  connectionTimeoutMillis: 2_000,
  idleTimeoutMillis: 30_000,
  keepAlive: true,
  options: '-c synchronous_commit=off',
} as const;

/** What the counters need of a pg Pool: plain and named statements, its error events, and its end. */
export type CounterPool = SqlClient &
  NamedStatementClient & {
    on(event: 'error', listener: (error: Error) => void): unknown;
    on(
      event: 'connect',
      listener: (client: { on(event: 'error', listener: (error: Error) => void): unknown }) => void,
    ): unknown;
    end(): Promise<void>;
  };

/** Logged when a counter's statement fails. */
export const COUNTERS_UNANSWERED = 'shared counters: the database did not answer; counting in this instance meanwhile';

/** `warn(error, message)`: the service's logger at warning level. */
export function postgresCounterStore(pool: CounterPool, warn: (error: unknown, message: string) => void): CounterStore {
  const onError = (error: unknown) => warn(error, COUNTERS_UNANSWERED);
  const connectionFailed = (error: Error) => warn(error, 'shared counters: a pooled connection failed');
  pool.on('error', connectionFailed);
  // the pool hears idle connections only: a checked-out one whose server goes away would end the process
  pool.on('connect', (client) => client.on('error', connectionFailed));
  return new FallbackCounterStore(new SqlCounterStore(pool, onError, () => pool.end(), pool), onError);
}
