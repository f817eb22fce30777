/**
 * Market indices (docs/product/market.md#indices): their names, and the one rule for an index's
 * value on a date — its latest close on or before that date. Index days and equity trading days
 * differ now and then (the 27-Oct-2019 Muhurat session and the 1-Feb-2020 Budget Saturday are index
 * days the legacy bhavcopies lack; a holiday of one is not always a holiday of the other): every
 * comparison of a portfolio or a stock with an index reads the index through this rule.
 */

/** NSE's names: letters, digits, spaces and & - . ( ) /, at most 100 characters. */
export const INDEX_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 &.()/-]{0,99}$/;

/** The suffix a Total Return Index is stored under: `NIFTY 50` → `NIFTY 50 TRI`. */
export const TOTAL_RETURN_SUFFIX = ' TRI';

/** The index the benchmark compares with unless another is asked for (SEBI's fair comparison includes dividends). */
export const DEFAULT_BENCHMARK_INDEX = 'NIFTY 50 TRI';
/** The price index a stock is drawn against on Company Analysis. */
export const MARKET_INDEX = 'NIFTY 50';

/** An index name as stored: trimmed, inner spaces collapsed, in capitals ("Nifty 50" → "NIFTY 50"). */
export function normaliseIndexName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toUpperCase();
}

export function indexNameProblem(name: string): string | null {
  if (name === '') return 'The index name is empty';
  return INDEX_NAME_PATTERN.test(name)
    ? null
    : 'The index name may hold letters, digits, spaces and & - . ( ) / only, at most 100 characters';
}

export interface IndexClose {
  /** YYYY-MM-DD. */
  date: string;
  close: string;
}

/**
 * The index's value on `date`: its latest close on or before it (closes ascending by date); null
 * before its first close. Binary search: callers ask for every day of a portfolio's history.
 */
export function indexValueOn(closes: readonly IndexClose[], date: string): IndexClose | null {
  let low = 0;
  let high = closes.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (closes[middle]!.date <= date) low = middle + 1;
    else high = middle;
  }
  return low === 0 ? null : closes[low - 1]!;
}
