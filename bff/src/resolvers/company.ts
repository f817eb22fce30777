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
import { exchangeToday, TREND_PERIODS } from '@bazaar/shared';
import type { CorporateActionKind, Resolvers } from '../__generated__/resolvers-types.js';
import type { GraphQLContext } from '../context.js';
import { marketCache } from '../datasources/market-cache.js';
import { badUserInput } from '../errors.js';
import { symbolArgument } from './market.js';

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

/** A company analysis: its fields load themselves for this symbol. */
export interface CompanyAnalysisParent {
  symbol: string;
}

/**
 * The symbol's latest trading day and whether it is the market's (D): on D the precomputed reads
 * of D answer; on an earlier day those of that day.
 */
async function symbolDay(symbol: string, context: GraphQLContext): Promise<{ day: string | null; onD: boolean }> {
  const cache = marketCache(context);
  const [candles, state] = await Promise.all([cache.candles(symbol), cache.state()]);
  const day = candles.at(-1)?.date ?? null;
  return { day, onD: day !== null && day === state.asOf };
}

export const companyResolvers: Resolvers = {
  Query: {
    corporateActions: async (_parent, { year }, context) => {
      const actions = await marketCache(context).corporateActions();
      if (year === null || year === undefined) return actions;
      if (!Number.isInteger(year) || year < 1990 || year > 2100)
        throw badUserInput('The year must be a calendar year from 1990 to 2100', 'year');
      const prefix = `${year}-`;
      return actions.filter((action) => action.exDate?.startsWith(prefix));
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
      const { day, onD } = await symbolDay(parent.symbol, context);
      if (!day) return null;
      const rows = await marketCache(context).latestPrices(onD ? null : day);
      return rows.find((price) => price.symbol === parent.symbol) ?? null;
    },
    yearRange: async (parent, _args, context) => {
      const { day, onD } = await symbolDay(parent.symbol, context);
      if (!day) return null;
      const extremes = await marketCache(context).highestPrices(onD ? null : day);
      return extremes.find((extreme) => extreme.symbol === parent.symbol) ?? null;
    },
    pricesUpTo: async (parent, _args, context) => (await symbolDay(parent.symbol, context)).day,
    marketLatestDate: async (_parent, _args, context) => (await marketCache(context).state()).asOf,
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
