/**
 * Current prices when a symbol trades in several equity series (docs/product/portfolio.md): the
 * latest day's close is its EQ row when it has one (then BE, BZ, SM, ST), and the previous close is
 * the trading day before, whichever series that day traded in; other series (N1) never count. The
 * figures are written out by hand from the rows below.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LatestPriceDto } from '@bazaar/shared/contract';
import { DEMO, useApi } from '../setup/test-api.js';
import { insertPrices } from './helpers.js';

describe('current prices across equity series', () => {
  const api = useApi();
  let investor: string;

  beforeAll(async () => {
    investor = await api.login(DEMO.investor.username, DEMO.investor.password);
    await insertPrices(api, [
      // MIXED: on its latest day both EQ and BE (EQ counts); the day before only SM and ST (SM counts)
      { symbol: 'MIXED', date: '2025-01-06', close: '90', series: 'EQ' },
      { symbol: 'MIXED', date: '2025-01-07', close: '95', series: 'ST' },
      { symbol: 'MIXED', date: '2025-01-07', close: '96', series: 'SM' },
      { symbol: 'MIXED', date: '2025-01-08', close: '101.5', series: 'BE' },
      { symbol: 'MIXED', date: '2025-01-08', close: '100.25', series: 'EQ' },
      { symbol: 'MIXED', date: '2025-01-09', close: '7', series: 'N1' },
      // MOVED: EQ for a long time, then BE only (a series change): the previous close is the last EQ day
      ...['2024-12-02', '2024-12-03', '2024-12-04', '2024-12-05', '2024-12-06', '2024-12-09'].map((date, i) => ({
        symbol: 'MOVED',
        date,
        close: String(50 + i),
      })),
      { symbol: 'MOVED', date: '2024-12-10', close: '44.4', series: 'BE' },
      // SPARSE: trades on the latest day and, before it, only weeks earlier (its previous day is not
      // among the recent days read for every symbol at once: read on its own)
      { symbol: 'SPARSE', date: '2024-11-20', close: '12.5' },
      { symbol: 'SPARSE', date: '2025-01-08', close: '10', series: 'BE' },
    ]);
  });

  it('the latest close by series rank and the close of the trading day before', async () => {
    const prices = await api.request<LatestPriceDto[]>('GET', '/user/current-prices?symbols=MIXED,MOVED,SPARSE', {
      token: investor,
    });
    expect(prices.status, prices.text).toBe(200);
    const bySymbol = Object.fromEntries(prices.body.map((p) => [p.symbol, p]));
    // 100.25 − 96 = 4.25
    expect(bySymbol.MIXED).toMatchObject({
      closePrice: '100.25',
      tradeDate: '2025-01-08',
      series: 'EQ',
      previousClose: '96',
      change: '4.25',
    });
    // 44.4 − 55 = −10.6
    expect(bySymbol.MOVED).toMatchObject({
      closePrice: '44.4',
      tradeDate: '2024-12-10',
      series: 'BE',
      previousClose: '55',
      change: '-10.6',
    });
    // 10 − 12.5 = −2.5
    expect(bySymbol.SPARSE).toMatchObject({
      closePrice: '10',
      tradeDate: '2025-01-08',
      series: 'BE',
      previousClose: '12.5',
      change: '-2.5',
    });
  });
});
