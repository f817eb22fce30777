/**
 * GET /user/portfolio/alerts: alerts computed from the caller's open holdings and the loaded
 * prices (52-week highs and lows, the segment that moved most, a holding too large a share). The
 * 52-week extremes are of adjusted prices (docs/product/market.md#adjusted-prices): across a split
 * or bonus the raw prices before it would hide a new high and invent a new low.
 */
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import { Exact, formatRupees } from '@bazaar/shared';
import type { HoldingDto, PortfolioAlertDto } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { queryRows } from '../../client.js';
import { adjustedPrice, adjustmentRangesQuery, rangeHolds } from '../market/adjustments.js';
import { listHoldings } from './holdings.js';
import { latestEquityRow } from './quotes.js';
import { inEquitySeries, LATEST_TRADE_DATE } from '../market/equity-series.js';

const CONCENTRATION_SHARE_PERCENT = 40;
/** About 250 trading days make a year; a symbol with fewer than this many in the window has no 52-week range yet. */
const MIN_TRADING_DAYS_FOR_52_WEEKS = 200;

/**
 * Alerts computed from the caller's open holdings (optionally of one firm):
 * - a held symbol whose latest close is above every high (below every low) of the 52 weeks before it
 *   (when at least 200 trading days of those 52 weeks are loaded);
 * - the segment whose value moved most on its latest trading day (in rupees);
 * - one holding worth more than 40 % of the current value (time to rebalance).
 */
export async function getPortfolioAlerts(
  db: Database,
  userId: number,
  firmName?: string,
): Promise<PortfolioAlertDto[]> {
  return alertsFor(db, await listHoldings(db, userId, { firmName }), firmName);
}

/** The alerts of holdings already listed (the dashboard lists them once for all its figures). */
export async function alertsFor(
  db: Database,
  all: readonly HoldingDto[],
  firmName?: string,
): Promise<PortfolioAlertDto[]> {
  const open = all.filter((h) => h.status === 'UNREALIZED');
  const alerts: PortfolioAlertDto[] = [];
  if (open.length === 0) return alerts;

  // the symbols that can be at a 52-week high or low: most are not, and one short scan each tells
  const symbols = await extremeCandidates(db, open);
  const extremes = symbols.length === 0 ? [] : await yearExtremes(db, symbols);
  for (const row of extremes) {
    // a "52-week" extreme needs a year of prices behind it, not a few days
    if (row.year_high === null || row.year_low === null || row.days < MIN_TRADING_DAYS_FOR_52_WEEKS) continue;
    const firmNames = [...new Set(open.filter((h) => h.symbol === row.symbol).map((h) => h.brokerageFirm.name))].join(
      ', ',
    );
    // the extremes in the latest close's shares (an event after a suspended symbol's last day divides both)
    const divisor = row.close_divisor ?? '1';
    const high = new Big(row.year_high).times(divisor);
    const low = new Big(row.year_low).times(divisor);
    const close = new Big(row.close_price);
    const extreme = close.gt(high)
      ? ({ kind: 'NEW_52_WEEK_HIGH', word: 'high', side: 'above', level: high, tone: 'positive' } as const)
      : close.lt(low)
        ? ({ kind: 'NEW_52_WEEK_LOW', word: 'low', side: 'below', level: low, tone: 'negative' } as const)
        : undefined;
    if (!extreme) continue;
    alerts.push({
      kind: extreme.kind,
      title: `${row.symbol} at a 52-week ${extreme.word}`,
      message: `${row.symbol} closed at ${formatRupees(row.close_price)} on ${row.trade_date}, ${extreme.side} its 52-week ${extreme.word} of ${formatRupees(extreme.level)}.`,
      tone: extreme.tone,
      symbol: row.symbol,
      segment: null,
      brokerageFirm: firmNames,
      date: row.trade_date,
    });
  }

  const segmentMove = biggestSegmentMove(open);
  if (segmentMove) alerts.push(segmentMove);

  // each symbol's value summed in exact scaled integers (a sum over every open holding), compared in big.js
  const exactBySymbol = new Map<string, Exact>();
  for (const h of open) {
    if (h.profitLoss.marketValue === null) continue;
    const value = Exact.of(h.profitLoss.marketValue);
    exactBySymbol.set(h.symbol, (exactBySymbol.get(h.symbol) ?? Exact.ZERO).plus(value));
  }
  const bySymbol = new Map([...exactBySymbol].map(([symbol, value]) => [symbol, new Big(value.toFixed())]));
  const total = [...bySymbol.values()].reduce((sum, value) => sum.plus(value), new Big(0));
  const [top] = [...bySymbol.entries()].sort((a, b) => b[1].cmp(a[1]));
  if (top && bySymbol.size >= 2 && total.gt(0)) {
    const share = top[1].div(total).times(100);
    if (share.gt(CONCENTRATION_SHARE_PERCENT)) {
      alerts.push({
        kind: 'CONCENTRATION',
        title: 'Rebalance Portfolio',
        message: `${top[0]} is ${share.round(1).toFixed(1)}% of the current value of your open holdings${firmName ? ` at ${firmName}` : ''}; consider rebalancing.`,
        tone: 'neutral',
        symbol: top[0],
        segment: null,
        brokerageFirm: firmName ?? null,
        date: null,
      });
    }
  }
  return alerts;
}

/** The recent days read for every held symbol at once (calendar days before D), enough to rule most symbols out. */
const RECENT_DAYS = 14;

/**
 * The held symbols whose latest close may be above every adjusted high (below every adjusted low)
 * of the 52 weeks before it. A symbol with a day of that window, among the last two weeks before
 * D, whose high is at or above the close and one whose low is at or below it (adjusted, in the
 * close's shares) is at no extreme; the days next to the close are the likeliest to show it. Those
 * days of every held symbol are one index read (symbol = ANY, not a scan per symbol: each one costs
 * PGlite a rescan) and one JSON value; only the symbols left are read a year each (yearExtremes),
 * where the alert is decided as before (docs/decisions.md#alerts-read-a-year-only-for-possible-extremes).
 * The latest closes are the holdings' quotes.
 */
async function extremeCandidates(db: Database, open: HoldingDto[]): Promise<string[]> {
  const latest = new Map<string, { day: string; close: string }>();
  for (const h of open)
    if (h.priceDate !== null && h.currentPrice !== null && !latest.has(h.symbol))
      latest.set(h.symbol, { day: h.priceDate, close: h.currentPrice });
  if (latest.size === 0) return [];
  const symbols = [...latest.keys()];
  const held = sql.join(
    [...latest].map(([symbol, { day, close }]) => sql`(${symbol}::varchar, ${day}::date, ${close}::numeric)`),
    sql`, `,
  );
  const list = sql`ARRAY[${sql.join(
    symbols.map((symbol) => sql`${symbol}`),
    sql`, `,
  )}]::varchar[]`;
  const [answer] = await queryRows<{ ruled_out: string | null }>(
    db,
    sql`
      WITH held(symbol, day, close) AS (VALUES ${held}),
      ranges AS MATERIALIZED (SELECT r.* FROM ${adjustmentRangesQuery(LATEST_TRADE_DATE, symbols)} AS r),
      recent AS (
        SELECT sp.symbol, sp.trade_date, sp.high_price, sp.low_price FROM stock_prices sp
        WHERE sp.symbol = ANY(${list}) AND ${inEquitySeries('sp.series')}
          AND sp.trade_date >= ${LATEST_TRADE_DATE} - ${RECENT_DAYS}::int
      )
      SELECT json_agg(symbol)::text AS ruled_out FROM (
        SELECT h.symbol FROM held h
        -- the divisor of the close's own day (an event after a suspended symbol's last day divides both)
        LEFT JOIN ranges c ON c.symbol = h.symbol AND h.day < c.to_date AND (c.from_date IS NULL OR h.day >= c.from_date)
        JOIN recent sp ON sp.symbol = h.symbol AND sp.trade_date >= h.day - 364 AND sp.trade_date < h.day
        LEFT JOIN ranges r ON ${rangeHolds('sp', 'r')}
        GROUP BY h.symbol, h.close, c.divisor
        HAVING bool_or(${adjustedPrice(sql`sp.high_price`, 'r')} * coalesce(c.divisor, 1) >= h.close)
          AND bool_or(${adjustedPrice(sql`sp.low_price`, 'r')} * coalesce(c.divisor, 1) <= h.close)
      ) at_no_extreme`,
  );
  const ruledOut = new Set(JSON.parse(answer?.ruled_out ?? '[]') as string[]);
  return symbols.filter((symbol) => !ruledOut.has(symbol));
}

/** Each symbol's latest close and the adjusted highs and lows of the 52 weeks before it, read whole. */
async function yearExtremes(db: Database, symbols: string[]) {
  const values = sql.join(
    symbols.map((symbol) => sql`(${symbol}::varchar)`),
    sql`, `,
  );
  return queryRows<{
    symbol: string;
    trade_date: string;
    close_price: string;
    close_divisor: string | null;
    year_high: string | null;
    year_low: string | null;
    days: number;
  }>(
    db,
    sql`
      WITH held(symbol) AS (VALUES ${values}),
      -- the adjustment ranges as of D of the held symbols only
      ranges AS MATERIALIZED (SELECT r.* FROM ${adjustmentRangesQuery(LATEST_TRADE_DATE, symbols)} AS r),
      -- each symbol's time line in pieces of one divisor: its ranges, then the days after its last ex-date (none)
      -- (open ends as ±infinity: the bounds then narrow the index range itself, not a filter over the whole window)
      pieces AS MATERIALIZED (
        SELECT symbol, coalesce(from_date, '-infinity'::date) AS from_date, to_date, divisor FROM ranges
        UNION ALL
        SELECT h.symbol, coalesce((SELECT max(r.to_date) FROM ranges r WHERE r.symbol = h.symbol), '-infinity'::date),
          'infinity'::date, NULL::numeric
        FROM held h
      )
      SELECT s.symbol, latest.trade_date, latest.close_price, close_range.divisor::text AS close_divisor,
        window_range.year_high, window_range.year_low, window_range.days
      FROM held AS s
      CROSS JOIN LATERAL (${latestEquityRow(sql`s.symbol`)}) latest
      LEFT JOIN ranges close_range ON close_range.symbol = s.symbol AND latest.trade_day < close_range.to_date
        AND (close_range.from_date IS NULL OR latest.trade_day >= close_range.from_date)
      -- the 52 weeks before the latest day, piece by piece: one index range of raw highs and lows
      -- each, adjusted once (rounding is monotonic, so the adjusted extreme is the extreme adjusted)
      CROSS JOIN LATERAL (
        SELECT max(${adjustedPrice(sql`part.high`, 'piece')})::text AS year_high,
          min(${adjustedPrice(sql`part.low`, 'piece')})::text AS year_low, coalesce(sum(part.days), 0)::int AS days
        FROM pieces piece
        CROSS JOIN LATERAL (
          SELECT max(sp.high_price) AS high, min(sp.low_price) AS low, count(*) AS days
          FROM stock_prices sp
          WHERE sp.symbol = s.symbol AND ${inEquitySeries('sp.series')}
            AND sp.trade_date >= greatest(latest.trade_day - 364, piece.from_date)
            AND sp.trade_date < least(latest.trade_day, piece.to_date)
        ) part
        WHERE piece.symbol = s.symbol AND piece.to_date > latest.trade_day - 364 AND piece.from_date < latest.trade_day
      ) window_range
    `,
  );
}

/**
 * The segment whose open holdings gained or lost the most value on their latest trading day, from
 * the quotes the holdings were listed with (previous close and change in today's shares).
 */
function biggestSegmentMove(open: HoldingDto[]): PortfolioAlertDto | undefined {
  // summed in exact scaled integers (a sum over every open holding), then compared and divided in big.js
  const exactBySegment = new Map<string, { change: Exact; previous: Exact; date: string }>();
  for (const h of open) {
    if (h.previousClose == null || h.priceChange == null || h.priceDate == null) continue;
    const entry = exactBySegment.get(h.instrumentType) ?? {
      change: Exact.ZERO,
      previous: Exact.ZERO,
      date: h.priceDate,
    };
    const quantity = Exact.of(h.quantity);
    entry.change = entry.change.plus(Exact.of(h.priceChange).times(quantity));
    entry.previous = entry.previous.plus(Exact.of(h.previousClose).times(quantity));
    if (h.priceDate > entry.date) entry.date = h.priceDate;
    exactBySegment.set(h.instrumentType, entry);
  }
  const bySegment = new Map(
    [...exactBySegment].map(([segment, { change, previous, date }]) => [
      segment,
      { change: new Big(change.toFixed()), previous: new Big(previous.toFixed()), date },
    ]),
  );
  const [biggest] = [...bySegment.entries()]
    .filter(([, move]) => !move.change.eq(0) && move.previous.gt(0))
    .sort((a, b) => b[1].change.abs().cmp(a[1].change.abs()));
  if (!biggest) return undefined;
  const [segment, move] = biggest;
  const percent = move.change.div(move.previous).times(100).abs().round(2).toFixed(2);
  const up = move.change.gt(0);
  return {
    kind: 'SEGMENT_MOVE',
    title: `${segment} ${up ? 'up' : 'down'} ${percent}%`,
    message: `Your ${segment} holdings ${up ? 'gained' : 'lost'} ${formatRupees(move.change.abs())} (${percent}%) on ${move.date}.`,
    tone: up ? 'positive' : 'negative',
    symbol: null,
    segment,
    brokerageFirm: null,
    date: move.date,
  };
}
