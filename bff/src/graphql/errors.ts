/**
 * REST status -> GraphQL error code, in one place. The REST message travels as the GraphQL
 * message so screens show the server's words.
 */
import { GraphQLError } from 'graphql';

export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'TOO_MANY_REQUESTS'
  | 'UPSTREAM_UNAVAILABLE'
  | 'INTERNAL_SERVER_ERROR';

export function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'TOO_MANY_REQUESTS';
  if (status >= 400 && status < 500) return 'BAD_USER_INPUT';
  return 'UPSTREAM_UNAVAILABLE';
}

const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  BAD_USER_INPUT: 'The request is not valid',
  UNAUTHENTICATED: 'Please log in to continue',
  FORBIDDEN: 'You do not have permission to do this',
  NOT_FOUND: 'Not found',
  CONFLICT: 'This conflicts with existing data',
  PAYLOAD_TOO_LARGE: 'The file is too large',
  TOO_MANY_REQUESTS: 'Too many requests; please wait a moment and try again',
  UPSTREAM_UNAVAILABLE: 'The service is temporarily unavailable; please try again shortly',
  INTERNAL_SERVER_ERROR: 'Something went wrong on our side; please try again later',
};

/** Extracts a readable message from a REST error body (`{message}` JSON or plain text). */
export function messageFromBody(body: unknown): string | undefined {
  if (typeof body === 'string') {
    const text = body.trim();
    return text.length > 0 && text.length < 2000 && !text.startsWith('<') ? text : undefined;
  }
  if (body && typeof body === 'object') {
    const candidate = body as { message?: unknown; details?: unknown; error?: unknown };
    if (typeof candidate.message === 'string' && candidate.message.trim() !== '') return candidate.message;
    if (typeof candidate.details === 'string') return candidate.details;
    if (typeof candidate.error === 'string') return candidate.error;
  }
  return undefined;
}

export function toGraphQLError(status: number, body: unknown): GraphQLError {
  const code = codeForStatus(status);
  // 5xx texts of other servers may carry internals: keep our own words for them
  const message = status >= 500 ? DEFAULT_MESSAGES[code] : (messageFromBody(body) ?? DEFAULT_MESSAGES[code]);
  const details = body && typeof body === 'object' ? (body as { details?: unknown }).details : undefined;
  return new GraphQLError(message, {
    extensions: { code, status, ...(details !== undefined && status < 500 ? { details } : {}) },
  });
}

export function upstreamUnavailable(reason: string): GraphQLError {
  return new GraphQLError(DEFAULT_MESSAGES.UPSTREAM_UNAVAILABLE, {
    extensions: { code: 'UPSTREAM_UNAVAILABLE', status: 503, reason },
  });
}

export function badUserInput(message: string, field?: string): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code: 'BAD_USER_INPUT', status: 400, ...(field ? { field } : {}) },
  });
}

/** A lookup by id answers null when the REST API says 404, not an error. */
export async function orNull<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if ((error as { extensions?: { code?: string } }).extensions?.code === 'NOT_FOUND') return null;
    throw error;
  }
}

/** A GraphQL ID argument as the REST API's numeric id; BAD_USER_INPUT naming the field otherwise. */
export function numericId(id: string, field: string): number {
  if (!/^\d{1,10}$/.test(id)) throw badUserInput(`${field} must be a positive whole number`, field);
  return Number(id);
}

export function unauthenticated(message = DEFAULT_MESSAGES.UNAUTHENTICATED): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'UNAUTHENTICATED', status: 401 } });
}

export function forbidden(message = DEFAULT_MESSAGES.FORBIDDEN): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'FORBIDDEN', status: 403 } });
}

export const KNOWN_CODES = new Set<string>(
  Object.keys(DEFAULT_MESSAGES).concat([
    'GRAPHQL_VALIDATION_FAILED',
    'GRAPHQL_PARSE_FAILED',
    'BAD_REQUEST',
    'PERSISTED_QUERY_NOT_FOUND',
    'OPERATION_RESOLUTION_FAILURE',
  ]),
);
export const INTERNAL_MESSAGE = DEFAULT_MESSAGES.INTERNAL_SERVER_ERROR;
