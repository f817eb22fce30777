/**
 * Portfolio: reference data, charges, instrument types, the investor's holdings, totals and
 * alerts. The REST API enforces roles and ownership; here inputs become REST bodies and each
 * holding's quote is loaded through the data source's DataLoader (one call per list).
 */
import { GraphQLError } from 'graphql';
import { percentOf } from '@bazaar/shared';
import {
  MAX_QUOTE_SYMBOLS,
  type ChargeBody,
  type HoldingAdjustmentDto,
  type HoldingBody,
  type HoldingDto,
  type PortfolioAlertDto,
} from '@bazaar/shared/contract';
import type {
  AlertTone,
  ChargeInput,
  HoldingAdjustmentKind,
  HoldingInput,
  Resolvers,
} from '../__generated__/resolvers-types.js';
import { badUserInput, numericId, orNull } from '../errors.js';

/** The REST body of a charge write: the firm, charge type and segment by id. */
function chargeWrite({ brokerageFirmId, chargeTypeId, segmentId, ...fields }: ChargeInput): ChargeBody {
  return {
    ...fields,
    brokerageFirm: { id: numericId(brokerageFirmId, 'brokerageFirmId') },
    chargeType: { id: numericId(chargeTypeId, 'chargeTypeId') },
    segment: { id: numericId(segmentId, 'segmentId') },
  };
}

/**
 * The REST body of a holding write. REST names the segment `instrumentType` (and answers
 * 'Segment is required!' without one); GraphQL `segmentName`, the deprecated `instrumentType` still accepted.
 */
function holdingWrite({ brokerageFirmId, segmentName, instrumentType, ...fields }: HoldingInput): HoldingBody {
  return {
    ...fields,
    brokerageFirm: { id: numericId(brokerageFirmId, 'brokerageFirmId') },
    instrumentType: segmentName ?? instrumentType ?? '',
  };
}

/** The REST write body that leaves a stored holding as it is: the trade as entered. */
function unchangedWrite(holding: HoldingDto): HoldingBody {
  const { symbol, tradedPrice, tradedQuantity, exchange, creationDate, sellPrice, sellingDate, instrumentType } =
    holding;
  return {
    symbol,
    price: tradedPrice,
    quantity: tradedQuantity,
    exchange,
    creationDate,
    sellPrice,
    sellingDate,
    instrumentType,
    brokerageFirm: { id: holding.brokerageFirm.id },
  };
}

function notFound(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'NOT_FOUND', status: 404 } });
}

const ADJUSTMENT_KINDS: Record<HoldingAdjustmentDto['kind'], HoldingAdjustmentKind> = {
  split: 'SPLIT',
  consolidation: 'CONSOLIDATION',
  bonus: 'BONUS',
};

const TONES: Record<PortfolioAlertDto['tone'], AlertTone> = {
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
    watchlist: (_parent, _args, { dataSources }) => dataSources.portfolio.getWatchlist(),
    dashboard: (_parent, _args, { dataSources }) => dataSources.portfolio.getDashboard(),
    stockQuotes: (_parent, { symbols }, { dataSources }) => {
      if (symbols.length > MAX_QUOTE_SYMBOLS)
        throw badUserInput(`At most ${MAX_QUOTE_SYMBOLS} symbols per call`, 'symbols');
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
    createCharge: (_parent, { input }, { dataSources }) => dataSources.portfolio.createCharge(chargeWrite(input)),
    updateCharge: (_parent, { id, input }, { dataSources }) =>
      dataSources.portfolio.updateCharge(id, chargeWrite(input)),
    deleteCharge: async (_parent, { id }, { dataSources }) => ({
      id,
      message: await dataSources.portfolio.deleteCharge(id),
    }),
    createFinancialInstrument: (_parent, { input }, { dataSources }) =>
      dataSources.portfolio.createFinancialInstrument(input),
    updateFinancialInstrument: (_parent, { id, input }, { dataSources }) =>
      dataSources.portfolio.updateFinancialInstrument(id, input),
    deleteFinancialInstrument: async (_parent, { id }, { dataSources }) => ({
      id,
      message: await dataSources.portfolio.deleteFinancialInstrument(id),
    }),
    addHolding: (_parent, { input }, { dataSources }) => dataSources.portfolio.addHolding(holdingWrite(input)),
    previewTradebookImport: async (_parent, { input }, { dataSources }) =>
      dataSources.portfolio.importTradebook({ ...input, file: await input.file }, true),
    importTradebook: async (_parent, { input }, { dataSources }) =>
      dataSources.portfolio.importTradebook({ ...input, file: await input.file }, false),
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
    watchSymbol: (_parent, { symbol }, { dataSources }) => dataSources.portfolio.watchSymbol(symbol),
    unwatchSymbol: async (_parent, { symbol }, { dataSources }) => ({
      id: symbol.trim().toUpperCase(),
      message: await dataSources.portfolio.unwatchSymbol(symbol),
    }),
  },

  Holding: {
    // REST names a holding's segment `instrumentType`; GraphQL `segmentName` (the old name stays, deprecated)
    segmentName: (holding) => holding.instrumentType,
    quote: (holding, _args, { dataSources }) => dataSources.portfolio.quote(holding.symbol),
  },

  HoldingAdjustment: {
    kind: (adjustment) => ADJUSTMENT_KINDS[adjustment.kind],
  },

  StockQuote: {
    changePercent: (quote) => percentOf(quote.change, quote.previousClose),
  },

  PortfolioAlert: {
    tone: (alert) => TONES[alert.tone],
  },
};
