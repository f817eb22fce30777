/**
 * Building blocks for the validation schemas: each takes the message of docs/product/README.md#validation-and-messages
 * so that a missing, empty or wrongly typed value always answers with the message the screen shows.
 */
import { z } from 'zod';
import { MOBILE_NUMBER_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.js';

export const MAX_TEXT_LENGTH = 255;
export const MAX_LONG_TEXT_LENGTH = 5000;

const MOBILE_PATTERN = new RegExp(`^\\d{${MOBILE_NUMBER_LENGTH}}$`);
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Text without NUL and other control characters (line breaks and tabs are fine). */
// eslint-disable-next-line no-control-regex
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

/**
 * The end of every checked field's transform: the value (`read()`) when its text has no problem, else the problem
 * as the field's issue, so each field reports a refusal the same way.
 */
function unlessProblem<T>(ctx: z.RefinementCtx, problem: string | null, read: () => T): T {
  if (problem === null) return read();
  ctx.addIssue({ code: 'custom', message: problem });
  return z.NEVER;
}

/** A required text: missing, non-text or blank (after trimming) gives `message`. */
export function requiredText(message: string, label: string, maxLength = MAX_TEXT_LENGTH) {
  return (
    z
      .string({ error: message })
      .trim()
      // an empty value hears only that it is required, not every rule it breaks (the spec's order, first message)
      .min(1, { message, abort: true })
      .max(maxLength, `${label} must be at most ${maxLength} characters`)
      .regex(NO_CONTROL_CHARACTERS, `${label} must not contain control characters`)
  );
}

/** The longest symbol any table keeps. */
export const SYMBOL_MAX_LENGTH = 50;

/**
 * An exchange symbol as NSE writes them: letters, digits and & - _ . (M&M, BAJAJ-AUTO), at most
 * 50 characters. Anything else (markup, quotes, formulas, SQL) cannot be a symbol. The one symbol
 * rule: forms, REST parameters and GraphQL arguments all check this pattern.
 */
export const SYMBOL_PATTERN = /^[A-Za-z0-9&._-]{1,50}$/;

/** The message for text that cannot be a symbol; `label` names the field or parameter. */
export function symbolInvalidMessage(label: string): string {
  return `${label} must be an NSE symbol (letters, digits, & - _ . up to ${SYMBOL_MAX_LENGTH} characters)`;
}

/** A symbol in a form (companies, holdings): required with the screen's message, then the symbol rule. */
export function symbolText(requiredMessage: string) {
  return requiredText(requiredMessage, 'Symbol', SYMBOL_MAX_LENGTH).regex(
    SYMBOL_PATTERN,
    symbolInvalidMessage('Symbol'),
  );
}

/** An optional text: missing, null or blank becomes undefined. */
export function optionalText(label: string, maxLength = MAX_TEXT_LENGTH) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(maxLength, `${label} must be at most ${maxLength} characters`)
    .regex(NO_CONTROL_CHARACTERS, `${label} must not contain control characters`)
    .nullish()
    .transform((value) => (value ? value : undefined));
}

/** A password of 8 to 32 characters with the screen's three messages. */
export function password(messages: { required: string; min: string; max: string }) {
  return z
    .string({ error: messages.required })
    .min(1, messages.required)
    .min(PASSWORD_MIN_LENGTH, messages.min)
    .max(PASSWORD_MAX_LENGTH, messages.max);
}

/** An optional mobile number: if given, exactly 10 digits. */
export function optionalMobile(message: string) {
  return z
    .union([z.string(), z.number()], { error: message })
    .nullish()
    .transform((value, ctx) => {
      if (value === null || value === undefined) return undefined;
      const text = String(value).trim();
      if (text === '') return undefined;
      return unlessProblem(ctx, MOBILE_PATTERN.test(text) ? null : message, () => text);
    });
}

/** A required mobile-style number (e.g. a broker's contact number). */
export function requiredMobile(requiredMessage: string, invalidMessage: string) {
  return z.union([z.string(), z.number()], { error: requiredMessage }).transform((value, ctx) => {
    const text = String(value).trim();
    const problem = text === '' ? requiredMessage : MOBILE_PATTERN.test(text) ? null : invalidMessage;
    return unlessProblem(ctx, problem, () => text);
  });
}

export function email(requiredMessage: string) {
  return requiredText(requiredMessage, 'Email', 254).pipe(z.email({ error: 'Enter a valid email address' }));
}

export interface DecimalOptions {
  /** Refuse zero and negative values. */
  positive?: boolean;
  /** Refuse negative values (zero allowed). */
  nonNegative?: boolean;
  maxDecimals?: number;
}

/** Digits a decimal may have before its point (numeric columns keep 15 exactly). */
export const MAX_INTEGER_DIGITS = 15;

/**
 * The problem of a decimal's text, or null when it is a decimal within `options`. The one rule
 * behind every decimal field: forms and REST bodies (requiredDecimal) and files (the tradebook
 * import) call it, so the same value is refused with the same words wherever it is entered.
 */
export function decimalProblem(text: string, label: string, options: DecimalOptions = {}): string | null {
  if (!/^-?\d+(\.\d+)?$/.test(text)) return `${label} must be a number`;
  const [integer = '', fraction = ''] = text.replace(/^-/, '').split('.');
  if (integer.replace(/^0+(?=\d)/, '').length > MAX_INTEGER_DIGITS)
    return `${label} may have at most ${MAX_INTEGER_DIGITS} digits before the decimal point`;
  const maxDecimals = options.maxDecimals ?? 6;
  // trailing zeros add no precision: "1710.600000" (as brokers' files write prices) has 1 decimal
  if (fraction.replace(/0+$/, '').length > maxDecimals) return `${label} may have at most ${maxDecimals} decimals`;
  const negative = text.startsWith('-');
  const isZero = /^-?0+(\.0+)?$/.test(text);
  if (options.positive && (negative || isZero)) return `${label} must be greater than 0`;
  if (options.nonNegative && negative && !isZero) return `${label} must not be negative`;
  return null;
}

/**
 * A required decimal given as a JSON number or a numeric string. Answers the normalised decimal
 * string so that money never becomes a float on its way to the database.
 */
export function requiredDecimal(requiredMessage: string, label: string, options: DecimalOptions = {}) {
  return z.union([z.string(), z.number()], { error: requiredMessage }).transform((value, ctx) => {
    const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'x') : value.trim();
    const problem = text === '' ? requiredMessage : decimalProblem(text, label, options);
    return unlessProblem(ctx, problem, () => normaliseDecimal(text));
  });
}

/** "007.50" -> "7.50", "-0" -> "0"; keeps the given decimals. */
export function normaliseDecimal(text: string): string {
  const negative = text.startsWith('-');
  const unsigned = negative ? text.slice(1) : text;
  const [integerPart = '0', fraction] = unsigned.split('.');
  const integer = integerPart.replace(/^0+(?=\d)/, '');
  const result = fraction !== undefined ? `${integer}.${fraction}` : integer;
  return negative && !/^0+(\.0+)?$/.test(unsigned) ? `-${result}` : result;
}

export interface IntegerOptions {
  min?: number;
  max?: number;
}

/** The problem of a whole number's text, or null: the one rule behind every whole-number field (as decimalProblem). */
export function integerProblem(text: string, label: string, options: IntegerOptions = {}): string | null {
  if (!/^-?\d+$/.test(text)) return `${label} must be a whole number`;
  const digits = text.replace(/^-?0*(?=\d)/, '');
  const number = digits.length > MAX_INTEGER_DIGITS ? Number.POSITIVE_INFINITY : Number(text);
  const signed = text.startsWith('-') ? -Math.abs(number) : number;
  if (options.min !== undefined && signed < options.min) return `${label} must be at least ${options.min}`;
  if (options.max !== undefined && signed > options.max) return `${label} must be at most ${options.max}`;
  if (!Number.isSafeInteger(signed)) return `${label} must be a whole number`;
  return null;
}

/** A required whole number (JSON number or digits). */
export function requiredInteger(requiredMessage: string, label: string, options: IntegerOptions = {}) {
  return z.union([z.string(), z.number()], { error: requiredMessage }).transform((value, ctx) => {
    const text = String(value).trim();
    const problem = text === '' ? requiredMessage : integerProblem(text, label, options);
    return unlessProblem(ctx, problem, () => Number(text));
  });
}

/** An optional whole number (JSON number or digits): missing, null or blank becomes undefined. */
export function optionalInteger(label: string, options: IntegerOptions = {}) {
  return z
    .union([z.string(), z.number()], { error: `${label} must be a whole number` })
    .nullish()
    .transform((value, ctx) => {
      const text = value === null || value === undefined ? '' : String(value).trim();
      if (text === '') return undefined;
      return unlessProblem(ctx, integerProblem(text, label, options), () => Number(text));
    });
}

/** Checks that a YYYY-MM-DD string is a real calendar date (no 2021-02-30). */
export function isCalendarDate(text: string): boolean {
  if (!DATE_PATTERN.test(text)) return false;
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A required date as YYYY-MM-DD (an ISO timestamp is cut to its date part). */
export function requiredDate(requiredMessage: string, label: string) {
  return z.string({ error: requiredMessage }).transform((value, ctx) => {
    const text = value.trim().slice(0, 10);
    const problem =
      text === '' ? requiredMessage : isCalendarDate(text) ? null : `${label} must be a date (YYYY-MM-DD)`;
    return unlessProblem(ctx, problem, () => text);
  });
}

/** A positive database id (number or digits). */
export function idValue(label = 'id') {
  return z.coerce
    .number({ error: `${label} must be a positive whole number` })
    .int(`${label} must be a positive whole number`)
    .positive(`${label} must be a positive whole number`)
    .max(2_147_483_647, `${label} is too large`);
}

/** Turns a zod error into one readable message: the first problem of each field, joined. */
export function describeZodError(error: z.ZodError): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const issue of error.issues) {
    const path = issue.path.join('.');
    if (seen.has(path)) continue;
    seen.add(path);
    parts.push(issue.message);
  }
  return parts.join(' ');
}

/** Field → first message, for forms that show messages under their inputs. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.');
    if (!(path in result)) result[path] = issue.message;
  }
  return result;
}
