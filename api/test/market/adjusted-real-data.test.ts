/**
 * Adjusted prices on real data (docs/product/market.md#adjusted-prices): the 307 legacy NSE
 * bhavcopies of ../shared/data (2019-01-01 .. 2020-03-31) and NSE's corporate-actions file
 * (CF-CA-equities.csv, 2016-2025: 34 splits and bonuses with ex-dates inside the prices' range)
 * loaded once through the upload code, prices first (a copy of the prices the run loads once for
 * every file that reads them: support/legacy-database.ts). Every answer is compared with the definition
 * computed independently over the parsed files (support/adjustment-definition.ts: its own reading
 * of the PURPOSE texts, exact fractions, integer arithmetic): candles, period history and an SMA
 * of HDFCBANK, CHOLAFIN and WIPRO; the 12-month high and low of every symbol; the ten lists; the
 * Stock Prices change of every symbol on every ex-date day, and the trend tiles agreeing with it.
 * The raw answers (`adjusted=false`) are checked against the raw definition.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type {
  CandleDto,
  PriceExtremesResponseDto,
  PriceSeriesDto,
  StockPriceRowDto,
  TrendResponseDto,
} from '@bazaar/shared/contract';
import type { TestApi } from '../setup/test-api.js';
import { legacyBhavcopyFiles, readLegacyBhavcopies, type BhavcopyRow } from './support/bhavcopy.js';
import { startLegacyPricesApi } from './support/legacy-database.js';
import {
  expectedExtremes,
  expectExtremes,
  expectedTrendList,
  groupBySymbol,
  paise,
  type Period,
  WINDOW_AFTER_31_MAR_2020,
} from './support/trend-definition.js';
import {
  adjust,
  adjustedHistory,
  adjustingEvents,
  adjustingFactors,
  CORPORATE_ACTIONS_FILE,
  dayChange,
  divisorBetween,
  expectedUnitExtremes,
  expectedUnitTrendList,
  expectTilesAgreeWithList,
  loadRealCorporateActions,
  readCorporateActions,
  units,
  type AdjustingEvent,
  type UnitRow,
} from './support/adjustment-definition.js';

const D = '2020-03-31';
const WINDOW_AFTER = WINDOW_AFTER_31_MAR_2020;
const PERIODS = Object.keys(WINDOW_AFTER) as Period[];

/**
 * The previous close of each symbol on `day` by the definition: its latest earlier equity row's
 * close (the highest when two series traded that day), adjusted for the events with an ex-date
 * after it and on or before the day; PREVCLOSE when no earlier row is loaded.
 */
function expectedPreviousCloses(
  bySymbol: Map<string, BhavcopyRow[]>,
  events: Map<string, AdjustingEvent[]>,
  day: string,
): Map<string, bigint> {
  const expected = new Map<string, bigint>();
  for (const [symbol, rows] of bySymbol) {
    const today = rows.find((row) => row.date === day);
    if (!today) continue;
    const earlier = rows.filter((row) => row.date < day);
    if (earlier.length === 0) {
      expected.set(symbol, units(today.prevClose));
      continue;
    }
    const previousDate = earlier.at(-1)!.date;
    const close = earlier
      .filter((row) => row.date === previousDate)
      .map((row) => row.close)
      .reduce((best, close) => (paise(close) > paise(best) ? close : best));
    expected.set(symbol, adjust(close, divisorBetween(events.get(symbol), previousDate, day)));
  }
  return expected;
}

// the whole 15 months load for minutes: on PostgreSQL only (production's engine; the same statements run on
// PGlite, where adjusted-refresh-order.test.ts checks five ex-dates of 2019 on a smaller load)
describe.runIf(inject('testDb').engine === 'postgres')(
  'adjusted prices on the 307 legacy bhavcopies and NSE’s corporate actions',
  () => {
    let api: TestApi;
    let bySymbol: Map<string, BhavcopyRow[]>;
    let events: Map<string, AdjustingEvent[]>;
    let history: Map<string, UnitRow[]>;
    let tradingDays: string[];

    beforeAll(async () => {
      const files = legacyBhavcopyFiles();
      const rows = readLegacyBhavcopies(files);
      bySymbol = groupBySymbol(rows);
      tradingDays = [...new Set(rows.map((row) => row.date))].sort();
      events = adjustingEvents(D);
      history = adjustedHistory(bySymbol, events, D);
      // a copy of the run's load of the prices (support/legacy-database.ts), as real-data.test.ts reads it
      api = await startLegacyPricesApi(files);
      // corporate actions after the prices: the upload refreshes the analysis before it answers
      await loadRealCorporateActions(api.app, 'adjusted-tests');
    }, 1_200_000);
    afterAll(async () => api?.close());

    it('reads every corporate action’s factor as this test reads the PURPOSE', async () => {
      const actions = await api.request<
        Array<{ purpose: string; exDate: string | null; kind: string; factor: string | null }>
      >('GET', '/public/corporate-actions');
      // every row once: NSE's export repeats a few rows word for word, and those are one action
      const lines = fs.readFileSync(CORPORATE_ACTIONS_FILE, 'utf8').split(/\r?\n/).slice(1).filter(Boolean);
      expect(actions.body.length).toBe(new Set(lines).size);
      expect(readCorporateActions().length).toBe(lines.length);
      for (const action of actions.body) {
        const factors = adjustingFactors(action.purpose);
        if (factors.length === 0) {
          expect(action.factor, action.purpose).toBeNull();
          continue;
        }
        const product = factors.reduce((value, factor) => (value * Number(factor.num)) / Number(factor.den), 1);
        expect(Math.abs(Number(action.factor) - product), action.purpose).toBeLessThan(1e-12);
        expect(['split', 'consolidation', 'bonus']).toContain(action.kind);
      }
      // the splits and bonuses with ex-dates inside the prices' range (BRITANNIA's bonus debenture does not adjust)
      const inRange = [...events.values()].flat().filter((event) => event.exDate >= '2019-01-01');
      expect(inRange).toHaveLength(34);
    });

    for (const symbol of ['HDFCBANK', 'CHOLAFIN', 'WIPRO']) {
      it(`${symbol}: candles adjusted as of D (raw with adjusted=false), continuous through the ex-date`, async () => {
        const expected = history.get(symbol)!;
        const raw = bySymbol.get(symbol)!;
        const candles = await api.request<CandleDto[]>('GET', `/public/stock-prices?symbol=${symbol}`);
        expect(candles.body.map((candle) => candle.date)).toEqual(expected.map((row) => row.date));
        expect(
          candles.body.map((candle) => [
            units(candle.openPrice),
            units(candle.highPrice),
            units(candle.lowPrice),
            units(candle.closePrice),
          ]),
        ).toEqual(expected.map((row) => [row.open, row.high, row.low, row.close]));
        const rawCandles = await api.request<CandleDto[]>(
          'GET',
          `/public/stock-prices?symbol=${symbol}&adjusted=false`,
        );
        expect(rawCandles.body.map((candle) => paise(candle.closePrice))).toEqual(raw.map((row) => paise(row.close)));
        // the ex-date: the day before it, adjusted, is within 15% of the ex-date's close (the raw drop is the factor)
        const exDate = events.get(symbol)!.at(-1)!.exDate;
        const index = expected.findIndex((row) => row.date === exDate);
        const [before, on] = [expected[index - 1]!, expected[index]!];
        expect(Number(on.close) / Number(before.close)).toBeGreaterThan(0.85);
        expect(Number(on.close) / Number(before.close)).toBeLessThan(1.15);
      });

      it(`${symbol}: the period history of every period adjusted (raw with adjusted=false)`, async () => {
        for (const period of PERIODS) {
          const inWindow = history.get(symbol)!.filter((row) => row.date > WINDOW_AFTER[period]);
          const series = await api.request<PriceSeriesDto>(
            'GET',
            `/public/stock-prices/stock-prices-for-period?type=${period}&symbol=${symbol}`,
          );
          expect(series.body.dates, period).toEqual(inWindow.map((row) => row.date));
          expect(series.body.prices.map(units), period).toEqual(inWindow.map((row) => row.close));
          const raw = await api.request<PriceSeriesDto>(
            'GET',
            `/public/stock-prices/stock-prices-for-period?type=${period}&symbol=${symbol}&adjusted=false`,
          );
          expect(raw.body.prices.map(paise), period).toEqual(
            bySymbol
              .get(symbol)!
              .filter((row) => row.date > WINDOW_AFTER[period])
              .map((row) => paise(row.close)),
          );
        }
      });
    }

    it('HDFCBANK: the SMA runs on adjusted closes through the 2-for-1 split of 19-Sep-2019', async () => {
      const closes = history.get('HDFCBANK')!.slice(-200);
      const response = await api.request<Array<{ date: string; value: string }>>(
        'POST',
        '/public/technical-analysis/stocks/sma?symbol=HDFCBANK&priceSize=200&windowSize=50',
      );
      expect(response.status).toBe(200);
      expect(response.body).toHaveLength(151);
      response.body.forEach((point, k) => {
        const window = closes.slice(k, k + 50);
        expect(point.date).toBe(window.at(-1)!.date);
        const mean = Number(window.reduce((sum, row) => sum + row.close, 0n)) / 50 / 1e10;
        expect(Math.abs(Number(point.value) - mean)).toBeLessThan(0.0001);
      });
    });

    it('highestStockPriceByStock: the adjusted 12-month high and low of every symbol (raw with adjusted=false)', async () => {
      const response = await api.request<PriceExtremesResponseDto>(
        'GET',
        '/public/stock-prices/highestStockPriceByStock',
      );
      const expected = expectedUnitExtremes(history, D, WINDOW_AFTER.YEARLY);
      expectExtremes(response.body, expected, units);
      const raw = await api.request<PriceExtremesResponseDto>(
        'GET',
        '/public/stock-prices/highestStockPriceByStock?adjusted=false',
      );
      const rawExpected = expectedExtremes(bySymbol, D, WINDOW_AFTER.YEARLY);
      expectExtremes(raw.body, rawExpected, paise);
      let differ = 0;
      for (const [symbol, want] of rawExpected) {
        const adjusted = expected.get(symbol)!;
        if (adjusted.high !== want.high * 100_000_000n || adjusted.low !== want.low * 100_000_000n) differ += 1;
      }
      // the symbols whose raw 12-month high or low was wrong (HDFCBANK's high of 2,503.30 among them)
      expect(differ).toBe(29);
      expect(Number(raw.body.HDFCBANK!.highPrice)).toBe(2503.3);
      expect(Number(response.body.HDFCBANK!.highPrice)).toBeLessThan(1400);
    });

    for (const direction of ['HIGH', 'LOW'] as const) {
      it(`weeks-${direction.toLowerCase()}: the five adjusted lists of D (raw with adjusted=false)`, async () => {
        const route = direction === 'HIGH' ? '/public/stock-prices/weeks-high' : '/public/stock-prices/weeks-low';
        for (const period of PERIODS) {
          const response = await api.request<TrendResponseDto>('GET', `${route}?type=${period}`);
          const actual = Object.values(response.body).sort((a, b) => a.position - b.position);
          const expected = expectedUnitTrendList(history, direction, D, WINDOW_AFTER[period]);
          expect(expected.length).toBeGreaterThan(0);
          expect(
            actual.map((value) => value.Present.symbol),
            period,
          ).toEqual(expected.map((item) => item.symbol));
          expect(
            actual.map((value) => [
              value.Previous.date,
              units(value.Previous.closePrice),
              value.change,
              value.changePercent,
            ]),
            period,
          ).toEqual(expected.map((item) => [item.previousDate, item.previousClose, item.change, item.changePercent]));

          const raw = await api.request<TrendResponseDto>('GET', `${route}?type=${period}&adjusted=false`);
          const rawActual = Object.values(raw.body).sort((a, b) => a.position - b.position);
          const rawExpected = expectedTrendList(bySymbol, direction, D, WINDOW_AFTER[period]);
          expect(
            rawActual.map((value) => value.Present.symbol),
            period,
          ).toEqual(rawExpected.map((item) => item.symbol));
          expect(
            rawActual.map((value) => value.changePercent),
            period,
          ).toEqual(rawExpected.map((item) => item.changePercent));
        }
      });
    }

    it('Stock Prices: the change of every symbol on every ex-date day, from the adjusted previous close', async () => {
      const exDays = [...new Set([...events.values()].flat().map((event) => event.exDate))]
        .filter((day) => tradingDays.includes(day))
        .sort();
      expect(exDays.length).toBeGreaterThan(25);
      for (const day of exDays) {
        const rows = (await api.request<StockPriceRowDto[]>('GET', `/public/stock-prices?date=${day}`)).body;
        const expected = expectedPreviousCloses(bySymbol, events, day);
        expect(rows.map((row) => row.symbol).sort(), day).toEqual([...expected.keys()].sort());
        for (const row of rows) {
          const previous = expected.get(row.symbol)!;
          expect([units(row.previousClose!), row.changePerDay, row.changePercent], `${row.symbol} ${day}`).toEqual([
            previous,
            ...dayChange(units(row.closePrice), previous),
          ]);
        }
      }
      // TRIDENT's ₹10 → ₹1 split of 13-Dec-2019: a rise, not −88.8%
      const trident = (await api.request<StockPriceRowDto[]>('GET', '/public/stock-prices?date=2019-12-13')).body.find(
        (row) => row.symbol === 'TRIDENT',
      )!;
      expect(Number(trident.changePercent)).toBeGreaterThan(12);
      const raw = (
        await api.request<StockPriceRowDto[]>('GET', '/public/stock-prices?date=2019-12-13&adjusted=false')
      ).body.find((row) => row.symbol === 'TRIDENT')!;
      expect(Number(raw.changePercent)).toBeLessThan(-88);
    }, 600_000);

    // each past day's ten lists are computed from a year of prices: the ex-date days of the last half-year and D
    // here (adjusted-refresh-order.test.ts compares the stored tiles with the list on every day it loads)
    it('the trend tiles and the Stock Prices list agree on every symbol-day of D and of the last half-year’s ex-date days', async () => {
      const exDays = [...new Set([...events.values()].flat().map((event) => event.exDate))].filter(
        (day) => tradingDays.includes(day) && day > WINDOW_AFTER.HALFYEARLY,
      );
      let symbolDays = 0;
      for (const day of [...exDays, D]) {
        symbolDays += await expectTilesAgreeWithList(api, day, { date: day, asOf: day === D ? undefined : day });
      }
      expect(exDays.length).toBeGreaterThan(8);
      expect(symbolDays).toBeGreaterThan(1000);
    }, 600_000);
  },
);
