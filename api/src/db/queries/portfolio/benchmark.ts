/**
 * The caller's portfolio against an index (docs/product/home.md#against-the-market): the
 * holdings' cash flows as the dashboard counts them (buys with their charges, sales net of theirs,
 * dividends credited, open holdings valued at D), mirrored into the index (the public-market
 * equivalent, shared/src/portfolio/benchmark.ts), and every trading day's value of the holdings from
 * their closes (each lot in the shares of that day: the splits and bonuses up to it) for the
 * time-weighted returns and the chart. The index on a day is its latest close on or before it.
 */
import { sql } from 'drizzle-orm';
import { BENCHMARK_PERIODS, type BenchmarkDto, type BenchmarkQuery } from '@bazaar/shared/contract';
import {
  EQUITY_SERIES,
  Exact,
  type EquitySeries,
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
import { inEquitySeries } from '../market/equity-series.js';
import { getBrokerageFirm } from './brokerage-firms.js';
import { holdingEvents, listAllHoldingsShared, listEventsOf, listHoldings } from './holdings.js';

/** The chart's most points: a long history is sampled, its first and last days kept. */
const MAX_SERIES_POINTS = 400;
const ONE = Exact.of(1);

const DAY_MS = 86_400_000;
const SPACE = 32;
const ZERO = 48;
/** The series whose close counts when a day has several (EQUITY_SERIES' order): nearly every row's. */
const PREFERRED_SERIES = EQUITY_SERIES[0];
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

/** A symbol's closes by day, ascending, one a day (its preferred equity series'): dates and closes side by side. */
interface SymbolCloses {
  dates: string[];
  closes: number[];
}

/**
 * The closes of `symbols` from `first` to `last`, one a day: a day's preferred equity series (EQUITY_SERIES order)
 * when it has several. Each symbol's rows come as one text of "day close series" entries, the day counted from
 * `first` (12,000 rows of three columns took the embedded database about three times as long to hand over; the
 * day as a number and no order asked of the database, here half the time again): their order is put right here.
 */
async function symbolCloses(
  db: Database,
  symbols: readonly string[],
  first: string,
  last: string,
): Promise<{ bySymbol: Map<string, SymbolCloses>; tradingDays: string[] }> {
  const rows = await queryRows<{ symbol: string; closes: string }>(
    db,
    sql`SELECT symbol, string_agg((trade_date - ${first}::date)::text || ' ' || close_price::text || ' ' || series, ',') AS closes
        FROM stock_prices
        WHERE symbol IN (${sql.join(
          symbols.map((symbol) => sql`${symbol}`),
          sql`, `,
        )})
          AND trade_date >= ${first}::date AND trade_date <= ${last}::date AND ${inEquitySeries()}
        GROUP BY symbol`,
  );
  const start = ISO(first);
  // each day's date written once, shared by every symbol
  const dateOf: string[] = [];
  const dateAt = (day: number) => (dateOf[day] ??= new Date(start + day * DAY_MS).toISOString().slice(0, 10));
  const traded: boolean[] = [];
  const bySymbol = new Map<string, SymbolCloses>();
  for (const row of rows) {
    const text = row.closes;
    const days: number[] = [];
    const ranks: number[] = [];
    const closes: number[] = [];
    // ascending by day, one row a day (so nothing to put right): the usual case
    let ordered = true;
    for (let at = 0; at < text.length;) {
      let day = 0;
      for (let code = text.charCodeAt(at); code !== SPACE; code = text.charCodeAt(++at)) day = day * 10 + code - ZERO;
      const second = text.indexOf(' ', at + 1);
      let end = text.indexOf(',', second + 1);
      if (end === -1) end = text.length;
      const preferred = end - second - 1 === PREFERRED_SERIES.length && text.startsWith(PREFERRED_SERIES, second + 1);
      if (days.length > 0 && days[days.length - 1]! >= day) ordered = false;
      days.push(day);
      ranks.push(preferred ? 0 : EQUITY_SERIES.indexOf(text.slice(second + 1, end) as EquitySeries));
      closes.push(Number(text.slice(at + 1, second)));
      at = end + 1;
    }
    for (const day of days) traded[day] = true;
    if (ordered) {
      bySymbol.set(row.symbol, { dates: days.map(dateAt), closes });
      continue;
    }
    // by day, a day's preferred series first; a second series of the same day left out
    const order = days.map((_, index) => index).sort((a, b) => days[a]! - days[b]! || ranks[a]! - ranks[b]!);
    const kept: SymbolCloses = { dates: [], closes: [] };
    let last = -1;
    for (const index of order) {
      if (days[index] === last) continue;
      last = days[index]!;
      kept.dates.push(dateAt(last));
      kept.closes.push(closes[index]!);
    }
    bySymbol.set(row.symbol, kept);
  }
  const tradingDays: string[] = [];
  traded.forEach((_, day) => tradingDays.push(dateAt(day)));
  return { bySymbol, tradingDays };
}

/**
 * Each day's value of the lots at the day's close: per symbol, the shares held each day (a lot counts from its
 * buying day to the day before its sale, in the shares of that day: as entered × the factors of the splits and
 * bonuses from its buy on) × the symbol's close on or before the day. A difference array per symbol over the days
 * and one pass over its closes: O(lots × events + symbols × days), not a valuation of every lot every day.
 */
function dailyValues(lots: readonly Lot[], days: readonly string[], closes: ReadonlyMap<string, SymbolCloses>) {
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
    const symbolCloses = closes.get(symbol) ?? { dates: [], closes: [] };
    let held = 0;
    let next = 0;
    let close: number | null = null;
    for (let day = 0; day < days.length; day++) {
      held += change[day]!;
      while (next < symbolCloses.dates.length && symbolCloses.dates[next]! <= days[day]!)
        close = symbolCloses.closes[next++]!;
      if (close !== null && held !== 0) values[day]! += held * close;
    }
  }
  return values;
}

/** The answer without a comparison (nothing priced yet), and what says whether the index is loaded and current. */
function emptyAnswer(indexName: string, indexLastDate: string | null, valuedOn: string | null): BenchmarkDto {
  const warnings: string[] = [];
  if (indexLastDate === null)
    warnings.push(`The index ${indexName} is not loaded: ask staff to upload it (Upload Index Prices)`);
  else if (valuedOn && indexLastDate < valuedOn)
    warnings.push(
      `${indexName} is loaded up to ${indexLastDate}, before ${valuedOn}, the day your holdings are valued: the index is taken at ${indexLastDate} from then on`,
    );
  return {
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
  const priced = holdings.filter((h) => h.profitLoss.marketValue !== null);
  if (valuedOn === null || priced.length === 0) {
    const [latest] = await queryRows<{ date: string | null }>(
      db,
      sql`SELECT max(trade_date)::text AS date FROM index_closes WHERE index_name = ${indexName}`,
    );
    return emptyAnswer(indexName, latest?.date ?? null, valuedOn);
  }

  // money-weighted: the dashboard's flows, and the same rupees in the index (an open holding's value at D is no
  // money taken out)
  const flowsOf = priced.map((h) => holdingCashFlows(h, valuedOn));
  const flows = flowsOf.flat();
  const external: CashFlow[] = flowsOf.flatMap((holdingFlows, at) =>
    priced[at]!.status === 'UNREALIZED' ? holdingFlows.filter((_, index) => index !== 1) : holdingFlows,
  );

  // every lot's shares (the events the list was computed with) and the closes of its symbol from its buy on
  const symbols = [...new Set(priced.map((h) => h.symbol))];
  const events = listEventsOf(holdings) ?? (await holdingEvents(db, symbols)).events;
  const lots: Lot[] = priced.map((h) => ({
    id: h.id,
    symbol: h.symbol,
    buyDate: h.creationDate,
    soldOn: h.status === 'REALIZED' ? h.sellingDate : null,
    traded: h.tradedQuantity,
    events: (events.get(h.symbol) ?? []).filter((event) => event.factor !== null),
  }));
  const firstTrade = lots.reduce((first, lot) => (lot.buyDate < first ? lot.buyDate : first), valuedOn);
  const from = query.from ?? firstTrade;
  const to = query.to && query.to < valuedOn ? query.to : valuedOn;
  const periodStarts = BENCHMARK_PERIODS.map((period) =>
    period === 'ALL'
      ? firstTrade
      : period === 'FY'
        ? financialYearOf(valuedOn).from
        : shiftMonths(valuedOn, { '1M': 1, '3M': 3, '6M': 6, '1Y': 12 }[period]),
  );

  // the index from its value on the earliest date anything below asks it for (a flow, a period's or a holding's
  // first day), not its whole history (NIFTY 50 TRI since 1999: 6,500 closes)
  let earliest = from < to ? from : to;
  for (const date of [firstTrade, ...periodStarts, ...external.map((flow) => flow.date)])
    if (date < earliest) earliest = date;
  const closes = await queryRows<IndexClose>(
    db,
    sql`SELECT trade_date::text AS date, close::text AS close FROM index_closes
        WHERE index_name = ${indexName}
          AND trade_date >= coalesce(
            (SELECT max(trade_date) FROM index_closes WHERE index_name = ${indexName} AND trade_date <= ${earliest}::date),
            '-infinity'::date)
        ORDER BY trade_date`,
  );
  const empty = emptyAnswer(indexName, closes.at(-1)?.date ?? null, valuedOn);
  const pme = closes.length > 0 ? publicMarketEquivalent(external, closes, valuedOn) : null;

  const { bySymbol, tradingDays } = await symbolCloses(db, symbols, firstTrade, valuedOn);

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
      // rupees to 2 places as big.js rounds them (Exact: the same text, without big.js's cost)
      return {
        date: day.date,
        portfolioValue: Exact.of(day.value).toFixed(2),
        indexValue: index ? Exact.of((unitsOn.get(day.date) ?? 0) * Number(index.close)).toFixed(2) : null,
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
    periods: BENCHMARK_PERIODS.map((period, at) => {
      const start = periodStarts[at]!;
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
      // exact, as big.js computed it (its division to 20 places), in scaled integers: 500 holdings took big.js ~10 ms
      const cost = Exact.of(pnl.invested).plus(Exact.of(pnl.buyCharges));
      const back = Exact.of(pnl.marketValue!).minus(Exact.of(pnl.sellCharges)).plus(Exact.of(pnl.dividends));
      return {
        id: h.id,
        symbol: h.symbol,
        buyDate: h.creationDate,
        endDate: end,
        holdingReturn: cost.sign() > 0 ? ratePercent(Number(back.div(cost).minus(ONE).toFixed(12))) : null,
        indexReturn: closes.length > 0 ? ratePercent(indexReturn(closes, h.creationDate, end)) : null,
      };
    }),
  };
}
