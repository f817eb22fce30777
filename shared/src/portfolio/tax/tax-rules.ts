/**
 * The dated rules of India's tax on capital gains from listed equity shares (STT paid), for a
 * resident individual (docs/product/tax.md#rules): financial years, the 12-month holding period,
 * the rates of sections 111A and 112A by the sale's date, the yearly exemption of long-term gains,
 * and grandfathering's date (section 55(2)(ac)). One home for every date and rate the report uses.
 */

/** A financial year, 1 April to 31 March, named as the return names it: `2024-25`. */
export interface FinancialYear {
  name: string;
  /** 1 April, YYYY-MM-DD. */
  from: string;
  /** 31 March of the next year, YYYY-MM-DD. */
  to: string;
}

const YEAR_NAME = /^(\d{4})-(\d{2})$/;
/** The years the report knows: from the first grandfathered sales to a few years ahead. */
const FIRST_YEAR = 2000;
const LAST_YEAR = 2099;

/** The message of a year that is not one. */
export function financialYearMessage(text: string): string {
  return `financialYear '${text.slice(0, 20)}' is not a financial year: write it as 2024-25 (1 April 2024 to 31 March 2025)`;
}

/** `2024-25` → the year, or null when the text is not a financial year's name. */
export function parseFinancialYear(text: string): FinancialYear | null {
  const match = YEAR_NAME.exec(text.trim());
  if (!match) return null;
  const start = Number(match[1]);
  if (start < FIRST_YEAR || start > LAST_YEAR) return null;
  if (Number(match[2]) !== (start + 1) % 100) return null;
  return { name: `${start}-${match[2]}`, from: `${start}-04-01`, to: `${start + 1}-03-31` };
}

/** The financial year a date (YYYY-MM-DD) belongs to. */
export function financialYearOf(date: string): FinancialYear {
  const year = Number(date.slice(0, 4));
  const start = date.slice(5) >= '04-01' ? year : year - 1;
  return parseFinancialYear(`${start}-${String((start + 1) % 100).padStart(2, '0')}`)!;
}

/**
 * The day a share bought on `date` has been held 12 months: the same day a year later, the last
 * day of February when that day does not exist (bought 29-Feb-2020: 28-Feb-2021). A sale after
 * it is long term (bought 18-Mar-2019: sold 18-Mar-2020 short term, sold 19-Mar-2020 long term).
 */
export function twelveMonthsAfter(date: string): string {
  const year = Number(date.slice(0, 4)) + 1;
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

export function isLongTerm(buyDate: string, sellDate: string): boolean {
  return sellDate > twelveMonthsAfter(buyDate);
}

/** Calendar days from the buy to the sale. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The Finance (No. 2) Act 2024's new rates apply to transfers on or after this day. */
export const RATE_CHANGE_DATE = '2024-07-23';

/** Rates in % by the sale's date: short term (section 111A) and long term (section 112A). */
export function taxRates(sellDate: string): { shortTerm: string; longTerm: string } {
  return sellDate < RATE_CHANGE_DATE ? { shortTerm: '15', longTerm: '10' } : { shortTerm: '20', longTerm: '12.5' };
}

/** Long-term gains exempt once a year (section 112A): ₹1,00,000 up to FY 2023-24, ₹1,25,000 from FY 2024-25. */
export function longTermExemption(year: FinancialYear): string {
  return year.from >= '2024-04-01' ? '125000' : '100000';
}

/** Shares acquired before this day are grandfathered (their fair market value is of 31-Jan-2018). */
export const GRANDFATHERING_CUTOFF = '2018-02-01';
/** The day whose highest price is the fair market value of a grandfathered share. */
export const GRANDFATHERING_DAY = '2018-01-31';
