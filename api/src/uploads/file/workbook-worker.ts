/**
 * The worker thread that reads workbooks (workbook-thread.ts starts it and sends one job at a time):
 * the archive checks, the count of cells and shared strings, then SheetJS, all off the API's event
 * loop. Records go back in batches; a refusal goes back as its message and details.
 */
import { parentPort } from 'node:worker_threads';
import { BadRequestError } from '../../errors.js';
import { checkCompoundFile, checkZipArchive } from './archive-guard.js';
import { forEachWorkbookRecord } from './workbook.js';
import type { WorkbookJob, WorkbookMessage } from './workbook-thread.js';

const BATCH = 5_000;

function read({ bytes, format, limits }: WorkbookJob, post: (message: WorkbookMessage) => void): void {
  try {
    if (format === 'xlsx') {
      const entries = checkZipArchive(bytes, limits, limits);
      if (!entries.some((name) => /^xl\/workbook\.(xml|bin)$/i.test(name))) {
        throw new BadRequestError('The file is a zip archive but not an .xlsx workbook');
      }
    } else {
      checkCompoundFile(bytes, limits);
    }
    let batch: Array<[number, string[]]> = [];
    const { sheetName } = forEachWorkbookRecord(bytes, limits, (cells, line) => {
      batch.push([line, cells]);
      if (batch.length >= BATCH) {
        post({ type: 'records', records: batch });
        batch = [];
      }
    });
    if (batch.length > 0) post({ type: 'records', records: batch });
    post({ type: 'done', sheetName });
  } catch (error) {
    if (error instanceof BadRequestError) post({ type: 'refused', message: error.message, details: error.details });
    else post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}

// one job at a time: the thread side sends the next only after this one's last message
parentPort!.on('message', (job: WorkbookJob) => read(job, (message) => parentPort!.postMessage(message)));
