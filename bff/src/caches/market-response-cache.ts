/**
 * Whole-response cache for public market queries (Apollo Server plugin). GraphQL execution of
 * big lists costs far more than the REST reads behind them (STACK.md: ~4.6 ms to execute and
 * serialise 2,000 rows of 5 fields), so an operation that only reads public market data, asked
 * again with the same text and variables while the data version is unchanged, is answered with
 * the result computed the first time, without executing it again.
 *
 * - Only query operations whose root fields are all public market reads (PUBLIC_MARKET_FIELDS)
 *   take part; answers with errors are never kept. Nothing here depends on the caller: those
 *   fields are read from the REST API without the caller's token. An API key without market:read
 *   is not answered from here: its request runs, and the fields refuse it (auth/access.ts).
 * - Entries live inside `caches.market` (so `caches.market.clear()` after an upload or a company
 *   write, the cache TTL, and a change of the REST data version all drop them); the version is
 *   checked at most once per MARKET_VERSION_CHECK_MS (market-cache.ts).
 */
import type { ApolloServerPlugin, GraphQLRequestContext } from '@apollo/server';
import { Kind, type FormattedExecutionResult, type OperationDefinitionNode } from 'graphql';
import { keyAllows } from '@bazaar/shared';
import type { GraphQLContext } from '../graphql/context.js';
import { marketCache } from './market-cache.js';

/** Root query fields that read only public market data. */
export const PUBLIC_MARKET_FIELDS = new Set([
  'technicalAnalysis',
  'trends',
  'stockPrices',
  'stockPriceConnection',
  'candles',
  'candleConnection',
  'candlesBySymbol',
  'quotes',
  'corporateActionConnection',
  'priceSeries',
  'corporateActions',
  'corporateEvents',
  'profitAndLoss',
  'balanceSheets',
  'companies',
  'company',
  'sma',
  'movingAverage',
  'companyAnalysis',
]);

const MAX_ENTRIES = 200;
const STORE_KEY = 'graphql-responses';

type Store = Map<string, FormattedExecutionResult>;

/** Whether every root field of a query reads public market data only (the same answer for every caller until the next upload). */
export function isPublicMarketOperation(operation: OperationDefinitionNode | undefined): boolean {
  if (!operation || operation.operation !== 'query') return false;
  const selections = operation.selectionSet.selections;
  return (
    selections.length > 0 &&
    selections.every(
      (selection) =>
        selection.kind === Kind.FIELD &&
        (selection.name.value === '__typename' || PUBLIC_MARKET_FIELDS.has(selection.name.value)) &&
        (selection.directives ?? []).length === 0,
    ) &&
    selections.some((selection) => selection.kind === Kind.FIELD && PUBLIC_MARKET_FIELDS.has(selection.name.value))
  );
}

function cacheKey(
  requestContext: GraphQLRequestContext<GraphQLContext>,
  version: number,
  latestTradeDate: string | null,
): string {
  const { request } = requestContext;
  return JSON.stringify([
    version,
    latestTradeDate,
    request.operationName ?? null,
    requestContext.source,
    request.variables ?? {},
  ]);
}

async function storeOf(context: GraphQLContext): Promise<Store> {
  return (await context.caches.market.get(STORE_KEY, async () => new Map())) as Store;
}

export function marketResponseCache(): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      let key: string | undefined;
      let store: Store | undefined;
      return {
        async responseForOperation(requestContext) {
          if (!isPublicMarketOperation(requestContext.operation)) return null;
          const apiKey = requestContext.contextValue.apiKey;
          if (apiKey && !keyAllows(apiKey.scopes, 'market:read')) return null;
          let state: Awaited<ReturnType<ReturnType<typeof marketCache>['analysisState']>>;
          try {
            state = await marketCache(requestContext.contextValue).analysisState();
          } catch {
            // the version could not be read (the API shedding load, or down): no caching for this
            // request; executing it gives the caller the typed error (an error thrown from this hook
            // would be an HTTP 500 "Internal server error")
            return null;
          }
          store = await storeOf(requestContext.contextValue);
          key = cacheKey(requestContext, state.version, state.asOf);
          const hit = store.get(key);
          if (!hit) return null;
          // refresh its place: the oldest entry is the one dropped when full
          store.delete(key);
          store.set(key, hit);
          return { http: requestContext.response.http, body: { kind: 'single', singleResult: hit } };
        },
        async willSendResponse(requestContext) {
          if (!key || !store || store.has(key)) return;
          const body = requestContext.response.body;
          if (body.kind !== 'single' || body.singleResult.errors || !body.singleResult.data) return;
          if (store.size >= MAX_ENTRIES) {
            const oldest = store.keys().next().value;
            if (oldest !== undefined) store.delete(oldest);
          }
          store.set(key, { data: body.singleResult.data });
        },
      };
    },
  };
}
