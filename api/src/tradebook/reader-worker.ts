/**
 * The worker thread that reads tradebooks (reader-thread.ts starts it and sends one file at a
 * time): the format by content, CSV decoded and split with the line-length and column caps, a
 * workbook after its archive checks, and every record read into trades — all off the API's event
 * loop, answered as JSON slices of trades and the rest (reader-thread.ts).
 */
import { parentPort } from 'node:worker_threads';
import { forEachCsvRecord } from '../files/csv.js';
import { detectFileFormat } from '../files/detect.js';
import { answerJob } from '../files/job-thread.js';
import { decodeText } from '../files/text.js';
import { forEachCheckedWorkbookRecord } from '../files/workbook.js';
import { readTradebook, TRADES_PER_SLICE, type TradebookReadAnswer, type TradebookReadSlice } from './read.js';
import type { TradebookReadJob } from './reader-thread.js';

parentPort!.on('message', ({ bytes, limits, today }: TradebookReadJob) =>
  answerJob<never, TradebookReadAnswer>(
    (message) => parentPort!.postMessage(message),
    () => {
      const format = detectFileFormat(bytes);
      const text = format === 'csv' ? decodeText(bytes) : '';
      const { trades, keys, ...end } = readTradebook(
        (onRecord) =>
          format === 'csv'
            ? forEachCsvRecord(text, onRecord, limits)
            : forEachCheckedWorkbookRecord(bytes, format, limits, onRecord),
        today,
      );
      // JSON texts of a slice each: the API's loop parses one between other clients' requests
      const slices: string[] = [];
      for (let start = 0; start < trades.length; start += TRADES_PER_SLICE)
        slices.push(
          JSON.stringify({
            trades: trades.slice(start, start + TRADES_PER_SLICE),
            keys: keys.slice(start, start + TRADES_PER_SLICE),
          } satisfies TradebookReadSlice),
        );
      return { ...end, slices };
    },
  ),
);
