/**
 * Limits of GraphQL multipart uploads beyond graphql-upload's own (each file within UPLOAD_MAX_BYTES,
 * at most UPLOAD_MAX_FILES files): docs/decisions.md#bulk-backfill-through-the-bff.
 * - `multipartBodyLimit`, before graphql-upload: a multipart body over `maxBytes` in all (by its
 *   Content-Length, which a multipart request must send) is answered 413 at once, so a batch cannot
 *   make the BFF buffer UPLOAD_MAX_FILES × UPLOAD_MAX_BYTES to disk.
 * - `oneFileUnlessBatch`, after it: only an operation that selects a batch field
 *   (uploadStockPriceBatch) may carry more than one file; any other keeps the one-file rule, and
 *   is refused before its files are stored.
 */
import type { NextFunction, Request, Response } from 'express';
import { Kind } from 'graphql';
import Upload from 'graphql-upload/Upload.mjs';
import { megabytes } from '@bazaar/shared/contract';
import { operationOf } from './graphql-limits.js';

/** Root fields that take many files. */
const BATCH_FIELDS = new Set(['uploadStockPriceBatch']);

function refuse(response: Response, status: number, message: string, code: string): void {
  response.setHeader('connection', 'close');
  response.status(status).json({ errors: [{ message, extensions: { code, status } }] });
}

const isMultipart = (request: Request) => /^multipart\/form-data/i.test(request.headers['content-type'] ?? '');

export function multipartBodyLimit(maxBytes: number) {
  const message = `The upload is larger than the ${megabytes(maxBytes)} a request may carry; send the files in several batches`;
  return (request: Request, response: Response, next: NextFunction) => {
    if (!isMultipart(request)) return next();
    // the body ends where Content-Length says (HTTP framing), so checking the header bounds it;
    // browsers always send it with a FormData body
    const declared = Number(request.headers['content-length']);
    if (!Number.isFinite(declared) || request.headers['content-length'] === undefined) {
      refuse(response, 411, 'An upload must declare its Content-Length', 'BAD_REQUEST');
      request.resume();
      return;
    }
    if (declared > maxBytes) {
      refuse(response, 413, message, 'PAYLOAD_TOO_LARGE');
      request.resume();
      return;
    }
    next();
  };
}

/** Upload instances anywhere under `value` (the variables graphql-upload filled in). */
function countUploads(value: unknown, seen = new Set<unknown>()): number {
  if (value instanceof Upload) return 1;
  if (!value || typeof value !== 'object' || seen.has(value)) return 0;
  seen.add(value);
  return Object.values(value as Record<string, unknown>).reduce<number>(
    (sum, child) => sum + countUploads(child, seen),
    0,
  );
}

/** Whether the operation a body names selects a batch field (unparseable: no, Apollo reports it). */
function selectsBatchField(body: unknown): boolean {
  const operation = operationOf(body, 10_000)?.operation;
  return Boolean(
    operation?.selectionSet.selections.some(
      (selection) => selection.kind === Kind.FIELD && BATCH_FIELDS.has(selection.name.value),
    ),
  );
}

export function oneFileUnlessBatch() {
  return (request: Request, response: Response, next: NextFunction) => {
    if (!isMultipart(request)) return next();
    const operations: unknown[] = Array.isArray(request.body) ? request.body : [request.body];
    for (const operation of operations) {
      // files mapped anywhere in the operation are stored, not only those under its variables
      const files = countUploads(operation);
      if (files > 1 && !selectsBatchField(operation)) {
        refuse(
          response,
          413,
          '1 max file uploads exceeded (only uploadStockPriceBatch takes several)',
          'PAYLOAD_TOO_LARGE',
        );
        return;
      }
    }
    next();
  };
}
