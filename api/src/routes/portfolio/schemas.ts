/** Response shapes of the portfolio routes (documentation in /docs). */
import { z } from 'zod';

export const brokerageFirmDtoSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    address: z.string(),
    contactNumber: z.string().describe('10 digits'),
  })
  .describe('A brokerage firm');

export const namedDtoSchema = z.object({ id: z.number().int(), name: z.string() });
export const segmentDtoSchema = namedDtoSchema.describe('A segment; a holding’s instrument type is its segment’s name');
export const chargeTypeDtoSchema = namedDtoSchema.describe('A charge type (Brokerage, STT, GST…)');

export const chargeDtoSchema = z
  .object({
    id: z.number().int(),
    brokerageFirm: brokerageFirmDtoSchema,
    chargeType: chargeTypeDtoSchema,
    segment: segmentDtoSchema,
    amount: z.string().describe('Flat rupees per trade (exact decimal)'),
    percentage: z.string().describe('Percent of the trade value (0.1 means 0.1 %)'),
    description: z.string().nullable(),
    exchange: z.enum(['NSE', 'BSE']),
    onBuySell: z.enum(['BUY', 'SELL', 'BOTH']),
    effectiveDate: z.string().describe('YYYY-MM-DD: in force from this exchange date on'),
  })
  .describe('A charge rule: amount + percentage % of the trade value, for one firm, segment, exchange and side');

export const financialInstrumentDtoSchema = z
  .object({ id: z.number().int(), type: z.string(), description: z.string().nullable() })
  .describe('A financial instrument type');

const breakdownSchema = z.object({
  chargeTypeId: z.number().int(),
  chargeTypeName: z.string(),
  buy: z.string(),
  sell: z.string(),
  total: z.string(),
});

export const profitLossDtoSchema = z
  .object({
    profitLoss: z.string().nullable().describe('Net P&L (gross − charges); the value the table shows'),
    status: z.enum(['REALIZED', 'UNREALIZED']),
    invested: z.string().describe('price × quantity'),
    marketValue: z.string().nullable().describe('Sell value (realized) or current value (open); null without a price'),
    gross: z.string().nullable().describe('(sell or current price − price) × quantity'),
    buyCharges: z.string(),
    sellCharges: z.string(),
    charges: z.string(),
    sellChargesEstimated: z.boolean().describe('True for open holdings: the sell side is charged as if sold today'),
    breakdown: z.array(breakdownSchema).describe('Charges per charge type'),
    net: z.string().nullable(),
  })
  .describe('P&L net of charges; exact decimal strings (round only for display)');

export const holdingDtoSchema = z
  .object({
    id: z.number().int(),
    symbol: z.string(),
    currentPrice: z.string().nullable().describe('Latest close of the symbol’s equity series'),
    priceDate: z.string().nullable().describe('Exchange date of currentPrice'),
    priceSeries: z.string().nullable().describe('Series of currentPrice (EQ, BE, BZ, SM or ST)'),
    previousClose: z.string().nullable().describe('Close of the trading day before priceDate'),
    priceChange: z.string().nullable().describe('currentPrice − previousClose'),
    price: z.string().describe('Buy price'),
    sellPrice: z.string().nullable(),
    exchange: z.enum(['NSE', 'BSE']),
    instrumentType: z.string().describe('The segment’s name'),
    segmentId: z.number().int(),
    quantity: z.number().int(),
    lotQuantity: z
      .number()
      .int()
      .describe('Quantity of the buy order this row came from (larger after a partial sale)'),
    status: z.enum(['REALIZED', 'UNREALIZED']),
    creationDate: z.string().describe('Buying date, YYYY-MM-DD'),
    sellingDate: z.string().nullable(),
    brokerageFirm: brokerageFirmDtoSchema,
    profitLoss: profitLossDtoSchema,
  })
  .describe('A holding of the caller, with its current price and P&L net of charges');

export const holdingUpdateDtoSchema = holdingDtoSchema
  .extend({
    remainingHolding: holdingDtoSchema.nullable().describe('After a partial sale: the new open holding with the rest'),
  })
  .describe('The updated holding; a partial sale also answers the open rest as remainingHolding');

export const latestPriceDtoSchema = z
  .object({
    symbol: z.string(),
    closePrice: z.string(),
    tradeDate: z.string(),
    series: z.string(),
    previousClose: z.string().nullable(),
    change: z.string().nullable(),
  })
  .describe('A symbol’s latest close (equity series) and the change from the trading day before');

const totalsSchema = z
  .object({
    holdings: z.number().int(),
    invested: z.string().describe('Σ buy value of open holdings'),
    currentValue: z.string().describe('Σ current value of open holdings'),
    realized: z.string().describe('Σ gross P&L of realized holdings'),
    unrealized: z.string().describe('Σ gross P&L of open holdings'),
    charges: z.string().describe('Σ charges (open holdings with their estimated sell)'),
    net: z.string().describe('realized + unrealized − charges'),
  })
  .describe('Portfolio totals');

export const summaryDtoSchema = z
  .object({
    asOf: z.string(),
    totals: totalsSchema,
    firms: z.array(
      z.object({
        brokerageFirm: brokerageFirmDtoSchema,
        totals: totalsSchema,
        segments: z.array(z.object({ segment: segmentDtoSchema, totals: totalsSchema })),
      }),
    ),
    segments: z.array(z.object({ segment: segmentDtoSchema, totals: totalsSchema })),
  })
  .describe('Totals per firm, per firm and segment, per segment and overall');

export const alertDtoSchema = z
  .object({
    kind: z.enum(['NEW_52_WEEK_HIGH', 'NEW_52_WEEK_LOW', 'SEGMENT_MOVE', 'CONCENTRATION']),
    title: z.string(),
    message: z.string(),
    tone: z.enum(['positive', 'negative', 'neutral']),
    symbol: z.string().nullable(),
    segment: z.string().nullable(),
    brokerageFirm: z.string().nullable(),
    date: z.string().nullable(),
  })
  .describe('An alert computed from the caller’s holdings');
