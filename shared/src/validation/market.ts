/**
 * Request rules of the market and company reads: a symbol, a date, a trend period, a statement
 * basis. Messages name the parameter, so the REST API's 400s and the BFF's BAD_USER_INPUT say
 * which value is wrong. The REST contract (contract/market, contract/company) builds its query
 * schemas from these; the BFF checks its arguments with the same ones before calling the API.
 */
import { z } from 'zod';
import { TREND_PERIODS } from '../constants.js';
import { isCalendarDate, SYMBOL_PATTERN, symbolInvalidMessage } from './rules.js';

/** A symbol parameter: required, trimmed, the symbol rule, answered upper-case (symbols are matched upper-case). */
export function symbolParam(name = 'symbol') {
  return z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .regex(SYMBOL_PATTERN, symbolInvalidMessage(name))
    .transform((value) => value.toUpperCase());
}

/** A YYYY-MM-DD parameter that must be a real calendar date. */
export function dateParam(name: string) {
  return z
    .string({ error: `${name} must be a date (YYYY-MM-DD)` })
    .trim()
    .refine(isCalendarDate, `${name} must be a date (YYYY-MM-DD)`);
}

/** The answer for a day without equity prices asked for by `date` or `asOf` (docs/product/market.md#any-day). */
export function noPricesOnDayMessage(date: string): string {
  return `There are no stock prices for ${date} (not a trading day, or not uploaded)`;
}

/** A trend period parameter (the REST API calls it `type`). */
export function periodParam(name = 'type') {
  return z
    .enum(TREND_PERIODS, { error: `${name} must be one of ${TREND_PERIODS.join(', ')}` })
    .describe('The trend period: WEEKLY (7 days), MONTHLY, QUARTERLY, HALFYEARLY or YEARLY (1, 3, 6, 12 months)');
}

export const STATEMENT_NATURES = ['STANDALONE', 'CONSOLIDATED'] as const;
export type StatementNature = (typeof STATEMENT_NATURES)[number];

/** The basis of financial statements asked for. */
export function statementNatureParam(name = 'nature') {
  return z
    .enum(STATEMENT_NATURES, { error: `${name} must be STANDALONE or CONSOLIDATED` })
    .describe('Basis of the figures; STANDALONE by default');
}

/**
 * Checks one value with a parameter rule: the parsed value, or the rule's message. For callers
 * that are not zod schemas themselves (the BFF's resolvers).
 */
export function checkParam<T>(rule: z.ZodType<T>, value: unknown): { value: T } | { message: string } {
  const result = rule.safeParse(value);
  return result.success ? { value: result.data } : { message: result.error.issues[0]?.message ?? 'Invalid value' };
}
