/**
 * What to tell a person about a failed call: the server's words when it gave some (a GraphQL error with a message,
 * e.g. a validation message), plain words otherwise (a network failure or an HTTP 5xx has no words for a person),
 * and the technical facts support needs (status, error code, request id) apart from the words.
 */
import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client';

/** Said for a network failure and for any 5xx: the service, not the person, is at fault and asking again may help. */
export const UNREACHABLE_MESSAGE = 'The server could not be reached. Check your connection and try again.';
/** Said for too many requests (429) without a message of the server's own. */
export const BUSY_MESSAGE = 'The server is busy. Please wait a moment and try again.';
/** Said for an answer that is not GraphQL (e.g. a proxy's page with status 200). */
export const UNREADABLE_MESSAGE = "The server's answer could not be read. Please try again.";

const NETWORK_FAILURE = /Failed to fetch|NetworkError|Load failed/i;

export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (!error) return fallback;
  if (CombinedGraphQLErrors.is(error)) return error.errors[0]?.message ?? fallback;
  // an HTTP failure without a GraphQL body: Apollo's own message ("Response not successful: Received status code
  // 502") is for developers; the status goes to the details for support (errorDetails)
  if (ServerError.is(error)) {
    if (error.statusCode === 429) return BUSY_MESSAGE;
    if (error.statusCode >= 500) return UNREACHABLE_MESSAGE;
    return fallback;
  }
  if (ServerParseError.is(error)) return UNREADABLE_MESSAGE;
  if (error instanceof Error && error.message) {
    if (NETWORK_FAILURE.test(error.message)) return UNREACHABLE_MESSAGE;
    return error.message;
  }
  return fallback;
}

export function errorCode(error: unknown): string | undefined {
  if (CombinedGraphQLErrors.is(error)) {
    const code = error.errors[0]?.extensions?.code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

/** The facts support asks for; each only when the failure carries it. */
export interface ErrorDetails {
  /** The HTTP status of the answer. */
  status?: number;
  /** The GraphQL error code (extensions.code), e.g. UPSTREAM_UNAVAILABLE. */
  code?: string;
  /** The id the BFF gives every request (its x-request-id header), to find the request in its logs. */
  requestId?: string;
  /** The failure's own technical text (e.g. Apollo's "Response not successful: Received status code 502"). */
  technical?: string;
}

export function errorDetails(error: unknown): ErrorDetails {
  const details: ErrorDetails = {};
  if (ServerError.is(error) || ServerParseError.is(error)) {
    details.status = error.statusCode;
    const requestId = error.response.headers.get('x-request-id');
    if (requestId) details.requestId = requestId;
  }
  const code = errorCode(error);
  if (code) details.code = code;
  if (CombinedGraphQLErrors.is(error)) {
    const requestId = error.errors[0]?.extensions?.requestId;
    if (typeof requestId === 'string') details.requestId = requestId;
  }
  // a GraphQL error's message is already the words shown; any other failure's text is for support only
  if (CombinedGraphQLErrors.is(error)) return details;
  if (error instanceof Error && error.message) details.technical = error.message;
  else if (typeof error === 'string' && error) details.technical = error;
  return details;
}
