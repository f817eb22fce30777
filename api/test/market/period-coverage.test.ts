/**
 * Short history claims no more than it has (docs/product/market.md#short-history): the real NSE
 * bhavcopies of February and March 2020 (40 trading days, 03-Feb-2020 to 31-Mar-2020 = D) loaded
 * through the upload code. Windows of D worked out by hand (exclusive starts, periods.ts):
 *   WEEKLY 2020-03-24, MONTHLY 2020-02-29, QUARTERLY 2019-12-31, HALFYEARLY 2019-09-30,
 *   YEARLY 2019-03-31.
 * A window is covered when a day on or before its start is loaded: the week and the month are
 * (03-Feb ≤ 24-Mar and ≤ 29-Feb); the quarter, half year and year are not, and hold all 40 days.
 * The trading days inside each window are counted independently from the files' dates.
 * Company Analysis' price series end on the symbol's own latest day: TATAGLOBAL last traded on
 * 26-Feb-2020 (renamed TATACONSUM; read from the files), so its week (after 19-Feb) is covered and its
 * month (after 26-Jan-2020) and year (after 26-Feb-2019) are not.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisStateDto, PriceSeriesDto, TrendResponseDto, WatchlistRowDto } from '@bazaar/shared/contract';
import { DEMO, type TestApi } from '../setup/test-api.js';
import { legacyBhavcopyFiles } from './support/bhavcopy.js';
import { useLegacyPricesApi } from './support/legacy-database.js';

const FILES = legacyBhavcopyFiles().filter((file) => /(FEB|MAR)2020\.csv$/.test(file));
const D = '2020-03-31';
const WINDOW_START = {
  WEEKLY: '2020-03-24',
  MONTHLY: '2020-02-29',
  QUARTERLY: '2019-12-31',
  HALFYEARLY: '2019-09-30',
  YEARLY: '2019-03-31',
} as const;

describe('period coverage with 40 trading days loaded (February and March 2020)', () => {
  const loaded = useLegacyPricesApi(FILES);
  let api: TestApi;
  let tradingDays: string[];
  beforeAll(() => {
    api = loaded.api;
    tradingDays = [...new Set(loaded.rows.map((row) => row.date))].sort();
  });

  it('loaded 40 trading days, the first on 03-Feb-2020', () => {
    expect(tradingDays).toHaveLength(40);
    expect(tradingDays[0]).toBe('2020-02-03');
    expect(tradingDays.at(-1)).toBe(D);
  });

  it('says the week and month are covered and the quarter, half year and year are not', async () => {
    const state = await api.request<AnalysisStateDto>('GET', '/public/technical-analysis/state');
    expect(state.status).toBe(200);
    expect(state.body.asOf).toBe(D);
    const daysAfter = (start: string) => tradingDays.filter((day) => day > start && day <= D).length;
    expect(state.body.coverage).toEqual(
      (Object.entries(WINDOW_START) as Array<[keyof typeof WINDOW_START, string]>).map(([period, start]) => ({
        period,
        covered: period === 'WEEKLY' || period === 'MONTHLY',
        windowStart: start,
        firstLoadedDate: '2020-02-03',
        tradingDaysLoaded: daysAfter(start),
      })),
    );
    const byPeriod = new Map(state.body.coverage.map((coverage) => [coverage.period, coverage]));
    // 25, 26, 27, 30, 31 March
    expect(byPeriod.get('WEEKLY')?.tradingDaysLoaded).toBe(5);
    expect(byPeriod.get('QUARTERLY')?.tradingDaysLoaded).toBe(40);
    expect(byPeriod.get('YEARLY')?.tradingDaysLoaded).toBe(40);
  });

  it('answers the coverage of the windows of a past day asked for', async () => {
    // 28-Feb-2020: its week (after 21-Feb) is covered; its month (after 28-Jan) is not: 19 days of February
    const state = await api.request<AnalysisStateDto>('GET', '/public/technical-analysis/state?asOf=2020-02-28');
    expect(state.status).toBe(200);
    const byPeriod = new Map(state.body.coverage.map((coverage) => [coverage.period, coverage]));
    expect(byPeriod.get('WEEKLY')).toMatchObject({ covered: true, windowStart: '2020-02-21' });
    expect(byPeriod.get('MONTHLY')).toEqual({
      period: 'MONTHLY',
      covered: false,
      windowStart: '2020-01-28',
      firstLoadedDate: '2020-02-03',
      tradingDaysLoaded: tradingDays.filter((day) => day <= '2020-02-28').length,
    });
  });

  it('makes no 52-week claim on the watch list and the dashboard: the yearly list reads as the days loaded', async () => {
    const yearly = await api.request<TrendResponseDto>('GET', '/public/stock-prices/weeks-high?type=YEARLY');
    const [symbol] = Object.values(yearly.body)
      .sort((a, b) => a.position - b.position)
      .map((entry) => entry.Present.symbol);
    expect(symbol).toBeDefined();
    const token = await api.login(DEMO.investor.username, DEMO.investor.password);
    const added = await api.request<WatchlistRowDto>('POST', '/user/watchlist', { token, json: { symbol } });
    expect(added.status).toBeLessThan(300);
    const membership = added.body.trends.find((trend) => trend.direction === 'HIGH' && trend.period === 'YEARLY');
    expect(membership?.label).toBe('new high of the 40 trading days loaded');
    const weekly = added.body.trends.find((trend) => trend.direction === 'HIGH' && trend.period === 'WEEKLY');
    if (weekly) expect(weekly.label).toBe('new 1-week high');
    const dashboard = await api.request<{ inTodaysLists: Array<{ symbol: string; headline: string }> }>(
      'GET',
      '/user/dashboard',
      { token },
    );
    const listed = dashboard.body.inTodaysLists.find((stock) => stock.symbol === symbol);
    expect(listed?.headline).toBe(`${symbol}: new high of the 40 trading days loaded`);
    expect(JSON.stringify(dashboard.body)).not.toContain('52-week');
  });

  it("says on each of Company Analysis' price series whether the loaded prices cover its window", async () => {
    const daysAfter = (start: string, end: string) => tradingDays.filter((day) => day > start && day <= end).length;
    for (const [period, start] of Object.entries(WINDOW_START)) {
      const series = await api.request<PriceSeriesDto>(
        'GET',
        `/public/stock-prices/stock-prices-for-period?type=${period}&symbol=RELIANCE`,
      );
      expect(series.status).toBe(200);
      expect(series.body.coverage).toEqual({
        period,
        covered: period === 'WEEKLY' || period === 'MONTHLY',
        windowStart: start,
        firstLoadedDate: '2020-02-03',
        tradingDaysLoaded: daysAfter(start, D),
      });
    }
    // a symbol whose last day is before D: its windows end on 26-Feb-2020
    const lastDay = loaded.rows
      .filter((row) => row.symbol === 'TATAGLOBAL' && ['EQ', 'BE', 'BZ'].includes(row.series))
      .map((row) => row.date)
      .sort()
      .at(-1);
    expect(lastDay).toBe('2020-02-26');
    const expected = { WEEKLY: ['2020-02-19', true], MONTHLY: ['2020-01-26', false], YEARLY: ['2019-02-26', false] };
    for (const [period, [start, covered]] of Object.entries(expected)) {
      const series = await api.request<PriceSeriesDto>(
        'GET',
        `/public/stock-prices/stock-prices-for-period?type=${period}&symbol=TATAGLOBAL`,
      );
      expect(series.body.dates.at(-1)).toBe('2020-02-26');
      expect(series.body.coverage).toEqual({
        period,
        covered,
        windowStart: start,
        firstLoadedDate: '2020-02-03',
        tradingDaysLoaded: daysAfter(String(start), '2020-02-26'),
      });
    }
    // 03-Feb to 26-Feb-2020 by hand: 3–7, 10–14, 17–20 (21-Feb a holiday), 24–26 = 17 trading days
    expect(daysAfter('2020-01-26', '2020-02-26')).toBe(17);
  });

  it('answers no coverage for a symbol without prices', async () => {
    const series = await api.request<PriceSeriesDto>(
      'GET',
      '/public/stock-prices/stock-prices-for-period?type=YEARLY&symbol=NOSUCHSYMBOL',
    );
    expect(series.status).toBe(200);
    expect(series.body).toEqual({ dates: [], prices: [], coverage: null });
  });
});
