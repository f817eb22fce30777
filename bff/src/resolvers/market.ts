/**
 * Market reads (prices, candles, period series, corporate actions, statements, companies) and the
 * company writes. Reads go through MarketData (shared cache, kept exact by the data version);
 * writes go to the REST API with the caller's token and drop the market cache.
 */
import type { CompanyInput, Resolvers } from '../__generated__/resolvers-types.js';
import type { CompanyWriteDto } from '../datasources/market-api.js';
import { marketData } from '../datasources/market-data.js';
import { normaliseSymbol, todayInIndia } from './market-inputs.js';

function companyWrite(input: CompanyInput): CompanyWriteDto {
  return {
    companyName: input.companyName,
    industry: input.industry,
    symbol: input.symbol,
    series: input.series,
    isinCode: input.isinCode,
    paidUpValue: input.paidUpValue,
    dateOfListing: input.dateOfListing,
    marketLot: input.marketLot,
    faceValue: input.faceValue,
  };
}

export const marketResolvers: Resolvers = {
  Query: {
    stockPrices: (_parent, _args, context) => marketData(context).latestPrices(),
    candles: (_parent, { symbol, from, to }, context) => marketData(context).candles(normaliseSymbol(symbol), from, to),
    priceSeries: (_parent, { symbol, period }, context) =>
      marketData(context).priceSeries(normaliseSymbol(symbol), period),
    corporateActions: (_parent, _args, context) => marketData(context).corporateActions(),
    corporateEvents: (_parent, { symbol, date }, context) =>
      marketData(context).corporateEvents(normaliseSymbol(symbol), date ?? todayInIndia()),
    profitAndLoss: (_parent, { symbol, upTo, nature }, context) =>
      marketData(context).profitAndLoss(normaliseSymbol(symbol), upTo ?? todayInIndia(), nature ?? 'STANDALONE'),
    balanceSheets: (_parent, { symbol, upTo, nature }, context) =>
      marketData(context).balanceSheets(normaliseSymbol(symbol), upTo ?? todayInIndia(), nature ?? 'STANDALONE'),
    companies: (_parent, _args, context) => marketData(context).companies(),
    company: (_parent, { symbol }, context) => marketData(context).company(normaliseSymbol(symbol)),
  },
  Mutation: {
    createCompany: async (_parent, { input }, { dataSources, caches }) => {
      const created = await dataSources.market.createCompany(companyWrite(input));
      caches.market.clear();
      return created;
    },
    updateCompany: async (_parent, { id, input }, { dataSources, caches }) => {
      const updated = await dataSources.market.updateCompany(id, companyWrite(input));
      caches.market.clear();
      return updated;
    },
    deleteCompany: async (_parent, { id }, { dataSources, caches }) => {
      const message = await dataSources.market.deleteCompany(id);
      caches.market.clear();
      return { id, message };
    },
  },
  StockPrice: {
    volume: (price) => (price.volume === null || price.volume === undefined ? null : String(price.volume)),
  },
};
