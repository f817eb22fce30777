/**
 * One transaction on either engine, with COPY: bulk loads need the raw driver (Drizzle has no
 * COPY). PostgreSQL: a pooled client, BEGIN/COMMIT and pg-copy-streams. PGlite: its transaction
 * and `COPY … FROM '/dev/blob'` with the `blob` query option. Rows come back as plain objects;
 * callers cast dates to text in SQL (`::text`) so both engines answer 'YYYY-MM-DD' strings.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Transaction } from '@electric-sql/pglite';
import { from as copyFrom } from 'pg-copy-streams';
import type { DatabaseHandle } from './client.js';

export interface SqlSession {
  engine: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * `COPY <table> (<columns>) FROM STDIN` in PostgreSQL's text format; `chunks` are ready-made
   * lines ending in '\n'.
   */
  copyIn(table: string, columns: string[], chunks: string[]): Promise<void>;
}

function copyStatement(table: string, columns: string[], source: string): string {
  return `COPY ${table} (${columns.join(', ')}) FROM ${source} WITH (FORMAT text)`;
}

/** Runs `work` in one transaction: everything it wrote is kept only if it returns. */
export async function inTransaction<T>(handle: DatabaseHandle, work: (session: SqlSession) => Promise<T>): Promise<T> {
  if (handle.kind === 'pglite') {
    return handle.client.transaction(async (tx: Transaction) => {
      const session: SqlSession = {
        engine: 'pglite',
        async query<R>(text: string, params: unknown[] = []) {
          return (await tx.query<R>(text, params)).rows;
        },
        async copyIn(table, columns, chunks) {
          if (chunks.length === 0) return;
          await tx.query(copyStatement(table, columns, "'/dev/blob'"), [], { blob: new Blob(chunks) });
        },
      };
      return work(session);
    });
  }
  const client = await handle.pool.connect();
  let released = false;
  try {
    await client.query('BEGIN');
    const session: SqlSession = {
      engine: 'postgres',
      async query<R>(text: string, params: unknown[] = []) {
        return (await client.query(text, params)).rows as R[];
      },
      async copyIn(table, columns, chunks) {
        if (chunks.length === 0) return;
        const stream = client.query(copyFrom(copyStatement(table, columns, 'STDIN')));
        await pipeline(Readable.from(chunks, { objectMode: false }), stream);
      },
    };
    const result = await work(session);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    try {
      await client.query('ROLLBACK');
    } catch (rollbackError) {
      // the connection is broken: do not give it back to the pool
      client.release(rollbackError as Error);
      released = true;
    }
    throw error;
  } finally {
    if (!released) client.release();
  }
}
