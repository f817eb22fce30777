/**
 * POST /user/holding/import (docs/product/portfolio.md#tradebook-import): the caller's tradebook
 * (multipart: `file`, `brokerageFirm`, `segment`) previewed (`?dryRun=true`) or imported into their
 * holdings (api/src/tradebook/import.ts: read in a worker thread with caps on rows, line length and
 * columns, planned in linear time, within a time limit). One import at a time per caller and a few
 * a minute (docs/decisions.md#tradebook-imports-bounded-per-account). @fastify/multipart is
 * registered here, for this route only.
 */
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { KeyedSlots, MAX_TRADEBOOK_BYTES, MAX_TRADEBOOK_CELL_LENGTH, MAX_TRADEBOOK_TRADES } from '@bazaar/shared';
import { takeRate } from '@bazaar/shared/counters';
import {
  errorResponses,
  fileTooLargeMessage,
  megabytes,
  tradebookImportQuerySchema,
  tradebookImportRejectedSchema,
  tradebookImportReportDtoSchema,
  type TradebookImportReportDto,
} from '@bazaar/shared/contract';
import { requireUser } from '../../auth/access.js';
import { AppError, BadRequestError, PayloadTooLargeError, TooManyRequestsError } from '../../errors.js';
import { importTradebook, type TradebookImportLimits } from '../../tradebook/import.js';

/** The longest an import may take, reading included; then 503 and nothing written. */
export const TRADEBOOK_IMPORT_TIMEOUT_MS = 30_000;
/** A tradebook line: 13 short columns (Zerodha's) are about 200 characters. */
const MAX_TRADEBOOK_LINE_LENGTH = 4 * MAX_TRADEBOOK_CELL_LENGTH;
const MAX_TRADEBOOK_COLUMNS = 50;

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
  const limits: TradebookImportLimits = {
    read: {
      maxUncompressedBytes: Math.min(app.config.uploadMaxUncompressedBytes, 64 * 1024 * 1024),
      maxEntries: app.config.uploadMaxArchiveEntries,
      maxRows: MAX_TRADEBOOK_TRADES + 1,
      maxColumns: MAX_TRADEBOOK_COLUMNS,
      maxCells: Math.min(app.config.uploadMaxWorkbookCells, (MAX_TRADEBOOK_TRADES + 1) * 20),
      maxSharedStringBytes: 16 * 1024 * 1024,
      maxLineLength: MAX_TRADEBOOK_LINE_LENGTH,
      timeoutMs: app.config.uploadWorkbookTimeoutMs,
      memoryMb: app.config.uploadWorkbookMemoryMb,
    },
    timeoutMs: TRADEBOOK_IMPORT_TIMEOUT_MS,
  };
  // per process; the database's advisory lock keeps it to one at a time across instances too
  const running = new KeyedSlots(1);
  // the starts a minute are a shared counter: every instance counts them together
  const perMinute = app.config.tradebookImportsPerMinute;

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
      const release = running.take(String(userId));
      if (!release)
        throw new TooManyRequestsError(
          'Another import of yours is still running: wait for it to finish, then try again',
          5,
        );
      try {
        const wait = await takeRate(app.counters, `import:${userId}`, perMinute);
        if (wait > 0)
          throw new TooManyRequestsError(
            `You may start ${perMinute} imports a minute: try again in ${wait} seconds`,
            wait,
          );
        const form = await readImportForm(request);
        const firmId = /^\d{1,9}$/.test(form.brokerageFirm) ? Number(form.brokerageFirm) : undefined;
        const { accepted, report } = await importTradebook(
          app.db,
          userId,
          {
            brokerageFirm: firmId !== undefined ? { id: firmId } : { name: form.brokerageFirm },
            segmentName: form.segment,
            bytes: form.bytes,
            dryRun: request.query.dryRun,
          },
          limits,
        );
        return answer(reply, accepted, report);
      } finally {
        release();
      }
    },
  );
};

function answer(reply: FastifyReply, accepted: boolean, report: TradebookImportReportDto) {
  if (accepted) return report;
  const count = report.problemsTotal;
  reply.code(400);
  return {
    status: 400,
    error: 'Bad Request',
    message: `The tradebook has ${count === 1 ? 'a problem' : `${count.toLocaleString('en-IN')} problems`}; nothing was imported`,
    details: report,
    ...report,
  };
}
