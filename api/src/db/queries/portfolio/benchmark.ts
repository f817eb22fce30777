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
import { dataVersions } from '../data-versions.js';
import { KeptPerDatabase } from '../kept-per-database.js';
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
  /** Each date's day counted from the read's first day. */
  days: number[];
  dates: string[];
  closes: number[];
}

/** Closes read at a stock_prices counter value: each symbol's, and the days any of them traded. */
interface ReadCloses {
  version: number;
  bySymbol: Map<string, SymbolCloses>;
  tradingDays: string[];
}

/**
 * The closes read, kept per database by symbols and days (the page's two requests and every view after a price
 * upload read the same), at most MAX_KEPT_CLOSES of them, the least recently used dropped first.
 */
const MAX_KEPT_CLOSES = 64;
const keptCloses = new KeptPerDatabase<string, ReadCloses>(MAX_KEPT_CLOSES);
/** More changed days than this since a kept read: read everything again. */
const MAX_CHANGED_DAYS = 31;

/**
 * The closes of `symbols` from `first` to `last`, one a day: a day's preferred equity series (EQUITY_SERIES order)
 * when it has several. Kept by symbols and days at the stock_prices counter `version` (read before the data): a
 * later call re-reads only the days the writes since then touched (stock_price_changes, migration 0029), so a
 * price upload of D re-reads D, not the year (12,500 rows for 500 holdings of 50 symbols cost about half the
 * comparison). A counter of NaN (none in the database) keeps nothing.
 */
async function symbolCloses(
  db: Database,
  symbols: readonly string[],
  first: string,
  last: string,
  version: number,
): Promise<ReadCloses> {
  const key = `${first} ${last} ${[...symbols].sort().join(',')}`;
  const before = keptCloses.get(db, key);
  let read: ReadCloses | undefined;
  if (before?.version === version) read = before;
  else if (before && before.version < version) {
    const changed = await queryRows<{ date: string | null }>(
      db,
      sql`SELECT DISTINCT trade_date::text AS date FROM stock_price_changes
          WHERE version > ${before.version} AND version <= ${version}`,
    );
    if (changed.length <= MAX_CHANGED_DAYS && changed.every((change) => change.date !== null)) {
      const days = changed.map((change) => change.date as string).filter((date) => date >= first && date <= last);
      read =
        days.length === 0
          ? { ...before, version }
          : mergeCloses(before, await readCloses(db, symbols, first, last, days), new Set(days), first, version);
    }
  }
  read ??= { version, ...(await readCloses(db, symbols, first, last)) };
  if (Number.isFinite(version)) keptCloses.set(db, key, read);
  else keptCloses.delete(db, key);
  return read;
}

/**
 * The closes of `symbols` from `first` to `last` (only on `onDays` when given), one a day. Each symbol's rows come
 * as one text of "day close series" entries, the day counted from `first` (12,000 rows of three columns took the
 * embedded database about three times as long to hand over; the day as a number and no order asked of the
 * database, here half the time again): their order is put right here.
 */
async function readCloses(
  db: Database,
  symbols: readonly string[],
  first: string,
  last: string,
  onDays?: readonly string[],
): Promise<Omit<ReadCloses, 'version'>> {
  const rows = await queryRows<{ symbol: string; closes: string }>(
    db,
    sql`SELECT symbol, string_agg((trade_date - ${first}::date)::text || ' ' || close_price::text || ' ' || series, ',') AS closes
        FROM stock_prices
        WHERE symbol IN (${sql.join(
          symbols.map((symbol) => sql`${symbol}`),
          sql`, `,
        )})
          AND ${onDays ? sql`trade_date = ANY(${`{${onDays.join(',')}}`}::date[])` : sql`trade_date >= ${first}::date AND trade_date <= ${last}::date`}
          AND ${inEquitySeries()}
        GROUP BY symbol`,
  );
  const dateAt = dateWriter(first);
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
    if (ordered) {
      bySymbol.set(row.symbol, { days, dates: days.map(dateAt), closes });
      continue;
    }
    // by day, a day's preferred series first; a second series of the same day left out
    const order = days.map((_, index) => index).sort((a, b) => days[a]! - days[b]! || ranks[a]! - ranks[b]!);
    const kept: SymbolCloses = { days: [], dates: [], closes: [] };
    let last = -1;
    for (const index of order) {
      if (days[index] === last) continue;
      last = days[index]!;
      kept.days.push(last);
      kept.dates.push(dateAt(last));
      kept.closes.push(closes[index]!);
    }
    bySymbol.set(row.symbol, kept);
  }
  return { bySymbol, tradingDays: tradingDaysOf(bySymbol, dateAt) };
}

/** Each day's date from its number counted from `first`, written once and shared. */
function dateWriter(first: string) {
  const start = ISO(first);
  const dateOf: string[] = [];
  return (day: number) => (dateOf[day] ??= new Date(start + day * DAY_MS).toISOString().slice(0, 10));
}

/** The days any symbol has a close, ascending. */
function tradingDaysOf(bySymbol: ReadonlyMap<string, SymbolCloses>, dateAt: (day: number) => string): string[] {
  const traded: boolean[] = [];
  for (const closes of bySymbol.values()) for (const day of closes.days) traded[day] = true;
  const tradingDays: string[] = [];
  traded.forEach((_, day) => tradingDays.push(dateAt(day)));
  return tradingDays;
}

/** A kept read with the closes of the changed days (`days`) replaced by those read again (`fresh`). */
function mergeCloses(
  kept: ReadCloses,
  fresh: Omit<ReadCloses, 'version'>,
  days: ReadonlySet<string>,
  first: string,
  version: number,
): ReadCloses {
  const bySymbol = new Map<string, SymbolCloses>();
  for (const symbol of new Set([...kept.bySymbol.keys(), ...fresh.bySymbol.keys()])) {
    const before = kept.bySymbol.get(symbol);
    const again = fresh.bySymbol.get(symbol);
    // nothing read again and none of its days changed (nearly every symbol after a day's upload): kept as it is
    if (before && !again && ![...days].some((date) => before.dates[firstDayFrom(before.dates, date)] === date)) {
      bySymbol.set(symbol, before);
      continue;
    }
    const merged: SymbolCloses = { days: [], dates: [], closes: [] };
    let next = 0;
    // both ascending: the kept days outside the changed ones and the days read again, in order
    const take = (from: SymbolCloses, at: number) => {
      merged.days.push(from.days[at]!);
      merged.dates.push(from.dates[at]!);
      merged.closes.push(from.closes[at]!);
    };
    for (let at = 0; at < (before?.days.length ?? 0); at++) {
      const date = before!.dates[at]!;
      while (again && next < again.days.length && again.dates[next]! < date) take(again, next++);
      if (!days.has(date)) take(before!, at);
    }
    while (again && next < again.days.length) take(again, next++);
    if (merged.days.length > 0) bySymbol.set(symbol, merged);
  }
  return { version, bySymbol, tradingDays: tradingDaysOf(bySymbol, dateWriter(first)) };
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
    const symbolCloses = closes.get(symbol) ?? { days: [], dates: [], closes: [] };
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

/** The index closes read, kept per database by index and first day while the index_closes counter is unchanged. */
const keptIndexCloses = new KeptPerDatabase<string, { version: number; closes: IndexClose[] }>(MAX_KEPT_CLOSES);

/** The index from its value on `earliest` (its latest close on or before it) on, ascending. */
async function indexClosesFrom(
  db: Database,
  indexName: string,
  earliest: string,
  version: number,
): Promise<readonly IndexClose[]> {
  const key = `${indexName} ${earliest}`;
  const before = keptIndexCloses.get(db, key);
  const closes =
    before?.version === version
      ? before.closes
      : await queryRows<IndexClose>(
          db,
          sql`SELECT trade_date::text AS date, close::text AS close FROM index_closes
              WHERE index_name = ${indexName}
                AND trade_date >= coalesce(
                  (SELECT max(trade_date) FROM index_closes WHERE index_name = ${indexName} AND trade_date <= ${earliest}::date),
                  '-infinity'::date)
              ORDER BY trade_date`,
        );
  if (Number.isFinite(version)) keptIndexCloses.set(db, key, { version, closes });
  else keptIndexCloses.delete(db, key);
  return closes;
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
  // read before the data: what is kept at these counters is never older than a committed write
  const versions = await dataVersions(db, ['stock_prices', 'index_closes']);
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
  const closes = await indexClosesFrom(db, indexName, earliest, versions.get('index_closes') ?? Number.NaN);
  const empty = emptyAnswer(indexName, closes.at(-1)?.date ?? null, valuedOn);
  const pme = closes.length > 0 ? publicMarketEquivalent(external, closes, valuedOn) : null;

  const { bySymbol, tradingDays } = await symbolCloses(
    db,
    symbols,
    firstTrade,
    valuedOn,
    versions.get('stock_prices') ?? Number.NaN,
  );

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
