/**
 * Reads a workbook in a worker thread (workbook-worker.ts) with a time and a memory limit, so no
 * workbook, however hostile, stops the API's event loop or grows its heap: SheetJS is synchronous
 * and takes seconds on big sheets. One workbook is read at a time per process; others wait their
 * turn. The worker is kept for the next workbook (starting one costs more than reading a small
 * file) and ended after a minute unused, on a timeout, or when it ran out of memory.
 * See docs/decisions.md#workbooks-bounded-in-work.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FileFormat } from './detect.js';
import type { ArchiveLimits, WorkbookWorkLimits } from './archive-guard.js';
import type { WorkbookLimits } from './workbook.js';
import { BadRequestError } from '../../errors.js';

export interface WorkbookThreadLimits {
  /** The longest a workbook may take to read (ms); then the worker is stopped and the upload refused. */
  timeoutMs: number;
  /** The worker's heap limit (MB); a workbook needing more is refused. */
  memoryMb: number;
}

export type WorkbookJobLimits = ArchiveLimits & WorkbookWorkLimits & WorkbookLimits;

export interface WorkbookJob {
  bytes: Uint8Array;
  format: Exclude<FileFormat, 'csv'>;
  limits: WorkbookJobLimits;
}

export type WorkbookMessage =
  | { type: 'records'; records: Array<[number, string[]]> }
  | { type: 'done'; sheetName: string }
  | { type: 'refused'; message: string; details?: unknown }
  | { type: 'failed'; message: string };

export interface WorkbookRecords {
  sheetName: string;
  /** [line, cells] in sheet order, non-empty rows only. */
  records: Array<[number, string[]]>;
}

// run from TypeScript sources (tests, `npm run dev`), the worker registers tsx before loading its
// module (Node 20 ignores `--import` for a worker's entry) and resolves workspaces to their sources
const fromSource = import.meta.url.endsWith('.ts');
const workerUrl = new URL(`./workbook-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);

function startWorker(options: ConstructorParameters<typeof Worker>[1]): Worker {
  if (!fromSource) return new Worker(workerUrl, options);
  const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
  const tsx = pathToFileURL(path.join(path.dirname(tsxPackage), 'dist/esm/api/index.mjs')).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(workerUrl.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true, execArgv: ['--conditions=source'] });
}

/** A worker is ended after this long without a workbook, to give its memory back. */
const IDLE_MS = 60_000;

let queue: Promise<unknown> = Promise.resolve();
let kept: { worker: Worker; memoryMb: number; idle?: NodeJS.Timeout } | undefined;

/** Reads a workbook's first non-empty sheet in a worker thread, one workbook at a time. */
export function readWorkbookInThread(job: WorkbookJob, thread: WorkbookThreadLimits): Promise<WorkbookRecords> {
  const turn = queue.then(() => runJob(job, thread));
  queue = turn.catch(() => undefined);
  return turn;
}

function workerWith(memoryMb: number): Worker {
  if (kept && kept.memoryMb === memoryMb) {
    clearTimeout(kept.idle);
    return kept.worker;
  }
  if (kept) endWorker(kept.worker);
  const worker = startWorker({ resourceLimits: { maxOldGenerationSizeMb: memoryMb } });
  // an idle worker does not keep the process alive; its errors are handled per job
  worker.unref();
  worker.on('error', () => undefined);
  worker.on('exit', () => {
    if (kept?.worker === worker) kept = undefined;
  });
  kept = { worker, memoryMb };
  return worker;
}

function endWorker(worker: Worker): void {
  if (kept?.worker === worker) {
    clearTimeout(kept.idle);
    kept = undefined;
  }
  void worker.terminate();
}

function runJob(job: WorkbookJob, thread: WorkbookThreadLimits): Promise<WorkbookRecords> {
  return new Promise((resolve, reject) => {
    const worker = workerWith(thread.memoryMb);
    const records: Array<[number, string[]]> = [];
    let settled = false;
    const finish = (keep: boolean, outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (!keep) endWorker(worker);
      else if (kept?.worker === worker) {
        kept.idle = setTimeout(() => endWorker(worker), IDLE_MS);
        kept.idle.unref();
      }
      outcome();
    };
    const timer = setTimeout(
      () =>
        finish(false, () =>
          reject(
            new BadRequestError(
              `The workbook took longer than ${(thread.timeoutMs / 1000).toLocaleString('en-US')} seconds to read and was refused (split it, or upload the data as CSV)`,
            ),
          ),
        ),
      thread.timeoutMs,
    );
    const onMessage = (message: WorkbookMessage) => {
      if (message.type === 'records') records.push(...message.records);
      else if (message.type === 'done') finish(true, () => resolve({ sheetName: message.sheetName, records }));
      else if (message.type === 'refused')
        finish(true, () => reject(new BadRequestError(message.message, message.details)));
      else finish(false, () => reject(new Error(`Reading the workbook failed: ${message.message}`)));
    };
    const onError = (error: Error & { code?: string }) =>
      finish(false, () =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new BadRequestError(
                `The workbook needs more than ${thread.memoryMb} MB of memory to read and was refused (split it, or upload the data as CSV)`,
              )
            : error,
        ),
      );
    const onExit = (code: number) =>
      finish(false, () => reject(new Error(`The workbook reader stopped unexpectedly (exit code ${code})`)));
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    // a copy moves to the worker: the caller keeps its bytes (Buffer#slice would share them)
    const bytes = new Uint8Array(job.bytes);
    worker.postMessage({ ...job, bytes } satisfies WorkbookJob, [bytes.buffer]);
  });
}
