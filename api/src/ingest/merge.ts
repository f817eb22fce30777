/**
 * The write path of the smaller kinds (companies, corporate actions, results, balance sheets):
 * rows are COPYed into a temporary staging table, then merged with one
 * INSERT … ON CONFLICT DO UPDATE that touches a row only when a value differs. The answer counts
 * new, changed and unchanged rows, so a re-upload reports (and does) nothing.
 *
 * Column names and SQL types come from the Drizzle table (db/schema), so a loader names only
 * which columns its file fills, in the order of its copy lines.
 */
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { SqlSession } from '../db/sql-session.js';

/** A column of `T` by its TypeScript name (`companyName`, not `company_name`). */
export type ColumnKey<T extends PgTable> = Extract<keyof T['_']['columns'], string>;

/** Columns a merged table keeps for itself; never filled from a file. */
const BOOKKEEPING = ['id', 'uploadId', 'createdAt', 'updatedAt'] as const;

/** The columns of `T` a file may fill. */
export type FileColumnKey<T extends PgTable> = Exclude<ColumnKey<T>, (typeof BOOKKEEPING)[number]>;

export interface MergeSpec<T extends PgTable> {
  table: T;
  /**
   * The columns of each copy line, in order. Default: every column of the table but its
   * bookkeeping (id, upload_id, created_at, updated_at), in the table's order.
   */
  columns?: readonly ColumnKey<T>[];
  /** `ON CONFLICT (<columns>)` or `ON CONFLICT ON CONSTRAINT <name>`. */
  conflict: readonly ColumnKey<T>[] | { constraint: string };
  /**
   * Columns overwritten when the row exists (a change in any of them counts as "updated").
   * Default: every column of the line that is not part of the conflict key.
   */
  updateColumns?: readonly ColumnKey<T>[];
  /** The upload that wrote the rows, recorded in the target's upload_id column. */
  uploadId?: number;
}

export interface MergeCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

/** The columns a file fills by default (see MergeSpec.columns). */
export function fileColumns<T extends PgTable>(table: T): FileColumnKey<T>[] {
  const own: readonly string[] = BOOKKEEPING;
  return Object.keys(getTableColumns(table)).filter((key) => !own.includes(key)) as FileColumnKey<T>[];
}

/** A value as COPY text: null as \N, backslashes and control characters escaped. */
export function copyValue(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  const text = String(value);
  return /[\\\t\n\r]/.test(text)
    ? text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : text;
}

export function copyLine(values: Array<string | number | null | undefined>): string {
  return `${values.map(copyValue).join('\t')}\n`;
}

/** One copy line per record, its values read by column key: the record must carry every column. */
export function copyRecords<R extends Record<K, string | number | null>, K extends string>(
  records: readonly R[],
  columns: readonly K[],
): string[] {
  return records.map((record) => copyLine(columns.map((column) => record[column])));
}

export async function mergeRows<T extends PgTable>(
  session: SqlSession,
  spec: MergeSpec<T>,
  lines: string[],
): Promise<MergeCounts> {
  const target = getTableName(spec.table);
  const tableColumns = getTableColumns(spec.table);
  const sqlName = (key: ColumnKey<T>) => tableColumns[key]!.name;
  const keys = spec.columns ?? fileColumns(spec.table);
  const conflictKeys = Array.isArray(spec.conflict) ? (spec.conflict as readonly ColumnKey<T>[]) : [];
  const updateKeys = spec.updateColumns ?? keys.filter((key) => !conflictKeys.includes(key));

  const stagingTable = `${target}_staging`;
  const staging = keys.map((key) => `${sqlName(key)} ${tableColumns[key]!.getSQLType()}`);
  await session.query(`CREATE TEMPORARY TABLE ${stagingTable} (${staging.join(', ')}) ON COMMIT DROP`);
  const chunks: string[] = [];
  let chunk = '';
  for (const line of lines) {
    chunk += line;
    if (chunk.length > 1 << 20) {
      chunks.push(chunk);
      chunk = '';
    }
  }
  if (chunk !== '') chunks.push(chunk);
  const columns = keys.map(sqlName);
  await session.copyIn(stagingTable, columns, chunks);

  const withUpload = spec.uploadId !== undefined;
  const insertColumns = [...columns, ...(withUpload ? ['upload_id'] : [])];
  const selectList = [...columns, ...(withUpload ? ['$1::int'] : [])];
  const conflict =
    'constraint' in spec.conflict
      ? `ON CONSTRAINT ${spec.conflict.constraint}`
      : `(${conflictKeys.map(sqlName).join(', ')})`;
  const updateColumns = updateKeys.map(sqlName);
  const assignments = [
    ...updateColumns.map((column) => `${column} = excluded.${column}`),
    ...(withUpload ? ['upload_id = excluded.upload_id'] : []),
    'updated_at = now()',
  ].join(', ');
  const changed = `(${updateColumns.map((column) => `${target}.${column}`).join(', ')}) IS DISTINCT FROM (${updateColumns.map((column) => `excluded.${column}`).join(', ')})`;
  const rows = await session.query<{ inserted: number; updated: number }>(
    `WITH written AS (
       INSERT INTO ${target} (${insertColumns.join(', ')})
       SELECT ${selectList.join(', ')} FROM ${stagingTable}
       ON CONFLICT ${conflict} DO UPDATE SET ${assignments}
       WHERE ${changed}
       RETURNING (xmax = 0) AS is_new)
     SELECT count(*) FILTER (WHERE is_new)::int AS inserted, count(*) FILTER (WHERE NOT is_new)::int AS updated FROM written`,
    withUpload ? [spec.uploadId] : [],
  );
  const inserted = rows[0]?.inserted ?? 0;
  const updated = rows[0]?.updated ?? 0;
  return { inserted, updated, unchanged: lines.length - inserted - updated };
}

/**
 * The copy lines of a file whose rows are identified by a key: a row repeated word for word is
 * ignored (and counted, for the answer); the same key with other values is a problem the caller
 * reports, with the line of the earlier row.
 */
export class UniqueLines {
  readonly lines: string[] = [];
  duplicatesIgnored = 0;
  private readonly seen = new Map<string, { line: number; copy: string }>();

  /** Keeps `copy` unless its key came before: answers the earlier line when the values differ. */
  add(key: string, line: number, copy: string): number | undefined {
    const earlier = this.seen.get(key);
    if (earlier === undefined) {
      this.seen.set(key, { line, copy });
      this.lines.push(copy);
    } else if (earlier.copy === copy) this.duplicatesIgnored++;
    else return earlier.line;
    return undefined;
  }
}
