/**
 * Reads a workbook in a worker thread (workbook-worker.ts, run by job-thread.ts) with a time and a
 * memory limit, so no workbook, however hostile, stops the API's event loop or grows its heap:
 * SheetJS is synchronous and takes seconds on big sheets. One workbook is read at a time per
 * process; others wait their turn. See docs/decisions.md#workbooks-bounded-in-work.
 */
import type { FileFormat } from './detect.js';
import type { ArchiveLimits, WorkbookWorkLimits } from './archive-guard.js';
import { JobThread, type ThreadLimits } from './job-thread.js';
import type { WorkbookLimits } from './workbook.js';

export type WorkbookThreadLimits = ThreadLimits;

export type WorkbookJobLimits = ArchiveLimits & WorkbookWorkLimits & WorkbookLimits;

export interface WorkbookJob {
  bytes: Uint8Array;
  format: Exclude<FileFormat, 'csv'>;
  limits: WorkbookJobLimits;
}

/** A batch of [line, cells] records, in sheet order. */
export type WorkbookPart = Array<[number, string[]]>;

export interface WorkbookRecords {
  sheetName: string;
  /** [line, cells] in sheet order, non-empty rows only. */
  records: Array<[number, string[]]>;
}

const thread = new JobThread<WorkbookJob, WorkbookPart, { sheetName: string }>(
  new URL(`./workbook-worker.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url),
  { subject: 'The workbook', advice: 'split it, or upload the data as CSV' },
);

/** Reads a workbook's first non-empty sheet in a worker thread, one workbook at a time. */
export async function readWorkbookInThread(job: WorkbookJob, limits: ThreadLimits): Promise<WorkbookRecords> {
  // a copy moves to the worker: the caller keeps its bytes (Buffer#slice would share them)
  const bytes = new Uint8Array(job.bytes);
  const { parts, result } = await thread.run({ ...job, bytes }, limits, [bytes.buffer]);
  return { sheetName: result.sheetName, records: parts.flat() };
}
