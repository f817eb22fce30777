/**
 * Portfolio: reference data, charges, instrument types, the investor's holdings, totals and
 * alerts. The REST API enforces roles and ownership; here inputs become REST bodies and each
 * holding's quote is loaded through the data source's DataLoader (one call per list).
 */
import { GraphQLError } from 'graphql';
import { percentOf } from '@bazaar/shared';
import type { AlertTone, HoldingInput, Resolvers } from '../__generated__/resolvers-types.js';
import type { HoldingDto, HoldingWriteDto } from '../datasources/portfolio-api.js';
import { badUserInput } from '../errors.js';

/** A missing id answers null for lookups, not an error. */
async function orNull<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if ((error as { extensions?: { code?: string } }).extensions?.code === 'NOT_FOUND') return null;
    throw error;
  }
}

function numericId(id: string, field: string): number {
  if (!/^\d{1,10}$/.test(id)) throw badUserInput(`${field} must be a positive whole number`, field);
  return Number(id);
}

function holdingWrite(input: HoldingInput): HoldingWriteDto {
  return {
    symbol: input.symbol,
    price: input.price,
    quantity: input.quantity,
    exchange: input.exchange,
    creationDate: input.creationDate,
    sellPrice: input.sellPrice ?? null,
    sellingDate: input.sellingDate ?? null,
    brokerageFirm: { id: numericId(input.brokerageFirmId, 'brokerageFirmId') },
    instrumentType: input.instrumentType,
  };
}

/** The REST write body that leaves a stored holding as it is. */
function unchangedWrite(holding: HoldingDto): HoldingWriteDto {
  return {
    symbol: holding.symbol,
    price: holding.price,
    quantity: holding.quantity,
    exchange: holding.exchange,
    creationDate: holding.creationDate,
    sellPrice: holding.sellPrice,
    sellingDate: holding.sellingDate,
    brokerageFirm: { id: holding.brokerageFirm.id },
    instrumentType: holding.instrumentType,
  };
}

function notFound(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'NOT_FOUND', status: 404 } });
}

const TONES: Record<'positive' | 'negative' | 'neutral', AlertTone> = {
  positive: 'POSITIVE',
  negative: 'NEGATIVE',
  neutral: 'NEUTRAL',
};

export const portfolioResolvers: Resolvers = {
  Query: {
    brokerageFirms: (_parent, _args, { dataSources }) => dataSources.portfolio.listBrokerageFirms(),
    brokerageFirm: async (_parent, { id }, { dataSources }) =>
      (await dataSources.portfolio.listBrokerageFirms()).find((firm) => String(firm.id) === id) ?? null,
    segments: (_parent, _args, { dataSources }) => dataSources.portfolio.listSegments(),
    chargeTypes: (_parent, _args, { dataSources }) => dataSources.portfolio.listChargeTypes(),
    charges: (_parent, _args, { dataSources }) => dataSources.portfolio.listCharges(),
    charge: (_parent, { id }, { dataSources }) => orNull(dataSources.portfolio.getCharge(id)),
    buySellOptions: (_parent, _args, { dataSources }) => dataSources.portfolio.listBuySell(),
    financialInstruments: (_parent, _args, { dataSources }) => dataSources.portfolio.listFinancialInstruments(),
    holdings: (_parent, { brokerName, segmentName }, { dataSources }) =>
      dataSources.portfolio.listHoldings({ brokerName, segmentName }),
    portfolioSummary: (_parent, _args, { dataSources }) => dataSources.portfolio.getPortfolioSummary(),
    portfolioAlerts: (_parent, { brokerName }, { dataSources }) => dataSources.portfolio.getPortfolioAlerts(brokerName),
    stockQuotes: (_parent, { symbols }, { dataSources }) => {
      if (symbols.length > 500) throw badUserInput('At most 500 symbols per call', 'symbols');
      return dataSources.portfolio.quotes(symbols);
    },
    holdingSymbols: (_parent, { search, limit }, { dataSources }) => dataSources.portfolio.searchSymbols(search, limit),
  },

  Mutation: {
    createBrokerageFirm: (_parent, { input }, { dataSources }) => dataSources.portfolio.createBrokerageFirm(input),
    updateBrokerageFirm: (_parent, { id, input }, { dataSources }) =>
      dataSources.portfolio.updateBrokerageFirm(id, input),
    deleteBrokerageFirm: async (_parent, { id }, { dataSources }) => ({
      id,
      message: await dataSources.portfolio.deleteBrokerageFirm(id),
    }),
    createSegment: (_parent, { input }, { dataSources }) => dataSources.portfolio.createSegment(input.name),
    updateSegment: (_parent, { id, input }, { dataSources }) => dataSources.portfolio.updateSegment(id, input.name),
    deleteSegment: async (_parent, { id }, { dataSources }) => ({
      id,
      message: await dataSources.portfolio.deleteSegment(id),
    }),
    createChargeType: (_parent, { input }, { dataSources }) => dataSources.portfolio.createChargeType(input.name),
    updateChargeType: (_parent, { id, input }, { dataSources }) =>
      dataSources.portfolio.updateChargeType(id, input.name),
    deleteChargeType: async (_parent, { id }, { dataSources }) => ({
      id,
      message: await dataSources.portfolio.deleteChargeType(id),
    }),
    createCharge: (_parent, { input }, { dataSources }) =>
      dataSources.portfolio.createCharge({
        brokerageFirm: { id: numericId(input.brokerageFirmId, 'brokerageFirmId') },
        chargeType: { id: numericId(input.chargeTypeId, 'chargeTypeId') },
        segment: { id: numericId(input.segmentId, 'segmentId') },
        amount: input.amount,
        percentage: input.percentage,
        description: input.description ?? null,
        exchange: input.exchange,
        onBuySell: input.onBuySell,
        effectiveDate: input.effectiveDate,
      }),
    updateCharge: (_parent, { id, input }, { dataSources }) =>
      dataSources.portfolio.updateCharge(id, {
        brokerageFirm: { id: numericId(input.brokerageFirmId, 'brokerageFirmId') },
        chargeType: { id: numericId(input.chargeTypeId, 'chargeTypeId') },
        segment: { id: numericId(input.segmentId, 'segmentId') },
        amount: input.amount,
        percentage: input.percentage,
        description: input.description ?? null,
        exchange: input.exchange,
        onBuySell: input.onBuySell,
        effectiveDate: input.effectiveDate,
      }),
    deleteCharge: async (_parent, { id }, { dataSources }) => ({
      id,
      message: await dataSources.portfolio.deleteCharge(id),
    }),
    createFinancialInstrument: (_parent, { input }, { dataSources }) =>
      dataSources.portfolio.createFinancialInstrument({ type: input.type, description: input.description ?? null }),
    updateFinancialInstrument: (_parent, { id, input }, { dataSources }) =>
      dataSources.portfolio.updateFinancialInstrument(id, { type: input.type, description: input.description ?? null }),
    deleteFinancialInstrument: async (_parent, { id }, { dataSources }) => ({
      id,
      message: await dataSources.portfolio.deleteFinancialInstrument(id),
    }),
    addHolding: (_parent, { input }, { dataSources }) => dataSources.portfolio.addHolding(holdingWrite(input)),
    updateHolding: (_parent, { id, input }, { dataSources }) =>
      dataSources.portfolio.updateHolding(id, holdingWrite(input)),
    sellHolding: async (_parent, { id, input }, { dataSources }) => {
      const held = (await dataSources.portfolio.listHoldings()).find((holding) => String(holding.id) === id);
      if (!held) throw notFound(`Holding ${id} was not found`);
      if (held.status === 'REALIZED') throw badUserInput(`Holding ${id} is already sold`, 'id');
      const result = await dataSources.portfolio.updateHolding(id, {
        ...unchangedWrite(held),
        quantity: input.quantity,
        sellPrice: input.sellPrice,
        sellingDate: input.sellingDate,
      });
      const { remainingHolding, ...sold } = result;
      return { sold, remaining: remainingHolding };
    },
    deleteHolding: async (_parent, { id }, { dataSources }) => ({
      id,
      message: await dataSources.portfolio.deleteHolding(id),
    }),
  },

  Holding: {
    quote: (holding, _args, { dataSources }) => dataSources.portfolio.quote(holding.symbol),
  },

  StockQuote: {
    changePercent: (quote) => percentOf(quote.change, quote.previousClose),
  },

  PortfolioAlert: {
    tone: (alert) => TONES[alert.tone],
  },
};
