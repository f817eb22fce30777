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

const isWhole = (value: Big) => value.mod(1).eq(0);

/** How one sell takes from one lot (decided for every lot before any is changed). */
interface Take {
  lot: Lot;
  sale: PlannedSale;
  /** The lot afterwards: what stays open and the date whose shares count it. */
  openQuantity: number;
  basisDate: string | null;
}

/**
 * One symbol's lots in FIFO order (buying date, then stored before the file's, then file order) and
 * what a sell needs of them, kept so that each trade costs O(1) amortised
 * (docs/decisions.md#tradebook-fifo-in-linear-time):
 * - `head` skips the lots sold out at the front (a closed lot never reopens);
 * - `frontier` counts the lots bought on or before the current sell's date (sells come in date
 *   order, so it only grows);
 * - `held` is the whole shares those lots hold in the sell date's shares. A lot's factor to a sell
 *   date depends only on which of the symbol's events lie before that date (its epoch), so `held`
 *   stays right while the epoch does: a lot passing the frontier adds its whole shares, a sale
 *   subtracts exactly the shares it took; a new epoch (a split or bonus between two sells, a few
 *   per symbol at most) recounts the frontier once.
 */
class SymbolBook {
  head = 0;
  frontier = 0;
  held = 0;
  epoch = -1;

  constructor(
    readonly lots: Lot[],
    readonly events: readonly HoldingEvent[],
    /** The ex-dates of the events that change shares, ascending. */
    private readonly exDates: readonly string[],
  ) {}

  private epochOf(date: string): number {
    // number of ex-dates on or before `date` (binary search)
    let low = 0;
    let high = this.exDates.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.exDates[middle]! <= date) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private wholeOn(lot: Lot, date: string): number {
    if (lot.openQuantity === 0) return 0;
    if (this.events.length === 0) return lot.openQuantity;
    return sharesOnSellDate(this.stored(lot), this.events, date).whole;
  }

  stored(lot: Lot) {
    return { quantity: lot.openQuantity, creationDate: lot.creationDate, basisDate: lot.basisDate };
  }

  /** Moves the frontier to `date` and answers the whole shares held then. */
  heldOn(date: string): number {
    const epoch = this.epochOf(date);
    if (epoch !== this.epoch) {
      this.epoch = epoch;
      this.held = 0;
      for (let index = this.head; index < this.frontier; index++) this.held += this.wholeOn(this.lots[index]!, date);
    }
    while (this.frontier < this.lots.length && this.lots[this.frontier]!.creationDate <= date) {
      this.held += this.wholeOn(this.lots[this.frontier]!, date);
      this.frontier++;
    }
    while (this.head < this.frontier && this.lots[this.head]!.openQuantity === 0) this.head++;
    return this.held;
  }
}

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
/**
 * The trades in the order the plan takes them: by date, a day's buys before its sells, then by
 * line. Already ordered trades (the API's reader hands them so) cost one pass.
 */
export function inPlanOrder(trades: readonly TradebookTrade[]): TradebookTrade[] {
  // one precomputed text key per trade ("2020-03-02 0" for a buy) compares faster than three fields
  const keys = new Map<TradebookTrade, string>();
  for (const trade of trades) keys.set(trade, `${trade.date} ${trade.side === 'BUY' ? 0 : 1}`);
  return [...trades].sort((a, b) => {
    const keyA = keys.get(a)!;
    const keyB = keys.get(b)!;
    return keyA < keyB ? -1 : keyA > keyB ? 1 : a.line - b.line;
  });
}

export function planTradebook(
  openLots: readonly OpenLot[],
  trades: readonly TradebookTrade[],
  isKnownSymbol: (symbol: string) => boolean = () => true,
  events: ReadonlyMap<string, readonly HoldingEvent[]> = new Map(),
  through: string | null = null,
): TradebookPlan {
  const steps = planSteps(openLots, trades, isKnownSymbol, events, through);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Trades planned between two pauses of planTradebookInSlices: a few milliseconds of work. */
export const PLAN_SLICE_TRADES = 2_000;

/**
 * planTradebook with `pause()` awaited after every PLAN_SLICE_TRADES trades: a server gives its
 * event loop back to other clients between slices (the API passes a setImmediate), so a file of
 * 50,000 trades never holds it for the whole plan. The same plan, step for step.
 */
export async function planTradebookInSlices(
  openLots: readonly OpenLot[],
  trades: readonly TradebookTrade[],
  isKnownSymbol: (symbol: string) => boolean,
  events: ReadonlyMap<string, readonly HoldingEvent[]>,
  through: string | null,
  pause: () => Promise<void>,
): Promise<TradebookPlan> {
  const steps = planSteps(openLots, trades, isKnownSymbol, events, through);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}

function* planSteps(
  openLots: readonly OpenLot[],
  trades: readonly TradebookTrade[],
  isKnownSymbol: (symbol: string) => boolean,
  events: ReadonlyMap<string, readonly HoldingEvent[]>,
  through: string | null,
): Generator<void, TradebookPlan> {
  let sequence = 0;
  const all: Lot[] = [];
  for (const stored of openLots) {
    all.push({
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

  // date order, a day's buys before its sells, then file order: one precomputed text key per trade
  // ("2020-03-02 0" for a buy) compares faster than three fields
  const ordered = inPlanOrder(trades);
  // every buy of the file is a lot from the start: a sell on date t only ever reaches lots bought
  // on or before t, and those buys come before it in `ordered` (a day's buys before its sells)
  const lotOfBuy = new Map<TradebookTrade, Lot>();
  let read = 0;
  for (const trade of ordered) {
    if (++read % PLAN_SLICE_TRADES === 0) yield;
    if (trade.side !== 'BUY' || !isKnownSymbol(trade.symbol)) continue;
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
    const lot: Lot = {
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
    };
    all.push(lot);
    lotOfBuy.set(trade, lot);
  }
  const books = new Map<string, SymbolBook>();
  for (const lot of all) {
    let book = books.get(lot.symbol);
    if (!book) {
      const symbolEvents = events.get(lot.symbol) ?? [];
      const exDates = symbolEvents
        .filter((event) => event.factor !== null)
        .map((event) => event.exDate)
        .sort();
      book = new SymbolBook([], symbolEvents, exDates);
      books.set(lot.symbol, book);
    }
    book.lots.push(lot);
  }
  for (const book of books.values()) book.lots.sort(older);

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

  let planned = 0;
  for (const trade of ordered) {
    if (++planned % PLAN_SLICE_TRADES === 0) yield;
    if (!isKnownSymbol(trade.symbol)) {
      problems.push({ line: trade.line, message: `Unknown symbol ${trade.symbol}: no prices are loaded for it` });
      continue;
    }
    if (trade.side === 'BUY') {
      buys++;
      const entry = count(trade.symbol);
      entry.buys++;
      entry.boughtQuantity += trade.quantity;
      if (lotOfBuy.get(trade)?.sales.length) {
        sells++;
        entry.sells++;
        entry.soldQuantity += trade.quantity;
      }
      continue;
    }
    const book = books.get(trade.symbol);
    const held = book ? book.heldOn(trade.date) : 0;
    if (!book || held < trade.quantity) {
      problems.push({
        line: trade.line,
        message: `Sell of ${trade.quantity} ${trade.symbol} on ${trade.date}: only ${held} ${held === 1 ? 'share is' : 'shares are'} held then at this firm and segment`,
      });
      continue;
    }
    // each lot's open shares in the sell date's shares (sale.ts, the hand sale's rule too), oldest first
    const takes: Take[] = [];
    let remaining = trade.quantity;
    let refusal: string | null = null;
    for (let index = book.head; index < book.frontier && remaining > 0; index++) {
      const lot = book.lots[index]!;
      if (lot.openQuantity === 0) continue;
      if (book.events.length === 0) {
        // no split or bonus: shares are shares (sellFromLot's first case, without its decimals)
        const taken = Math.min(lot.openQuantity, remaining);
        remaining -= taken;
        takes.push({
          lot,
          sale: {
            quantity: taken,
            basisDate: lot.basisDate,
            sellPrice: trade.price,
            sellingDate: trade.date,
            line: trade.line,
          },
          openQuantity: lot.openQuantity - taken,
          basisDate: lot.basisDate,
        });
        continue;
      }
      const stored = book.stored(lot);
      const counted = sharesOnSellDate(stored, book.events, trade.date);
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
    book.held -= trade.quantity;
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
