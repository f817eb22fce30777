/** Input normalising shared by the market and analysis resolvers. */
import { badUserInput } from '../errors.js';

const SYMBOL_PATTERN = /^[A-Za-z0-9&._-]{1,50}$/;

/** Trimmed and upper-cased, as the exchange writes symbols; refused early when it cannot be one. */
export function normaliseSymbol(symbol: string, field = 'symbol'): string {
  const text = symbol.trim();
  if (text === '') throw badUserInput(`${field} is required`, field);
  if (!SYMBOL_PATTERN.test(text))
    throw badUserInput(`${field} must be an NSE symbol (letters, digits, & - _ . up to 50 characters)`, field);
  return text.toUpperCase();
}

/** Today in the exchange's time zone (Asia/Kolkata) as YYYY-MM-DD. */
export function todayInIndia(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
