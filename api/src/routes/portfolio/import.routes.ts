/**
 * POST /user/holding/import (docs/product/portfolio.md#tradebook-import): the caller's tradebook
 * (multipart: `file`, `brokerageFirm`, `segment`) previewed (`?dryRun=true`) or imported into their
 * holdings. The file is read by the uploads area's table reader (CSV in place, workbooks in its
 * worker thread with its caps). @fastify/multipart is registered here, for this route only.
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_TRADEBOOK_BYTES, MAX_TRADEBOOK_TRADES } from '@bazaar/shared';
import {
  errorResponses,
  fileTooLargeMessage,
  megabytes,
  tradebookImportQuerySchema,
  tradebookImportRejectedSchema,
  tradebookImportReportDtoSchema,
} from '@bazaar/shared/contract';
import { requireUser } from '../../auth/access.js';
import { AppError, BadRequestError, PayloadTooLargeError } from '../../errors.js';
import { importTradebook } from '../../db/queries/portfolio/import.js';
import { openTable, type FileLimits } from '../../uploads/file/table.js';

interface ImportForm {
  bytes: Buffer;
  brokerageFirm: string;
  segment: string;
}

const FORM_MESSAGE = 'Send multipart/form-data with the parts "file", "brokerageFirm" and "segment"';

/** Reads the form: one file part and the two text parts, the file within the size limit. */
async function readImportForm(request: FastifyRequest): Promise<ImportForm> {
  if (!request.isMultipart()) throw new AppError(415, FORM_MESSAGE);
  let bytes: Buffer | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || bytes) {
          part.file.resume();
          throw new BadRequestError(bytes ? 'Send one file' : `The file part must be named "file"`);
        }
        bytes = await part.toBuffer();
      } else if (part.fieldname === 'brokerageFirm' || part.fieldname === 'segment') {
        fields[part.fieldname] = String(part.value ?? '').trim();
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeError(fileTooLargeMessage(MAX_TRADEBOOK_BYTES));
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError(415, FORM_MESSAGE);
    if (code === 'FST_FILES_LIMIT') throw new BadRequestError('Send one file');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new BadRequestError(FORM_MESSAGE);
    throw new BadRequestError('The upload could not be read (the multipart body is malformed or incomplete)');
  }
  if (!bytes) throw new BadRequestError('No file was sent: add one part named "file"');
  if (!fields.brokerageFirm) throw new BadRequestError('Brokerage Firm is required!');
  if (!fields.segment) throw new BadRequestError('Segment is required!');
  return { bytes, brokerageFirm: fields.brokerageFirm, segment: fields.segment };
}

export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_TRADEBOOK_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1_000, headerPairs: 100 },
    throwFileSizeLimit: true,
  });

  // a tradebook is far smaller than a market-data file: the workbook caps are the uploads
  // area's archive and time limits with rows and cells cut to a tradebook's size
  const limits: FileLimits = {
    maxUncompressedBytes: Math.min(app.config.uploadMaxUncompressedBytes, 64 * 1024 * 1024),
    maxEntries: app.config.uploadMaxArchiveEntries,
    maxRows: MAX_TRADEBOOK_TRADES + 1,
    maxColumns: 50,
    maxCells: Math.min(app.config.uploadMaxWorkbookCells, (MAX_TRADEBOOK_TRADES + 1) * 20),
    maxSharedStringBytes: 16 * 1024 * 1024,
    timeoutMs: app.config.uploadWorkbookTimeoutMs,
    memoryMb: app.config.uploadWorkbookMemoryMb,
  };

  app.post(
    '/user/holding/import',
    {
      schema: {
        tags: ['user: holdings'],
        summary: 'Import a tradebook into my holdings',
        description:
          `Multipart form: \`file\` (csv, xls or xlsx, recognised by content; at most ${megabytes(MAX_TRADEBOOK_BYTES)}; ` +
          'layouts recognised by header: the Zerodha Console equity tradebook, the generic `date, symbol, side, quantity, price, exchange[, trade_id]`, ' +
          'or the holdings export), `brokerageFirm` (the firm’s id or name) and `segment` (the segment’s name). Buys become holdings; a sell closes the ' +
          'oldest open lots of its symbol at that firm and segment first (FIFO), splitting a lot partly sold. Trades imported before (same firm and ' +
          'trade_id, or the same row without an id) are skipped. `?dryRun=true` (the default) previews: nothing is written. 200: the report; 400: the ' +
          'file has problems (each by line), nothing written, the report beside the error (and in `details`); other 400s: unknown firm or segment, bad form.',
        consumes: ['multipart/form-data'],
        querystring: tradebookImportQuerySchema,
        response: {
          200: tradebookImportReportDtoSchema,
          400: tradebookImportRejectedSchema,
          ...errorResponses(401, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const userId = requireUser(request).id;
      const form = await readImportForm(request);
      const table = await openTable(form.bytes, limits);
      const firmId = /^\d{1,9}$/.test(form.brokerageFirm) ? Number(form.brokerageFirm) : undefined;
      const { accepted, report } = await importTradebook(app.db, userId, {
        brokerageFirm: firmId !== undefined ? { id: firmId } : { name: form.brokerageFirm },
        segmentName: form.segment,
        table,
        dryRun: request.query.dryRun,
      });
      if (accepted) return report;
      const count = report.problems.length;
      reply.code(400);
      return {
        status: 400,
        error: 'Bad Request',
        message: `The tradebook has ${count === 1 ? 'a problem' : `${count} problems`}; nothing was imported`,
        details: report,
        ...report,
      };
    },
  );
};
