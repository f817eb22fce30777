/**
 * The holding form's rules (docs/product/portfolio.md#validation), one schema per mode of the modal:
 * - add and edit: symbol, current price, price, exchange, quantity and the date ('Creation Date');
 * - sell: the same buy side (read-only on screen, 'Buying Date'), plus a sell price, a selling date
 *   (' Selling Date is required!') and a quantity no larger than the quantity held.
 * Messages are the documented ones, verbatim (the leading spaces of the date messages included). The date
 * rules and the oversell rule are the ones the API applies again on every write (holdingDateProblems,
 * splitForSale), with the same messages.
 */
import { z } from 'zod';
import { EXCHANGES } from '../constants.js';
import { MESSAGES } from '../validation/messages.js';
import { requiredDate, requiredDecimal, symbolText } from '../validation/rules.js';
import { priceField, quantityField, TRADE_LABELS } from '../validation/trade.js';
import { holdingDateProblems } from './holding-dates.js';
import { OversellError } from './sale.js';

export type HoldingFormMode = 'add' | 'edit' | 'sell';

/** The documented rules name no message for the sell price: our words, in their style. */
export const SELL_PRICE_REQUIRED = 'Sell Price is required!';

export interface HoldingFormOptions {
  mode: HoldingFormMode;
  /** Today's exchange date (YYYY-MM-DD): no date may be later. */
  today: string;
  /** Sell mode: the quantity held, the most that can be sold. */
  heldQuantity?: number;
  /**
   * Sell mode: the exchange date heldQuantity counts in (the holding's price date). A sale dated
   * later counts in its own date's shares, which a split or bonus loaded with an ex-date up to it
   * may multiply (docs/product/portfolio.md#corporate-actions): only the server knows, so the form
   * caps the quantity only for sales dated on or before this day.
   */
  heldOn?: string;
  /** Edit mode of a sold holding: its sell price and date stay editable. */
  sold?: boolean;
}

export function holdingFormSchema(options: HoldingFormOptions) {
  const holding = MESSAGES.holding;
  const selling = options.mode === 'sell' || (options.mode === 'edit' && options.sold === true);
  const quantity = quantityField(holding.quantityRequired);
  const base = z.object({
    symbol: symbolText(holding.symbolRequired),
    currentPrice: requiredDecimal(holding.currentPriceRequired, 'Current Price', { nonNegative: true, maxDecimals: 4 }),
    price: priceField(holding.priceRequired),
    exchange: z.enum(EXCHANGES, { error: holding.exchangeRequired }),
    quantity,
    creationDate: requiredDate(holding.buyingDateRequired, 'Buying date'),
    sellPrice: selling ? priceField(SELL_PRICE_REQUIRED, TRADE_LABELS.sellPrice) : z.unknown().optional(),
    sellingDate: selling ? requiredDate(holding.sellingDateRequired, 'Selling date') : z.unknown().optional(),
  });
  return base.superRefine((values, context) => {
    const sellingDate = selling && typeof values.sellingDate === 'string' ? values.sellingDate : undefined;
    const problems = holdingDateProblems(
      { creationDate: values.creationDate, sellingDate, sold: selling },
      options.today,
    );
    for (const problem of problems)
      context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    const held = options.mode === 'sell' ? options.heldQuantity : undefined;
    const countedInHeld = options.heldOn === undefined || sellingDate === undefined || sellingDate <= options.heldOn;
    if (held !== undefined && countedInHeld && values.quantity > held)
      context.addIssue({
        code: 'custom',
        path: ['quantity'],
        message: new OversellError(held, values.quantity).message,
      });
  });
}
