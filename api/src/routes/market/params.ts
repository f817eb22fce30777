/** Query-parameter schemas shared by the market and analysis routes (validation messages name the parameter). */
import { z } from 'zod';
import { isCalendarDate, TREND_PERIODS } from '@bazaar/shared';

/** NSE symbols: letters, digits and & - _ . (e.g. M&M, BAJAJ-AUTO); matched upper-case. */
export const SYMBOL_PATTERN = /^[A-Za-z0-9&._-]{1,50}$/;

export function symbolParam(name = 'symbol') {
  return z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .regex(SYMBOL_PATTERN, `${name} must be an NSE symbol (letters, digits, & - _ . up to 50 characters)`)
    .transform((value) => value.toUpperCase());
}

export function dateParam(name: string) {
  return z
    .string({ error: `${name} must be a date (YYYY-MM-DD)` })
    .trim()
    .refine(isCalendarDate, `${name} must be a date (YYYY-MM-DD)`);
}

export const periodParam = z
  .enum(TREND_PERIODS, { error: `type must be one of ${TREND_PERIODS.join(', ')}` })
  .describe('The trend period: WEEKLY (7 days), MONTHLY, QUARTERLY, HALFYEARLY or YEARLY (1, 3, 6, 12 months)');

/** A whole number given as query text; `max` bounds it. */
export function wholeNumberParam(name: string, max: number) {
  return z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .regex(/^-?\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((value) => value >= 1, `${name} must be at least 1`)
    .refine((value) => value <= max, `${name} must be at most ${max}`);
}
