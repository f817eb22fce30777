/**
 * Uploads (spec section 7, Uploads (staff)), insight service: the upload types, one multipart
 * endpoint per type, the uploaded-dates calendar, the upload history and the balance-sheet
 * template. Staff and administrators only (the /staff prefix). @fastify/multipart is registered
 * here, for these routes only, with the configured size limit (413 beyond it).
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UPLOAD_TYPES } from '@bazaar/shared';
import { BadRequestError, PayloadTooLargeError, AppError } from '../../errors.js';
import { requireUser } from '../../auth/access.js';
import { ingestFile, UPLOAD_KIND_LIST, type IngestResult } from '../../ingest/index.js';
import type { UploadKind } from '../../ingest/kinds.js';
import { listPriceDateCounts, listUploadedPriceDates, listUploadHistory } from '../../db/queries/uploads.js';
import { balanceSheetTemplateCsv, BALANCE_SHEET_TEMPLATE_FILE_NAME } from '../../ingest/balance-sheets/template.js';
import { errorResponses } from '../schemas.js';

const tags = ['staff: uploads'];

const uploadTypeSchema = z
  .object({
    type: z.enum(UPLOAD_TYPES).describe('The upload type the client sends'),
    label: z.string().describe('Readable name for the type list ("Upload Stock Price")'),
    endpoint: z.string().describe('Where to POST the file (multipart, one part named file)'),
    description: z.string().describe('The accepted layouts, in words'),
    layouts: z
      .array(z.object({ id: z.string(), title: z.string(), columns: z.array(z.string()) }))
      .describe('Accepted column layouts'),
    acceptedFormats: z.array(z.string()).describe('csv, xls, xlsx: recognised by content'),
    templateUrl: z.string().nullable().describe('A downloadable template, for layouts the project defines'),
  })
  .describe('An upload type');

const uploadResultSchema = z
  .object({
    message: z
      .string()
      .describe('What the upload did, in words: "Stock prices: 1,998 rows for 2020-03-31 (1,998 new, 0 replaced)"'),
    uploadId: z.number().int(),
    kind: z.enum(UPLOAD_TYPES),
    fileName: z.string(),
    fileFormat: z.enum(['csv', 'xls', 'xlsx']),
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
    dates: z.array(z.string()).describe('Dates the file holds (trade dates for prices), ascending'),
    durationMs: z.number().int().describe('Time from receiving the file to the answer, in milliseconds'),
    listenersMs: z.number().int().describe('Of which other areas refreshing what they derive from market data'),
  })
  .describe('The answer to an accepted upload');

const uploadRecordSchema = z
  .object({
    id: z.number().int(),
    kind: z.string(),
    fileName: z.string(),
    fileSha256: z.string(),
    fileBytes: z.number().int(),
    fileFormat: z.string(),
    layout: z.string(),
    rowsInFile: z.number().int(),
    rowsInserted: z.number().int(),
    rowsUpdated: z.number().int(),
    rowsUnchanged: z.number().int(),
    rowsDeleted: z.number().int(),
    firstDate: z.string().nullable(),
    lastDate: z.string().nullable(),
    datesCount: z.number().int(),
    message: z.string(),
    uploadedBy: z.string().describe('Username of the uploader'),
    uploadedAt: z.string().describe('ISO timestamp'),
    durationMs: z.number().int(),
  })
  .describe('An accepted upload, as recorded');

const rejectionDescription =
  'Rejected files write nothing. 400: not a CSV/XLS/XLSX file, unrecognised header (the answer names missing and unknown columns, or the upload type the file belongs to), or bad rows (`details.problems`: the first 20 problems with line, column and message; `details.problemCount`: all of them). 413: larger than the size limit.';

function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

/** Reads the one file part named "file" into memory (within the size limit). */
async function readUploadedFile(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ fileName: string; bytes: Buffer }> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'Send the file as multipart/form-data with one part named "file"');
  }
  let found: { fileName: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new BadRequestError(`The file part must be named "file" (got "${part.fieldname.slice(0, 40)}")`);
      }
      if (found) {
        part.file.resume();
        throw new BadRequestError('Send one file per upload');
      }
      found = { fileName: part.filename, bytes: await part.toBuffer() };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new PayloadTooLargeError(`The file is larger than the ${megabytes(maxBytes)} upload limit`);
    if (code === 'FST_FILES_LIMIT') throw new BadRequestError('Send one file per upload');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new BadRequestError('The upload has too many form fields; send one part named "file"');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new AppError(415, 'Send the file as multipart/form-data with one part named "file"');
    // a body cut short or malformed multipart framing
    throw new BadRequestError('The upload could not be read (the multipart body is malformed or incomplete)');
  }
  if (!found) throw new BadRequestError('No file was sent: add one part named "file"');
  return found;
}

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: {
      fileSize: app.config.uploadMaxBytes,
      files: 1,
      fields: 10,
      parts: 12,
      fieldSize: 10_000,
      headerPairs: 100,
    },
    throwFileSizeLimit: true,
  });

  app.get(
    '/staff/uploads/types',
    {
      schema: {
        tags,
        summary: 'The six upload types',
        description:
          'Each type with its endpoint and a description of the accepted layouts; the upload screen lists them by `label`.',
        response: { 200: z.array(uploadTypeSchema), ...errorResponses(401, 403) },
      },
    },
    async () =>
      UPLOAD_KIND_LIST.map((kind) => ({
        type: kind.type,
        label: kind.label,
        endpoint: `/insight/staff/uploads/${kind.slug}`,
        description: kind.description,
        layouts: kind.layouts.map((layout) => ({
          id: layout.id,
          title: layout.title,
          columns: layout.columns.map((column) => column.names[0]!),
        })),
        acceptedFormats: ['csv', 'xls', 'xlsx'],
        templateUrl: kind.templateFileName ? `/insight/staff/uploads/templates/${kind.templateFileName}` : null,
      })),
  );

  for (const kind of UPLOAD_KIND_LIST) registerUploadEndpoint(kind);

  function registerUploadEndpoint(kind: UploadKind): void {
    app.post(
      `/staff/uploads/${kind.slug}`,
      {
        schema: {
          tags,
          summary: `${kind.label} (${kind.type})`,
          description: `${kind.description}\n\nMultipart form with one file part named \`file\` (csv, xls or xlsx, recognised by content; at most ${megabytes(app.config.uploadMaxBytes)}). The whole file is one transaction. ${rejectionDescription}`,
          consumes: ['multipart/form-data'],
          response: { 200: uploadResultSchema, ...errorResponses(400, 401, 403, 413, 415) },
        },
      },
      async (request): Promise<IngestResult> => {
        const user = requireUser(request);
        const { fileName, bytes } = await readUploadedFile(request, app.config.uploadMaxBytes);
        return ingestFile(app, kind.type, fileName, bytes, { id: user.id, username: user.username });
      },
    );
  }

  registerUploadedDates(app);

  app.get(
    '/staff/uploads/stock-price/date-counts',
    {
      schema: {
        tags,
        summary: 'Price rows per uploaded date',
        description:
          'Each trading day that has prices with its number of price rows (every series), ascending. The calendar shows the count on hover.',
        response: {
          200: z.array(z.object({ tradeDate: z.string(), rowCount: z.number().int() })),
          ...errorResponses(401, 403),
        },
      },
    },
    async () => listPriceDateCounts(app.db),
  );

  app.get(
    '/staff/uploads/history',
    {
      schema: {
        tags,
        summary: 'Accepted uploads, newest first',
        description:
          'Who uploaded what and when, with the file name, SHA-256 and row counts. Rejected files are not recorded (they wrote nothing).',
        querystring: z.object({
          limit: z.coerce
            .number({ error: 'limit must be a whole number' })
            .int('limit must be a whole number')
            .min(1, 'limit must be at least 1')
            .max(200, 'limit must be at most 200')
            .default(50),
          offset: z.coerce
            .number({ error: 'offset must be a whole number' })
            .int('offset must be a whole number')
            .min(0, 'offset must be 0 or more')
            .default(0),
          kind: z.enum(UPLOAD_TYPES, { error: `kind must be one of ${UPLOAD_TYPES.join(', ')}` }).optional(),
        }),
        response: {
          200: z.object({ total: z.number().int(), items: z.array(uploadRecordSchema) }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => listUploadHistory(app.db, request.query),
  );

  app.get(
    `/staff/uploads/templates/${BALANCE_SHEET_TEMPLATE_FILE_NAME}`,
    {
      schema: {
        tags,
        summary: 'Balance-sheet upload template (CSV)',
        description: 'The table layout of UPLOAD_FINANCIAL_STATEMENT with two example rows that balance.',
        produces: ['text/csv'],
        response: { 200: z.string(), ...errorResponses(401, 403) },
      },
    },
    async (_request, reply: FastifyReply) => {
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${BALANCE_SHEET_TEMPLATE_FILE_NAME}"`);
      return balanceSheetTemplateCsv();
    },
  );
};

/**
 * GET /staff/uploads/stock-price/uploaded-dates: one handler, registered under /insight (the
 * issue) and /api (the spec lists it with the main service's reference data).
 */
function registerUploadedDates(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/staff/uploads/stock-price/uploaded-dates',
    {
      schema: {
        tags,
        summary: 'Dates with uploaded stock prices',
        description: 'Trading days that have prices, as YYYY-MM-DD strings, ascending. Served under /insight and /api.',
        response: { 200: z.array(z.string()), ...errorResponses(401, 403) },
      },
    },
    async () => listUploadedPriceDates(app.db),
  );
}

/** Main service (/api): the uploaded-dates list only. */
export const uploadedDatesRoutes: FastifyPluginAsyncZod = async (app) => {
  registerUploadedDates(app);
};
