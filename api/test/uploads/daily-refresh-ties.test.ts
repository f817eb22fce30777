/**
 * One day's upload carries the analysis forward (docs/decisions.md#candidates-as-sorted-arrays):
 * made-up days uploaded one at a time, where a day reaches an earlier extreme exactly (the 12-month
 * high is then dated on the later day), the YEARLY window drops an old day of one symbol and every
 * day of another (its 12-month extremes go), and a day beats every earlier high. The expected
 * values are worked out by hand below; the same days uploaded as one file (a full recomputation)
 * must give identical lists and extremes.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { PriceExtremesResponseDto, TrendResponseDto } from '@bazaar/shared/contract';
import { DEMO, startTestApi, type TestApi } from '../setup/test-api.js';
import { fetchTrendLists } from '../market/support/trend-definition.js';
import { LEGACY_BHAVCOPY_HEADER, upload, uploadBhavcopyDays } from './helpers.js';

/** A legacy bhavcopy line: SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN */
const ISINS: Record<string, string> = { AAA: 'INE000A01011', BBB: 'INE002A01018' };
const line = (symbol: string, stamp: string, high: string, low: string, close: string) =>
  `${symbol},EQ,${close},${high},${low},${close},${close},${close},1000,100000.00,${stamp},10,${ISINS[symbol]},`;

const DAYS: Array<readonly [string, string[]]> = [
  [
    '05-JAN-2023',
    [line('AAA', '05-JAN-2023', '500.00', '10.00', '200.00'), line('BBB', '05-JAN-2023', '50.00', '40.00', '45.00')],
  ],
  ['02-JAN-2024', [line('AAA', '02-JAN-2024', '110.00', '90.00', '100.00')]],
  ['03-JAN-2024', [line('AAA', '03-JAN-2024', '120.00', '95.00', '115.00')]],
  // the high and the low of the day before, reached again
  ['04-JAN-2024', [line('AAA', '04-JAN-2024', '120.00', '95.00', '110.00')]],
  ['05-JAN-2024', [line('AAA', '05-JAN-2024', '105.00', '100.00', '102.00')]],
  ['08-JAN-2024', [line('AAA', '08-JAN-2024', '121.00', '96.00', '120.00')]],
];

async function extremes(api: TestApi): Promise<PriceExtremesResponseDto> {
  const answer = await api.request<PriceExtremesResponseDto>('GET', '/public/stock-prices/highestStockPriceByStock');
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('one day at a time: ties, days leaving the YEARLY window, a new high', () => {
  const apis: TestApi[] = [];
  afterAll(async () => Promise.all(apis.map((api) => api.close())));
  let daily: { lists: Record<string, TrendResponseDto>; extremes: PriceExtremesResponseDto };

  it('keeps the latest day reaching an extreme and drops what left the window', async () => {
    const api = await startTestApi();
    apis.push(api);
    const token = await api.login(DEMO.staff.username, DEMO.staff.password);
    await uploadBhavcopyDays(api, token, DAYS.slice(0, 4));
    // D = 2024-01-04: the YEARLY window (2023-01-04, 2024-01-04] still holds 2023-01-05
    expect((await extremes(api)).AAA).toEqual({
      symbol: 'AAA',
      highPrice: '500.00',
      highDate: '2023-01-05',
      lowPrice: '10.00',
      lowDate: '2023-01-05',
    });
    expect((await extremes(api)).BBB?.highDate).toBe('2023-01-05');
    // 120 on 2024-01-04 reaches the earlier high of 2024-01-03 (120): in the weekly highs
    const weekly = (await fetchTrendLists(api))['high WEEKLY']!;
    expect(weekly.AAA?.earlierExtreme).toBe('120.00');
    expect(weekly.AAA?.Previous).toEqual({ date: '2024-01-03', closePrice: '115.00' });

    await uploadBhavcopyDays(api, token, DAYS.slice(4, 5));
    // D = 2024-01-05: the window (2023-01-05, 2024-01-05] no longer holds 2023-01-05; the high of
    // 120 was reached last on 2024-01-04, the low of 90 on 2024-01-02; BBB has no row in the window
    const afterTie = await extremes(api);
    expect(afterTie.AAA).toEqual({
      symbol: 'AAA',
      highPrice: '120.00',
      highDate: '2024-01-04',
      lowPrice: '90.00',
      lowDate: '2024-01-02',
    });
    expect(afterTie.BBB).toBeUndefined();

    await uploadBhavcopyDays(api, token, DAYS.slice(5));
    // D = 2024-01-08: 121 beats every earlier high (120, reached last on 2024-01-04)
    daily = { lists: await fetchTrendLists(api), extremes: await extremes(api) };
    expect(daily.extremes.AAA).toEqual({
      symbol: 'AAA',
      highPrice: '121.00',
      highDate: '2024-01-08',
      lowPrice: '90.00',
      lowDate: '2024-01-02',
    });
    for (const period of ['WEEKLY', 'MONTHLY', 'QUARTERLY', 'HALFYEARLY', 'YEARLY']) {
      const entry = daily.lists[`high ${period}`]!.AAA;
      expect(entry?.earlierExtreme, period).toBe('120.00');
      expect(entry?.Previous, period).toEqual({ date: '2024-01-05', closePrice: '102.00' });
      expect(daily.lists[`low ${period}`]!.AAA, period).toBeUndefined();
    }
  }, 120_000);

  it('equals the same days uploaded as one file (computed from the prices)', async () => {
    const api = await startTestApi();
    apis.push(api);
    const token = await api.login(DEMO.staff.username, DEMO.staff.password);
    const combined = [LEGACY_BHAVCOPY_HEADER, ...DAYS.flatMap(([, lines]) => lines)].join('\n');
    const answer = await upload(api, token, 'UPLOAD_STOCK_PRICE', 'days.csv', combined);
    expect(answer.status, answer.text).toBe(200);
    expect({ lists: await fetchTrendLists(api), extremes: await extremes(api) }).toEqual(daily);
  }, 120_000);
});
