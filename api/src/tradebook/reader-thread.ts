/**
 * Reads a tradebook in a worker thread (reader-worker.ts, run by job-thread.ts): parsing a file of
 * 50,000 trades takes a good part of a second, and none of it may hold the event loop that answers
 * every other client. One tradebook is read at a time per process, within a time and memory limit.
 * The trades come back as JSON texts of TRADES_PER_SLICE trades (read.ts), parsed one per turn of
 * the loop: one structured message of 50,000 trades held the loop about 150–300 ms to deserialise,
 * and several messages are delivered in one turn (docs/decisions.md#tradebook-imports-bounded-per-account).
 */
import { JobThread, type ThreadLimits } from '../files/job-thread.js';
import type { CsvLimits } from '../files/csv.js';
import type { WorkbookJobLimits } from '../files/workbook-thread.js';
import type { ReadTradebook, TradebookReadAnswer, TradebookReadSlice } from './read.js';

export type TradebookReadLimits = WorkbookJobLimits & Required<CsvLimits>;

export interface TradebookReadJob {
  bytes: Uint8Array;
  limits: TradebookReadLimits;
  /** The exchange date: trades after it are refused. */
  today: string;
}

const thread = new JobThread<TradebookReadJob, never, TradebookReadAnswer>(
  new URL(`./reader-worker.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url),
  { subject: 'The tradebook', advice: 'split it into smaller files' },
);

export async function readTradebookInThread(
  bytes: Uint8Array,
  limits: TradebookReadLimits & ThreadLimits,
  today: string,
): Promise<ReadTradebook> {
  const { timeoutMs, memoryMb, ...readLimits } = limits;
  // a copy moves to the worker: the caller keeps its bytes
  const copy = new Uint8Array(bytes);
  const {
    result: { slices, ...rest },
  } = await thread.run({ bytes: copy, limits: readLimits, today }, { timeoutMs, memoryMb }, [copy.buffer]);
  const read: ReadTradebook = { ...rest, trades: [], keys: [] };
  for (const text of slices) {
    const slice = JSON.parse(text) as TradebookReadSlice;
    read.trades.push(...slice.trades);
    read.keys.push(...slice.keys);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return read;
}
