/**
 * One view of every upload as a table of text records, whatever the file is (CSV text, .xls or
 * .xlsx), plus the header matching that every upload type uses: columns are found by name (trimmed,
 * case and spacing ignored), unknown or missing columns are named in the 400 answer, and a header
 * that belongs to another upload type says which one to choose.
 */
import type { UploadHeaderDetails } from '@bazaar/shared/contract';
import { withIndefiniteArticle } from '@bazaar/shared';
import { BadRequestError } from '../errors.js';
import { forEachCsvRecord, type RecordCallback } from './csv.js';
import { detectFileFormat, type FileFormat } from './detect.js';
import { decodeText } from './text.js';
import { zipDirectory } from './archive-guard.js';
import { readWorkbookInThread, type WorkbookJobLimits, type WorkbookThreadLimits } from './workbook-thread.js';

export type FileLimits = WorkbookJobLimits & WorkbookThreadLimits;

export interface TableSource {
  format: FileFormat;
  /** Calls back once per non-empty record, in file order, with its 1-based line (or sheet row). */
  forEachRecord(onRecord: RecordCallback): void;
}

/**
 * CSV is read in place; a workbook is checked and read in a worker thread (workbook-thread.ts), so
 * its parsing never stops the event loop, and its records are handed out from there.
 */
export async function openTable(bytes: Uint8Array, limits: FileLimits): Promise<TableSource> {
  const format = detectFileFormat(bytes);
  if (format === 'csv') {
    const text = decodeText(bytes);
    return { format, forEachRecord: (onRecord) => forEachCsvRecord(text, onRecord) };
  }
  const { timeoutMs, memoryMb, ...jobLimits } = limits;
  // what the zip's directory declares is checked here, before a worker starts (a declared bomb: at once)
  if (format === 'xlsx') zipDirectory(bytes, jobLimits, jobLimits);
  const { records } = await readWorkbookInThread({ bytes, format, limits: jobLimits }, { timeoutMs, memoryMb });
  return {
    format,
    forEachRecord: (onRecord) => {
      for (const [line, cells] of records) onRecord(cells, line);
    },
  };
}

/** Header text as compared: trimmed, upper case, inner spacing collapsed, BOM dropped. */
export function normaliseHeader(text: string): string {
  return text
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toUpperCase();
}

export interface ColumnSpec<K extends string = string> {
  key: K;
  /** The names this column goes by (first one is shown in messages). */
  names: string[];
  required: boolean;
}

export interface LayoutSpec<K extends string = string> {
  id: string;
  /** Shown in messages: "NSE equity bhavcopy (legacy 13-column layout)". */
  title: string;
  columns: Array<ColumnSpec<K>>;
}

export interface MatchedLayout<K extends string = string> {
  layout: LayoutSpec<K>;
  /** Cell index of each column present in the header. */
  index: Partial<Record<K, number>>;
}

function matchCount(header: string[], layout: LayoutSpec): number {
  const known = new Set(layout.columns.flatMap((column) => column.names.map(normaliseHeader)));
  return header.filter((cell) => cell !== '' && known.has(cell)).length;
}

function missingRequired(header: string[], layout: LayoutSpec): number {
  const present = new Set(header);
  return layout.columns.filter(
    (column) => column.required && !column.names.some((name) => present.has(normaliseHeader(name))),
  ).length;
}

export interface ForeignLayout {
  /** Readable name of the upload type that accepts this layout, e.g. "Upload Corporate Actions". */
  uploadTitle: string;
  layout: LayoutSpec;
}

/**
 * Picks the layout whose columns the header names best, and checks the header against it.
 * `others` are the layouts of the other upload types, to name the right one in the message.
 */
export function matchHeader<K extends string>(
  rawHeader: string[],
  layouts: Array<LayoutSpec<K>>,
  uploadLabel: string,
  others: ForeignLayout[] = [],
): MatchedLayout<K> {
  const header = rawHeader.map(normaliseHeader);
  // a trailing comma on every line (the legacy bhavcopy) makes an empty last column: not a column
  while (header.length > 0 && header[header.length - 1] === '') header.pop();

  // the layout naming most of the header's columns; on a tie, the one missing fewest required columns
  let best: LayoutSpec<K> | undefined;
  let bestScore = 0;
  let bestMissing = Number.POSITIVE_INFINITY;
  for (const layout of layouts) {
    const score = matchCount(header, layout);
    const missing = missingRequired(header, layout);
    if (score > bestScore || (score === bestScore && score > 0 && missing < bestMissing)) {
      best = layout;
      bestScore = score;
      bestMissing = missing;
    }
  }
  // another upload type's layout "fits" when the header has every column it requires
  const foreign = others
    .filter((other) => missingRequired(header, other.layout) === 0)
    .map((other) => ({ other, score: matchCount(header, other.layout) }))
    .sort((a, b) => b.score - a.score)[0];
  if (!best || bestScore < 2 || (foreign && foreign.score > bestScore)) {
    if (foreign && foreign.score >= bestScore) {
      throw new BadRequestError(
        `This looks like ${withIndefiniteArticle(foreign.other.layout.title)} file, which belongs to "${foreign.other.uploadTitle}", not "${uploadLabel}". Choose that upload type.`,
      );
    }
    const expected = layouts
      .map((layout) => `${layout.title}: ${layout.columns.map((c) => c.names[0]).join(', ')}`)
      .join(' | or | ');
    throw new BadRequestError(
      `The first line is not a recognised header for "${uploadLabel}". Expected the columns of ${expected}`,
    );
  }

  const index: Partial<Record<K, number>> = {};
  const placed = new Set<ColumnSpec<K>>();
  const byName = new Map<string, ColumnSpec<K>>();
  for (const column of best.columns) for (const name of column.names) byName.set(normaliseHeader(name), column);
  const unknown: string[] = [];
  const duplicated: string[] = [];
  header.forEach((cell, position) => {
    if (cell === '') {
      unknown.push(`(empty header in column ${position + 1})`);
      return;
    }
    const column = byName.get(cell);
    if (!column) {
      unknown.push(rawHeader[position]!.trim());
      return;
    }
    if (placed.has(column)) duplicated.push(rawHeader[position]!.trim());
    else {
      placed.add(column);
      index[column.key] = position;
    }
  });
  const missing = best.columns
    .filter((column) => column.required && !placed.has(column))
    .map((column) => column.names[0]!);
  const problems: string[] = [];
  if (missing.length > 0) problems.push(`missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
  if (unknown.length > 0) problems.push(`unknown column${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);
  if (duplicated.length > 0)
    problems.push(`repeated column${duplicated.length > 1 ? 's' : ''}: ${duplicated.join(', ')}`);
  if (problems.length > 0) {
    const details: UploadHeaderDetails = {
      layout: best.id,
      missingColumns: missing,
      unknownColumns: unknown,
      repeatedColumns: duplicated,
    };
    throw new BadRequestError(`The header does not match the ${best.title} layout: ${problems.join('; ')}`, details);
  }
  return { layout: best, index };
}
