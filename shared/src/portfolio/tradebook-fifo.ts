/**
 * Tradebook import, the FIFO plan (docs/product/portfolio.md#tradebook-import): buys become lots
 * (holdings); a sell closes the oldest open lots of its symbol first, as Indian capital-gains rules
 * count, splitting a lot when it is partly sold exactly as a partial sale does (sale.ts): the sold
 * part becomes a REALIZED row and the rest stays open, both keeping the buy order's quantity.
 * Trades run in date order, a day's buys before its sells (an intraday sell then buy back nets the
 * same gross as buy then sell). Pure: the API reads the open lots, plans, then writes the plan.
 *
 * Splits, consolidations and bonuses (docs/product/portfolio.md#corporate-actions): a sell counts in
 * the shares of its date, so each lot's open shares are first counted in that date's shares (× the
 * factors of the events the lot takes part in between its basis and the sell: holding-events.ts).
 * A part sold then is stored in the sell date's shares (basisDate, as a partial sale stores it); a
 * lot no event touched keeps its basis, so such plans are what they were before events existed.
 */
import Big from 'big.js';
import type { Exchange } from '../constants.js';
import type { HoldingEvent } from './holding-events.js';
import { sellFromLot, sharesFactor, sharesOnSellDate } from './sale.js';
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
  /** The date whose shares `quantity` counts (a row split by a sale after an event); null: the buying date's. */
  basisDate?: string | null | undefined;
}

export interface PlannedSale {
  /** Shares sold, counted as of basisDate (the selling date's shares when an event came between). */
  quantity: number;
  /** The date whose shares `quantity` counts; null: the buying date's. */
  basisDate: string | null;
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
  /** What stays open (an UNREALIZED row when > 0), counted as of basisDate. */
  openQuantity: number;
  /** The date whose shares openQuantity counts; null: the buying date's. */
  basisDate: string | null;
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

/** How one sell takes from one lot (decided for every lot before any is changed). */
interface Take {
  lot: Lot;
  sale: PlannedSale;
  /** The lot afterwards: what stays open and the date whose shares count it. */
  openQuantity: number;
  basisDate: string | null;
}

const isWhole = (value: Big) => value.mod(1).eq(0);

/**
 * A buy as it is stored. A row of our holdings export shows the holding in the shares of its
 * selling date, or of D (`through`) while open, after the events in effect then: its quantity ÷
 * and its price × their factors give the trade as entered. When that is not a whole number of
 * shares (a part of a lot sold after a bonus), the row keeps the export's shares, counted as of
 * that date (basisDate). The price is the export's (rounded to the paisa) × the factors.
 */
function asEntered(
  trade: TradebookTrade,
  events: readonly HoldingEvent[],
  through: string | null,
): { quantity: number; lotQuantity: number; price: string; basisDate: string | null } {
  const plain = { quantity: trade.quantity, lotQuantity: trade.quantity, price: trade.price, basisDate: null };
  const end = trade.sale ? trade.sale.date : through;
  if (!trade.exported || end === null || events.length === 0) return plain;
  const factor = sharesFactor(events, trade.date, trade.date, end);
  if (factor.eq(1)) return plain;
  const price = new Big(trade.price).times(factor).toFixed();
  const traded = new Big(trade.quantity).div(factor);
  if (isWhole(traded)) {
    const quantity = Number(traded.toFixed());
    return { quantity, lotQuantity: quantity, price, basisDate: null };
  }
  const lotQuantity = Math.max(1, Number(traded.round(0, Big.roundDown).toFixed()));
  return { quantity: trade.quantity, lotQuantity, price, basisDate: end };
}

/**
 * Plans the trades against the open lots. A sell that more shares than are open on its date (at
 * this firm and segment) would close is a problem of its line and closes nothing; so is a trade of
 * a symbol `isKnownSymbol` refuses. `events` are each symbol's splits, consolidations and bonuses
 * (dividends are ignored here); the shares of a sell and of the lots are compared in the sell
 * date's shares. A lot a bonus left with a fraction of a share sells whole with its last whole
 * share (as a partial sale does); a sell that would leave only the fraction is a problem of its line.
 * `through` is D, the latest price date: the date whose shares our export's open rows show.
 */
export function planTradebook(
  openLots: readonly OpenLot[],
  trades: readonly TradebookTrade[],
  isKnownSymbol: (symbol: string) => boolean = () => true,
  events: ReadonlyMap<string, readonly HoldingEvent[]> = new Map(),
  through: string | null = null,
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
      basisDate: stored.basisDate ?? null,
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
      const bought = asEntered(trade, events.get(trade.symbol) ?? [], through);
      const sales = trade.sale
        ? [
            {
              quantity: bought.quantity,
              basisDate: bought.basisDate,
              sellPrice: trade.sale.price,
              sellingDate: trade.sale.date,
              line: trade.line,
            },
          ]
        : [];
      add({
        existingId: null,
        line: trade.line,
        symbol: trade.symbol,
        exchange: trade.exchange,
        price: bought.price,
        creationDate: trade.date,
        lotQuantity: bought.lotQuantity,
        sales,
        openQuantity: trade.sale ? 0 : bought.quantity,
        basisDate: bought.basisDate,
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
    const symbolEvents = events.get(trade.symbol) ?? [];
    // each lot's open shares in the sell date's shares (sale.ts, the hand sale's rule too)
    const eligible = (lotsBySymbol.get(trade.symbol) ?? [])
      .filter((lot) => lot.openQuantity > 0 && lot.creationDate <= trade.date)
      .map((lot) => {
        const stored = { quantity: lot.openQuantity, creationDate: lot.creationDate, basisDate: lot.basisDate };
        return { lot, stored, counted: sharesOnSellDate(stored, symbolEvents, trade.date) };
      });
    const held = eligible.reduce((sum, { counted }) => sum + counted.whole, 0);
    if (held < trade.quantity) {
      problems.push({
        line: trade.line,
        message: `Sell of ${trade.quantity} ${trade.symbol} on ${trade.date}: only ${held} ${held === 1 ? 'share is' : 'shares are'} held then at this firm and segment`,
      });
      continue;
    }
    const takes: Take[] = [];
    let remaining = trade.quantity;
    let refusal: string | null = null;
    for (const { lot, stored, counted } of eligible) {
      if (remaining === 0) break;
      if (counted.whole === 0) continue;
      const taken = Math.min(counted.whole, remaining);
      remaining -= taken;
      const parts = sellFromLot(stored, counted, trade.date, taken);
      if (parts === null) {
        refusal = `Sell of ${trade.quantity} ${trade.symbol} on ${trade.date}: the lot bought on ${lot.creationDate} is ${counted.shares.toFixed()} shares after its splits and bonuses; a sale must leave whole shares, so sell all ${counted.whole} of them`;
        break;
      }
      takes.push({
        lot,
        sale: { ...parts.sold, sellPrice: trade.price, sellingDate: trade.date, line: trade.line },
        openQuantity: parts.rest.quantity,
        basisDate: parts.rest.basisDate,
      });
    }
    if (refusal !== null) {
      problems.push({ line: trade.line, message: refusal });
      continue;
    }
    for (const take of takes) {
      take.lot.sales.push(take.sale);
      take.lot.openQuantity = take.openQuantity;
      take.lot.basisDate = take.basisDate;
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
