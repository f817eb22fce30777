/**
 * The caller's holdings (/user/holding…): each with its quote and its P&L net of charges. The
 * REST field instrumentType is the holding's segment's name (GraphQL calls it segmentName).
 */
import { z } from 'zod';
import { EXCHANGES, HOLDING_STATUSES } from '../../constants.js';
import { holdingSchema } from '../../validation/reference.js';
import { pageQueryShape } from '../paging.js';
import { brokerageFirmDtoSchema } from './reference.js';

export const chargeBreakdownDtoSchema = z
  .object({
    chargeTypeId: z.number().int(),
    chargeTypeName: z.string(),
    buy: z.string().describe('Paid on the buy'),
    sell: z.string().describe('Paid (or, for an open holding, estimated) on the sell'),
    total: z.string().describe('buy + sell'),
  })
  .describe('One charge type’s share of a holding’s charges');
export type ChargeBreakdownDto = z.infer<typeof chargeBreakdownDtoSchema>;

export const dividendPaymentDtoSchema = z
  .object({
    exDate: z.string().describe('Ex-date of the dividend, YYYY-MM-DD'),
    perShare: z.string().describe('Rupees per share'),
    shares: z.string().describe('Shares held on the ex-date, as they were then (before later splits and bonuses)'),
    amount: z.string().describe('perShare × shares'),
  })
  .describe('A dividend credited to a holding: it held shares on the ex-date (bought before it, not sold before it)');
export type DividendPaymentDto = z.infer<typeof dividendPaymentDtoSchema>;

export const holdingAdjustmentDtoSchema = z
  .object({
    exDate: z.string().describe('Ex-date of the event, YYYY-MM-DD'),
    kind: z.enum(['split', 'consolidation', 'bonus']),
    factor: z.string().describe('Shares after ÷ shares before: a split from ₹A to ₹B is A/B, a bonus a:b is (a+b)/b'),
  })
  .describe('A split, consolidation or bonus the holding took part in (bought before its ex-date, not sold before it)');
export type HoldingAdjustmentDto = z.infer<typeof holdingAdjustmentDtoSchema>;

export const profitLossDtoSchema = z
  .object({
    profitLoss: z.string().nullable().describe('Net P&L (gross + dividends − charges); the value the table shows'),
    status: z.enum(HOLDING_STATUSES),
    invested: z.string().describe('tradedPrice × tradedQuantity: what was paid (a split or bonus does not change it)'),
    marketValue: z
      .string()
      .nullable()
      .describe('Sell value (realized) or current value (open), of the adjusted quantity; null without a price'),
    gross: z.string().nullable().describe('marketValue − invested'),
    buyCharges: z.string(),
    sellCharges: z.string(),
    charges: z.string(),
    sellChargesEstimated: z.boolean().describe('True for open holdings: the sell side is charged as if sold today'),
    breakdown: z.array(chargeBreakdownDtoSchema).describe('Charges per charge type'),
    dividends: z.string().describe('Σ dividendPayments’ amounts'),
    dividendPayments: z.array(dividendPaymentDtoSchema).describe('The dividends credited, by ex-date'),
    net: z.string().nullable().describe('gross + dividends − charges; null without a price'),
  })
  .describe('P&L net of charges, dividends credited; exact decimal strings (round only for display)');
export type ProfitLossDto = z.infer<typeof profitLossDtoSchema>;

export const holdingDtoSchema = z
  .object({
    id: z.number().int(),
    symbol: z.string(),
    currentPrice: z.string().nullable().describe('Latest close of the symbol’s equity series'),
    priceDate: z.string().nullable().describe('Exchange date of currentPrice'),
    priceSeries: z.string().nullable().describe('Series of currentPrice (EQ, BE, BZ, SM or ST)'),
    previousClose: z
      .string()
      .nullable()
      .describe('Close of the trading day before priceDate, adjusted for the events effective on priceDate'),
    priceChange: z.string().nullable().describe('currentPrice − previousClose'),
    price: z
      .string()
      .describe('Buy price per share held today: tradedPrice ÷ the factors of the adjustments (exact decimal)'),
    tradedPrice: z.string().describe('Buy price as entered'),
    sellPrice: z.string().nullable(),
    exchange: z.enum(EXCHANGES),
    instrumentType: z.string().describe('The name of the holding’s segment (read-only)'),
    segmentId: z.number().int().describe('The holding’s segment'),
    quantity: z
      .number()
      .describe(
        'Shares held today (or when sold): tradedQuantity × the factors of the adjustments; a fraction when a bonus ratio does not divide the holding. A sale counts in these shares',
      ),
    tradedQuantity: z
      .number()
      .describe('Shares as entered (a fraction only for a row split off by a sale after a split or bonus)'),
    adjustments: z
      .array(holdingAdjustmentDtoSchema)
      .describe(
        'The splits, consolidations and bonuses applied (ex-date on or before the latest price date, after the buying date, not after the selling date), by ex-date',
      ),
    lotQuantity: z
      .number()
      .int()
      .describe('Quantity of the buy order this row came from (larger after a partial sale)'),
    status: z.enum(HOLDING_STATUSES),
    creationDate: z.string().describe('Buying date, YYYY-MM-DD'),
    sellingDate: z.string().nullable(),
    brokerageFirm: brokerageFirmDtoSchema,
    profitLoss: profitLossDtoSchema,
  })
  .describe(
    'A holding of the caller, with its current price and P&L net of charges, adjusted for the splits and bonuses it held through (docs: portfolio, corporate actions)',
  );
export type HoldingDto = z.infer<typeof holdingDtoSchema>;

export const holdingUpdateDtoSchema = holdingDtoSchema
  .extend({
    remainingHolding: holdingDtoSchema.nullable().describe('After a partial sale: the new open holding with the rest'),
  })
  .describe('The updated holding; a partial sale also answers the open rest as remainingHolding');
export type HoldingUpdateDto = z.infer<typeof holdingUpdateDtoSchema>;

/**
 * POST /user/holding and PUT /user/holding/{id}: the form's fields; brokerageFirm as {id} or
 * {name}; instrumentType is the segment's name. Ids, owners, status and prices in a body are ignored.
 */
export const holdingBodySchema = holdingSchema;
export type HoldingBody = z.input<typeof holdingBodySchema>;

/** ?broker= of the alerts. */
export const brokerQuerySchema = z.object({
  broker: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .describe('Only holdings with this brokerage firm (name, any case)'),
});

/** GET /user/holding/{segmentName}. */
export const segmentNameParamsSchema = z.object({
  segmentName: z.string().trim().min(1).max(100).describe('The segment’s name, any case'),
});

/** ?broker=, ?id= and the page (?limit=, ?cursor=) of the holdings lists. */
export const holdingListQuerySchema = brokerQuerySchema.extend({
  id: z.coerce
    .number({ error: 'id must be a positive whole number' })
    .int('id must be a positive whole number')
    .positive('id must be a positive whole number')
    .max(2_147_483_647, 'id is too large')
    .optional()
    .describe('Only this holding (an empty list when it is not one of yours)'),
  ...pageQueryShape,
});
export type HoldingListQuery = z.infer<typeof holdingListQuerySchema>;
