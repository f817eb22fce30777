/**
 * The company area: companies (reads for everyone, writes for staff), corporate actions,
 * financial statements, and the Company Analysis page of one symbol. Reads go through the market
 * cache (shared across requests, kept exact by the data version); writes go to the REST API with
 * the caller's token and drop the cache. Dates default to today on the exchange. The price parts
 * of Company Analysis end on the symbol's own latest trading day (docs/product/company.md#price-windows).
 * Its candles and period closes are adjusted for splits and bonuses unless asked raw; the profile
 * (latest price, 12-month range) is always adjusted. Corporate actions carry what their purpose was
 * understood as (kind, factor, dividend per share, label), as the REST API parsed it.
 */
import { CORPORATE_ACTION_YEAR_MESSAGE, exchangeToday, isCorporateActionYear, TREND_PERIODS } from '@bazaar/shared';
import { corporateActionCursor } from '@bazaar/shared/contract';
import type { CorporateActionKind, Resolvers } from '../__generated__/resolvers-types.js';
import type { GraphQLContext } from '../graphql/context.js';
import { marketCache } from '../caches/market-cache.js';
import { badUserInput } from '../graphql/errors.js';
import { symbolArgument } from './market.js';
import { connectionOf, pageCursor, pageSize } from './connections.js';

/** A year of ex-dates by the one rule, or BAD_USER_INPUT with its message. */
function yearArgument(year: number): number {
  if (!isCorporateActionYear(year)) throw badUserInput(CORPORATE_ACTION_YEAR_MESSAGE, 'year');
  return year;
}

/** The GraphQL enum value of a parsed kind ('split' → SPLIT); anything unknown is OTHER. */
export function corporateActionKind(kind: string | null | undefined): CorporateActionKind {
  switch (kind) {
    case 'split':
      return 'SPLIT';
    case 'consolidation':
      return 'CONSOLIDATION';
    case 'bonus':
      return 'BONUS';
    case 'dividend':
      return 'DIVIDEND';
    default:
      return 'OTHER';
  }
}

/**
 * The symbol's latest trading day and whether it is the market's (D): on D the precomputed reads
 * of D answer; on an earlier day those of that day.
 */
async function symbolLatestTradeDate(
  symbol: string,
  context: GraphQLContext,
): Promise<{ tradeDate: string | null; isD: boolean }> {
  const cache = marketCache(context);
  const [candles, state] = await Promise.all([cache.candles(symbol), cache.analysisState()]);
  const tradeDate = candles.at(-1)?.date ?? null;
  return { tradeDate, isD: tradeDate !== null && tradeDate === state.asOf };
}

export const companyResolvers: Resolvers = {
  Query: {
    corporateActions: async (_parent, { year }, context) => {
      const actions = await marketCache(context).corporateActions();
      if (year === null || year === undefined) return actions;
      const prefix = `${yearArgument(year)}-`;
      return actions.filter((action) => action.exDate?.startsWith(prefix));
    },
    corporateActionConnection: async (_parent, { year, first, after }, context) => {
      const page = await marketCache(context).corporateActionPage(
        year === null || year === undefined ? null : yearArgument(year),
        { first: pageSize(first), after: pageCursor(after) },
      );
      return connectionOf(page, corporateActionCursor);
    },
    corporateActionYears: async (_parent, _args, context) => {
      const years = new Set<number>();
      for (const action of await marketCache(context).corporateActions())
        if (action.exDate) years.add(Number(action.exDate.slice(0, 4)));
      return [...years].sort((a, b) => b - a);
    },
    corporateEvents: (_parent, { symbol, date }, context) =>
      marketCache(context).corporateEvents(symbolArgument(symbol), date ?? exchangeToday()),
    profitAndLoss: (_parent, { symbol, upTo, nature }, context) =>
      marketCache(context).profitAndLoss(symbolArgument(symbol), upTo ?? exchangeToday(), nature ?? 'STANDALONE'),
    balanceSheets: (_parent, { symbol, upTo, nature }, context) =>
      marketCache(context).balanceSheets(symbolArgument(symbol), upTo ?? exchangeToday(), nature ?? 'STANDALONE'),
    companies: (_parent, _args, context) => marketCache(context).companies(),
    company: (_parent, { symbol }, context) => marketCache(context).company(symbolArgument(symbol)),
    companyAnalysis: (_parent, { symbol }) => ({ symbol: symbolArgument(symbol) }),
  },
  Mutation: {
    createCompany: async (_parent, { input }, { dataSources, caches }) => {
      const created = await dataSources.company.createCompany(input);
      caches.market.clear();
      return created;
    },
    updateCompany: async (_parent, { id, input }, { dataSources, caches }) => {
      const updated = await dataSources.company.updateCompany(id, input);
      caches.market.clear();
      return updated;
    },
    deleteCompany: async (_parent, { id }, { dataSources, caches }) => {
      const message = await dataSources.company.deleteCompany(id);
      caches.market.clear();
      return { id, message };
    },
  },
  CorporateAction: {
    kind: (action) => corporateActionKind(action.kind),
  },
  CompanyAnalysis: {
    symbol: (parent) => parent.symbol,
    company: (parent, _args, context) => marketCache(context).company(parent.symbol),
    latestPrice: async (parent, _args, context) => {
      const { tradeDate, isD } = await symbolLatestTradeDate(parent.symbol, context);
      if (!tradeDate) return null;
      const rows = await marketCache(context).stockPrices(isD ? null : tradeDate);
      return rows.find((price) => price.symbol === parent.symbol) ?? null;
    },
    yearRange: async (parent, _args, context) => {
      const { tradeDate, isD } = await symbolLatestTradeDate(parent.symbol, context);
      if (!tradeDate) return null;
      const extremes = await marketCache(context).highestPrices(isD ? null : tradeDate);
      return extremes.find((extreme) => extreme.symbol === parent.symbol) ?? null;
    },
    pricesUpTo: async (parent, _args, context) => (await symbolLatestTradeDate(parent.symbol, context)).tradeDate,
    marketLatestDate: async (_parent, _args, context) => (await marketCache(context).analysisState()).asOf,
    events: (parent, _args, context) => marketCache(context).corporateEvents(parent.symbol, exchangeToday()),
    priceSeries: (parent, { adjusted }, context) =>
      Promise.all(
        TREND_PERIODS.map((period) => marketCache(context).priceSeries(parent.symbol, period, adjusted !== false)),
      ),
    candles: (parent, { adjusted }, context) =>
      marketCache(context).candles(parent.symbol, null, null, adjusted !== false),
    profitAndLoss: (parent, { nature }, context) =>
      marketCache(context).profitAndLoss(parent.symbol, exchangeToday(), nature ?? 'STANDALONE'),
    balanceSheets: (parent, { nature }, context) =>
      marketCache(context).balanceSheets(parent.symbol, exchangeToday(), nature ?? 'STANDALONE'),
  },
};
