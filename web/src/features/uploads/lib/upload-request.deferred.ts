/**
 * uploadMarketData and uploadStockPriceBatch as GraphQL multipart requests (the spec at
 * github.com/jaydenseric/graphql-multipart-request-spec: `operations`, `map`, file parts "0", "1"…),
 * sent with XMLHttpRequest because fetch cannot report upload progress and the screen shows how
 * much was sent. The session cookie goes along (same origin); `apollo-require-preflight`
 * satisfies the BFF's CSRF prevention.
 */
import { print, type DocumentNode } from 'graphql';
import {
  UploadMarketDataDocument,
  UploadStockPriceBatchDocument,
  type UploadMarketDataMutation,
  type UploadStockPriceBatchMutation,
  type UploadType,
} from '../../../__generated__/graphql';
import { notifySessionExpired } from '../../../lib/session-events';

export interface RowProblem {
  line: number;
  column: string;
  message: string;
}

export type UploadFailure = {
  ok: false;
  message: string | null;
  code: string | null;
  problems: RowProblem[];
  problemCount: number;
};

export type UploadOutcome = { ok: true; result: UploadMarketDataMutation['uploadMarketData'] } | UploadFailure;

export type BatchOutcome = { ok: true; result: UploadStockPriceBatchMutation['uploadStockPriceBatch'] } | UploadFailure;

interface GraphQLErrorShape {
  message?: string;
  extensions?: { code?: string; details?: { problems?: RowProblem[]; problemCount?: number } };
}

export interface UploadRequest<T = UploadOutcome> {
  promise: Promise<T>;
  abort(): void;
}

const failure = (code: string | null, message: string | null = null): UploadFailure => ({
  ok: false,
  message,
  code,
  problems: [],
  problemCount: 0,
});

/**
 * Posts `document` with `files` mapped to `variables.<paths[i]>`; answers the field `field` of the
 * data, or the first error. `onProgress(loaded, total)` reports the bytes sent.
 */
function sendFiles<T>(
  document: DocumentNode,
  operationName: string,
  field: string,
  variables: Record<string, unknown>,
  files: Array<{ path: string; file: File }>,
  onProgress: (loaded: number, total: number) => void,
  endpoint: string,
): UploadRequest<{ ok: true; result: T } | UploadFailure> {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<{ ok: true; result: T } | UploadFailure>((resolve) => {
    const form = new FormData();
    form.append('operations', JSON.stringify({ query: print(document), operationName, variables }));
    form.append('map', JSON.stringify(Object.fromEntries(files.map((entry, index) => [index, [entry.path]]))));
    files.forEach((entry, index) => form.append(String(index), entry.file, entry.file.name));

    xhr.open('POST', endpoint);
    xhr.withCredentials = true;
    xhr.setRequestHeader('apollo-require-preflight', 'true');
    xhr.setRequestHeader('accept', 'application/graphql-response+json, application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded, event.total);
    };
    xhr.upload.onload = () => onProgress(1, 1);
    xhr.onerror = () => resolve(failure('NETWORK'));
    xhr.onabort = () => resolve(failure('ABORTED'));
    xhr.onload = () => {
      let body: { data?: Record<string, T | null> | null; errors?: GraphQLErrorShape[] } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        resolve(failure(String(xhr.status)));
        return;
      }
      const result = body.data?.[field];
      if (result && !body.errors?.length) {
        resolve({ ok: true, result });
        return;
      }
      const error = body.errors?.[0];
      const code = error?.extensions?.code ?? null;
      if (code === 'UNAUTHENTICATED') notifySessionExpired();
      resolve({
        ok: false,
        message: error?.message ?? null,
        code,
        problems: error?.extensions?.details?.problems ?? [],
        problemCount: error?.extensions?.details?.problemCount ?? 0,
      });
    };
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}

/**
 * One file of `type`; `onProgress` gets the percentage sent. `index`: an index-prices file's index, for a file that
 * does not name it (NSE's historical download).
 */
export function sendUpload(
  type: UploadType,
  file: File,
  onProgress: (percent: number) => void,
  endpoint = '/graphql',
  index?: string,
): UploadRequest {
  return sendFiles<UploadMarketDataMutation['uploadMarketData']>(
    UploadMarketDataDocument,
    'UploadMarketData',
    'uploadMarketData',
    index ? { type, file: null, index } : { type, file: null },
    [{ path: 'variables.file', file }],
    (loaded, total) => onProgress(Math.min(100, Math.round((loaded / total) * 100))),
    endpoint,
  );
}

/**
 * Many stock-price files (and zip archives) in one request (docs/product/uploads.md#bulk-backfill):
 * `onProgress` gets the fraction of the bytes sent, from which the screen tells which file is on its way.
 */
export function sendBatchUpload(
  files: File[],
  onProgress: (fraction: number) => void,
  endpoint = '/graphql',
): UploadRequest<BatchOutcome> {
  return sendFiles<UploadStockPriceBatchMutation['uploadStockPriceBatch']>(
    UploadStockPriceBatchDocument,
    'UploadStockPriceBatch',
    'uploadStockPriceBatch',
    { files: files.map(() => null) },
    files.map((file, index) => ({ path: `variables.files.${index}`, file })),
    (loaded, total) => onProgress(Math.min(1, loaded / total)),
    endpoint,
  );
}
