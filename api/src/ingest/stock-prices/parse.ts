/**
 * Stock prices: NSE equity (CM) bhavcopies in the two layouts NSE has published, turned into
 * ready-to-COPY lines for stock_prices while every row is checked.
 * - Legacy 13 columns (until July 2024): SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,
 *   TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN, with a trailing comma on every line and
 *   'DD-MON-YYYY' dates.
 * - UDiFF common bhavcopy (since 8-Jul-2024): 34 columns, ISO dates, cash-market rows only.
 * Every series is kept (EQ, BE, BZ, SM, ST, GB, GS, debt series…). A file may hold many days.
 * Checks per row: symbol and series present and well-formed, a real date, prices exact decimals
 * ≥ 0 with HIGH ≥ LOW (the only price relation the real files always keep: LAST and even CLOSE can
 * fall outside the day's range in NSE's own files), counts whole numbers, and no second row for
 * the same symbol, series and date.
 */
import type { TableSource, LayoutSpec } from '../../files/table.js';
import { matchHeader, type ForeignLayout } from '../../files/table.js';
import { ProblemList } from '../problems.js';
import { readCount, readDate, readNonNegativeDecimal } from '../values.js';
import { isFileSymbol, ISIN_PATTERN, NOT_A_SERIES, NOT_A_SYMBOL, NOT_AN_ISIN, SERIES_PATTERN } from '../securities.js';

type PriceColumn =
  | 'symbol'
  | 'series'
  | 'date'
  | 'open'
  | 'high'
  | 'low'
  | 'close'
  | 'last'
  | 'prevClose'
  | 'quantity'
  | 'value'
  | 'trades'
  | 'isin'
  | 'segment'
  | 'instrumentType'
  | 'ignored';

const col = (key: PriceColumn, names: string[], required = false) => ({ key, names, required });

export const LEGACY_BHAVCOPY: LayoutSpec<PriceColumn> = {
  id: 'NSE_BHAVCOPY_LEGACY',
  title: 'NSE equity bhavcopy (legacy 13-column layout)',
  columns: [
    col('symbol', ['SYMBOL'], true),
    col('series', ['SERIES'], true),
    col('open', ['OPEN'], true),
    col('high', ['HIGH'], true),
    col('low', ['LOW'], true),
    col('close', ['CLOSE'], true),
    col('last', ['LAST'], true),
    col('prevClose', ['PREVCLOSE'], true),
    col('quantity', ['TOTTRDQTY'], true),
    col('value', ['TOTTRDVAL'], true),
    col('date', ['TIMESTAMP'], true),
    col('trades', ['TOTALTRADES']),
    col('isin', ['ISIN']),
  ],
};

/** UDiFF column names; the ones not read are still known (so they are not "unknown columns"). */
const UDIFF_IGNORED = [
  'BizDt',
  'Src',
  'FinInstrmId',
  'XpryDt',
  'FininstrmActlXpryDt',
  'StrkPric',
  'OptnTp',
  'FinInstrmNm',
  'UndrlygPric',
  'SttlmPric',
  'OpnIntrst',
  'ChngInOpnIntrst',
  'SsnId',
  'NewBrdLotQty',
  'Rmks',
  'Rsvd1',
  'Rsvd2',
  'Rsvd3',
  'Rsvd4',
];

export const UDIFF_BHAVCOPY: LayoutSpec<PriceColumn> = {
  id: 'NSE_BHAVCOPY_UDIFF',
  title: 'NSE UDiFF common bhavcopy (34-column layout)',
  columns: [
    col('date', ['TradDt'], true),
    col('segment', ['Sgmt']),
    col('instrumentType', ['FinInstrmTp']),
    col('isin', ['ISIN']),
    col('symbol', ['TckrSymb'], true),
    col('series', ['SctySrs'], true),
    col('open', ['OpnPric'], true),
    col('high', ['HghPric'], true),
    col('low', ['LwPric'], true),
    col('close', ['ClsPric'], true),
    col('last', ['LastPric']),
    col('prevClose', ['PrvsClsgPric']),
    col('quantity', ['TtlTradgVol']),
    col('value', ['TtlTrfVal']),
    col('trades', ['TtlNbOfTxsExctd']),
    ...UDIFF_IGNORED.map((name) => col('ignored', [name])),
  ],
};

export const PRICE_LAYOUTS = [LEGACY_BHAVCOPY, UDIFF_BHAVCOPY];

/** Columns of stock_prices written by COPY, in the order of the lines built here. */
export const PRICE_COPY_COLUMNS = [
  'symbol',
  'series',
  'trade_date',
  'open_price',
  'high_price',
  'low_price',
  'close_price',
  'last_price',
  'prev_close',
  'total_traded_qty',
  'total_traded_value',
  'total_trades',
  'isin',
];

export interface ParsedPrices {
  layout: string;
  rowsInFile: number;
  /** COPY text-format lines, grouped in chunks of about 1 MB. */
  chunks: string[];
  /** Rows per trade date, dates ascending. */
  rowsPerDate: Map<string, number>;
}

const CHUNK_CHARS = 1 << 20;
const NULL = '\\N';
const TRADES_MAX = 2_147_483_647;

const DATE_CACHE_LIMIT = 10_000;

/** Fast path of readNonNegativeDecimal for the usual '1234.5': already canonical text. */
const SIMPLE_PRICE = /^(0|[1-9]\d{0,17})(\.\d{1,8})?$/;

function nonNegativeDecimal(text: string): string | undefined {
  return SIMPLE_PRICE.test(text) ? text : readNonNegativeDecimal(text);
}

interface Columns {
  symbol: number;
  series: number;
  date: number;
  open: number;
  high: number;
  low: number;
  close: number;
  last: number;
  prevClose: number;
  quantity: number;
  value: number;
  trades: number;
  isin: number;
  segment: number;
  instrumentType: number;
}

export function parseStockPrices(table: TableSource, others: ForeignLayout[], uploadLabel: string): ParsedPrices {
  const problems = new ProblemList();
  const chunks: string[] = [];
  const rowsPerDate = new Map<string, number>();
  const seen = new Map<string, number>();
  // a bhavcopy repeats one date on every row: read each spelling once
  const dates = new Map<string, string | null>();
  let chunk = '';
  let rowsInFile = 0;
  let at: Columns | undefined;
  let names: Record<string, string> = {};
  let layoutId = '';
  let legacy = false;
  let dateFormat = '';

  const cellAt = (cells: string[], position: number): string => (position < 0 ? '' : (cells[position] ?? ''));

  /** An exact decimal ≥ 0, or undefined (empty, or bad: then a problem is added). */
  const price = (
    cells: string[],
    position: number,
    column: string,
    required: boolean,
    line: number,
  ): string | undefined => {
    const text = cellAt(cells, position);
    if (text === '') {
      if (required) problems.add(line, names[column]!, 'is required');
      return undefined;
    }
    const value = nonNegativeDecimal(text);
    if (value === undefined)
      problems.add(line, names[column]!, `'${text.slice(0, 30)}' is not a number of zero or more`);
    return value;
  };

  const count = (
    cells: string[],
    position: number,
    column: string,
    required: boolean,
    line: number,
    max?: number,
  ): number | undefined => {
    const text = cellAt(cells, position);
    if (text === '') {
      if (required) problems.add(line, names[column]!, 'is required');
      return undefined;
    }
    const value = readCount(text, max);
    if (value === undefined)
      problems.add(line, names[column]!, `'${text.slice(0, 30)}' is not a whole number of zero or more`);
    return value;
  };

  table.forEachRecord((cells, line) => {
    if (!at) {
      const matched = matchHeader(cells, PRICE_LAYOUTS, uploadLabel, others);
      layoutId = matched.layout.id;
      legacy = matched.layout === LEGACY_BHAVCOPY;
      dateFormat = legacy ? 'DD-MON-YYYY' : 'YYYY-MM-DD';
      const position = (key: keyof Columns) => (matched.index as Partial<Record<string, number>>)[key] ?? -1;
      at = {
        symbol: position('symbol'),
        series: position('series'),
        date: position('date'),
        open: position('open'),
        high: position('high'),
        low: position('low'),
        close: position('close'),
        last: position('last'),
        prevClose: position('prevClose'),
        quantity: position('quantity'),
        value: position('value'),
        trades: position('trades'),
        isin: position('isin'),
        segment: position('segment'),
        instrumentType: position('instrumentType'),
      };
      names = Object.fromEntries(matched.layout.columns.map((column) => [column.key, column.names[0]!]));
      return;
    }
    rowsInFile++;
    const before = problems.count;

    const symbol = cellAt(cells, at.symbol);
    const series = cellAt(cells, at.series);
    if (!isFileSymbol(symbol)) problems.addInvalid(line, names.symbol!, symbol, NOT_A_SYMBOL, 60);
    if (!SERIES_PATTERN.test(series)) problems.addInvalid(line, names.series!, series, NOT_A_SERIES, 20);
    if (at.segment >= 0 && cells[at.segment] !== 'CM') {
      problems.add(
        line,
        names.segment!,
        `'${cellAt(cells, at.segment).slice(0, 20)}' is not the cash market (CM): only equity bhavcopies are accepted`,
      );
    }
    if (at.instrumentType >= 0 && cells[at.instrumentType] !== 'STK') {
      problems.add(
        line,
        names.instrumentType!,
        `'${cellAt(cells, at.instrumentType).slice(0, 20)}' is not a cash-market instrument (STK)`,
      );
    }

    const dateText = cellAt(cells, at.date);
    let date = dates.get(dateText);
    if (date === undefined) {
      date = readDate(dateText) ?? null;
      if (dates.size < DATE_CACHE_LIMIT) dates.set(dateText, date);
    }
    if (date === null)
      problems.add(
        line,
        names.date!,
        dateText === '' ? 'is required' : `'${dateText.slice(0, 30)}' is not a valid date (expected ${dateFormat})`,
      );

    const open = price(cells, at.open, 'open', true, line);
    const high = price(cells, at.high, 'high', true, line);
    const low = price(cells, at.low, 'low', true, line);
    const close = price(cells, at.close, 'close', true, line);
    const last = price(cells, at.last, 'last', legacy, line);
    const prevClose = price(cells, at.prevClose, 'prevClose', legacy, line);
    const value = price(cells, at.value, 'value', legacy, line);
    if (high !== undefined && low !== undefined && Number(high) < Number(low))
      problems.add(line, names.high!, `${high} is below ${names.low} ${low}`);
    const quantity = count(cells, at.quantity, 'quantity', legacy, line);
    const trades = count(cells, at.trades, 'trades', false, line, TRADES_MAX);
    const isin = cellAt(cells, at.isin);
    if (isin !== '' && !ISIN_PATTERN.test(isin)) problems.addInvalid(line, names.isin!, isin, NOT_AN_ISIN, 20);
    if (problems.count > before || date === null) return;

    const key = `${symbol}\t${series}\t${date}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      problems.add(line, '', `repeats line ${earlier} (same symbol ${symbol}, series ${series} and date ${date})`);
      return;
    }
    seen.set(key, line);
    if (problems.count > 0) return; // the file is rejected: no need for COPY text
    rowsPerDate.set(date, (rowsPerDate.get(date) ?? 0) + 1);
    chunk +=
      `${key}\t${open}\t${high}\t${low}\t${close}\t${last ?? NULL}\t${prevClose ?? NULL}\t${quantity ?? NULL}\t` +
      `${value ?? NULL}\t${trades ?? NULL}\t${isin === '' ? NULL : isin}\n`;
    if (chunk.length >= CHUNK_CHARS) {
      chunks.push(chunk);
      chunk = '';
    }
  });

  if (!at) problems.add(1, '', 'the file has no header line and no rows');
  else if (rowsInFile === 0) problems.add(2, '', 'the file has a header but no price rows');
  problems.throwIfAny('stock price');
  if (chunk !== '') chunks.push(chunk);
  return {
    layout: layoutId,
    rowsInFile,
    chunks,
    rowsPerDate: new Map([...rowsPerDate.entries()].sort(([a], [b]) => a.localeCompare(b))),
  };
}
