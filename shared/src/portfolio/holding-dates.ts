/**
 * The date rules of a holding, checked by the holding form (web) and again by the API on every
 * write, with one set of messages:
 * - the buying date is not in the future;
 * - a sold holding (sell price other than 0) has a selling date; an open one has none;
 * - the selling date is not in the future and not before the buying date.
 * "Today" is the exchange date (exchangeToday), so the rule is the same in every time zone.
 */
import { MESSAGES } from '../validation/messages.js';

export const HOLDING_DATE_MESSAGES = {
  buyingDateInFuture: 'The buying date cannot be in the future',
  sellingDateRequired: MESSAGES.holding.sellingDateRequired,
  sellingDateWithoutSale: 'A selling date needs a sell price other than 0',
  sellingDateInFuture: 'The selling date cannot be in the future',
  sellingBeforeBuying: 'The selling date cannot be before the buying date',
} as const;

export interface HoldingDates {
  /** YYYY-MM-DD buying date. */
  creationDate: string;
  /** YYYY-MM-DD selling date, if any. */
  sellingDate?: string | null | undefined;
  /** Whether the holding is sold (REALIZED: a sell price other than 0). */
  sold: boolean;
}

export interface HoldingDateProblem {
  field: 'creationDate' | 'sellingDate';
  message: string;
}

/** The broken date rules of a holding, in the order a person fixes them; empty when all hold. */
export function holdingDateProblems(dates: HoldingDates, today: string): HoldingDateProblem[] {
  const problems: HoldingDateProblem[] = [];
  const { creationDate, sellingDate, sold } = dates;
  if (creationDate > today) problems.push({ field: 'creationDate', message: HOLDING_DATE_MESSAGES.buyingDateInFuture });
  if (sold && !sellingDate) problems.push({ field: 'sellingDate', message: HOLDING_DATE_MESSAGES.sellingDateRequired });
  if (!sold && sellingDate)
    problems.push({ field: 'sellingDate', message: HOLDING_DATE_MESSAGES.sellingDateWithoutSale });
  if (sellingDate && sellingDate > today)
    problems.push({ field: 'sellingDate', message: HOLDING_DATE_MESSAGES.sellingDateInFuture });
  else if (sellingDate && sellingDate < creationDate)
    problems.push({ field: 'sellingDate', message: HOLDING_DATE_MESSAGES.sellingBeforeBuying });
  return problems;
}
