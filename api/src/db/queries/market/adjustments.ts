/**
 * Adjusted prices (docs/product/market.md#adjusted-prices): a price of day t is divided by the
 * product of the factors of the symbol's effective adjusting events (split, consolidation, bonus
 * with an ex-date on or before D) whose ex-date is after t. The divisors come as adjustment
 * ranges, one row per symbol and ex-date: `(symbol, from_date, to_date, divisor)`, the trade dates
 * from_date ≤ t < to_date (from_date null: every earlier day) and their divisor. Every price read
 * joins such a relation: price_adjustments (the ranges the stored analysis was made with, as of
 * its D), or the ranges computed here for another D, or none (raw prices).
 *
 * Exactness: factors are exact decimals (20 places for a factor such as 4/3, the parser's); an
 * adjusted price is raw ÷ divisor rounded to 10 decimal places, trailing zeros dropped, so a
 * quotient that terminates (÷2, ÷10, ÷1.25…) is exact and equal values compare equal whatever
 * route computed them. Rows without an adjustment keep their raw value as stored.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../client.js';
import { queryRows } from '../../client.js';

/** Decimal places of an adjusted price (see the module comment). */
export const ADJUSTED_SCALE = 10;

/**
 * The adjustment ranges as of `tradeDate` (events with ex-date ≤ tradeDate), optionally of some symbols only, as
 * a parenthesised query with the columns symbol, from_date, to_date, divisor. The divisor of a
 * range ending at an ex-date is the product of the factors of every event on or after that
 * ex-date (a recursive product in ex-date order, newest first: numeric multiplication is exact).
 * The symbols restrict the events before the product, as a list the planner reads through the
 * symbol index (a few held symbols then cost their own events, not the whole market's).
 */
export function adjustmentRangesQuery(tradeDate: string | SQL, symbols?: readonly string[]): SQL {
  const upTo = typeof tradeDate === 'string' ? sql`${tradeDate}::date` : tradeDate;
  const only =
    symbols === undefined
      ? sql``
      : sql`AND symbol IN (${sql.join(
          symbols.map((symbol) => sql`${symbol}`),
          sql`, `,
        )})`;
  return sql`(
    WITH RECURSIVE events AS MATERIALIZED (
      SELECT symbol, ex_date, factor,
        row_number() OVER (PARTITION BY symbol ORDER BY ex_date DESC, action_id, seq) AS k
      FROM corporate_action_events
      WHERE factor IS NOT NULL AND ex_date <= ${upTo} ${only}
    ),
    products (symbol, ex_date, divisor, k) AS (
      SELECT symbol, ex_date, factor, k FROM events WHERE k = 1
      UNION ALL
      SELECT e.symbol, e.ex_date, p.divisor * e.factor, e.k FROM products p JOIN events e ON e.symbol = p.symbol AND e.k = p.k + 1
    ),
    per_date AS (
      SELECT DISTINCT ON (symbol, ex_date) symbol, ex_date, divisor FROM products ORDER BY symbol, ex_date, k DESC
    )
    SELECT symbol, lag(ex_date) OVER (PARTITION BY symbol ORDER BY ex_date) AS from_date, ex_date AS to_date, divisor
    FROM per_date
  )`;
}

/** No adjustment at all (raw prices): an empty relation with the ranges' columns. */
export const NO_ADJUSTMENTS = sql`(SELECT NULL::text AS symbol, NULL::date AS from_date, NULL::date AS to_date, NULL::numeric AS divisor WHERE false)`;

/** The ranges the stored analysis was computed with (as of its D). */
export const STORED_ADJUSTMENTS = sql`price_adjustments`;

/**
 * The join condition of a price row `row` (alias) with the range `range` (alias) that holds its
 * date (the column `dateColumn`, the row's trade date unless named): at most one range of the symbol does.
 */
export function rangeHolds(row: string, range: string, dateColumn = 'trade_date'): SQL {
  const r = sql.raw(row);
  const a = sql.raw(range);
  const date = sql.raw(`${row}.${dateColumn}`);
  return sql`${a}.symbol = ${r}.symbol AND ${date} < ${a}.to_date AND (${a}.from_date IS NULL OR ${date} >= ${a}.from_date)`;
}

/** A price column adjusted by the range joined as `range` (raw when no range holds the row). */
export function adjustedPrice(column: SQL, range: string): SQL {
  const a = sql.raw(range);
  return sql`CASE WHEN ${a}.divisor IS NULL THEN ${column} ELSE trim_scale(round(${column} / ${a}.divisor, ${sql.raw(String(ADJUSTED_SCALE))})) END`;
}

/**
 * Brings price_adjustments to the ranges as of `tradeDate` (none when there are no prices) and answers
 * the symbols whose divisor changed on some trade date after `since` (those whose stored marks
 * of the windows after `since` no longer hold: docs/decisions.md#adjusted-prices-in-the-analysis).
 */
export async function refreshAdjustments(
  db: Database,
  tradeDate: string | null,
  since: string | null,
): Promise<string[]> {
  const fresh = tradeDate ? adjustmentRangesQuery(tradeDate) : NO_ADJUSTMENTS;
  // the divisor as a function of the trade date, restricted to the dates after `since`: ranges
  // that end on or before it do not count, and a range starting before it starts at it
  const clipped = (relation: SQL) =>
    since === null
      ? sql`SELECT symbol, from_date, to_date, divisor FROM ${relation} AS r`
      : sql`SELECT symbol, CASE WHEN from_date IS NULL OR from_date <= ${since}::date + 1 THEN NULL ELSE from_date END AS from_date,
              to_date, divisor FROM ${relation} AS r WHERE to_date > ${since}::date + 1`;
  // one statement: the symbols whose clipped ranges differ, and whether the stored ranges are the fresh ones
  const [answer] = await queryRows<{ changed: string[] | null; same: boolean }>(
    db,
    sql`
      WITH fresh AS MATERIALIZED (SELECT symbol, from_date, to_date, divisor FROM ${fresh} AS f),
      old AS MATERIALIZED (${clipped(STORED_ADJUSTMENTS)}),
      new AS MATERIALIZED (${clipped(sql`fresh`)})
      SELECT
        (SELECT array_agg(DISTINCT symbol::text ORDER BY symbol::text) FROM (
          (SELECT * FROM new EXCEPT SELECT * FROM old) UNION ALL (SELECT * FROM old EXCEPT SELECT * FROM new)
        ) AS d) AS changed,
        NOT EXISTS (
          (SELECT * FROM fresh EXCEPT SELECT symbol, from_date, to_date, divisor FROM price_adjustments)
          UNION ALL
          (SELECT symbol, from_date, to_date, divisor FROM price_adjustments EXCEPT SELECT * FROM fresh)
        ) AS same`,
  );
  if (answer?.same !== true) {
    await db.execute(sql`DELETE FROM price_adjustments`);
    await db.execute(
      sql`INSERT INTO price_adjustments (symbol, from_date, to_date, divisor) SELECT symbol, from_date, to_date, divisor FROM ${fresh} AS f`,
    );
  }
  return answer?.changed ?? [];
}

/** Whether price_adjustments holds the ranges as of `tradeDate` (start-up: corporate actions written without a refresh). */
export async function adjustmentsCurrent(db: Database, tradeDate: string | null): Promise<boolean> {
  const fresh = tradeDate ? adjustmentRangesQuery(tradeDate) : NO_ADJUSTMENTS;
  const rows = await queryRows<{ same: boolean }>(
    db,
    sql`SELECT NOT EXISTS (
          (SELECT symbol, from_date, to_date, divisor FROM ${fresh} AS f EXCEPT SELECT symbol, from_date, to_date, divisor FROM price_adjustments)
          UNION ALL
          (SELECT symbol, from_date, to_date, divisor FROM price_adjustments EXCEPT SELECT symbol, from_date, to_date, divisor FROM ${fresh} AS f)
        ) AS same`,
  );
  return rows[0]?.same === true;
}
