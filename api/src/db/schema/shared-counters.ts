/**
 * The shared counters (docs/engineering.md#glossary) of every instance of both services: one row per counter,
 * changed only by the atomic upserts of @bazaar/shared/counters (sql-counter-store.ts), which owns the meaning of
 * the columns (docs/decisions.md#counters-shared-through-postgresql). Keys are namespaced by their user
 * (`api:rate:…`, `bff:rate:…`, `quota:day:…`, `login:…`). Rows past `expires_at` mean nothing and are purged.
 */
import { bigint, boolean, doublePrecision, index, pgTable, text } from 'drizzle-orm/pg-core';

export const sharedCounters = pgTable(
  'shared_counters',
  {
    key: text('key').primaryKey(),
    /** A bucket's level, or what is used of a window. */
    value: doublePrecision('value').notNull().default(0),
    /** Epoch ms: a bucket's last refill, a window's start, a log's latest event. */
    stamp: bigint('stamp', { mode: 'number' }).notNull(),
    /** A log's event times (epoch ms). */
    times: bigint('times', { mode: 'number' }).array(),
    /** Whether the latest change took what it asked for (read back by the statement that made it). */
    granted: boolean('granted').notNull().default(true),
    /** Epoch ms after which the row means nothing. */
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  },
  (table) => [index('shared_counters_expires_idx').on(table.expiresAt)],
);
