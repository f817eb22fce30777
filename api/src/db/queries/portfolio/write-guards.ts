/**
 * What the portfolio writes share: database constraint violations answered as 409s naming the
 * conflict (not 500s), deletes refused while other rows use the row, and references to a row by
 * id or by name as the REST bodies carry them.
 */
import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../client.js';
import { ConflictError } from '../../../errors.js';
import { FOREIGN_KEY_VIOLATION, pgError, UNIQUE_VIOLATION } from '../../errors.js';

/** A reference by id or by name (the REST bodies carry whole objects). */
export interface Reference {
  id?: number | undefined;
  name?: string | undefined;
}

/** Unique names: 409 naming the duplicate instead of a 500. */
export async function uniqueName<T>(work: Promise<T>, what: string, name: string): Promise<T> {
  return conflictOn(UNIQUE_VIOLATION, work, `${what} '${name}' already exists`);
}

/** A constraint violation of this code answered as a 409 with this message. */
export async function conflictOn<T>(code: string, work: Promise<T>, message: string): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (pgError(error)?.code === code) throw new ConflictError(message);
    throw error;
  }
}

/** How many rows of a table match a condition. */
export async function countRows(db: Database, table: PgTable, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * Deletes a row unless other rows use it: 409 naming how many ("… is used by 2 holdings and 1
 * charge; remove those first"). A use that a concurrent insert adds is still a 409 (the foreign key).
 */
export async function deleteUnlessUsed(
  db: Database,
  what: string,
  uses: Array<[number, string]>,
  remove: () => Promise<unknown>,
): Promise<void> {
  const usedBy = uses
    .filter(([n]) => n > 0)
    .map(([n, word]) => plural(n, word))
    .join(' and ');
  const message = `${what} is used by ${usedBy || 'other records'}; remove those first`;
  if (usedBy) throw new ConflictError(message);
  await conflictOn(FOREIGN_KEY_VIOLATION, remove(), message);
}
