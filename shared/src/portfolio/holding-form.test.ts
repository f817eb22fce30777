/** The holding form's rules per mode, with the messages of docs/product/portfolio.md#validation verbatim. */
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../validation/rules.js';
import { holdingFormSchema, SELL_PRICE_REQUIRED } from './holding-form.js';

const valid = {
  symbol: 'TCS',
  currentPrice: '3500.5',
  price: '3400',
  exchange: 'NSE',
  quantity: '10',
  creationDate: '2025-01-10',
  sellPrice: '',
  sellingDate: '',
};
const today = '2025-03-20';

function errors(values: Record<string, unknown>, options: Parameters<typeof holdingFormSchema>[0]) {
  const result = holdingFormSchema(options).safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
}

describe('holding form', () => {
  it("answers the spec's required messages in add mode", () => {
    const empty = { symbol: '', currentPrice: '', price: '', exchange: '', quantity: '', creationDate: '' };
    expect(errors(empty, { mode: 'add', today })).toEqual({
      symbol: 'Symbol is required!',
      currentPrice: 'Current Price is required!',
      price: 'Price is required!',
      exchange: 'Exchange is required!',
      quantity: 'Quantity is required!',
      creationDate: ' Buying Date is required!',
    });
    expect(errors(valid, { mode: 'add', today })).toEqual({});
  });

  it('asks for a selling date and a sell price in sell mode', () => {
    expect(errors(valid, { mode: 'sell', today, heldQuantity: 10 })).toEqual({
      sellPrice: SELL_PRICE_REQUIRED,
      sellingDate: ' Selling Date is required!',
    });
    expect(
      errors({ ...valid, sellPrice: '3600', sellingDate: '2025-03-01' }, { mode: 'sell', today, heldQuantity: 10 }),
    ).toEqual({});
  });

  it('refuses selling more than held, a future date and a sale before the buy', () => {
    expect(
      errors(
        { ...valid, quantity: '11', sellPrice: '1', sellingDate: '2025-03-01' },
        { mode: 'sell', today, heldQuantity: 10 },
      ),
    ).toEqual({
      quantity: 'You cannot sell 11 shares: only 10 are held',
    });
    expect(
      errors({ ...valid, sellPrice: '1', sellingDate: '2025-03-21' }, { mode: 'sell', today, heldQuantity: 10 })
        .sellingDate,
    ).toBe('The selling date cannot be in the future');
    expect(
      errors({ ...valid, sellPrice: '1', sellingDate: '2025-01-09' }, { mode: 'sell', today, heldQuantity: 10 })
        .sellingDate,
    ).toBe('The selling date cannot be before the buying date');
    expect(errors({ ...valid, creationDate: '2025-03-21' }, { mode: 'add', today }).creationDate).toBe(
      'The buying date cannot be in the future',
    );
  });

  it('leaves a sale dated after the holding’s price date to the server (a split loaded up to it may add shares)', () => {
    const sale = { ...valid, quantity: '15', sellPrice: '1', sellingDate: '2025-03-05' };
    // 10 held as counted on 2025-03-03: a sale dated 2025-03-05 may count in more shares
    expect(errors(sale, { mode: 'sell', today, heldQuantity: 10, heldOn: '2025-03-03' })).toEqual({});
    // dated on the price date itself: counted in the same shares, so capped
    expect(
      errors({ ...sale, sellingDate: '2025-03-03' }, { mode: 'sell', today, heldQuantity: 10, heldOn: '2025-03-03' }),
    ).toEqual({
      quantity: 'You cannot sell 15 shares: only 10 are held',
    });
  });

  it('keeps the sell side of a sold holding in edit mode', () => {
    expect(errors(valid, { mode: 'edit', today, sold: true }).sellPrice).toBe(SELL_PRICE_REQUIRED);
    expect(errors(valid, { mode: 'edit', today, sold: false })).toEqual({});
  });
});
