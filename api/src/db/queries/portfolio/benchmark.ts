/**
 * The caller's portfolio against an index (docs/product/home.md#against-the-market): the
 * holdings' cash flows as the dashboard counts them (buys with their charges, sales net of theirs,
 * dividends credited, open holdings valued at D), mirrored into the index (the public-market
 * equivalent, shared/src/portfolio/benchmark.ts), and every trading day's value of the holdings from
 * their closes (each lot in the shares of that day: the splits and bonuses up to it) for the
 * time-weighted returns and the chart. The index on a day is its latest close on or before it.
 */
import { sql } from 'drizzle-orm';
import Big from 'big.js';
import { BENCHMARK_PERIODS, type BenchmarkDto, type BenchmarkQuery } from '@bazaar/shared/contract';
import {
  exchangeToday,
  financialYearOf,
  holdingCashFlows,
  indexReturn,
  indexValueOn,
  normaliseIndexName,
  publicMarketEquivalent,
  ratePercent,
  timeWeightedReturn,
  xirr,
  type CashFlow,
  type HoldingEvent,
  type IndexClose,
  type ValuedDay,
} from '@bazaar/shared';
import { queryRows, type Database } from '../../client.js';
import { inEquitySeries, equitySeriesRank } from '../market/equity-series.js';
import { getBrokerageFirm } from './brokerage-firms.js';
import { holdingEvents, listAllHoldingsShared, listHoldings } from './holdings.js';

/** The chart's most points: a long history is sampled, its first and last days kept. */
const MAX_SERIES_POINTS = 400;

const ISO = (date: string) => Date.parse(`${date}T00:00:00Z`);
const shiftMonths = (date: string, months: number) => {
  const moved = new Date(ISO(date));
  moved.setUTCMonth(moved.getUTCMonth() - months);
  return moved.toISOString().slice(0, 10);
};

interface Lot {
  id: number;
  symbol: string;
  buyDate: string;
  /** The day the lot was sold (not held at that day's close); null while open. */
  soldOn: string | null;
  traded: number;
  events: HoldingEvent[];
}

/** The first index of `days` (ascending) on or after `date`; days.length when none is. */
function firstDayFrom(days: readonly string[], date: string): number {
  let low = 0;
  let high = days.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (days[middle]! < date) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Each day's value of the lots at the day's close: per symbol, the shares held each day (a lot counts from its
 * buying day to the day before its sale, in the shares of that day: as entered × the factors of the splits and
 * bonuses from its buy on) × the symbol's close on or before the day. A difference array per symbol over the days
 * and one pass over its closes: O(lots × events + symbols × days), not a valuation of every lot every day.
 */
function dailyValues(lots: readonly Lot[], days: readonly string[], closes: ReadonlyMap<string, IndexClose[]>) {
  const values = new Array<number>(days.length).fill(0);
  const bySymbol = new Map<string, Lot[]>();
  for (const lot of lots) {
    const list = bySymbol.get(lot.symbol);
    if (list) list.push(lot);
    else bySymbol.set(lot.symbol, [lot]);
  }
  for (const [symbol, symbolLots] of bySymbol) {
    const change = new Array<number>(days.length + 1).fill(0);
    for (const lot of symbolLots) {
      const end = lot.soldOn === null ? days.length : firstDayFrom(days, lot.soldOn);
      let from = firstDayFrom(days, lot.buyDate);
      let shares = lot.traded;
      // the events are in ex-date order; from its ex-date on, an event's factor applies
      for (const event of lot.events) {
        if (event.factor === null || event.exDate <= lot.buyDate) continue;
        const at = Math.min(firstDayFrom(days, event.exDate), end);
        if (at > from) {
          change[from]! += shares;
          change[at]! -= shares;
          from = at;
        }
        shares *= Number(event.factor);
      }
      if (end > from) {
        change[from]! += shares;
        change[end]! -= shares;
      }
    }
    const symbolCloses = closes.get(symbol) ?? [];
    let held = 0;
    let next = 0;
    let close: number | null = null;
    for (let day = 0; day < days.length; day++) {
      held += change[day]!;
      while (next < symbolCloses.length && symbolCloses[next]!.date <= days[day]!)
        close = Number(symbolCloses[next++]!.close);
      if (close !== null && held !== 0) values[day]! += held * close;
    }
  }
  return values;
}

export async function getBenchmark(
  db: Database,
  userId: number,
  query: BenchmarkQuery,
  today = exchangeToday(),
): Promise<BenchmarkDto> {
  const indexName = normaliseIndexName(query.index);
  // a firm that does not exist is a 404 (getBrokerageFirm)
  const filter =
    query.brokerageFirm === undefined ? {} : { firmName: (await getBrokerageFirm(db, query.brokerageFirm)).name };
  // the whole list is the dashboard's, computed once for both (listAllHoldingsShared)
  const holdings =
    query.brokerageFirm === undefined
      ? await listAllHoldingsShared(db, userId, today)
      : await listHoldings(db, userId, filter, today, { breakdown: false });
  const priceDates = holdings.map((h) => h.priceDate).filter((date): date is string => date !== null);
  const valuedOn = priceDates.length === 0 ? null : priceDates.reduce((a, b) => (a > b ? a : b));
  const closes = await queryRows<IndexClose>(
    db,
    sql`SELECT trade_date::text AS date, close::text AS close FROM index_closes WHERE index_name = ${indexName} ORDER BY trade_date`,
  );
  const warnings: string[] = [];
  const indexLastDate = closes.at(-1)?.date ?? null;
  if (closes.length === 0)
    warnings.push(`The index ${indexName} is not loaded: ask staff to upload it (Upload Index Prices)`);
  else if (valuedOn && indexLastDate! < valuedOn)
    warnings.push(
      `${indexName} is loaded up to ${indexLastDate}, before ${valuedOn}, the day your holdings are valued: the index is taken at ${indexLastDate} from then on`,
    );

  const empty: BenchmarkDto = {
    index: indexName,
    indexLastDate,
    valuedOn,
    from: null,
    to: null,
    portfolioXirr: null,
    indexXirr: null,
    portfolioTwr: null,
    indexTwr: null,
    periods: [],
    series: [],
    holdings: [],
    warnings,
  };
  const priced = holdings.filter((h) => h.profitLoss.marketValue !== null);
  if (valuedOn === null || priced.length === 0) return empty;

  // money-weighted: the dashboard's flows, and the same rupees in the index
  const flows = priced.flatMap((h) => holdingCashFlows(h, valuedOn));
  const external: CashFlow[] = priced.flatMap((h) =>
    holdingCashFlows(h, valuedOn).filter((flow, index) => !(index === 1 && h.status === 'UNREALIZED')),
  );
  const pme = closes.length > 0 ? publicMarketEquivalent(external, closes, valuedOn) : null;

  // every lot's shares and the closes of its symbol from its buy on
  const symbols = [...new Set(priced.map((h) => h.symbol))];
  const { events } = await holdingEvents(db, symbols);
  const lots: Lot[] = priced.map((h) => ({
    id: h.id,
    symbol: h.symbol,
    buyDate: h.creationDate,
    soldOn: h.status === 'REALIZED' ? h.sellingDate : null,
    traded: h.tradedQuantity,
    events: (events.get(h.symbol) ?? []).filter((event) => event.factor !== null),
  }));
  const firstTrade = lots.reduce((first, lot) => (lot.buyDate < first ? lot.buyDate : first), valuedOn);
  // one row a symbol, its closes in one text ("2019-09-11 1234.5,…" by day, a day's preferred series first):
  // handing over 12,000 rows of three columns took the embedded database about three times as long
  const rows = await queryRows<{ symbol: string; closes: string }>(
    db,
    sql`SELECT symbol,
          string_agg(trade_date::text || ' ' || close_price::text, ',' ORDER BY trade_date, ${equitySeriesRank(sql.raw('series'))}) AS closes
        FROM stock_prices
        WHERE symbol IN (SELECT jsonb_array_elements_text(${JSON.stringify(symbols)}::jsonb))
          AND trade_date >= ${firstTrade}::date AND trade_date <= ${valuedOn}::date AND ${inEquitySeries()}
        GROUP BY symbol`,
  );
  const bySymbol = new Map<string, IndexClose[]>();
  const days = new Set<string>();
  for (const row of rows) {
    const list: IndexClose[] = [];
    for (const entry of row.closes.split(',')) {
      const space = entry.indexOf(' ');
      const date = entry.slice(0, space);
      // a second series of the same day: the preferred one came first
      if (list.at(-1)?.date === date) continue;
      list.push({ date, close: entry.slice(space + 1) });
      days.add(date);
    }
    bySymbol.set(row.symbol, list);
  }
  const tradingDays = [...days].sort();

  // each day's money in and out, from the same flows
  const contributions = new Map<string, number>();
  const withdrawals = new Map<string, number>();
  for (const flow of external) {
    const map = flow.amount < 0 ? contributions : withdrawals;
    map.set(flow.date, (map.get(flow.date) ?? 0) + Math.abs(flow.amount));
  }
  const flowDays = [...new Set([...contributions.keys(), ...withdrawals.keys()])];
  const allDays = [...new Set([...tradingDays, ...flowDays])].filter((date) => date <= valuedOn).sort();
  const values = dailyValues(lots, allDays, bySymbol);
  const valued: ValuedDay[] = allDays.map((date, day) => ({
    date,
    value: values[day]!,
    contributions: contributions.get(date) ?? 0,
    withdrawals: withdrawals.get(date) ?? 0,
  }));

  // the days from `from` to `to`, starting from the value at the close of the day before `from`
  const twrBetween = (from: string, to: string) =>
    timeWeightedReturn(
      valued.filter((day) => day.date >= from && day.date <= to),
      [...valued].reverse().find((day) => day.date < from)?.value ?? 0,
    );
  const from = query.from ?? firstTrade;
  const to = query.to && query.to < valuedOn ? query.to : valuedOn;
  const periodStart = (period: (typeof BENCHMARK_PERIODS)[number]) =>
    period === 'ALL'
      ? firstTrade
      : period === 'FY'
        ? financialYearOf(valuedOn).from
        : shiftMonths(valuedOn, { '1M': 1, '3M': 3, '6M': 6, '1Y': 12 }[period]);

  // the chart: each day's value, and the public-market equivalent's units valued that day
  let units = 0;
  const unitsOn = new Map<string, number>();
  if (closes.length > 0) {
    const sorted = [...external].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    let next = 0;
    for (const day of valued) {
      while (next < sorted.length && sorted[next]!.date <= day.date) {
        const value = indexValueOn(closes, sorted[next]!.date);
        if (value) units -= sorted[next]!.amount / Number(value.close);
        next++;
      }
      unitsOn.set(day.date, units);
    }
  }
  const inPeriod = valued.filter((day) => day.date >= from && day.date <= to);
  const step = Math.max(1, Math.ceil(inPeriod.length / MAX_SERIES_POINTS));
  const series = inPeriod
    .filter((_, index) => index % step === 0 || index === inPeriod.length - 1)
    .map((day) => {
      const index = closes.length > 0 ? indexValueOn(closes, day.date) : null;
      return {
        date: day.date,
        portfolioValue: new Big(day.value).toFixed(2),
        indexValue: index ? new Big((unitsOn.get(day.date) ?? 0) * Number(index.close)).toFixed(2) : null,
      };
    });

  return {
    ...empty,
    from,
    to,
    portfolioXirr: ratePercent(xirr(flows)),
    indexXirr: pme ? ratePercent(xirr(pme.flows)) : null,
    portfolioTwr: ratePercent(twrBetween(from, to)),
    indexTwr: closes.length > 0 ? ratePercent(indexReturn(closes, from, to)) : null,
    periods: BENCHMARK_PERIODS.map((period) => {
      const start = periodStart(period);
      return {
        period,
        from: start,
        to: valuedOn,
        portfolioTwr: ratePercent(twrBetween(start, valuedOn)),
        indexTwr: closes.length > 0 ? ratePercent(indexReturn(closes, start, valuedOn)) : null,
      };
    }),
    series,
    holdings: priced.map((h) => {
      const end = h.status === 'REALIZED' ? (h.sellingDate ?? valuedOn) : valuedOn;
      const pnl = h.profitLoss;
      const cost = new Big(pnl.invested).plus(pnl.buyCharges);
      const back = new Big(pnl.marketValue!).minus(pnl.sellCharges).plus(pnl.dividends);
      return {
        id: h.id,
        symbol: h.symbol,
        buyDate: h.creationDate,
        endDate: end,
        holdingReturn: cost.gt(0) ? ratePercent(Number(back.div(cost).minus(1).toFixed(12))) : null,
        indexReturn: closes.length > 0 ? ratePercent(indexReturn(closes, h.creationDate, end)) : null,
      };
    }),
    warnings,
  };
}
