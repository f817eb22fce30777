/**
 * HTTP caching of GraphQL answers (docs/integrators.md#caching, docs/decisions.md#persisted-queries-over-get),
 * an Apollo Server plugin:
 * - A GET of a public market query (market-response-cache.ts: every root field reads public market
 *   data) carries an ETag made of the market-data version (the REST API's analysis state: it moves
 *   with every upload), the query's hash, its operation name and its variables, and answers 304 to an
 *   If-None-Match that names it, without running anything, until the next upload. Anonymous, it is
 *   `Cache-Control: public, max-age=0, must-revalidate` (a CDN may keep it, asking each time whether
 *   it still holds); with a session cookie or an Authorization header, `private, no-cache` (the same
 *   answer, but only the caller's own cache keeps it).
 * - Every other answer, and any answer with errors, is `Cache-Control: private, no-store`; Apollo's
 *   own headers (PersistedQueryNotFound's) are kept.
 * The version is read at most once per MARKET_VERSION_CHECK_MS (market-cache.ts), as for the cached
 * answers themselves: a tag names the data this BFF serves.
 */
import { createHash } from 'node:crypto';
import type { ApolloServerPlugin } from '@apollo/server';
import type { GraphQLContext } from '../graphql/context.js';
import { marketCache } from './market-cache.js';
import { isPublicMarketOperation } from './market-response-cache.js';

export const PUBLIC_ANSWER = 'public, max-age=0, must-revalidate';
export const PRIVATE_MARKET_ANSWER = 'private, no-cache';
export const UNCACHED_ANSWER = 'private, no-store';

/** Whether an If-None-Match header names the tag (weak comparison, RFC 9110 section 13.1.2). */
export function ifNoneMatchHolds(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const opaque = (text: string) => (text.startsWith('W/') ? text.slice(2) : text);
  return header.split(',').some((listed) => listed.trim() === '*' || opaque(listed.trim()) === opaque(tag));
}

export function httpCaching(): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart({ request }) {
      const http = request.http;
      if (!http) return;
      let tagged = false;
      return {
        async responseForOperation(requestContext) {
          if (http.method !== 'GET' || !isPublicMarketOperation(requestContext.operation)) return null;
          let state: { version: number; asOf: string | null };
          try {
            state = await marketCache(requestContext.contextValue).analysisState();
          } catch {
            // the version could not be read: the answer (or its error) goes uncached
            return null;
          }
          const digest = createHash('sha256')
            .update(
              JSON.stringify([
                state.version,
                state.asOf,
                requestContext.queryHash ?? null,
                request.operationName ?? null,
                request.variables ?? {},
              ]),
            )
            .digest('base64url')
            .slice(0, 27);
          const tag = `W/"${digest}"`;
          const credentials = requestContext.contextValue.token !== undefined || http.headers.has('authorization');
          const headers = requestContext.response.http.headers;
          headers.set('etag', tag);
          headers.set('cache-control', credentials ? PRIVATE_MARKET_ANSWER : PUBLIC_ANSWER);
          tagged = true;
          if (!ifNoneMatchHolds(http.headers.get('if-none-match'), tag)) return null;
          // unchanged since the caller's copy: 304, no body (Express drops it), nothing run
          requestContext.response.http.status = 304;
          return { http: requestContext.response.http, body: { kind: 'single', singleResult: {} } };
        },
        async willSendResponse({ response }) {
          const headers = response.http.headers;
          const failed = response.body.kind === 'single' && (response.body.singleResult.errors?.length ?? 0) > 0;
          if (tagged && !failed) return;
          headers.delete('etag');
          // Apollo's PersistedQueryNotFound sets its own
          if (!headers.has('cache-control') || tagged) headers.set('cache-control', UNCACHED_ANSWER);
        },
      };
    },
  };
}
