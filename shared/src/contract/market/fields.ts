/** Field shapes the market and company contracts share: exact decimals and exchange dates travel as text. */
import { z } from 'zod';

export const decimalText = z.string().describe('An exact decimal as a string');
export const dateText = z.string().describe('YYYY-MM-DD');

/** Restates the equity-series rule for the OpenAPI descriptions of every price read. */
export const PRICE_DEFINITIONS =
  'D is the latest date with equity prices (series EQ, BE, BZ, SM, ST). The window of a period P holds the dates t with D − P < t ≤ D, ' +
  'P counted in calendar terms: WEEKLY 7 days, MONTHLY 1 month, QUARTERLY 3 months, HALFYEARLY 6 months, YEARLY 12 months (month arithmetic clamps to the month end).';
