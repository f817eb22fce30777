/**
 * A small market for the watch list and dashboard tests: five trading days 2025-01-06..10 (D is
 * 2025-01-10) plus one earlier day, each close with high = close + 1 and low = close − 1, then the
 * precomputed trend lists and 12-month extremes are computed from them.
 *   WATCHA 100 101 102 103 110: high(D) 111 beats every earlier high (max 104): in all five HIGH lists
 *   WATCHB  50  49  48  47  45: low(D) 44 beats every earlier low (min 46): in all five LOW lists
 *   WATCHC 200 (2024-12-30), then 150 151 152 153 160: a new high of the week (161 > 154), not of the month (201)
 *   QUIET   70 72 68 71 70 with D’s high 70.5 and low 69.5: inside the earlier range, in no list
 */
import { sql } from 'drizzle-orm';
import { refreshAnalysis } from '../../src/db/queries/market/analysis-state.js';
import type { TestApi } from '../setup/test-api.js';
import { insertPrices, type PriceRow } from './helpers.js';

export const DAYS = ['2025-01-06', '2025-01-07', '2025-01-08', '2025-01-09', '2025-01-10'];
export const D = '2025-01-10';

function series(symbol: string, closes: number[]): PriceRow[] {
  return closes.map((close, index) => ({
    symbol,
    date: DAYS[index] as string,
    close: String(close),
    high: String(close + 1),
    low: String(close - 1),
  }));
}

export async function loadDayMarket(api: TestApi): Promise<void> {
  await insertPrices(api, [
    ...series('WATCHA', [100, 101, 102, 103, 110]),
    ...series('WATCHB', [50, 49, 48, 47, 45]),
    { symbol: 'WATCHC', date: '2024-12-30', close: '200', high: '201', low: '199' },
    ...series('WATCHC', [150, 151, 152, 153, 160]),
    // QUIET: lower highs and higher lows on D than before: in no list
    ...series('QUIET', [70, 72, 68, 71, 70]).map((row, index) =>
      index === 4 ? { ...row, high: '70.5', low: '69.5' } : row,
    ),
  ]);
  await api.handle.db.execute(sql`
    INSERT INTO companies (symbol, company_name, industry) VALUES ('WATCHA', 'Watch A Industries Limited', 'Software')`);
  await refreshAnalysis(api.handle.db);
}
