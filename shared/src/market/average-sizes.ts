/**
 * The sizes of a moving-average request: how many of the latest closes (priceSize) and the
 * window (windowSize). One rule and one set of messages for the REST SMA route, the BFF's sma and
 * movingAverage fields and the web app's inputs (which check before asking).
 */
import { MAX_PRICE_SIZE } from './moving-averages.js';

export type AverageSizeField = 'symbol' | 'priceSize' | 'windowSize';

/** What is wrong with a request, and which input it is about. */
export interface AverageSizeProblem {
  field: AverageSizeField;
  message: string;
}

export const AVERAGE_SIZE_MESSAGES = {
  priceSize: 'Price size must be a whole number of at least 1',
  windowSize: 'Window size must be a whole number of at least 1',
  priceSizeMax: `Price size must be at most ${MAX_PRICE_SIZE}`,
  windowLarger: 'Window size must not be larger than the price size',
  noPrices: (symbol: string) => `There are no prices for ${symbol}`,
  notEnoughPrices: (priceSize: number, available: number, symbol: string) =>
    `Price size ${priceSize} is more than the ${available} prices available for ${symbol}`,
} as const;

/** A whole number ≥ 1 given as a number or as digits (query text, an input's value); otherwise null. */
function wholeNumber(value: number | string | null | undefined): number | null {
  if (typeof value === 'string') {
    if (!/^\s*\d{1,9}\s*$/.test(value)) return null;
    value = Number(value);
  }
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : null;
}

/**
 * The checks that need no prices: both sizes whole numbers ≥ 1, priceSize ≤ MAX_PRICE_SIZE and
 * windowSize ≤ priceSize. Answers the sizes as numbers, or the first problem.
 */
export function checkAverageSizes(
  priceSize: number | string | null | undefined,
  windowSize: number | string | null | undefined,
): { priceSize: number; windowSize: number } | AverageSizeProblem {
  const price = wholeNumber(priceSize);
  if (price === null) return { field: 'priceSize', message: AVERAGE_SIZE_MESSAGES.priceSize };
  const window = wholeNumber(windowSize);
  if (window === null) return { field: 'windowSize', message: AVERAGE_SIZE_MESSAGES.windowSize };
  if (price > MAX_PRICE_SIZE) return { field: 'priceSize', message: AVERAGE_SIZE_MESSAGES.priceSizeMax };
  if (window > price) return { field: 'windowSize', message: AVERAGE_SIZE_MESSAGES.windowLarger };
  return { priceSize: price, windowSize: window };
}

/** The check against the closes a symbol has: some, and at least priceSize of them. */
export function checkClosesAvailable(symbol: string, priceSize: number, available: number): AverageSizeProblem | null {
  if (available === 0) return { field: 'symbol', message: AVERAGE_SIZE_MESSAGES.noPrices(symbol) };
  if (available < priceSize)
    return { field: 'priceSize', message: AVERAGE_SIZE_MESSAGES.notEnoughPrices(priceSize, available, symbol) };
  return null;
}

export function isAverageSizeProblem(value: object): value is AverageSizeProblem {
  return 'message' in value;
}
