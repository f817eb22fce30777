/**
 * POST /staff/uploads/stock-prices/batch: many stock-price files (and zip archives of them) in one
 * request, loaded in date order, each file in its own transaction, the analysis refreshed once at
 * the end (docs/product/uploads.md#bulk-backfill). The answer lists every file with what became of it.
 */
import { z } from 'zod';
import { uploadRowProblemSchema } from './results.js';

/** What became of one file of a batch. */
export const UPLOAD_BATCH_FILE_STATUSES = ['ok', 'refused', 'skipped'] as const;
export type UploadBatchFileStatus = (typeof UPLOAD_BATCH_FILE_STATUSES)[number];

export const uploadBatchFileDtoSchema = z
  .object({
    file: z.string().describe('The file name (a zip member: its own name, without folders)'),
    archive: z.string().nullable().describe('The zip archive the file came out of, if any'),
    date: z
      .string()
      .nullable()
      .describe('First trade date the file holds, YYYY-MM-DD (from the file name when it was not read)'),
    lastDate: z.string().nullable().describe('Last trade date the file holds (the same as date for a daily file)'),
    rows: z.number().int().nullable().describe('Data rows in the file (null when it could not be read)'),
    status: z
      .enum(UPLOAD_BATCH_FILE_STATUSES)
      .describe('ok: loaded; refused: nothing of it written (see reason); skipped: the same bytes were loaded before'),
    reason: z.string().nullable().describe('Why the file was refused or skipped'),
    message: z.string().nullable().describe("The upload's answer in words when loaded"),
    problems: z.array(uploadRowProblemSchema).describe('The first row problems of a refused file (empty otherwise)'),
    uploadId: z
      .number()
      .int()
      .nullable()
      .describe('The upload record (loaded: this one; skipped: the earlier one with the same bytes)'),
    inserted: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    deleted: z.number().int(),
  })
  .describe('One file of a batch upload');
export type UploadBatchFileDto = z.infer<typeof uploadBatchFileDtoSchema>;

export const uploadBatchResultDtoSchema = z
  .object({
    message: z.string().describe('"25 files: 24 loaded (47,312 rows), 1 refused, 0 skipped"'),
    files: z.array(uploadBatchFileDtoSchema).describe('Every file, in the order loaded (date order)'),
    loaded: z.number().int(),
    refused: z.number().int(),
    skipped: z.number().int(),
    rows: z.number().int().describe('Data rows in the files loaded'),
    dates: z.array(z.string()).describe('Trade dates whose prices changed, ascending'),
    durationMs: z.number().int().describe('From receiving the files to the answer, in milliseconds'),
    listenersMs: z.number().int().describe('Of which the one refresh of what other areas derive from prices'),
  })
  .describe('The answer to a batch upload: every file with its outcome');
export type UploadBatchResultDto = z.infer<typeof uploadBatchResultDtoSchema>;
