/**
 * One rule set for every write path of a trade (docs/product/portfolio.md#validation): the same
 * bad value gets the same words from the holding form (web), the REST body of POST/PUT
 * /user/holding (which the GraphQL holding mutations send on) and every layout of the tradebook
 * import. The expected words are written here by hand, not taken from the rules.
 */
import { describe, expect, it } from 'vitest';
import { holdingFormSchema } from '../portfolio/holding-form.js';
import { readTradeRecord, TradeProblem } from '../portfolio/tradebook.js';
import { holdingSchema } from './reference.js';

const TODAY = '2025-06-30';
const good = { symbol: 'TCS', price: '3500.5', quantity: '10', date: '2025-06-02' };

/** The message each write path gives a holding whose `field` is `value`. */
function messages(field: 'quantity' | 'price' | 'symbol', value: string) {
  const values = { ...good, [field]: value };
  const rest = holdingSchema.safeParse({
    symbol: values.symbol,
    price: values.price,
    exchange: 'NSE',
    quantity: values.quantity,
    creationDate: values.date,
    brokerageFirm: { id: 1 },
    instrumentType: 'Equity',
  });
  const form = holdingFormSchema({ mode: 'add', today: TODAY }).safeParse({
    symbol: values.symbol,
    currentPrice: '3500',
    price: values.price,
    exchange: 'NSE',
    quantity: values.quantity,
    creationDate: values.date,
  });
  let file: string | null = null;
  try {
    readTradeRecord(
      'GENERIC_TRADES',
      {
        date: values.date,
        symbol: values.symbol,
        side: 'BUY',
        quantity: values.quantity,
        price: values.price,
        exchange: 'NSE',
      },
      2,
      TODAY,
    );
  } catch (error) {
    file = (error as TradeProblem).message;
  }
  const first = (result: typeof rest | typeof form) =>
    result.success ? null : (result.error.issues.find((issue) => issue.path[0] === field)?.message ?? null);
  return { rest: first(rest), form: first(form), file };
}

describe('every write path refuses the same bad value with the same words', () => {
  it.each([
    ['quantity', '0', 'Quantity must be at least 1'],
    ['quantity', '1.5', 'Quantity must be a whole number'],
    ['quantity', '3000000000', 'Quantity must be at most 1000000000'],
    ['quantity', '9'.repeat(300), 'Quantity must be at most 1000000000'],
    ['price', '0', 'Price must be greater than 0'],
    ['price', '-5', 'Price must be greater than 0'],
    ['price', '12a', 'Price must be a number'],
    ['price', '1.12345', 'Price may have at most 4 decimals'],
    ['price', `1.${'1'.repeat(150)}`, 'Price may have at most 4 decimals'],
    ['price', '9'.repeat(16), 'Price may have at most 15 digits before the decimal point'],
    ['symbol', 'TCS<script>', 'Symbol must be an NSE symbol (letters, digits, & - _ . up to 50 characters)'],
  ] as const)('%s %s', (field, value, expected) => {
    expect(messages(field, value)).toEqual({ rest: expected, form: expected, file: expected });
  });

  it('accepts the same good values everywhere', () => {
    expect(messages('price', '2001.350000')).toEqual({ rest: null, form: null, file: null });
    expect(messages('quantity', '1000000000')).toEqual({ rest: null, form: null, file: null });
  });
});
