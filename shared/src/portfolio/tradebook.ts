/**
 * Tradebook import, the reading rules (docs/product/portfolio.md#tradebook-import): the three column
 * layouts recognised by their header, and one record of any of them read into trades, with the
 * problem of a bad cell said by line. Pure: the API matches the header and hands records here; the
 * FIFO plan (tradebook-fifo.ts) turns the trades into holdings.
 */
import Big from 'big.js';
import { EXCHANGES, type Exchange } from '../constants.js';
import {
  excerpt,
  TRADE_LABELS,
  tradePriceProblem,
  tradeQuantityProblem,
  tradeSymbolProblem,
} from '../validation/trade.js';
import { HOLDING_DATE_MESSAGES } from './holding-dates.js';

export type TradebookSide = 'BUY' | 'SELL';

/** One trade of a tradebook, or one holding row of our own export (a buy that may carry its sale). */
export interface TradebookTrade {
  /** 1-based line of the file (sheet row for workbooks). */
  line: number;
  /** YYYY-MM-DD trade date. */
  date: string;
  symbol: string;
  side: TradebookSide;
  quantity: number;
  /** Exact decimal string, > 0. */
  price: string;
  exchange: Exchange;
  /** The broker's trade id; null when the layout or the row has none. */
  tradeId: string | null;
  /** Our export's sold rows: the sale of exactly this lot (a round trip keeps each row as it was). */
  sale?: { price: string; date: string } | undefined;
  /**
   * Our export's rows show a holding in the shares of its selling date (or of D while open), after
   * the splits and bonuses it took part in: the plan turns them back into the trade as entered.
   */
  exported?: boolean | undefined;
}

export interface TradebookColumn {
  key: string;
  /** The names the header may use (the first one is shown in messages). */
  names: string[];
  required: boolean;
}

export interface TradebookLayout {
  id: 'ZERODHA_TRADEBOOK' | 'GENERIC_TRADES' | 'HOLDINGS_EXPORT';
  title: string;
  columns: TradebookColumn[];
}

const column = (key: string, required: boolean, ...names: string[]): TradebookColumn => ({
  key,
  names: names.length > 0 ? names : [key],
  required,
});

/** Zerodha Console → Reports → Tradebook, equity, downloaded as CSV or XLSX. */
export const ZERODHA_TRADEBOOK_LAYOUT: TradebookLayout = {
  id: 'ZERODHA_TRADEBOOK',
  title: 'Zerodha Console equity tradebook',
  columns: [
    column('symbol', true),
    column('isin', false),
    column('trade_date', true),
    column('exchange', true),
    column('segment', false),
    column('series', false),
    column('trade_type', true),
    column('auction', false),
    column('quantity', true),
    column('price', true),
    column('trade_id', true),
    column('order_id', false),
    column('order_execution_time', false),
  ],
};

/** Our own layout, for any broker: the template the import screen offers. */
export const GENERIC_TRADES_LAYOUT: TradebookLayout = {
  id: 'GENERIC_TRADES',
  title: 'Bazaar trades CSV',
  columns: [
    column('date', true),
    column('symbol', true),
    column('side', true),
    column('quantity', true),
    column('price', true),
    column('exchange', true),
    column('trade_id', false),
  ],
};

/**
 * The CSV the holdings table's export writes: its column titles (the current ones first, with their unit, then
 * those of earlier versions of the table), its values as plain numbers and YYYY-MM-DD dates
 * (docs/product/common.md#csv-exports) or, in files of earlier versions, formatted (₹, dd-Mmm-yyyy). The exchange
 * column may be left out: NSE then.
 */
export const HOLDINGS_EXPORT_LAYOUT: TradebookLayout = {
  id: 'HOLDINGS_EXPORT',
  title: 'Bazaar holdings export',
  columns: [
    column('symbol', true, 'Symbol'),
    column('exchange', false, 'Exchange'),
    column('quantity', true, 'Qty', 'Quantity'),
    column('price', true, 'Avg Price (₹)', 'Avg Price', 'Price'),
    column('currentPrice', false, 'LTP (₹)', 'LTP', 'Current Price'),
    column('dayChange', false, 'Day Change (%)', 'Day Change'),
    column('status', true, 'Status'),
    column('buyingDate', true, 'Buying Date'),
    column('sellPrice', true, 'Sell Price (₹)', 'Sell Price'),
    column('sellingDate', true, 'Selling Date'),
    column('gross', false, 'Gross P&L (₹)', 'Gross P&L'),
    column('charges', false, 'Charges (₹)', 'Charges'),
    column('dividends', false, 'Dividends (₹)', 'Dividends'),
    column('net', false, 'Net P&L (₹)', 'Net P&L'),
  ],
};

export const TRADEBOOK_LAYOUTS: readonly TradebookLayout[] = [
  ZERODHA_TRADEBOOK_LAYOUT,
  GENERIC_TRADES_LAYOUT,
  HOLDINGS_EXPORT_LAYOUT,
];

/** The downloadable template of the generic layout: its header and two example rows. */
export const GENERIC_TRADES_TEMPLATE_FILE_NAME = 'bazaar-trades-template.csv';
export const GENERIC_TRADES_TEMPLATE =
  'date,symbol,side,quantity,price,exchange,trade_id\n' +
  '2020-03-02,TCS,BUY,10,2001.35,NSE,T1001\n' +
  '2020-03-16,TCS,SELL,4,1710.6,NSE,T1002\n';

/** Longest trade id kept (Zerodha's are 8–20 characters). */
export const MAX_TRADE_ID_LENGTH = 100;
/** Largest tradebook file accepted (50,000 Zerodha rows are about 7 MB). */
export const MAX_TRADEBOOK_BYTES = 10 * 1024 * 1024;
/** Most trades one file may hold (a tradebook of several years of active trading). */
export const MAX_TRADEBOOK_TRADES = 50_000;

/** Longest cell read (a trade's cells are short; a longer one is refused before it is parsed). */
export const MAX_TRADEBOOK_CELL_LENGTH = 1_000;

/**
 * A record's problem: its line, the column (the file's own column key) and an excerpt of the cell
 * when one cell is at fault, and the message the same value gets in every write path.
 */
export class TradeProblem extends Error {
  constructor(
    readonly line: number,
    message: string,
    readonly column?: string,
    readonly value?: string,
  ) {
    super(message);
    this.name = 'TradeProblem';
  }
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

function validDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || year < 1900 || year > 2999) return null;
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * A trade date as YYYY-MM-DD, from YYYY-MM-DD (a time after it ignored), DD-MM-YYYY, DD/MM/YYYY or
 * DD-Mmm-YYYY (our export's format); null when it is none of these or no such day exists.
 */
export function parseTradeDate(text: string): string | null {
  const value = text.trim();
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T][\d:.]+)?$/.exec(value);
  if (match) return validDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec(value);
  if (match) return validDate(Number(match[3]), Number(match[2]), Number(match[1]));
  match = /^(\d{1,2})[- ]([A-Za-z]{3})[- ](\d{4})$/.exec(value);
  if (match) {
    const month = MONTHS.indexOf(match[2]!.toUpperCase());
    return month < 0 ? null : validDate(Number(match[3]), month + 1, Number(match[1]));
  }
  return null;
}

/** A decimal as written in a file: ₹ sign, Indian or Western grouping and spaces ignored. */
function cleanNumber(text: string): string {
  return text.replace(/[₹,\s]/g, '').replace(/^Rs\.?/i, '');
}

/**
 * A price as written in a file → the exact decimal string, or the shared price rule's problem
 * (tradePriceProblem: the same words as the form and REST). ₹, Rs. and grouping are ignored.
 */
export function readTradePrice(
  text: string,
  label: string = TRADE_LABELS.price,
): { price: string } | { problem: string } {
  const value = cleanNumber(text);
  const problem = tradePriceProblem(value, label);
  return problem === null ? { price: new Big(value).toFixed() } : { problem };
}

/** A price: a positive decimal within the shared price rule (exact string), or null. */
export function parseTradePrice(text: string): string | null {
  const read = readTradePrice(text);
  return 'price' in read ? read.price : null;
}

/**
 * A quantity as written in a file ("10" or "10.000000", as some exports write it) → shares, or the
 * shared quantity rule's problem.
 */
export function readTradeQuantity(text: string): { quantity: number } | { problem: string } {
  const value = cleanNumber(text).replace(/\.0+$/, '');
  const problem = tradeQuantityProblem(value);
  return problem === null ? { quantity: Number(value) } : { problem };
}

/** A quantity: a whole number within the shared quantity rule, or null. */
export function parseTradeQuantity(text: string): number | null {
  const read = readTradeQuantity(text);
  return 'quantity' in read ? read.quantity : null;
}

function parseSide(text: string): TradebookSide | null {
  const value = text.trim().toUpperCase();
  if (value === 'BUY' || value === 'B') return 'BUY';
  if (value === 'SELL' || value === 'S') return 'SELL';
  return null;
}

function parseExchange(text: string): Exchange | null {
  const value = text.trim().toUpperCase();
  return (EXCHANGES as readonly string[]).includes(value) ? (value as Exchange) : null;
}

/**
 * Zerodha writes the trading symbol, which for series other than EQ may carry the series
 * ("ABC-BE"); prices are stored under the bare symbol.
 */
function bareSymbol(symbol: string, series: string | undefined): string {
  const upper = symbol.trim().toUpperCase();
  const suffix = series?.trim().toUpperCase();
  return suffix && suffix !== 'EQ' && upper.endsWith(`-${suffix}`) ? upper.slice(0, -suffix.length - 1) : upper;
}

/** Cells by column key, as the API's header matching placed them. */
export type TradeCells = Partial<Record<string, string>>;

/**
 * One record of a layout → its trade, or a TradeProblem naming the first bad cell. `today` is the
 * exchange date: a trade after it is refused.
 */
export function readTradeRecord(
  layout: TradebookLayout['id'],
  cells: TradeCells,
  line: number,
  today: string,
): TradebookTrade {
  const cell = (key: string) => (cells[key] ?? '').trim();
  const problem = (message: string, key?: string) =>
    new TradeProblem(line, message, key, key === undefined ? undefined : excerpt(cell(key)));
  for (const [key, text] of Object.entries(cells))
    if (text !== undefined && text.length > MAX_TRADEBOOK_CELL_LENGTH)
      throw problem(`${key} is longer than ${MAX_TRADEBOOK_CELL_LENGTH.toLocaleString('en-IN')} characters`, key);
  const date = (key: string, label: string, inFuture: string): string => {
    const parsed = parseTradeDate(cell(key));
    if (!parsed) throw problem(`${label} is not a date (YYYY-MM-DD)`, key);
    if (parsed > today) throw problem(inFuture, key);
    return parsed;
  };
  const price = (key: string, label: string): string => {
    const read = readTradePrice(cell(key), label);
    if ('problem' in read) throw problem(read.problem, key);
    return read.price;
  };
  const symbol = bareSymbol(cell('symbol'), cells.series);
  const symbolProblem = tradeSymbolProblem(symbol);
  if (symbolProblem !== null) throw problem(symbolProblem, 'symbol');
  const exchange = parseExchange(layout === 'HOLDINGS_EXPORT' && cell('exchange') === '' ? 'NSE' : cell('exchange'));
  if (!exchange) throw problem('Exchange is not NSE or BSE', 'exchange');
  const quantity = readTradeQuantity(cell('quantity'));
  if ('problem' in quantity) throw problem(quantity.problem, 'quantity');

  if (layout === 'HOLDINGS_EXPORT') {
    const status = cell('status').toUpperCase();
    if (status !== 'REALIZED' && status !== 'UNREALIZED')
      throw problem('Status is not REALIZED or UNREALIZED', 'status');
    const buyDate = date('buyingDate', 'Buying date', HOLDING_DATE_MESSAGES.buyingDateInFuture);
    const trade: TradebookTrade = {
      line,
      date: buyDate,
      symbol,
      side: 'BUY',
      quantity: quantity.quantity,
      price: price('price', TRADE_LABELS.price),
      exchange,
      tradeId: null,
      exported: true,
    };
    if (status === 'REALIZED') {
      const sellingDate = date('sellingDate', 'Selling date', HOLDING_DATE_MESSAGES.sellingDateInFuture);
      if (sellingDate < buyDate) throw problem(HOLDING_DATE_MESSAGES.sellingBeforeBuying, 'sellingDate');
      trade.sale = { price: price('sellPrice', TRADE_LABELS.sellPrice), date: sellingDate };
    }
    return trade;
  }

  const zerodha = layout === 'ZERODHA_TRADEBOOK';
  const sideKey = zerodha ? 'trade_type' : 'side';
  const side = parseSide(cell(sideKey));
  if (!side) throw problem(`${sideKey} is not buy or sell`, sideKey);
  const tradeId = cell('trade_id');
  if (tradeId.length > MAX_TRADE_ID_LENGTH)
    throw problem(`trade_id is longer than ${MAX_TRADE_ID_LENGTH} characters`, 'trade_id');
  if (zerodha && tradeId === '') throw problem('trade_id is empty', 'trade_id');
  const dateKey = zerodha ? 'trade_date' : 'date';
  return {
    line,
    date: date(
      dateKey,
      dateKey,
      side === 'BUY' ? HOLDING_DATE_MESSAGES.buyingDateInFuture : HOLDING_DATE_MESSAGES.sellingDateInFuture,
    ),
    symbol,
    side,
    quantity: quantity.quantity,
    price: price('price', TRADE_LABELS.price),
    exchange,
    tradeId: tradeId === '' ? null : tradeId,
  };
}

/**
 * The key a trade is remembered by, to skip it when imported again (docs/decisions.md#tradebook-import-keys):
 * the broker's trade id when there is one; otherwise the row's content with its occurrence among
 * identical rows of the file (two identical buys in one file are two trades; the same file again is
 * the same two).
 */
export function tradeImportKeys(trades: readonly TradebookTrade[]): string[] {
  const seen = new Map<string, number>();
  return trades.map((trade) => {
    if (trade.tradeId !== null) return `id:${trade.tradeId}`;
    const sale = trade.sale ? `|${trade.sale.date}|${trade.sale.price}` : '';
    const content = `${trade.date}|${trade.symbol}|${trade.side}|${trade.quantity}|${trade.price}|${trade.exchange}${sale}`;
    const occurrence = (seen.get(content) ?? 0) + 1;
    seen.set(content, occurrence);
    return `row:${content}#${occurrence}`;
  });
}
