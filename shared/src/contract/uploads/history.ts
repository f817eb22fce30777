/** GET /staff/uploads/history: accepted uploads, newest first, a page at a time. */
import { z } from 'zod';
import { isoTimestampSchema } from '../common.js';
import { UPLOAD_TYPES } from '../../constants.js';
import { uploadFileFormatSchema, uploadTypeSchema } from './types.js';

/** Largest page of the upload history. */
export const UPLOAD_HISTORY_MAX_LIMIT = 200;

export const uploadHistoryQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(UPLOAD_HISTORY_MAX_LIMIT, `limit must be at most ${UPLOAD_HISTORY_MAX_LIMIT}`)
    .default(50),
  offset: z.coerce
    .number({ error: 'offset must be a whole number' })
    .int('offset must be a whole number')
    .min(0, 'offset must be 0 or more')
    .default(0),
  kind: z.enum(UPLOAD_TYPES, { error: `kind must be one of ${UPLOAD_TYPES.join(', ')}` }).optional(),
});
/** What a caller may send (everything optional); the API reads the parsed form. */
export type UploadHistoryQuery = z.input<typeof uploadHistoryQuerySchema>;

export const uploadRecordDtoSchema = z
  .object({
    id: z.number().int(),
    kind: uploadTypeSchema,
    fileName: z.string(),
    fileSha256: z.string(),
    fileBytes: z.number().int(),
    fileFormat: uploadFileFormatSchema,
    layout: z.string(),
    rowsInFile: z.number().int(),
    rowsInserted: z.number().int(),
    rowsUpdated: z.number().int(),
    rowsUnchanged: z.number().int(),
    rowsDeleted: z.number().int(),
    firstDate: z.string().nullable().describe('First date the file held, YYYY-MM-DD'),
    lastDate: z.string().nullable().describe('Last date the file held, YYYY-MM-DD'),
    datesCount: z.number().int(),
    message: z.string(),
    uploadedBy: z.string().describe('Username of the uploader'),
    uploadedAt: isoTimestampSchema,
    durationMs: z.number().int(),
  })
  .describe('An accepted upload, as recorded');
export type UploadRecordDto = z.infer<typeof uploadRecordDtoSchema>;

export const uploadHistoryPageDtoSchema = z.object({
  total: z.number().int().describe('Accepted uploads in all (of the kind asked for, if any)'),
  items: z.array(uploadRecordDtoSchema),
});
export type UploadHistoryPageDto = z.infer<typeof uploadHistoryPageDtoSchema>;
