/**
 * The cells that name a security, read the same way by every upload type: the symbol, the series,
 * the ISIN, and the symbol and company name a securities list's row starts with.
 *
 * A symbol follows the one symbol rule (`SYMBOL_PATTERN`, shared/src/validation/rules.ts: forms, REST
 * parameters, GraphQL arguments and tradebooks check the same), written as the exchange's files
 * write it, in capitals: symbols are matched upper-case, so a file that spells one in small letters
 * is refused rather than loaded as another symbol.
 */
import { SYMBOL_PATTERN } from '@bazaar/shared';
import type { ProblemList } from './problems.js';
import { checkRequiredText, type LayoutRow } from './rows.js';

export const SERIES_PATTERN = /^[A-Z0-9]{1,10}$/;
export const ISIN_PATTERN = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/;
/** What the checks say when a cell fails them. */
export const NOT_A_SYMBOL = 'is not a valid symbol (capital letters, digits and & . _ -)';
export const NOT_A_SERIES = 'is not a valid series';
export const NOT_AN_ISIN = 'is not an ISIN (12 characters, e.g. INE002A01018)';
const MAX_NAME = 200;

/** Whether a file's text is a symbol: the symbol rule, in capitals. */
export function isFileSymbol(text: string): boolean {
  return SYMBOL_PATTERN.test(text) && text === text.toUpperCase();
}

/** The symbol and company name every row of a securities list starts with, checked. */
export function readSymbolAndName(
  row: Pick<LayoutRow<'symbol' | 'companyName'>, 'line' | 'cell' | 'name'>,
  problems: ProblemList,
): { symbol: string; companyName: string } {
  const symbol = row.cell('symbol');
  if (!isFileSymbol(symbol)) problems.addInvalid(row.line, row.name('symbol'), symbol, NOT_A_SYMBOL, 60);
  const companyName = row.cell('companyName');
  checkRequiredText(problems, row.line, row.name('companyName'), companyName, MAX_NAME);
  return { symbol, companyName };
}
