/**
 * Uploads (docs/product/uploads.md), insight service: the upload types, one multipart
 * endpoint per type, the uploaded-dates calendar, the upload history and the balance-sheet
 * template. Staff and administrators only (the /staff prefix). @fastify/multipart is registered
 * here, for these routes only, with the configured size limit (413 beyond it).
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponses,
  fileTooLargeMessage,
  megabytes,
  UPLOAD_FILE_FORMATS,
  uploadedDateCountsSchema,
  uploadedDatesSchema,
  uploadEndpoint,
  uploadHistoryPageDtoSchema,
  uploadHistoryQuerySchema,
  uploadRejectedSchema,
  uploadResultDtoSchema,
  uploadTemplateSchema,
  uploadTypeListSchema,
  uploadBatchResultDtoSchema,
  type UploadBatchResultDto,
  type UploadResultDto,
} from '@bazaar/shared/contract';
import { BadRequestError, PayloadTooLargeError, AppError } from '../../errors.js';
import { requireUser } from '../../auth/access.js';
import { uploadFile, UPLOAD_TYPE_INFO_LIST, type UploadTypeInfo } from '../../ingest/index.js';
import { expandArchives, uploadStockPriceBatch } from '../../ingest/batch.js';
import { listPriceDateCounts, listUploadedPriceDates, listUploadHistory } from '../../db/queries/uploads/index.js';
import { balanceSheetTemplateCsv, BALANCE_SHEET_TEMPLATE_FILE_NAME } from '../../ingest/balance-sheets/template.js';

const tags = ['staff: uploads'];

const rejectionDescription =
  'Rejected files write nothing. 400: not a CSV/XLS/XLSX file, unrecognised header (the answer names missing and unknown columns, or the upload type the file belongs to), or bad rows (`details.problems`: the first 20 problems with line, column and message; `details.problemCount`: all of them). 413: larger than the size limit.';

/** Reads the one file part named "file" into memory (within the size limit). */
async function readUploadedFile(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ fileName: string; bytes: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'Send the file as multipart/form-data with one part named "file"');
  }
  let found: { fileName: string; bytes: Buffer } | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        // the text fields an upload type reads (index prices: `index`), each short
        if (part.fieldname === 'index') fields.index = String(part.value ?? '').slice(0, 200);
        continue;
      }
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
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeError(fileTooLargeMessage(maxBytes));
    if (code === 'FST_FILES_LIMIT') throw new BadRequestError('Send one file per upload');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new BadRequestError('The upload has too many form fields; send one part named "file"');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new AppError(415, 'Send the file as multipart/form-data with one part named "file"');
    // a body cut short or malformed multipart framing
    throw new BadRequestError('The upload could not be read (the multipart body is malformed or incomplete)');
  }
  if (!found) throw new BadRequestError('No file was sent: add one part named "file"');
  return { ...found, fields };
}

const MULTIPART_MESSAGE = 'Send the files as multipart/form-data, each in a part named "file"';

/**
 * Reads every part named "file" of a batch into memory: at most `maxFiles` parts, each within the
 * single-upload size limit, all together within `maxTotalBytes` (413 beyond either).
 */
async function readUploadedFiles(
  request: FastifyRequest,
  limits: { maxFileBytes: number; maxFiles: number; maxTotalBytes: number },
): Promise<Array<{ name: string; bytes: Buffer }>> {
  if (!request.isMultipart()) throw new AppError(415, MULTIPART_MESSAGE);
  const files: Array<{ name: string; bytes: Buffer }> = [];
  let total = 0;
  try {
    for await (const part of request.parts({
      limits: { files: limits.maxFiles, parts: limits.maxFiles + 10, fileSize: limits.maxFileBytes },
    })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new BadRequestError(`Each file part must be named "file" (got "${part.fieldname.slice(0, 40)}")`);
      }
      const bytes = await part.toBuffer();
      total += bytes.length;
      if (total > limits.maxTotalBytes)
        throw new PayloadTooLargeError(
          `The files together are larger than the ${megabytes(limits.maxTotalBytes)} limit of one batch; send them in several batches`,
        );
      files.push({ name: part.filename, bytes });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeError(fileTooLargeMessage(limits.maxFileBytes));
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new BadRequestError(`Send at most ${limits.maxFiles.toLocaleString('en-US')} files in one batch`);
    if (code === 'FST_FIELDS_LIMIT') throw new BadRequestError('The upload has too many form fields');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError(415, MULTIPART_MESSAGE);
    throw new BadRequestError('The upload could not be read (the multipart body is malformed or incomplete)');
  }
  if (files.length === 0) throw new BadRequestError('No file was sent: add one or more parts named "file"');
  return files;
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
        response: { 200: uploadTypeListSchema, ...errorResponses(401, 403) },
      },
    },
    async () =>
      UPLOAD_TYPE_INFO_LIST.map((info) => ({
        type: info.type,
        label: info.label,
        endpoint: `/insight${uploadEndpoint(info.type)}`,
        description: info.description,
        layouts: info.layouts.map((layout) => ({
          id: layout.id,
          title: layout.title,
          columns: layout.columns.map((column) => column.names[0]!),
        })),
        acceptedFormats: [...UPLOAD_FILE_FORMATS],
        templateUrl: info.templateFileName ? `/insight/staff/uploads/templates/${info.templateFileName}` : null,
      })),
  );

  for (const info of UPLOAD_TYPE_INFO_LIST) registerUploadEndpoint(info);

  function registerUploadEndpoint(info: UploadTypeInfo): void {
    app.post(
      uploadEndpoint(info.type),
      {
        schema: {
          tags,
          summary: `${info.label} (${info.type})`,
          description: `${info.description}\n\nMultipart form with one file part named \`file\` (csv, xls or xlsx, recognised by content; at most ${megabytes(app.config.uploadMaxBytes)}). The whole file is one transaction. ${rejectionDescription}`,
          consumes: ['multipart/form-data'],
          response: { 200: uploadResultDtoSchema, 400: uploadRejectedSchema, ...errorResponses(401, 403, 413, 415) },
        },
      },
      async (request): Promise<UploadResultDto> => {
        const user = requireUser(request);
        const { fileName, bytes, fields } = await readUploadedFile(request, app.config.uploadMaxBytes);
        const indexName = fields.index?.trim() ? fields.index.trim() : undefined;
        return uploadFile(app, info.type, fileName, bytes, { id: user.id, username: user.username }, { indexName });
      },
    );
  }

  app.post(
    `${uploadEndpoint('UPLOAD_STOCK_PRICE')}/batch`,
    {
      schema: {
        tags,
        summary: 'Many stock-price files at once (bulk backfill)',
        description: `Multipart form with one part named \`file\` per file (at most ${app.config.uploadBatchMaxFiles} files, ${megabytes(app.config.uploadBatchMaxBytes)} in all, each within ${megabytes(app.config.uploadMaxBytes)}). A part may be a .zip archive of bhavcopies (NSE's daily zips, or a folder of files zipped; zips inside it are opened too); the archives together may expand to ${megabytes(app.config.uploadMaxUncompressedBytes)}. The files are loaded in date order, each in its own transaction: a bad file is refused alone with its reason (in \`files\`), the others land; a file whose bytes were loaded before (SHA-256) is skipped. What other areas derive from prices is refreshed once, before the answer. 400: no file, too many files; 413: a batch over the size limit.`,
        consumes: ['multipart/form-data'],
        response: { 200: uploadBatchResultDtoSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request): Promise<UploadBatchResultDto> => {
      const user = requireUser(request);
      const maxFiles = app.config.uploadBatchMaxFiles;
      const inputs = await readUploadedFiles(request, {
        maxFileBytes: app.config.uploadMaxBytes,
        maxFiles,
        maxTotalBytes: app.config.uploadBatchMaxBytes,
      });
      const sources = expandArchives(app, inputs, maxFiles);
      if (sources.length > maxFiles)
        throw new BadRequestError(
          `The batch holds ${sources.length.toLocaleString('en-US')} files with the members of its archives; at most ${maxFiles.toLocaleString('en-US')} are allowed`,
        );
      return uploadStockPriceBatch(app, sources, { id: user.id, username: user.username });
    },
  );

  registerUploadedDates(app);

  app.get(
    '/staff/uploads/stock-price/date-counts',
    {
      schema: {
        tags,
        summary: 'Price rows per uploaded date',
        description:
          'Each trading day that has prices with its number of price rows (every series), ascending. The calendar shows the count on hover.',
        response: { 200: uploadedDateCountsSchema, ...errorResponses(401, 403) },
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
        querystring: uploadHistoryQuerySchema,
        response: { 200: uploadHistoryPageDtoSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { limit, offset, kind } = request.query;
      return listUploadHistory(app.db, { limit, offset, uploadType: kind });
    },
  );

  app.get(
    `/staff/uploads/templates/${BALANCE_SHEET_TEMPLATE_FILE_NAME}`,
    {
      schema: {
        tags,
        summary: 'Balance-sheet upload template (CSV)',
        description: 'The table layout of UPLOAD_FINANCIAL_STATEMENT with two example rows that balance.',
        produces: ['text/csv'],
        response: { 200: uploadTemplateSchema, ...errorResponses(401, 403) },
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
 * GET /staff/uploads/stock-price/uploaded-dates: one handler, registered under /insight (with the
 * other uploads) and /api (docs/product/uploads.md lists it with the main service's reference data).
 */
function registerUploadedDates(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/staff/uploads/stock-price/uploaded-dates',
    {
      schema: {
        tags,
        summary: 'Dates with uploaded stock prices',
        description: 'Trading days that have prices, as YYYY-MM-DD strings, ascending. Served under /insight and /api.',
        response: { 200: uploadedDatesSchema, ...errorResponses(401, 403) },
      },
    },
    async () => listUploadedPriceDates(app.db),
  );
}

/** Main service (/api): the uploaded-dates list only. */
export const uploadedDatesRoutes: FastifyPluginAsyncZod = async (app) => {
  registerUploadedDates(app);
};
