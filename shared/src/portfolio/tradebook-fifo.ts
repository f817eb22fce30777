/**
 * Tradebook import, the FIFO plan (docs/product/portfolio.md#tradebook-import): buys become lots
 * (holdings); a sell closes the oldest open lots of its symbol first, as Indian capital-gains rules
 * count, splitting a lot when it is partly sold exactly as a partial sale does (sale.ts): the sold
 * part becomes a REALIZED row and the rest stays open, both keeping the buy order's quantity.
 * Trades run in date order, a day's buys before its sells (an intraday sell then buy back nets the
 * same gross as buy then sell). Pure: the API reads the open lots, plans, then writes the plan.
 */
import type { Exchange } from '../constants.js';
import type { TradebookTrade } from './tradebook.js';

/** An open holding already stored (same owner, firm and segment). */
export interface OpenLot {
  id: number;
  symbol: string;
  exchange: Exchange;
  quantity: number;
  lotQuantity: number;
  price: string;
  creationDate: string;
}

export interface PlannedSale {
  quantity: number;
  sellPrice: string;
  sellingDate: string;
  /** The file line of the sell. */
  line: number;
}

/** A lot after the import: a stored lot that sales touched, or a new lot from a buy of the file. */
export interface PlannedLot {
  /** The stored holding this lot is; null for a buy of the file. */
  existingId: number | null;
  /** The file line of the buy; null for a stored lot. */
  line: number | null;
  symbol: string;
  exchange: Exchange;
  price: string;
  creationDate: string;
  /** The buy order's quantity (flat buy charges are shared in proportion, see pnl.ts). */
  lotQuantity: number;
  /** Sales that closed part or all of it, oldest first: each becomes a REALIZED row. */
  sales: PlannedSale[];
  /** What stays open (an UNREALIZED row when > 0). */
  openQuantity: number;
}

export interface SymbolCounts {
  symbol: string;
  buys: number;
  sells: number;
  boughtQuantity: number;
  soldQuantity: number;
}

export interface TradebookPlan {
  lots: PlannedLot[];
  problems: Array<{ line: number; message: string }>;
  /** Trades planned per symbol, by symbol. */
  symbols: SymbolCounts[];
  buys: number;
  sells: number;
}

interface Lot extends PlannedLot {
  /** FIFO order among lots of the same date: stored lots first, then the file's buys in order. */
  sequence: number;
}

const older = (a: Lot, b: Lot) =>
  a.creationDate < b.creationDate ? -1 : a.creationDate > b.creationDate ? 1 : a.sequence - b.sequence;

/**
 * Plans the trades against the open lots. A sell that more shares than are open on its date (at
 * this firm and segment) would close is a problem of its line and closes nothing; so is a trade of
 * a symbol `isKnownSymbol` refuses.
 */
export function planTradebook(
  openLots: readonly OpenLot[],
  trades: readonly TradebookTrade[],
  isKnownSymbol: (symbol: string) => boolean = () => true,
): TradebookPlan {
  let sequence = 0;
  const lotsBySymbol = new Map<string, Lot[]>();
  const all: Lot[] = [];
  const add = (lot: Lot) => {
    const list = lotsBySymbol.get(lot.symbol) ?? [];
    list.push(lot);
    list.sort(older);
    lotsBySymbol.set(lot.symbol, list);
    all.push(lot);
  };
  for (const stored of openLots) {
    add({
      existingId: stored.id,
      line: null,
      symbol: stored.symbol,
      exchange: stored.exchange,
      price: stored.price,
      creationDate: stored.creationDate,
      lotQuantity: stored.lotQuantity,
      sales: [],
      openQuantity: stored.quantity,
      sequence: sequence++,
    });
  }

  const problems: TradebookPlan['problems'] = [];
  const counts = new Map<string, SymbolCounts>();
  const count = (symbol: string) => {
    let entry = counts.get(symbol);
    if (!entry) {
      entry = { symbol, buys: 0, sells: 0, boughtQuantity: 0, soldQuantity: 0 };
      counts.set(symbol, entry);
    }
    return entry;
  };
  let buys = 0;
  let sells = 0;

  const ordered = [...trades].sort(
    (a, b) =>
      (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) ||
      (a.side === b.side ? 0 : a.side === 'BUY' ? -1 : 1) ||
      a.line - b.line,
  );
  for (const trade of ordered) {
    if (!isKnownSymbol(trade.symbol)) {
      problems.push({ line: trade.line, message: `Unknown symbol ${trade.symbol}: no prices are loaded for it` });
      continue;
    }
    if (trade.side === 'BUY') {
      const sales = trade.sale
        ? [{ quantity: trade.quantity, sellPrice: trade.sale.price, sellingDate: trade.sale.date, line: trade.line }]
        : [];
      add({
        existingId: null,
        line: trade.line,
        symbol: trade.symbol,
        exchange: trade.exchange,
        price: trade.price,
        creationDate: trade.date,
        lotQuantity: trade.quantity,
        sales,
        openQuantity: trade.sale ? 0 : trade.quantity,
        sequence: sequence++,
      });
      buys++;
      const entry = count(trade.symbol);
      entry.buys++;
      entry.boughtQuantity += trade.quantity;
      if (trade.sale) {
        sells++;
        entry.sells++;
        entry.soldQuantity += trade.quantity;
      }
      continue;
    }
    const eligible = (lotsBySymbol.get(trade.symbol) ?? []).filter(
      (lot) => lot.openQuantity > 0 && lot.creationDate <= trade.date,
    );
    const held = eligible.reduce((sum, lot) => sum + lot.openQuantity, 0);
    if (held < trade.quantity) {
      problems.push({
        line: trade.line,
        message: `Sell of ${trade.quantity} ${trade.symbol} on ${trade.date}: only ${held} ${held === 1 ? 'share is' : 'shares are'} held then at this firm and segment`,
      });
      continue;
    }
    let remaining = trade.quantity;
    for (const lot of eligible) {
      if (remaining === 0) break;
      const taken = Math.min(lot.openQuantity, remaining);
      lot.sales.push({ quantity: taken, sellPrice: trade.price, sellingDate: trade.date, line: trade.line });
      lot.openQuantity -= taken;
      remaining -= taken;
    }
    sells++;
    const entry = count(trade.symbol);
    entry.sells++;
    entry.soldQuantity += trade.quantity;
  }

  problems.sort((a, b) => a.line - b.line);
  const lots = all
    .filter((lot) => lot.existingId === null || lot.sales.length > 0)
    .map(({ sequence: _sequence, ...lot }) => lot);
  const symbols = [...counts.values()].sort((a, b) => a.symbol.localeCompare(b.symbol));
  return { lots, problems, symbols, buys, sells };
}
