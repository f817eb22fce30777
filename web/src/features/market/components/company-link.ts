/**
 * How the market screens open Company Analysis: the route /company-analysis/{symbol} (the page reads
 * the symbol from the URL) and the navigation state docs/product/company.md describes ({symbol, trend}).
 */
import type { TrendPeriod } from '@bazaar/shared';

export interface CompanyAnalysisNavigationState {
  symbol: string;
  trend: TrendPeriod;
}

/** /company-analysis/{symbol}, the symbol escaped (NSE symbols can hold '&' and '-', e.g. M&M). */
export function companyAnalysisPath(symbol: string): string {
  return `/company-analysis/${encodeURIComponent(symbol)}`;
}
