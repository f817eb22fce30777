/** Market indices (docs/product/market.md#indices): which are loaded, and an index's closes. */
import { sql } from 'drizzle-orm';
import { betaAndCorrelation, normaliseIndexName, type IndexClose } from '@bazaar/shared';
import type { IndexCloseDto, IndexComparisonDto, IndexSummaryDto } from '@bazaar/shared/contract';
import { equitySeriesRank, inEquitySeries } from './equity-series.js';
import { queryRows, type Database } from '../../client.js';
import { NotFoundError } from '../../../errors.js';

export async function listIndices(db: Database): Promise<IndexSummaryDto[]> {
  return queryRows<IndexSummaryDto>(
    db,
    sql`SELECT index_name AS name, min(trade_date)::text AS "firstDate", max(trade_date)::text AS "lastDate",
          count(*)::int AS days
        FROM index_closes GROUP BY index_name ORDER BY index_name`,
  );
}

/** The index's closes from `from` to `to` (both included, either optional), oldest first; 404 for an index not loaded. */
export async function indexCloses(
  db: Database,
  name: string,
  range: { from?: string | undefined; to?: string | undefined } = {},
): Promise<IndexCloseDto[]> {
  const indexName = normaliseIndexName(name);
  const rows = await queryRows<IndexCloseDto>(
    db,
    sql`SELECT trade_date::text AS date, close::text AS close FROM index_closes
        WHERE index_name = ${indexName}
          ${range.from ? sql`AND trade_date >= ${range.from}::date` : sql``}
          ${range.to ? sql`AND trade_date <= ${range.to}::date` : sql``}
        ORDER BY trade_date`,
  );
  if (rows.length === 0) {
    const [known] = await queryRows<{ found: boolean }>(
      db,
      sql`SELECT EXISTS (SELECT 1 FROM index_closes WHERE index_name = ${indexName}) AS found`,
    );
    if (!known?.found) throw new NotFoundError(`No closes of the index '${indexName.slice(0, 100)}' are loaded`);
  }
  return rows;
}

/**
 * A stock against an index over the year ending on the stock's latest trading day (or `to`): beta
 * and correlation of their daily returns (betaAndCorrelation), the stock's closes adjusted for its
 * splits, consolidations and bonuses (a split is no return). 404 for an index not loaded; null
 * figures with fewer than 20 paired days.
 */
export async function stockAgainstIndex(
  db: Database,
  name: string,
  symbol: string,
  to?: string,
): Promise<IndexComparisonDto> {
  const indexName = normaliseIndexName(name);
  const upper = symbol.trim().toUpperCase();
  const [end] = await queryRows<{ day: string | null }>(
    db,
    sql`SELECT max(trade_date)::text AS day FROM stock_prices WHERE symbol = ${upper} AND ${inEquitySeries()}
        ${to ? sql`AND trade_date <= ${to}::date` : sql``}`,
  );
  const last = end?.day ?? null;
  const from = last ? shiftYears(last, -1) : null;
  const index = await indexCloses(db, indexName, from && last ? { from: shiftYears(last, -1, 7), to: last } : {});
  const empty = { index: indexName, symbol: upper, from, to: last, beta: null, correlation: null, days: 0 };
  if (!last || !from) return empty;
  const rows = await queryRows<IndexClose>(
    db,
    sql`SELECT DISTINCT ON (trade_date) trade_date::text AS date, close_price::text AS close FROM stock_prices
        WHERE symbol = ${upper} AND trade_date >= ${from}::date AND trade_date <= ${last}::date AND ${inEquitySeries()}
        ORDER BY trade_date, ${equitySeriesRank(sql.raw('series'))}`,
  );
  const events = await queryRows<{ exDate: string; factor: string }>(
    db,
    sql`SELECT ex_date::text AS "exDate", factor::text AS factor FROM corporate_action_events
        WHERE symbol = ${upper} AND factor IS NOT NULL AND ex_date > ${from}::date AND ex_date <= ${last}::date`,
  );
  // each close in the shares of the last day: ÷ the factors of the events after it
  const adjusted = rows.map((row) => {
    let divisor = 1;
    for (const event of events) if (event.exDate > row.date) divisor *= Number(event.factor);
    return { date: row.date, close: String(Number(row.close) / divisor) };
  });
  const result = betaAndCorrelation(adjusted, index);
  return result
    ? { ...empty, beta: result.beta.toFixed(2), correlation: result.correlation.toFixed(2), days: result.days }
    : empty;
}

function shiftYears(date: string, years: number, extraDays = 0): string {
  const moved = new Date(Date.parse(`${date}T00:00:00Z`));
  moved.setUTCFullYear(moved.getUTCFullYear() + years);
  moved.setUTCDate(moved.getUTCDate() - extraDays);
  return moved.toISOString().slice(0, 10);
}
