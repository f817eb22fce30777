/**
 * Stock Prices and the trend reads as of a past day on real data (docs/product/market.md#any-day):
 * the legacy NSE bhavcopies loaded through the upload code, then the ten lists, the 12-month
 * extremes and the day's prices of two past days compared with the independent computation of
 * support/trend-definition.ts over the parsed files (exact symbols and order, values to 0.01).
 * Like real-data.test.ts, the whole 15 months on PostgreSQL, February and March 2020 on PGlite: a
 * copy of the same load (support/legacy-database.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PriceExtremesResponseDto, StockPriceRowDto, TrendResponseDto } from '@bazaar/shared/contract';
import type { TestApi } from '../setup/test-api.js';
import type { BhavcopyRow } from './support/bhavcopy.js';
import { legacyFilesOfTheEngine, useLegacyPricesApi } from './support/legacy-database.js';
import {
  EQUITY,
  expectedExtremes,
  expectExtremes,
  expectedTrendList,
  paise,
  type Period,
  type WindowAfter,
} from './support/trend-definition.js';

const { whole: WHOLE, files: FILES } = legacyFilesOfTheEngine();

/**
 * Two past days and their windows D − P, worked out by hand:
 * Friday 13 March 2020 (the crash): 6 March, 13 February, 13 December 2019, 13 September 2019, 13 March 2019.
 * Monday 30 March 2020: 23 March; 30 March − 1 month = 29 February (the 30th clamps in a leap year);
 * 30 December 2019; 30 September 2019; 30 March 2019.
 */
const PAST_DAYS: Record<string, WindowAfter> = {
  '2020-03-13': {
    WEEKLY: '2020-03-06',
    MONTHLY: '2020-02-13',
    QUARTERLY: '2019-12-13',
    HALFYEARLY: '2019-09-13',
    YEARLY: '2019-03-13',
  },
  '2020-03-30': {
    WEEKLY: '2020-03-23',
    MONTHLY: '2020-02-29',
    QUARTERLY: '2019-12-30',
    HALFYEARLY: '2019-09-30',
    YEARLY: '2019-03-30',
  },
};
const PERIODS: Period[] = ['WEEKLY', 'MONTHLY', 'QUARTERLY', 'HALFYEARLY', 'YEARLY'];

/** Two decimal strings equal to the cent. */
const sameCents = (a: string | null, b: string) => Math.abs(Number(a) - Number(b)) < 0.005;

describe(`as of a past day on ${WHOLE ? 'the 307 legacy bhavcopies' : 'the bhavcopies of February and March 2020'}`, () => {
  // a copy of the run's load of these files (support/legacy-database.ts)
  const loaded = useLegacyPricesApi(FILES);
  let api: TestApi;
  let rows: BhavcopyRow[];
  let bySymbol: Map<string, BhavcopyRow[]>;
  beforeAll(() => ({ api, rows, bySymbol } = loaded));

  it('lists every uploaded day', async () => {
    const days = await api.request<string[]>('GET', '/public/stock-prices/dates');
    expect(days.body).toEqual([...new Set(rows.map((row) => row.date))].sort());
  });

  for (const [day, windows] of Object.entries(PAST_DAYS)) {
    for (const direction of ['HIGH', 'LOW'] as const) {
      for (const period of PERIODS) {
        it(`${day} weeks-${direction.toLowerCase()} ${period}: the definition for that day`, async () => {
          const path = direction === 'HIGH' ? 'weeks-high' : 'weeks-low';
          const response = await api.request<TrendResponseDto>(
            'GET',
            `/public/stock-prices/${path}?type=${period}&asOf=${day}`,
          );
          expect(response.status).toBe(200);
          const expected = expectedTrendList(bySymbol, direction, day, windows[period]);
          const actual = Object.values(response.body).sort((a, b) => a.position - b.position);
          expect(actual.map((value) => value.Present.symbol)).toEqual(expected.map((item) => item.symbol));
          actual.forEach((value, index) => {
            const item = expected[index]!;
            expect(value.Present.date).toBe(day);
            expect(value.Previous.date).toBe(item.previousDate);
            expect(paise(value.Present.closePrice)).toBe(paise(item.presentClose));
            expect(paise(value.Previous.closePrice)).toBe(paise(item.previousClose));
            expect(sameCents(value.change, item.change), `${item.symbol} change`).toBe(true);
            expect(sameCents(value.changePercent, item.changePercent), `${item.symbol} change %`).toBe(true);
          });
        });
      }
    }

    it(`${day} highestStockPriceByStock: the 12-month extremes ending that day`, async () => {
      const response = await api.request<PriceExtremesResponseDto>(
        'GET',
        `/public/stock-prices/highestStockPriceByStock?asOf=${day}`,
      );
      expectExtremes(response.body, expectedExtremes(bySymbol, day, windows.YEARLY));
    });

    it(`${day} stock-prices?date: every equity row of that day`, async () => {
      const response = await api.request<StockPriceRowDto[]>('GET', `/public/stock-prices?date=${day}`);
      const onDay = rows
        .filter((row) => row.date === day && EQUITY.has(row.series))
        .sort((a, b) => (a.symbol < b.symbol ? -1 : 1));
      expect(onDay.length).toBeGreaterThan(1000);
      expect(response.body.map((row) => [row.symbol, row.date, paise(row.closePrice)])).toEqual(
        onDay.map((row) => [row.symbol, day, paise(row.close)]),
      );
    });
  }
});
