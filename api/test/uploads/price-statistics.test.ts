/**
 * Planner statistics of the price table kept in step with its size by the uploads
 * (docs/decisions.md#statistics-after-price-loads): a load that leaves stock_prices more than twice
 * the size its statistics know is analysed in the upload's transaction, a smaller one is not.
 * Real bhavcopies of January 2019 into an empty database, one at a time over HTTP.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import '../setup/provided-context.js';
import { DEMO, useApi } from '../setup/test-api.js';
import { sqlRows, uploadDataFile } from './helpers.js';
import { statisticsStale } from '../../src/ingest/stock-prices/statistics.js';

describe('statistics of the price table after uploads', () => {
  const api = useApi();
  let token: string;

  beforeAll(async () => {
    token = await api.login(DEMO.staff.username, DEMO.staff.password);
  });

  async function sizes(): Promise<{ estimated: number; loaded: number }> {
    const [row] = await sqlRows<{ estimated: number; loaded: number }>(
      api.handle,
      `SELECT (SELECT reltuples FROM pg_class WHERE oid = 'stock_prices'::regclass)::float8 AS estimated,
              (SELECT count(*) FROM stock_prices)::float8 AS loaded`,
    );
    return { estimated: Number(row!.estimated), loaded: Number(row!.loaded) };
  }

  // PostgreSQL's autovacuum may analyse as well, later: the "not analysed" step is checked on PGlite only
  const ownStatisticsOnly = inject('testDb').engine === 'pglite';

  it('analyses after the first day and when the size more than doubles, not after a smaller growth', async () => {
    const first = await uploadDataFile(api, token, 'UPLOAD_STOCK_PRICE', 'bhavcopy/legacy/01JAN2019.csv');
    expect(first.status).toBe(200);
    const afterFirst = await sizes();
    expect(afterFirst.loaded).toBe(1835);
    // ANALYZE of a table this small reads every row: the estimate is the count
    expect(afterFirst.estimated).toBe(1835);

    expect((await uploadDataFile(api, token, 'UPLOAD_STOCK_PRICE', 'bhavcopy/legacy/02JAN2019.csv')).status).toBe(200);
    const afterSecond = await sizes();
    expect(afterSecond.loaded).toBe(1835 + 1874);
    // 3,709 rows > 2 × 1,835
    expect(afterSecond.estimated).toBe(3709);

    expect((await uploadDataFile(api, token, 'UPLOAD_STOCK_PRICE', 'bhavcopy/legacy/03JAN2019.csv')).status).toBe(200);
    const afterThird = await sizes();
    expect(afterThird.loaded).toBe(1835 + 1874 + 1878);
    // 5,587 rows ≤ 2 × 3,709: planned with the statistics of 3,709 rows
    if (ownStatisticsOnly) expect(afterThird.estimated).toBe(3709);
  });

  it('the rule: more than twice or under half the known size, by at least 1,000 rows', () => {
    expect(statisticsStale(-1, 999)).toBe(false);
    expect(statisticsStale(-1, 1835)).toBe(true);
    expect(statisticsStale(1835, 3600)).toBe(false);
    expect(statisticsStale(1835, 3709)).toBe(true);
    expect(statisticsStale(3709, 5587)).toBe(false);
    expect(statisticsStale(500_000, 502_000)).toBe(false);
    expect(statisticsStale(500_000, 200_000)).toBe(true);
  });
});
