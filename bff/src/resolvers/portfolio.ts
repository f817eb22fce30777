/**
 * Portfolio: reference data, charges, instrument types, the investor's holdings, totals and
 * alerts. The REST API enforces roles and ownership; here inputs become REST bodies and each
 * holding's quote is loaded through the data source's DataLoader (one call per list).
 */
import { GraphQLError } from 'graphql';
import { percentOf } from '@bazaar/shared';
import {
  encodeCursor,
  MAX_QUOTE_SYMBOLS,
  watchlistCursor,
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
  TradebookImportInput,
} from '../__generated__/resolvers-types.js';
import { badUserInput, numericId, orNull } from '../graphql/errors.js';
import { connectionOf, pageCursor, pageSize } from './connections.js';

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

/** A tradebook import's file, firm (GraphQL's brokerageFirm: by id or name) and segment. */
async function tradebookOf(input: TradebookImportInput) {
  return { file: await input.file, firm: input.brokerageFirm, segmentName: input.segmentName };
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
    brokerageFirms: (_parent, _args, { dataSources }) => dataSources.portfolio.brokerageFirms(),
    brokerageFirm: async (_parent, { id }, { dataSources }) =>
      (await dataSources.portfolio.brokerageFirms()).find((firm) => String(firm.id) === id) ?? null,
    segments: (_parent, _args, { dataSources }) => dataSources.portfolio.segments(),
    chargeTypes: (_parent, _args, { dataSources }) => dataSources.portfolio.chargeTypes(),
    charges: (_parent, _args, { dataSources }) => dataSources.portfolio.charges(),
    charge: (_parent, { id }, { dataSources }) => orNull(dataSources.portfolio.charge(id)),
    buySellOptions: (_parent, _args, { dataSources }) => dataSources.portfolio.buySellOptions(),
    financialInstruments: (_parent, _args, { dataSources }) => dataSources.portfolio.financialInstruments(),
    // GraphQL's brokerName is the firm's name
    holdings: (_parent, { brokerName, segmentName }, { dataSources }) =>
      dataSources.portfolio.holdings({ firmName: brokerName, segmentName }),
    holdingConnection: async (_parent, { brokerName, segmentName, first, after }, { dataSources }) => {
      const page = await dataSources.portfolio.holdingConnection(
        { firmName: brokerName, segmentName },
        { first: pageSize(first), after: pageCursor(after) },
      );
      return connectionOf(page, (holding) => encodeCursor([holding.symbol, holding.creationDate, holding.id]));
    },
    portfolioSummary: (_parent, _args, { dataSources }) => dataSources.portfolio.portfolioSummary(),
    portfolioAlerts: (_parent, { brokerName }, { dataSources }) => dataSources.portfolio.portfolioAlerts(brokerName),
    watchlist: (_parent, _args, { dataSources }) => dataSources.portfolio.watchlist(),
    watchlistConnection: async (_parent, { first, after }, { dataSources }) =>
      connectionOf(
        await dataSources.portfolio.watchlistPage({ first: pageSize(first), after: pageCursor(after) }),
        watchlistCursor,
      ),
    dashboard: (_parent, _args, { dataSources }) => dataSources.portfolio.dashboard(),
    stockQuotes: (_parent, { symbols }, { dataSources }) => {
      if (symbols.length > MAX_QUOTE_SYMBOLS)
        throw badUserInput(`At most ${MAX_QUOTE_SYMBOLS} symbols per call`, 'symbols');
      return dataSources.portfolio.stockQuotes(symbols);
    },
    holdingSymbols: (_parent, { search, limit }, { dataSources }) =>
      dataSources.portfolio.holdingSymbols(search, limit),
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
    createChargeType: (_parent, { input, stt }, { dataSources }) =>
      dataSources.portfolio.createChargeType(input.name, stt),
    updateChargeType: (_parent, { id, input, stt }, { dataSources }) =>
      dataSources.portfolio.updateChargeType(id, input.name, stt),
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
      dataSources.portfolio.importTradebook(await tradebookOf(input), true),
    importTradebook: async (_parent, { input }, { dataSources }) =>
      dataSources.portfolio.importTradebook(await tradebookOf(input), false),
    updateHolding: (_parent, { id, input }, { dataSources }) =>
      dataSources.portfolio.updateHolding(id, holdingWrite(input)),
    sellHolding: async (_parent, { id, input }, { dataSources }) => {
      const held = await dataSources.portfolio.holding(id);
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
