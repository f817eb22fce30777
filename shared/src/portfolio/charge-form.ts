/**
 * The charge form's rules (docs/product/portfolio.md#validation): the firm, charge type and segment are chosen
 * by id from lists; every field but the description is required, with the messages of
 * docs/product/portfolio.md#validation.
 */
import { z } from 'zod';
import { EXCHANGES } from '../constants.js';
import { MESSAGES } from '../validation/messages.js';
import { optionalText, requiredDate, requiredDecimal, requiredText } from '../validation/rules.js';
import { BUY_SELL_OPTIONS } from './charges.js';

const charge = MESSAGES.charge;

export const chargeFormSchema = z.object({
  brokerageFirmId: requiredText(charge.brokerageFirmRequired, 'Brokerage Firm'),
  chargeTypeId: requiredText(charge.chargeTypeRequired, 'Charge Type'),
  segmentId: requiredText(charge.segmentRequired, 'Segment'),
  amount: requiredDecimal(charge.amountRequired, 'Amount', { nonNegative: true, maxDecimals: 4 }),
  percentage: requiredDecimal(charge.percentageRequired, 'Percentage', { nonNegative: true, maxDecimals: 6 }),
  description: optionalText('Description', 500),
  exchange: z.enum(EXCHANGES, { error: charge.exchangeRequired }),
  onBuySell: z.enum(BUY_SELL_OPTIONS, { error: charge.onBuySellRequired }),
  effectiveDate: requiredDate(charge.effectiveDateRequired, 'Effective date'),
});
