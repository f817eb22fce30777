/**
 * previewTradebookImport / importTradebook as GraphQL multipart requests (`operations`, `map`, file
 * part "0"): the app's Apollo link sends JSON only. The session cookie goes along (same origin);
 * `apollo-require-preflight` satisfies the BFF's CSRF prevention. A file with problems is an answer
 * (accepted: false), not an error.
 */
import { print } from 'graphql';
import {
  ImportTradebookDocument,
  PreviewTradebookImportDocument,
  type TradebookImportResultFieldsFragment,
} from '../../../__generated__/graphql';
import { notifySessionExpired } from '../../../lib/session-events';

export type TradebookImportResult = TradebookImportResultFieldsFragment;

export interface TradebookImportRequest {
  file: File;
  /** The firm's name (the mutation's `brokerageFirm`). */
  firmName: string;
  segmentName: string;
}

export class TradebookImportError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
  }
}

export async function sendTradebookImport(
  request: TradebookImportRequest,
  commit: boolean,
  endpoint = '/graphql',
): Promise<TradebookImportResult> {
  const [document, field, operationName] = commit
    ? ([ImportTradebookDocument, 'importTradebook', 'ImportTradebook'] as const)
    : ([PreviewTradebookImportDocument, 'previewTradebookImport', 'PreviewTradebookImport'] as const);
  const form = new FormData();
  const input = { file: null, brokerageFirm: request.firmName, segmentName: request.segmentName };
  form.append('operations', JSON.stringify({ query: print(document), operationName, variables: { input } }));
  form.append('map', JSON.stringify({ 0: ['variables.input.file'] }));
  form.append('0', request.file, request.file.name);
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'apollo-require-preflight': 'true', accept: 'application/graphql-response+json, application/json' },
      body: form,
    });
  } catch {
    throw new TradebookImportError('The server could not be reached; check the connection and try again.', 'NETWORK');
  }
  let body: {
    data?: Record<string, TradebookImportResult | null> | null;
    errors?: Array<{ message?: string; extensions?: { code?: string } }>;
  };
  try {
    body = (await response.json()) as typeof body;
  } catch {
    throw new TradebookImportError(
      `The server answered ${response.status}; please try again.`,
      String(response.status),
    );
  }
  const result = body.data?.[field];
  if (result && !body.errors?.length) return result;
  const error = body.errors?.[0];
  const code = error?.extensions?.code ?? null;
  if (code === 'UNAUTHENTICATED') notifySessionExpired();
  throw new TradebookImportError(error?.message ?? 'The import failed; please try again.', code);
}
