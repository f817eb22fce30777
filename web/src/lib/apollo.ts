/**
 * The Apollo Client: same-origin /graphql (the session cookie goes along), one error link for
 * session and network errors, and a cache that knows the list fields replace themselves.
 */
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, CombinedGraphQLErrors, ServerError } from '@apollo/client';
import { ErrorLink } from '@apollo/client/link/error';
import { map } from 'rxjs';
import { notifySessionExpired } from './session-events';
import { reportConnectivity } from './connectivity';

/** Operations whose UNAUTHENTICATED answer is the expected "wrong password", not an ended session. */
const SESSION_NEUTRAL_OPERATIONS = new Set(['Login', 'Signup', 'Me', 'Logout']);

export function createApolloClient(uri = '/graphql'): ApolloClient {
  const errorLink = new ErrorLink(({ error, operation }) => {
    if (CombinedGraphQLErrors.is(error)) {
      const codes = error.errors.map((e) => e.extensions?.code);
      if (codes.includes('UNAUTHENTICATED') && !SESSION_NEUTRAL_OPERATIONS.has(operation.operationName ?? ''))
        notifySessionExpired();
      reportConnectivity(!codes.includes('UPSTREAM_UNAVAILABLE'));
    } else if (ServerError.is(error) || error instanceof TypeError) {
      reportConnectivity(false);
    }
  });
  // any answer without UPSTREAM_UNAVAILABLE means the services are back
  const okLink = new ApolloLink((operation, forward) =>
    forward(operation).pipe(
      map((result) => {
        if (!result.errors?.some((e) => e.extensions?.code === 'UPSTREAM_UNAVAILABLE')) reportConnectivity(true);
        return result;
      }),
    ),
  );
  return new ApolloClient({
    link: ApolloLink.from([
      errorLink,
      okLink,
      new HttpLink({
        uri,
        credentials: 'same-origin',
        // the old client asks for fresh data on every call
        headers: { 'cache-control': 'no-cache', pragma: 'no-cache' },
      }),
    ]),
    // a symbol's analysis is one object: its adjusted and raw candles (Company Analysis' toggle) are kept side by side
    cache: new InMemoryCache({ typePolicies: { CompanyAnalysis: { keyFields: ['symbol'] } } }),
    defaultOptions: {
      // show what is cached at once, then what the server says now
      watchQuery: { fetchPolicy: 'cache-and-network' },
    },
  });
}
