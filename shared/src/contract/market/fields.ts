/** Field shapes the market and company contracts share: exact decimals and exchange dates travel as text. */
import { z } from 'zod';

export const decimalText = z.string().describe('An exact decimal as a string');
export const dateText = z.string().describe('YYYY-MM-DD');

/** Restates the equity-series rule for the OpenAPI descriptions of every price read. */
export const PRICE_DEFINITIONS =
  'D is the latest date with equity prices (series EQ, BE, BZ, SM, ST). The window of a period P holds the dates t with D − P < t ≤ D, ' +
  'P counted in calendar terms: WEEKLY 7 days, MONTHLY 1 month, QUARTERLY 3 months, HALFYEARLY 6 months, YEARLY 12 months (month arithmetic clamps to the month end).';

/** Restates what an adjusted price is, for the OpenAPI descriptions of the reads that adjust (docs/product/market.md#adjusted-prices). */
export const ADJUSTED_DEFINITION =
  'Prices are adjusted for splits, bonuses and consolidations unless `adjusted=false`: an adjusting event of a symbol (a face-value split or consolidation from ₹A to ₹B, factor A/B; a bonus a:b, factor (a+b)/b; several in one corporate action multiply; bonus debentures or preference shares do not adjust) ' +
  'takes effect when its ex-date is on or before D, and the adjusted price of a day t is the raw price ÷ the product of the factors of the symbol’s effective events with an ex-date after t ' +
  '(exact decimals, to 10 decimal places where the quotient does not terminate; a day after the last ex-date keeps its raw price). ';

/** `adjusted`: true (the default) for prices adjusted for splits, bonuses and consolidations, false for the raw prices. */
export const adjustedParam = () =>
  z
    .enum(['true', 'false'], { error: 'adjusted must be true or false' })
    .default('true')
    .transform((value) => value === 'true')
    .describe(
      'true (the default): prices adjusted for the effective splits, bonuses and consolidations; false: the raw prices as traded',
    );
