/**
 * GET /user/dashboard: the investor's portfolio at a glance (docs/product/home.md#dashboard), from
 * one listing of their holdings (priced and charged as the holdings table shows them) and the
 * maths of @bazaar/shared/portfolio: the totals of the summary (dividends credited included, the
 * holdings' own rule), XIRR of the cash flows (docs/decisions.md#xirr), the day's change, allocations,
 * the day's movers, the trend lists of the day and the alerts.
 */
import { createHash } from 'node:crypto';
import Big from 'big.js';
import { inArray } from 'drizzle-orm';
import {
  Exact,
  exchangeToday,
  holdingCashFlows,
  percentOf,
  roundDecimal,
  sumPortfolio,
  xirr,
  type CashFlow,
} from '@bazaar/shared';
import type {
  AllocationSliceDto,
  DashboardDto,
  DashboardMoverDto,
  HoldingDto,
  ListedStockDto,
  TrendResponseDto,
} from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { dataVersions, type VersionedTable } from '../data-versions.js';
import { companies } from '../../schema/index.js';
import { getCurrentPeriodCoverages, getCurrentTrendLists } from '../market/trend-lists.js';
import { alertsFor } from './alerts.js';
import { HOLDINGS_LIST_INPUTS, listAllHoldingsShared } from './holdings.js';
import { trendMemberships, watchedSymbols } from './watchlist.js';
import { KeptPerDatabase } from '../kept-per-database.js';

const MOVERS = 5;
const UNCLASSIFIED = 'Unclassified';

/** XIRR in % (2 decimals), or null when the flows have no rate. */
function xirrPercent(flows: CashFlow[]): string | null {
  const rate = xirr(flows);
  return rate === null ? null : roundDecimal(new Big(rate).times(100));
}

function slices(exact: Map<string, Exact>, total: Big): AllocationSliceDto[] {
  const values = new Map([...exact].map(([name, value]) => [name, new Big(value.toFixed())]));
  return [...values.entries()]
    .filter(([, value]) => value.gt(0))
    .sort((a, b) => b[1].cmp(a[1]) || a[0].localeCompare(b[0]))
    .map(([name, value]) => ({
      name,
      value: value.toFixed(),
      percent: percentOf(value.toFixed(), total.toFixed()) ?? '0.00',
    }));
}

/** Every table the dashboard's answer is computed from (besides the caller and the day). */
const DASHBOARD_INPUTS: readonly VersionedTable[] = [
  ...HOLDINGS_LIST_INPUTS,
  'companies',
  // the trend lists are read from the analysis each refresh writes
  'analysis_state',
  'watchlist_entries',
];

/**
 * The entity tag of the caller's dashboard on this exchange day: it changes whenever a row the
 * answer is computed from may have changed (data_versions, read before the data), so an answer
 * kept under it is never older than a committed write (docs/decisions.md#dashboard-cache).
 */
export async function dashboardTag(db: Database, userId: number, today: string): Promise<string> {
  const versions = await dataVersions(db, DASHBOARD_INPUTS);
  const counters = DASHBOARD_INPUTS.map((table) => `${table}:${versions.get(table) ?? '?'}`);
  return `"${createHash('sha256')
    .update(JSON.stringify(['dashboard', userId, today, counters]))
    .digest('base64url')
    .slice(0, 32)}"`;
}

/** Answers kept per database handle and user, each under its tag; the least recently used go first. */
const MAX_CACHED_DASHBOARDS = 1_000;
const dashboardCaches = new KeptPerDatabase<number, { tag: string; dashboard: DashboardDto }>(MAX_CACHED_DASHBOARDS);

/**
 * The caller's dashboard under `tag` (dashboardTag, read first): the answer kept for that tag, or
 * a fresh one, kept. A tag with a missing counter ('?') is never kept.
 */
export async function getDashboardTagged(
  db: Database,
  userId: number,
  tag: string,
  today = exchangeToday(),
): Promise<DashboardDto> {
  const kept = dashboardCaches.get(db, userId);
  if (kept?.tag === tag) return kept.dashboard;
  const dashboard = await getDashboard(db, userId, today);
  if (!tag.includes('?')) dashboardCaches.set(db, userId, { tag, dashboard });
  else dashboardCaches.delete(db, userId);
  return dashboard;
}

export async function getDashboard(db: Database, userId: number, today = exchangeToday()): Promise<DashboardDto> {
  // the answer shows no holding's charges per charge type: their totals only
  // shared with the comparison against an index the page asks for beside it
  const all = await listAllHoldingsShared(db, userId, today);
  const open = all.filter((h) => h.status === 'UNREALIZED');
  const openSymbols = [...new Set(open.map((h) => h.symbol))];
  const watched = await watchedSymbols(db, userId);
  const [companyRows, lists, alerts, coverages] = await Promise.all([
    openSymbols.length === 0
      ? Promise.resolve([])
      : db
          .select({ symbol: companies.symbol, name: companies.companyName, industry: companies.industry })
          .from(companies)
          .where(inArray(companies.symbol, openSymbols)),
    openSymbols.length + watched.length === 0
      ? Promise.resolve(new Map<string, TrendResponseDto>())
      : getCurrentTrendLists(db),
    alertsFor(db, all),
    getCurrentPeriodCoverages(db),
  ]);
  const trends = trendMemberships(lists, [...openSymbols, ...watched], coverages);
  const names = new Map(companyRows.map((row) => [row.symbol, row.name]));

  // cash flows per holding, its dividends included; open holdings' values dated D, the latest day of
  // the prices they are valued at (docs/product/home.md#dashboard)
  const priceDates = open.map((h) => h.priceDate).filter((date): date is string => date !== null);
  const valuedOn = priceDates.length === 0 ? today : priceDates.reduce((a, b) => (a > b ? a : b));
  const flowsOf = (rows: readonly HoldingDto[]) => rows.flatMap((h) => holdingCashFlows(h, valuedOn));
  const xirrOfAll = xirrPercent(flowsOf(all));

  const totals = sumPortfolio(all.map((h) => h.profitLoss));

  // the day's change of open holdings with a previous close (exact scaled integers: a sum over every holding)
  let dayChange: Exact | null = null;
  let previousValue = Exact.ZERO;
  for (const h of open) {
    if (h.priceChange === null || h.previousClose === null) continue;
    const quantity = Exact.of(h.quantity);
    dayChange = (dayChange ?? Exact.ZERO).plus(Exact.of(h.priceChange).times(quantity));
    previousValue = previousValue.plus(Exact.of(h.previousClose).times(quantity));
  }

  // per firm, in the order of their names
  const byFirmId = new Map<number, HoldingDto[]>();
  for (const h of all) {
    const rows = byFirmId.get(h.brokerageFirm.id);
    if (rows) rows.push(h);
    else byFirmId.set(h.brokerageFirm.id, [h]);
  }
  const firms = [...byFirmId.values()]
    .map((rows) => {
      // a single firm's holdings are all of them: the portfolio's totals and rate, not computed again
      const whole = rows.length === all.length;
      const firmTotals = whole ? totals : sumPortfolio(rows.map((h) => h.profitLoss));
      return {
        brokerageFirm: (rows[0] as HoldingDto).brokerageFirm,
        totals: firmTotals,
        dividends: firmTotals.dividends,
        netProfitLoss: firmTotals.net,
        xirr: whole ? xirrOfAll : xirrPercent(flowsOf(rows)),
      };
    })
    .sort((a, b) => a.brokerageFirm.name.localeCompare(b.brokerageFirm.name));

  // allocations of the current value of open holdings
  const industryOf = new Map(companyRows.map((row) => [row.symbol, row.industry?.trim() || UNCLASSIFIED]));
  const byIndustry = new Map<string, Exact>();
  const byFirm = new Map<string, Exact>();
  for (const h of open) {
    if (h.profitLoss.marketValue === null) continue;
    const industry = industryOf.get(h.symbol) ?? UNCLASSIFIED;
    const value = Exact.of(h.profitLoss.marketValue);
    byIndustry.set(industry, (byIndustry.get(industry) ?? Exact.ZERO).plus(value));
    byFirm.set(h.brokerageFirm.name, (byFirm.get(h.brokerageFirm.name) ?? Exact.ZERO).plus(value));
  }
  const currentValue = new Big(totals.currentValue);

  // the day's movers among open holdings, one row per symbol
  const movers: Array<DashboardMoverDto & { percent: Big }> = [];
  const openBySymbol = new Map<string, HoldingDto[]>();
  for (const h of open) {
    const rows = openBySymbol.get(h.symbol);
    if (rows) rows.push(h);
    else openBySymbol.set(h.symbol, [h]);
  }
  for (const [symbol, rows] of openBySymbol) {
    const first = rows[0] as HoldingDto;
    if (first.priceChange === null || first.previousClose === null || first.currentPrice === null) continue;
    if (new Big(first.previousClose).eq(0)) continue;
    const quantity = rows.reduce((sum, h) => sum + h.quantity, 0);
    const percent = new Big(first.priceChange).div(first.previousClose).times(100);
    movers.push({
      symbol,
      companyName: names.get(symbol) ?? null,
      closePrice: first.currentPrice,
      changePerDay: roundDecimal(first.priceChange),
      changePercent: roundDecimal(percent),
      quantity,
      valueChange: new Big(first.priceChange).times(quantity).toFixed(),
      percent,
    });
  }
  const strip = ({ percent: _percent, ...mover }: DashboardMoverDto & { percent: Big }) => mover;
  const gainers = movers
    .filter((m) => m.percent.gt(0))
    .sort((a, b) => b.percent.cmp(a.percent) || a.symbol.localeCompare(b.symbol))
    .slice(0, MOVERS)
    .map(strip);
  const losers = movers
    .filter((m) => m.percent.lt(0))
    .sort((a, b) => a.percent.cmp(b.percent) || a.symbol.localeCompare(b.symbol))
    .slice(0, MOVERS)
    .map(strip);

  // held and watched stocks in today's trend lists
  const openSet = new Set(openSymbols);
  const watchedSet = new Set(watched);
  const listed: ListedStockDto[] = [];
  const quoteOf = new Map(open.map((h) => [h.symbol, h]));
  const watchedQuotes = trendQuotes(
    lists,
    [...trends.keys()].filter((symbol) => !quoteOf.has(symbol)),
  );
  for (const [symbol, memberships] of [...trends.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
    const held = quoteOf.get(symbol);
    const quote = held
      ? { closePrice: held.currentPrice, changePercent: percentOf(held.priceChange, held.previousClose) }
      : watchedQuotes.get(symbol);
    if (!quote?.closePrice) continue;
    // the longest period of each direction says it all: a new 52-week high is a new weekly high too;
    // with a short history the longest lists read "new high of the 40 trading days loaded" (trendPhrase)
    const headlines = (['HIGH', 'LOW'] as const)
      .map((direction) => memberships.filter((m) => m.direction === direction).at(-1))
      .filter((m) => m !== undefined)
      .map((m) => m.label);
    listed.push({
      symbol,
      held: openSet.has(symbol),
      watched: watchedSet.has(symbol),
      closePrice: quote.closePrice,
      changePercent: quote.changePercent,
      trends: memberships,
      headline: `${symbol}: ${headlines.join(', ')}`,
    });
  }

  return {
    asOf: today,
    priceDate: priceDates.length === 0 ? null : priceDates.reduce((a, b) => (a > b ? a : b)),
    openHoldings: open.length,
    totals,
    dividends: totals.dividends,
    netProfitLoss: totals.net,
    dayChange: dayChange?.toFixed() ?? null,
    dayChangePercent: dayChange === null ? null : percentOf(dayChange.toFixed(), previousValue.toFixed()),
    xirr: xirrOfAll,
    firms,
    allocationByIndustry: slices(byIndustry, currentValue),
    allocationByFirm: slices(byFirm, currentValue),
    gainers,
    losers,
    inTodaysLists: listed,
    alerts,
  };
}

/** The close and change % of watched symbols that are in a trend list, from the lists themselves. */
function trendQuotes(
  lists: ReadonlyMap<string, TrendResponseDto>,
  symbols: string[],
): Map<string, { closePrice: string; changePercent: string | null }> {
  const quotes = new Map<string, { closePrice: string; changePercent: string | null }>();
  for (const list of lists.values()) {
    for (const symbol of symbols) {
      if (quotes.has(symbol) || !Object.hasOwn(list, symbol)) continue;
      const entry = list[symbol]!;
      quotes.set(symbol, { closePrice: entry.Present.closePrice, changePercent: entry.changePercent });
    }
  }
  return quotes;
}
