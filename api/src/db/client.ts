/**
 * One database handle for both engines: a PostgreSQL server when DATABASE_URL is set, the
 * embedded PGlite (PostgreSQL compiled to WebAssembly) under DATA_DIR otherwise. The rest of the
 * code sees the same Drizzle type and issues the same SQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { SQL } from 'drizzle-orm';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** What the code needs beyond Drizzle: the raw client for COPY and bulk work, and a close. */
export type DatabaseHandle =
  | { kind: 'pglite'; db: Database; client: PGlite; close: () => Promise<void> }
  | { kind: 'postgres'; db: Database; pool: pg.Pool; url: string; close: () => Promise<void> };

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  poolSize?: number;
  /** An already opened PGlite (tests load a migrated image into memory). */
  pglite?: PGlite;
  onPoolError?: (error: Error) => void;
}

// DATE stays the exchange's calendar date string; never a Date shifted by the time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
// NUMERIC stays an exact decimal string (the default already, made explicit).
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => value);
// COUNT(*) and other BIGINT results arrive as strings; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      // a server restart breaks idle connections; the pool replaces them on the next query
      keepAlive: true,
    });
    const onError = (error: Error) => options.onPoolError?.(error);
    pool.on('error', onError);
    // the pool listens for errors of idle connections only: a connection checked out (a transaction) whose
    // server goes away emits 'error' with nobody listening, and an unheard 'error' ends the process. Every
    // connection keeps a listener; the query in flight fails on its own (tests: faults/postgres-restart.test.ts)
    pool.on('connect', (client) => client.on('error', onError));
    const db = drizzlePostgres({ client: pool, schema }) as unknown as Database;
    return { kind: 'postgres', db, pool, url: options.databaseUrl, close: () => pool.end() };
  }
  let client = options.pglite;
  let dataDir: string | undefined;
  if (!client) {
    dataDir = path.resolve(options.dataDir ?? '.data', 'pglite');
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    client = new PGlite(dataDir, {
      parsers: { [pg.types.builtins.DATE]: (value: string) => value },
    });
  }
  await client.waitReady;
  if (dataDir) keepOwnerOnly(dataDir);
  const pglite = client;
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Database;
  const close = async () => {
    await pglite.close();
    if (dataDir) keepOwnerOnly(dataDir);
  };
  return { kind: 'pglite', db, client: pglite, close };
}

/**
 * PGlite writes its initial cluster with mode 0666 whatever the umask, so the data directory is
 * made 0700 and everything in it 0700/0600 on open (files PostgreSQL adds later are 0600, and the
 * directory keeps others out anyway) and again on close (docs/decisions.md#database-files-owner-only).
 */
export function keepOwnerOnly(directory: string): void {
  fs.chmodSync(directory, 0o700);
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) keepOwnerOnly(full);
    else if (entry.isFile()) fs.chmodSync(full, 0o600);
  }
}

/** Runs raw SQL and answers its rows (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
