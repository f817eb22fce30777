/**
 * POST /staff/uploads/<slug>: the answer to an accepted file, and the 400 answer of a rejected one
 * (its `details` carry the row problems, or what is wrong with the header).
 */
import { z } from 'zod';
import { errorSchema } from '../common.js';
import { uploadFileFormatSchema, uploadTypeSchema } from './types.js';

/** A size limit in words: whole megabytes ("50 MB"). */
export function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

/** The 413 message of a file over the size limit (the API's and the BFF's, whichever stops it). */
export function fileTooLargeMessage(maxBytes: number): string {
  return `The file is larger than the ${megabytes(maxBytes)} upload limit`;
}

/** Row problems sent back with a rejected file; the count covers them all. */
export const MAX_REPORTED_PROBLEMS = 20;

export const uploadResultDtoSchema = z
  .object({
    message: z
      .string()
      .describe('What the upload did, in words: "Stock prices: 1,998 rows for 2020-03-31 (1,998 new, 0 replaced)"'),
    uploadId: z.number().int(),
    kind: uploadTypeSchema,
    fileName: z.string(),
    fileFormat: uploadFileFormatSchema,
    layout: z.string().describe('The layout recognised'),
    fileSha256: z.string(),
    rowsInFile: z.number().int(),
    inserted: z.number().int(),
    updated: z.number().int().describe('Existing rows whose values changed (replaced)'),
    unchanged: z.number().int().describe('Existing rows with the same values (a re-upload changes nothing)'),
    deleted: z
      .number()
      .int()
      .describe('Rows a corrected price file removed (same date and symbol, series no longer listed)'),
    dates: z.array(z.string()).describe('Dates the file holds (trade dates for prices), YYYY-MM-DD, ascending'),
    adjustingEvents: z
      .number()
      .int()
      .optional()
      .describe(
        'Corporate actions only: the splits, consolidations and bonuses with an ex-date the file names (each event once, whatever the series): they adjust prices and holdings from their ex-date on',
      ),
    dividends: z
      .number()
      .int()
      .optional()
      .describe(
        'Corporate actions only: the dividends with an ex-date the file names (each once), recorded as cash per share',
      ),
    unclassified: z
      .array(z.string())
      .optional()
      .describe(
        'Corporate actions only: the PURPOSE texts that mention a split, bonus or consolidation but were not understood (nothing is adjusted for them), sorted',
      ),
    durationMs: z.number().int().describe('Time from receiving the file to the answer, in milliseconds'),
    listenersMs: z.number().int().describe('Of which other areas refreshing what they derive from market data'),
  })
  .describe('The answer to an accepted upload');
export type UploadResultDto = z.infer<typeof uploadResultDtoSchema>;

export const uploadRowProblemSchema = z.object({
  line: z.number().int().describe('1-based line of the file (or sheet row of a workbook)'),
  column: z.string().describe("The column's name as the layout calls it ('' when the problem is the whole row)"),
  message: z.string(),
});
export type UploadRowProblem = z.infer<typeof uploadRowProblemSchema>;

export const uploadRowProblemsDetailsSchema = z
  .object({
    problemCount: z.number().int().describe('Problems found in all'),
    problems: z.array(uploadRowProblemSchema).describe(`The first ${MAX_REPORTED_PROBLEMS} problems`),
  })
  .describe('Rows that failed the checks');
export type UploadRowProblemsDetails = z.infer<typeof uploadRowProblemsDetailsSchema>;

export const uploadHeaderDetailsSchema = z
  .object({
    layout: z.string().describe('The layout the header came closest to'),
    missingColumns: z.array(z.string()),
    unknownColumns: z.array(z.string()),
    repeatedColumns: z.array(z.string()),
  })
  .describe('A header that does not match the layout it resembles');
export type UploadHeaderDetails = z.infer<typeof uploadHeaderDetailsSchema>;

/** 400 of an upload endpoint: the common error, with the rows or the header in `details`. */
export const uploadRejectedSchema = errorSchema.extend({
  details: z.union([uploadRowProblemsDetailsSchema, uploadHeaderDetailsSchema]).optional(),
});
export type UploadRejectedBody = z.infer<typeof uploadRejectedSchema>;
