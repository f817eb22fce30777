/**
 * Request rules of the market and company reads: a symbol, a date, a trend period, a statement
 * basis. Messages name the parameter, so the REST API's 400s and the BFF's BAD_USER_INPUT say
 * which value is wrong. The REST contract (contract/market, contract/company) builds its query
 * schemas from these; the BFF checks its arguments with the same ones before calling the API.
 */
import { z } from 'zod';
import { CANDLE_INTERVALS, CORPORATE_ACTION_YEARS, TREND_PERIODS } from '../constants.js';
import { isCalendarDate, SYMBOL_MAX_LENGTH, SYMBOL_PATTERN, symbolInvalidMessage } from './rules.js';

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

/** The answer for symbols without any equity prices loaded (a batched read, a page of candles). */
export function unknownSymbolsMessage(symbols: readonly string[]): string {
  return symbols.length === 1
    ? `Unknown symbol ${symbols[0]}: no prices are loaded for it`
    : `Unknown symbols ${symbols.join(', ')}: no prices are loaded for them`;
}

/**
 * A list of symbols (a batched read): 1 to `max`, each by the symbol rule, upper-cased, the first
 * of a repeated symbol kept in its place, blanks ignored. The BFF checks its list arguments with it; the REST
 * API's comma-separated parameter (symbolListParam) too.
 */
export function checkSymbolList(
  values: readonly string[],
  max: number,
  name = 'symbols',
): { value: string[] } | { message: string } {
  const symbols: string[] = [];
  for (const raw of values) {
    const value = raw.trim();
    // "TCS,,INFY" and a trailing comma name nothing more
    if (value === '') continue;
    if (!SYMBOL_PATTERN.test(value))
      return {
        message: `${name} must be NSE symbols (letters, digits, & - _ . up to ${SYMBOL_MAX_LENGTH} characters each): '${value.slice(0, 60)}' is not one`,
      };
    const symbol = value.toUpperCase();
    if (!symbols.includes(symbol)) symbols.push(symbol);
  }
  if (symbols.length === 0) return { message: `${name} must name 1 to ${max} symbols` };
  if (symbols.length > max) return { message: `${name} names ${symbols.length} symbols; at most ${max} per request` };
  return { value: symbols };
}

/** A comma-separated list of symbols in a query string (`?symbols=TCS,INFY`), checked by checkSymbolList. */
export function symbolListParam(max: number, name = 'symbols') {
  return z
    .string({ error: `${name} must name 1 to ${max} symbols` })
    .max(max * (SYMBOL_MAX_LENGTH + 1), `${name} names more than ${max} symbols`)
    .transform((text, context) => {
      const checked = checkSymbolList(text.split(','), max, name);
      if ('message' in checked) {
        context.addIssue({ code: 'custom', message: checked.message });
        return z.NEVER;
      }
      return checked.value;
    })
    .describe(`Up to ${max} NSE symbols separated by commas, e.g. TCS,INFY`);
}

/** The message for a year of corporate actions out of range. */
export const CORPORATE_ACTION_YEAR_MESSAGE = `The year must be a calendar year from ${CORPORATE_ACTION_YEARS.first} to ${CORPORATE_ACTION_YEARS.last}`;

/** Whether a year of ex-dates can be asked for. */
export function isCorporateActionYear(year: number): boolean {
  return Number.isInteger(year) && year >= CORPORATE_ACTION_YEARS.first && year <= CORPORATE_ACTION_YEARS.last;
}

/** A calendar year of corporate actions' ex-dates (`?year=2019`). */
export function corporateActionYearParam() {
  return z.coerce
    .number({ error: CORPORATE_ACTION_YEAR_MESSAGE })
    .refine(isCorporateActionYear, CORPORATE_ACTION_YEAR_MESSAGE)
    .describe('The calendar year of the ex-dates, e.g. 2019');
}

/** A candle interval parameter: DAY (the default), WEEK or MONTH. */
export function candleIntervalParam(name = 'interval') {
  return z
    .enum(CANDLE_INTERVALS, { error: `${name} must be one of ${CANDLE_INTERVALS.join(', ')}` })
    .describe(
      'DAY: one candle per trading day (the default); WEEK: one per calendar week (Monday to Sunday), MONTH: one per calendar month, ' +
        'each dated by its first trading day, opening at that day’s open, closing at its last trading day’s close, with the highest high, the lowest low and the volumes summed',
    );
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
