/** The message to show for a failed call: the server's words when it gave some. */
import { CombinedGraphQLErrors } from '@apollo/client';

export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (!error) return fallback;
  if (CombinedGraphQLErrors.is(error)) return error.errors[0]?.message ?? fallback;
  if (error instanceof Error && error.message) {
    if (/Failed to fetch|NetworkError|Load failed/i.test(error.message))
      return 'The server cannot be reached. Check your connection and try again.';
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
