/**
 * The equity series in SQL, built from `EQUITY_SERIES` (shared/src/market/periods.ts): every query
 * that reads equity rows only, or finds the latest day D, takes its SQL from here, so the list and
 * the definition of D are written once (docs/engineering.md#glossary). The series are constants,
 * inlined as literals rather than bound as parameters.
 */
import { sql, type SQL } from 'drizzle-orm';
import { EQUITY_SERIES } from '@bazaar/shared';

/** `('EQ', 'BE', 'BZ', 'SM', 'ST')`. */
const EQUITY_SERIES_LIST = `(${EQUITY_SERIES.map((series) => `'${series}'`).join(', ')})`;

/** `<column> IN ('EQ', …)`: the row's series is an equity series (`column` is a name written in code, never input). */
export function inEquitySeries(column = 'series'): SQL {
  return sql.raw(`${column} IN ${EQUITY_SERIES_LIST}`);
}

/**
 * D, the latest trading day with equity prices, as an SQL scalar subquery (a date, NULL before any
 * price is loaded): one backward probe of the trade-date index.
 */
export const LATEST_TRADE_DATE: SQL = sql.raw(
  `(SELECT max(trade_date) FROM stock_prices WHERE series IN ${EQUITY_SERIES_LIST})`,
);

/** An equity series' rank (EQ first, then BE, BZ, SM, ST): the row that counts when several trade on one day. */
export function equitySeriesRank(column: SQL): SQL {
  return sql`CASE ${column} ${sql.raw(EQUITY_SERIES.map((series, rank) => `WHEN '${series}' THEN ${rank}`).join(' '))} END`;
}
