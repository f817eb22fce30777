/**
 * uploadMarketData as a GraphQL multipart request (the spec at
 * github.com/jaydenseric/graphql-multipart-request-spec: `operations`, `map`, file part "0"), sent
 * with XMLHttpRequest because fetch cannot report upload progress and the screen shows a
 * percentage while the file is sent. The session cookie goes along (same origin);
 * `apollo-require-preflight` satisfies the BFF's CSRF prevention.
 */
import { print } from 'graphql';
import {
  UploadMarketDataDocument,
  type UploadMarketDataMutation,
  type UploadType,
} from '../../../__generated__/graphql';
import { notifySessionExpired } from '../../../lib/session-events';

export interface RowProblem {
  line: number;
  column: string;
  message: string;
}

export type UploadOutcome =
  | { ok: true; result: UploadMarketDataMutation['uploadMarketData'] }
  | { ok: false; message: string | null; code: string | null; problems: RowProblem[]; problemCount: number };

interface GraphQLErrorShape {
  message?: string;
  extensions?: { code?: string; details?: { problems?: RowProblem[]; problemCount?: number } };
}

export interface UploadRequest {
  promise: Promise<UploadOutcome>;
  abort(): void;
}

export function sendUpload(
  type: UploadType,
  file: File,
  onProgress: (percent: number) => void,
  endpoint = '/graphql',
): UploadRequest {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<UploadOutcome>((resolve) => {
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({
        query: print(UploadMarketDataDocument),
        operationName: 'UploadMarketData',
        variables: { type, file: null },
      }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', file, file.name);

    xhr.open('POST', endpoint);
    xhr.withCredentials = true;
    xhr.setRequestHeader('apollo-require-preflight', 'true');
    xhr.setRequestHeader('accept', 'application/graphql-response+json, application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.upload.onload = () => onProgress(100);
    xhr.onerror = () => resolve({ ok: false, message: null, code: 'NETWORK', problems: [], problemCount: 0 });
    xhr.onabort = () => resolve({ ok: false, message: null, code: 'ABORTED', problems: [], problemCount: 0 });
    xhr.onload = () => {
      let body: { data?: UploadMarketDataMutation | null; errors?: GraphQLErrorShape[] } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        resolve({ ok: false, message: null, code: String(xhr.status), problems: [], problemCount: 0 });
        return;
      }
      if (body.data?.uploadMarketData && !body.errors?.length) {
        resolve({ ok: true, result: body.data.uploadMarketData });
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
