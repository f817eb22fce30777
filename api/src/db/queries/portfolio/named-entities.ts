/**
 * Segments and charge types: reference rows with one field, name (unique regardless of case).
 * One implementation for both; segments.ts and charge-types.ts name its uses.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../client.js';
import { chargeTypes, segments } from '../../schema/index.js';
import { BadRequestError, NotFoundError } from '../../../errors.js';
import { uniqueName, type Reference } from './write-guards.js';

export interface NamedRow {
  id: number;
  name: string;
}

export const NAMED_ENTITIES = {
  segment: { table: segments, label: 'Segment', article: 'A segment named' },
  chargeType: { table: chargeTypes, label: 'Charge type', article: 'A charge type named' },
} as const;

export type NamedKind = keyof typeof NAMED_ENTITIES;

export async function listNamed(db: Database, kind: NamedKind): Promise<NamedRow[]> {
  const { table } = NAMED_ENTITIES[kind];
  return db
    .select({ id: table.id, name: table.name })
    .from(table)
    .orderBy(asc(sql`lower(${table.name})`), asc(table.id));
}

export async function getNamed(db: Database, kind: NamedKind, id: number): Promise<NamedRow> {
  const { table, label } = NAMED_ENTITIES[kind];
  const [row] = await db.select({ id: table.id, name: table.name }).from(table).where(eq(table.id, id));
  if (!row) throw new NotFoundError(`${label} ${id} was not found`);
  return row;
}

export async function createNamed(db: Database, kind: NamedKind, name: string): Promise<NamedRow> {
  const { table, article } = NAMED_ENTITIES[kind];
  const [row] = await uniqueName(
    db.insert(table).values({ name }).returning({ id: table.id, name: table.name }),
    article,
    name,
  );
  return row as NamedRow;
}

export async function updateNamed(db: Database, kind: NamedKind, id: number, name: string): Promise<NamedRow> {
  const { table, label, article } = NAMED_ENTITIES[kind];
  const [row] = await uniqueName(
    db
      .update(table)
      .set({ name, updatedAt: new Date() })
      .where(eq(table.id, id))
      .returning({ id: table.id, name: table.name }),
    article,
    name,
  );
  if (!row) throw new NotFoundError(`${label} ${id} was not found`);
  return row;
}

/** The row a write names by id or by name (any case), or 400. */
export async function resolveNamed(db: Database, kind: NamedKind, ref: Reference): Promise<NamedRow> {
  const { table, label } = NAMED_ENTITIES[kind];
  const [row] = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(ref.id !== undefined ? eq(table.id, ref.id) : sql`lower(${table.name}) = lower(${ref.name?.trim() ?? ''})`);
  if (!row) throw new BadRequestError(`${label} ${ref.id ?? `'${ref.name}'`} does not exist`);
  return row;
}
