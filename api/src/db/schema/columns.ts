/**
 * Columns that many tables share, defined once: the serial id, instants (timestamp with time zone,
 * Date in TypeScript), the created/updated pair the database fills in, a required reference to
 * another table's id, and a market symbol. Each call returns a fresh builder: drizzle binds a
 * builder to the table it is placed in.
 */
import { integer, serial, timestamp, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';

export const idColumn = () => serial('id').primaryKey();

/** An instant (with time zone); nullable until `.notNull()`. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => instant('created_at').notNull().defaultNow();

/** `createdAt` and `updatedAt`, both set by the database on insert. */
export const timestamps = () => ({
  createdAt: createdAt(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/** A required reference to another table's id. */
export const requiredRef = (name: string, target: () => AnyPgColumn, onDelete: 'cascade' | 'restrict') =>
  integer(name).notNull().references(target, { onDelete });

/** An exchange symbol, as prices, companies, filings and holdings name a security. */
export const symbolColumn = () => varchar('symbol', { length: 50 });
