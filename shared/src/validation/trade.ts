/**
 * The values of a trade, one rule set for every way a trade is written (docs/product/portfolio.md#validation):
 * the holding form (web), POST/PUT /user/holding and the GraphQL holding mutations, sales, and every
 * layout of the tradebook import. Each check answers the same words wherever the value was entered,
 * and each limit is inside what the database keeps (quantity an integer column, prices numeric
 * with 15 digits before the point), so the database is never the first to say no.
 */
import { z } from 'zod';
import {
  decimalProblem,
  integerProblem,
  requiredDecimal,
  requiredInteger,
  SYMBOL_PATTERN,
  symbolInvalidMessage,
  type DecimalOptions,
  type IntegerOptions,
} from './rules.js';

/** The most shares one trade or holding may count (an integer column holds 2,147,483,647). */
export const MAX_TRADE_QUANTITY = 1_000_000_000;

export const TRADE_LABELS = {
  quantity: 'Quantity',
  price: 'Price',
  sellPrice: 'Sell price',
  symbol: 'Symbol',
} as const;

/** Shares: a whole number from 1 to MAX_TRADE_QUANTITY. */
export const QUANTITY_RULE: IntegerOptions = { min: 1, max: MAX_TRADE_QUANTITY };
/** A buy or sell price: above 0, at most 4 decimals (exchanges tick in paise; brokers' averages carry 4). */
export const PRICE_RULE: DecimalOptions = { positive: true, maxDecimals: 4 };
/** A sell price where 0 means "not sold" (REST's holding body): the price rule with 0 allowed. */
export const OPTIONAL_SELL_PRICE_RULE: DecimalOptions = { nonNegative: true, maxDecimals: 4 };

/** The problem of a quantity's text, or null. */
export function tradeQuantityProblem(text: string): string | null {
  return integerProblem(text, TRADE_LABELS.quantity, QUANTITY_RULE);
}

/** The problem of a price's text (`label`: Price or Sell price), or null. */
export function tradePriceProblem(text: string, label: string = TRADE_LABELS.price): string | null {
  return decimalProblem(text, label, PRICE_RULE);
}

/** The problem of a symbol, or null: the one symbol rule (SYMBOL_PATTERN). */
export function tradeSymbolProblem(symbol: string): string | null {
  if (symbol === '') return 'The symbol is empty';
  return SYMBOL_PATTERN.test(symbol) ? null : symbolInvalidMessage(TRADE_LABELS.symbol);
}

/** A form or body field holding a quantity. */
export function quantityField(requiredMessage: string) {
  return requiredInteger(requiredMessage, TRADE_LABELS.quantity, QUANTITY_RULE);
}

/** A form or body field holding a buy or sell price. */
export function priceField(requiredMessage: string, label: string = TRADE_LABELS.price) {
  return requiredDecimal(requiredMessage, label, PRICE_RULE);
}

/** REST's optional sell price (0 or absent: not sold). */
export function optionalSellPriceField() {
  return z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value) => (value === null || value === undefined || String(value).trim() === '' ? undefined : value))
    .pipe(requiredDecimal('Sell price is required', TRADE_LABELS.sellPrice, OPTIONAL_SELL_PRICE_RULE).optional());
}

/** At most this many characters of a cell are quoted back in a message (a cell may be megabytes). */
export const EXCERPT_LENGTH = 40;

/** A cell's text as messages quote it: at most EXCERPT_LENGTH characters, an ellipsis when cut. */
export function excerpt(text: string): string {
  return text.length <= EXCERPT_LENGTH ? text : `${text.slice(0, EXCERPT_LENGTH - 1)}…`;
}
