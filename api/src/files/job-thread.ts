/**
 * Runs CPU-heavy file work (reading a workbook, reading a tradebook) in a worker thread with a time
 * and a memory limit, so no file, however hostile, stops the API's event loop or grows its heap.
 * One job at a time per kind of work and process: others wait their turn. The worker is kept for
 * the next job (starting one costs more than reading a small file) and ended after a minute
 * unused, on a timeout, or when it ran out of memory. See docs/decisions.md#workbooks-bounded-in-work.
 *
 * The worker module answers each job with messages: any number of `part`s, then one of `done`,
 * `refused` (a BadRequestError's message and details: the file's fault) or `failed` (ours).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { BadRequestError } from '../errors.js';

export interface ThreadLimits {
  /** The longest a job may take (ms); then the worker is stopped and the file refused. */
  timeoutMs: number;
  /** The worker's heap limit (MB); a job needing more is refused. */
  memoryMb: number;
}

export type JobMessage<Part, Done> =
  | { type: 'part'; part: Part }
  | { type: 'done'; result: Done }
  | { type: 'refused'; message: string; details?: unknown }
  | { type: 'failed'; message: string };

/** The words of a job's refusals: "The workbook took longer than…" */
export interface JobWords {
  /** "The workbook", "The tradebook". */
  subject: string;
  /** What to do instead, in parentheses after a refusal: "split it, or upload the data as CSV". */
  advice: string;
}

/** A worker is ended after this long without a job, to give its memory back. */
const IDLE_MS = 60_000;

/** Posts a job's outcome from inside a worker: refusals of the file apart from our own failures. */
export function answerJob<Part, Done>(
  post: (message: JobMessage<Part, Done>) => void,
  work: (part: (part: Part) => void) => Done,
): void {
  try {
    const result = work((part) => post({ type: 'part', part }));
    post({ type: 'done', result });
  } catch (error) {
    if (error instanceof BadRequestError) post({ type: 'refused', message: error.message, details: error.details });
    else post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}

export class JobThread<Job, Part, Done> {
  private queue: Promise<unknown> = Promise.resolve();
  private kept: { worker: Worker; memoryMb: number; idle?: NodeJS.Timeout } | undefined;

  /** `workerUrl`: the worker module's URL beside its caller (`.ts` from source, `.js` when built). */
  constructor(
    private readonly workerUrl: URL,
    private readonly words: JobWords,
  ) {}

  /** Runs one job (after the jobs before it); `transfer` moves buffers to the worker instead of copying them. */
  run(job: Job, limits: ThreadLimits, transfer: ArrayBuffer[] = []): Promise<{ parts: Part[]; result: Done }> {
    const turn = this.queue.then(() => this.runJob(job, limits, transfer));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private startWorker(options: ConstructorParameters<typeof Worker>[1]): Worker {
    // run from TypeScript sources (tests, `npm run dev`), the worker registers tsx before loading its
    // module (Node 20 ignores `--import` for a worker's entry) and resolves workspaces to their sources
    if (!this.workerUrl.pathname.endsWith('.ts')) return new Worker(this.workerUrl, options);
    const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
    const tsx = pathToFileURL(path.join(path.dirname(tsxPackage), 'dist/esm/api/index.mjs')).href;
    const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(this.workerUrl.href)}); });`;
    return new Worker(bootstrap, { ...options, eval: true, execArgv: ['--conditions=source'] });
  }

  private workerWith(memoryMb: number): Worker {
    if (this.kept && this.kept.memoryMb === memoryMb) {
      clearTimeout(this.kept.idle);
      return this.kept.worker;
    }
    if (this.kept) this.endWorker(this.kept.worker);
    const worker = this.startWorker({ resourceLimits: { maxOldGenerationSizeMb: memoryMb } });
    // an idle worker does not keep the process alive; its errors are handled per job
    worker.unref();
    worker.on('error', () => undefined);
    worker.on('exit', () => {
      if (this.kept?.worker === worker) this.kept = undefined;
    });
    this.kept = { worker, memoryMb };
    return worker;
  }

  private endWorker(worker: Worker): void {
    if (this.kept?.worker === worker) {
      clearTimeout(this.kept.idle);
      this.kept = undefined;
    }
    void worker.terminate();
  }

  private runJob(job: Job, limits: ThreadLimits, transfer: ArrayBuffer[]): Promise<{ parts: Part[]; result: Done }> {
    const { subject, advice } = this.words;
    return new Promise((resolve, reject) => {
      const worker = this.workerWith(limits.memoryMb);
      const parts: Part[] = [];
      let settled = false;
      const finish = (keep: boolean, outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (!keep) this.endWorker(worker);
        else if (this.kept?.worker === worker) {
          this.kept.idle = setTimeout(() => this.endWorker(worker), IDLE_MS);
          this.kept.idle.unref();
        }
        outcome();
      };
      const timer = setTimeout(
        () =>
          finish(false, () =>
            reject(
              new BadRequestError(
                `${subject} took longer than ${(limits.timeoutMs / 1000).toLocaleString('en-IN')} seconds to read and was refused (${advice})`,
              ),
            ),
          ),
        limits.timeoutMs,
      );
      const onMessage = (message: JobMessage<Part, Done>) => {
        if (message.type === 'part') parts.push(message.part);
        else if (message.type === 'done') finish(true, () => resolve({ parts, result: message.result }));
        else if (message.type === 'refused')
          finish(true, () => reject(new BadRequestError(message.message, message.details)));
        else finish(false, () => reject(new Error(`Reading ${subject.toLowerCase()} failed: ${message.message}`)));
      };
      const onError = (error: Error & { code?: string }) =>
        finish(false, () =>
          reject(
            error.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? new BadRequestError(
                  `${subject} needs more than ${limits.memoryMb} MB of memory to read and was refused (${advice})`,
                )
              : error,
          ),
        );
      const onExit = (code: number) =>
        finish(false, () => reject(new Error(`${subject} reader stopped unexpectedly (exit code ${code})`)));
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(job, transfer);
    });
  }
}
