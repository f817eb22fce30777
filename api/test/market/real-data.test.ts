/**
 * The market reads on real data: the 307 legacy NSE bhavcopies of ../shared/data (2019-01-01 to
 * 2020-03-31, 595,206 rows, every series) loaded once through the upload code, then every one of the ten trend lists, the
 * 12-month extremes, the latest prices, period series and SMAs compared with an independent
 * computation over the parsed files: exact symbol sets and order, values to 0.01.
 *
 * The independent side (support/trend-definition.ts) works in integer paise (every price in these
 * files has at most 2 decimals) with BigInt, so change % and its rounding are exact; the window
 * bounds for D = 2020-03-31 are worked out by hand below.
 *
 * The whole 15 months run on PostgreSQL only (production's engine; the load alone takes minutes
 * on PGlite), loaded once per run for every file that reads them (support/legacy-database.ts).
 * On PGlite the same checks run on February and March 2020 (40 files, 79,172 rows):
 * the same D, so the weekly and monthly windows are whole and the longer ones hold what was
 * loaded; the independent side computes over the same files, so every comparison stays exact.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CandleDto, PriceExtremesResponseDto, PriceSeriesDto, TrendResponseDto } from '@bazaar/shared/contract';
import type { TestApi } from '../setup/test-api.js';
import type { BhavcopyRow } from './support/bhavcopy.js';
import { legacyFilesOfTheEngine, useLegacyPricesApi } from './support/legacy-database.js';
import {
  EQUITY,
  expectedExtremes,
  expectExtremes,
  expectedTrendList,
  hundredths,
  paise,
  type ExpectedTrend,
  type Period,
  WINDOW_AFTER_31_MAR_2020,
} from './support/trend-definition.js';

const { whole: WHOLE, files: FILES } = legacyFilesOfTheEngine();
const ROWS = WHOLE ? 595_206 : 79_172;

const D = '2020-03-31';
const WINDOW_AFTER = WINDOW_AFTER_31_MAR_2020;
const PERIODS = Object.keys(WINDOW_AFTER) as Period[];

describe(`market reads on ${WHOLE ? 'the 307 legacy bhavcopies' : 'the legacy bhavcopies of February and March 2020'}`, () => {
  // through the upload code, then one change signal for the lot (a copy of the run's load: support/legacy-database.ts)
  const loaded = useLegacyPricesApi(FILES);
  let api: TestApi;
  let rows: BhavcopyRow[];
  let bySymbol: Map<string, BhavcopyRow[]>;
  beforeAll(() => ({ api, rows, bySymbol } = loaded));

  it('loaded every row of every file', () => {
    expect(FILES).toHaveLength(WHOLE ? 307 : 40);
    expect(rows).toHaveLength(ROWS);
  });

  it('says which day the lists describe', async () => {
    const state = await api.request<{ asOf: string; version: number }>('GET', '/public/technical-analysis/state');
    expect(state.body.asOf).toBe(D);
    expect(state.body.version).toBeGreaterThanOrEqual(1);
  });

  for (const direction of ['HIGH', 'LOW'] as const) {
    for (const period of PERIODS) {
      it(`weeks-${direction.toLowerCase()} ${period}: same symbols, order and values as the definition`, async () => {
        const path = direction === 'HIGH' ? '/public/stock-prices/weeks-high' : '/public/stock-prices/weeks-low';
        const response = await api.request<TrendResponseDto>('GET', `${path}?type=${period}`);
        expect(response.status).toBe(200);
        const expected = expectedTrendList(bySymbol, direction, D, WINDOW_AFTER[period]);
        const actual = Object.values(response.body).sort((a, b) => a.position - b.position);
        expect(expected.length).toBeGreaterThan(0);
        expect(actual.map((value) => value.Present.symbol)).toEqual(expected.map((item) => item.symbol));
        expect(Object.keys(response.body).sort()).toEqual(expected.map((item) => item.symbol).sort());
        actual.forEach((value, index) => {
          const item = expected[index] as ExpectedTrend;
          expect(value.position).toBe(index + 1);
          expect(value.Present.date).toBe(D);
          expect(value.Previous.date).toBe(item.previousDate);
          expect(Number(value.Present.closePrice)).toBeCloseTo(Number(item.presentClose), 2);
          expect(Number(value.Previous.closePrice)).toBeCloseTo(Number(item.previousClose), 2);
          expect(Math.abs(Number(value.change) - Number(item.change))).toBeLessThan(0.01);
          expect(Math.abs(Number(value.changePercent) - Number(item.changePercent))).toBeLessThan(0.01);
        });
      });
    }
  }

  it('highestStockPriceByStock: the 12-month high and low of every symbol, with the latest date of each', async () => {
    const response = await api.request<PriceExtremesResponseDto>(
      'GET',
      '/public/stock-prices/highestStockPriceByStock',
    );
    expectExtremes(response.body, expectedExtremes(bySymbol, D, WINDOW_AFTER.YEARLY));
  });

  it('stock-prices: every equity symbol on D with its change per day from its previous trading close', async () => {
    const response = await api.request<
      Array<{
        symbol: string;
        date: string;
        closePrice: string;
        previousClose: string;
        changePerDay: string;
        changePercent: string;
      }>
    >('GET', '/public/stock-prices');
    const onD = rows
      .filter((row) => row.date === D && EQUITY.has(row.series))
      .sort((a, b) => (a.symbol < b.symbol ? -1 : 1));
    expect(response.body.map((row) => row.symbol)).toEqual(onD.map((row) => row.symbol));
    // the symbol's latest earlier close (the higher of two series that day); the bhavcopy's PREVCLOSE
    // only without an earlier row (docs/product/market.md#one-days-change; no corporate actions loaded here)
    const previousClose = (source: BhavcopyRow): bigint => {
      const earlier = (bySymbol.get(source.symbol) ?? []).filter((row) => row.date < D);
      const last = earlier.at(-1);
      if (!last) return paise(source.prevClose);
      return earlier
        .filter((row) => row.date === last.date)
        .reduce((best, row) => (paise(row.close) > best ? paise(row.close) : best), 0n);
    };
    response.body.forEach((row, index) => {
      const source = onD[index] as BhavcopyRow;
      expect(row.date).toBe(D);
      expect(paise(row.closePrice)).toBe(paise(source.close));
      expect(paise(row.previousClose), source.symbol).toBe(previousClose(source));
      expect(row.changePerDay, source.symbol).toBe(hundredths(paise(source.close) - previousClose(source)));
    });
  });

  it('stock-prices?symbol: a symbol’s candles, oldest first, within from..to', async () => {
    const all = await api.request<CandleDto[]>('GET', '/public/stock-prices?symbol=infy');
    const source = bySymbol.get('INFY') as BhavcopyRow[];
    expect(all.body.map((candle) => candle.date)).toEqual(source.map((row) => row.date));
    expect(all.body.map((candle) => paise(candle.closePrice))).toEqual(source.map((row) => paise(row.close)));
    const march = await api.request<CandleDto[]>(
      'GET',
      '/public/stock-prices?symbol=INFY&from=2020-03-01&to=2020-03-31',
    );
    expect(march.body.map((candle) => candle.date)).toEqual(
      source.filter((row) => row.date >= '2020-03-01').map((row) => row.date),
    );
  });

  for (const [symbol, period] of [
    ['RELIANCE', 'WEEKLY'],
    ['HDFCBANK', 'QUARTERLY'],
    ['M&M', 'MONTHLY'],
    ['YESBANK', 'YEARLY'],
    ['BAJAJ-AUTO', 'HALFYEARLY'],
  ] as const) {
    it(`stock-prices-for-period ${symbol} ${period}: the closes in the window`, async () => {
      const response = await api.request<PriceSeriesDto>(
        'GET',
        `/public/stock-prices/stock-prices-for-period?type=${period}&symbol=${encodeURIComponent(symbol)}`,
      );
      const inWindow = (bySymbol.get(symbol) as BhavcopyRow[]).filter(
        (row) => row.date > WINDOW_AFTER[period] && row.date <= D,
      );
      expect(inWindow.length).toBeGreaterThan(0);
      expect(response.body.dates).toEqual(inWindow.map((row) => row.date));
      expect(response.body.prices.map(paise)).toEqual(inWindow.map((row) => paise(row.close)));
    });
  }

  // SBIN over every day loaded (307 or 40 closes)
  for (const [symbol, priceSize, windowSize] of [
    ['TCS', WHOLE ? 50 : 30, 10],
    ['SBIN', WHOLE ? 307 : 40, 20],
    ['ITC', 5, 5],
  ] as const) {
    it(`sma ${symbol} priceSize ${priceSize} windowSize ${windowSize}: mean of each window of the last closes`, async () => {
      const response = await api.request<Array<{ date: string; value: string }>>(
        'POST',
        `/public/technical-analysis/stocks/sma?symbol=${symbol}&priceSize=${priceSize}&windowSize=${windowSize}`,
      );
      expect(response.status).toBe(200);
      const last = (bySymbol.get(symbol) as BhavcopyRow[]).slice(-priceSize);
      const expected = last.slice(windowSize - 1).map((row, k) => ({
        date: row.date,
        value: last.slice(k, k + windowSize).reduce((sum, r) => sum + Number(r.close), 0) / windowSize,
      }));
      expect(response.body).toHaveLength(priceSize - windowSize + 1);
      expect(response.body.map((point) => point.date)).toEqual(expected.map((point) => point.date));
      response.body.forEach((point, index) =>
        expect(Math.abs(Number(point.value) - (expected[index]?.value ?? NaN))).toBeLessThan(0.01),
      );
    });
  }
});
