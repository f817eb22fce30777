/**
 * The write path of the smaller kinds (companies, corporate actions, results, balance sheets):
 * rows are COPYed into a temporary staging table, then merged with one
 * INSERT … ON CONFLICT DO UPDATE that touches a row only when a value differs. The answer counts
 * new, changed and unchanged rows, so a re-upload reports (and does) nothing.
 */
import type { SqlSession } from './sql-session.js';

export interface StagingColumn {
  name: string;
  /** SQL type of the staging column (the target column's type). */
  type: string;
}

export interface MergeSpec {
  target: string;
  staging: StagingColumn[];
  /** `ON CONFLICT (<columns>)` or `ON CONFLICT ON CONSTRAINT <name>`. */
  conflict: { columns: string[] } | { constraint: string };
  /** Columns overwritten when the row exists (a change in any of them counts as "updated"). */
  updateColumns: string[];
  /** The upload that wrote the rows, recorded in the target's upload_id column. */
  uploadId?: number;
}

export interface MergeCounts {
  inserted: number;
  updated: number;
  unchanged: number;
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

export async function mergeRows(session: SqlSession, spec: MergeSpec, lines: string[]): Promise<MergeCounts> {
  const stagingTable = `${spec.target}_staging`;
  await session.query(
    `CREATE TEMPORARY TABLE ${stagingTable} (${spec.staging.map((column) => `${column.name} ${column.type}`).join(', ')}) ON COMMIT DROP`,
  );
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
  const columns = spec.staging.map((column) => column.name);
  await session.copyIn(stagingTable, columns, chunks);

  const withUpload = spec.uploadId !== undefined;
  const insertColumns = [...columns, ...(withUpload ? ['upload_id'] : [])];
  const selectList = [...columns, ...(withUpload ? ['$1::int'] : [])];
  const conflict =
    'constraint' in spec.conflict
      ? `ON CONSTRAINT ${spec.conflict.constraint}`
      : `(${spec.conflict.columns.join(', ')})`;
  const assignments = [
    ...spec.updateColumns.map((column) => `${column} = excluded.${column}`),
    ...(withUpload ? ['upload_id = excluded.upload_id'] : []),
    'updated_at = now()',
  ].join(', ');
  const changed = `(${spec.updateColumns.map((column) => `${spec.target}.${column}`).join(', ')}) IS DISTINCT FROM (${spec.updateColumns.map((column) => `excluded.${column}`).join(', ')})`;
  const rows = await session.query<{ inserted: number; updated: number }>(
    `WITH written AS (
       INSERT INTO ${spec.target} (${insertColumns.join(', ')})
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
