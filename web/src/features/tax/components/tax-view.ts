/**
 * What the Tax P&L page derives from the server's report (docs/product/tax.md#screen): which years to offer, which
 * exits the table shows, and "Before you sell" by category. Every amount comes from the server; this only picks and
 * adds them (exactly, sumDecimals).
 */
import { financialYearOf, RATE_CHANGE_DATE, sumDecimals } from '@bazaar/shared';
import type { TaxBeforeYouSellQuery, TaxExitCategory, TaxPnlPageQuery } from '../../../__generated__/graphql';

export type CapitalGains = TaxPnlPageQuery['capitalGains'];
export type TaxExitRow = CapitalGains['exits'][number];
export type OpenLotRow = TaxBeforeYouSellQuery['capitalGains']['openLots'][number];

/** The categories in the order the page lists them. */
export const CATEGORIES: readonly TaxExitCategory[] = ['INTRADAY', 'SHORT_TERM', 'LONG_TERM'];

export const CATEGORY_LABELS: Record<TaxExitCategory, string> = {
  INTRADAY: 'Intraday',
  SHORT_TERM: 'Short term',
  LONG_TERM: 'Long term',
};

/** The current financial year's name (as 2025-26) on the exchange's date `today` (YYYY-MM-DD). */
export function currentFinancialYear(today: string): string {
  return financialYearOf(today).name;
}

/**
 * The years the picker offers: the years with sales, newest first, then the current financial year when it has
 * none yet. Names sort as years do (2019-20 < 2024-25).
 */
export function yearChoices(yearsWithSales: readonly string[], today: string): string[] {
  const years = [...new Set(yearsWithSales)].sort((a, b) => b.localeCompare(a));
  const current = currentFinancialYear(today);
  return years.includes(current) ? years : [...years, current];
}

/** The year the page opens on when none is asked for: the newest with sales, else the current one. */
export function defaultYear(yearsWithSales: readonly string[], today: string): string {
  return yearChoices(yearsWithSales, today)[0]!;
}

/** The year's sales fall on both sides of 23-Jul-2024 (FY 2024-25): the cards show each side's gains and rates. */
export function spansRateChange(year: { from: string; to: string }): boolean {
  return year.from < RATE_CHANGE_DATE && RATE_CHANGE_DATE <= year.to;
}

export interface ExitFilter {
  /** null: every category. */
  category: TaxExitCategory | null;
  /** null: every firm. */
  firmId: string | null;
}

export function filterExits(exits: readonly TaxExitRow[], filter: ExitFilter): TaxExitRow[] {
  return exits.filter(
    (exit) =>
      (filter.category === null || exit.category === filter.category) &&
      (filter.firmId === null || exit.brokerageFirm.id === filter.firmId),
  );
}

/** The firms of the exits, each once, by name. */
export function firmsOf(rows: ReadonlyArray<{ brokerageFirm: { id: string; name: string } }>) {
  const firms = new Map<string, string>();
  for (const row of rows) firms.set(row.brokerageFirm.id, row.brokerageFirm.name);
  return [...firms].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/** The exit's stable key: the server gives none, and one lot may leave in parts on different days. */
export function exitKey(exit: TaxExitRow, index: number): string {
  return `${exit.brokerageFirm.id}|${exit.symbol}|${exit.buyDate}|${exit.sellDate}|${exit.bonus}|${index}`;
}

/** "Before you sell" for one category: the lots a sale at the latest close would put there, and their gain. */
export interface CategoryIfSold {
  category: TaxExitCategory;
  lots: number;
  /** The gains of the lots with a close, added. */
  gain: string;
  /** Lots without a close (no gain can be told). */
  withoutPrice: number;
}

/** The open lots by the category a sale today would have, in the page's order; categories without lots left out. */
export function openLotsByCategory(lots: readonly OpenLotRow[]): CategoryIfSold[] {
  return CATEGORIES.flatMap((category) => {
    const inCategory = lots.filter((lot) => lot.categoryIfSold === category);
    if (inCategory.length === 0) return [];
    const priced = inCategory.flatMap((lot) => (lot.gainIfSold === null ? [] : [lot.gainIfSold]));
    return [
      {
        category,
        lots: inCategory.length,
        gain: sumDecimals(priced),
        withoutPrice: inCategory.length - priced.length,
      },
    ];
  });
}

/** The lots that turn long term within `days` days (a short-term sale soon may be worth waiting for), soonest first. */
export function turningLongTermWithin(lots: readonly OpenLotRow[], days: number): OpenLotRow[] {
  return lots
    .filter((lot) => lot.daysToLongTerm > 0 && lot.daysToLongTerm <= days)
    .sort((a, b) => a.daysToLongTerm - b.daysToLongTerm);
}

/** "in 1 day", "in 45 days", "now". */
export function daysToLongTermText(days: number): string {
  if (days <= 0) return 'now';
  return `in ${days} day${days === 1 ? '' : 's'}`;
}

/** The download addresses of a year (bff/src/http/tax-downloads.ts streams them for the session). */
export const TAX_DOWNLOADS = [
  { file: 'capital-gains.csv', label: 'Tradewise CSV' },
  { file: 'schedule-112a.csv', label: 'Schedule 112A CSV' },
  { file: 'capital-gains.xlsx', label: 'Workbook (XLSX)' },
] as const;

export function downloadHref(file: (typeof TAX_DOWNLOADS)[number]['file'], financialYear: string): string {
  return `/downloads/tax/${file}?financialYear=${encodeURIComponent(financialYear)}`;
}
