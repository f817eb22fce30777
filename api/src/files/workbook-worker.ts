/**
 * The worker thread that reads workbooks (workbook-thread.ts starts it and sends one job at a time):
 * the archive checks, the count of cells and shared strings, then SheetJS, all off the API's event
 * loop. Records go back in batches; a refusal goes back as its message and details.
 */
import { parentPort } from 'node:worker_threads';
import { answerJob } from './job-thread.js';
import { forEachCheckedWorkbookRecord } from './workbook.js';
import type { WorkbookJob, WorkbookPart } from './workbook-thread.js';

const BATCH = 5_000;

// one job at a time: the thread side sends the next only after this one's last message
parentPort!.on('message', ({ bytes, format, limits }: WorkbookJob) =>
  answerJob<WorkbookPart, { sheetName: string }>(
    (message) => parentPort!.postMessage(message),
    (post) => {
      let batch: WorkbookPart = [];
      const { sheetName } = forEachCheckedWorkbookRecord(bytes, format, limits, (cells, line) => {
        batch.push([line, cells]);
        if (batch.length >= BATCH) {
          post(batch);
          batch = [];
        }
      });
      if (batch.length > 0) post(batch);
      return { sheetName };
    },
  ),
);
