/**
 * Any day browsable through GraphQL against the real REST API (docs/product/market.md#any-day,
 * docs/product/company.md#price-windows), on three small days where LARK stops trading a day
 * before the market: stockPrices(date) and tradingDays, technicalAnalysis(asOf) worked by hand (the
 * REST reads of that day holding the same symbols), NOT_FOUND with the API's message for a day without prices,
 * and companyAnalysis ending LARK's windows on its own latest day.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TrendResponseDto } from '@bazaar/shared/contract';
import { ok, type GraphQLClient, useStack } from './setup/stack.js';
import { technicalAnalysisQuery, TREND_FIELDS } from './setup/technical-analysis.js';
import { uploadBhavcopyDays } from '../../api/test/uploads/helpers.js';

/** [stamp, lines]: symbol, series, open, high, low, close, last, prevclose, volume, value, stamp, trades, isin */
const DAYS: Array<[string, string[]]> = [
  [
    '27-MAR-2020',
    [
      'KESTREL,EQ,100,104,99,102,102,100,5000,510000,27-MAR-2020,40,,',
      'LARK,EQ,20,21,19,20,20,20,100,2000,27-MAR-2020,3,,',
    ],
  ],
  [
    '30-MAR-2020',
    [
      'KESTREL,EQ,103,106,100,105,105,102,7000,735000,30-MAR-2020,50,,',
      'LARK,EQ,20,20,18,18.5,18.5,20,100,1850,30-MAR-2020,3,,',
    ],
  ],
  ['31-MAR-2020', ['KESTREL,EQ,105,107,104,106,106,105,6000,636000,31-MAR-2020,45,,']],
];
const TECHNICAL_ANALYSIS = technicalAnalysisQuery('query ($asOf: Date)', '(asOf: $asOf)');

/**
 * The lists of 30 March, worked by hand. Every window (7 days to 12 months back) holds 27 March, the one earlier
 * day: KESTREL's high 106 ≥ 104 makes it a high (its low 100 > 99 no low), LARK's low 18 ≤ 19 a low (its high
 * 20 < 21 no high), in every period. KESTREL 105 − 102 = 3.00, 3 ÷ 102 = 2.94 %; LARK 18.5 − 20 = −1.50, −7.50 %.
 */
const HIGH_ON_30_MARCH = {
  symbol: 'KESTREL',
  presentClose: '105',
  previousClose: '102',
  change: '3.00',
  changePercent: '2.94',
  presentDate: '2020-03-30',
  previousDate: '2020-03-27',
};
const LOW_ON_30_MARCH = {
  symbol: 'LARK',
  presentClose: '18.5',
  previousClose: '20',
  change: '-1.50',
  changePercent: '-7.50',
  presentDate: '2020-03-30',
  previousDate: '2020-03-27',
};

describe('any day through GraphQL', () => {
  const stack = useStack({ bff: { marketVersionCheckMs: 0 } });
  let client: GraphQLClient;

  beforeAll(async () => {
    const staffToken = await stack.api.login('staff', 'Staff@123');
    await uploadBhavcopyDays(stack.api, staffToken, DAYS);
    client = stack.client();
  }, 120_000);

  it('answers the trading days and the prices of a past day', async () => {
    const data = await ok<{
      tradingDays: string[];
      past: Array<{ symbol: string; date: string; changePerDay: string }>;
      latest: Array<{ symbol: string }>;
    }>(
      client,
      '{ tradingDays past: stockPrices(date: "2020-03-30") { symbol date changePerDay } latest: stockPrices { symbol } }',
    );
    expect(data.tradingDays).toEqual(['2020-03-27', '2020-03-30', '2020-03-31']);
    // 105 − 102 and 18.5 − 20
    expect(data.past).toEqual([
      { symbol: 'KESTREL', date: '2020-03-30', changePerDay: '3.00' },
      { symbol: 'LARK', date: '2020-03-30', changePerDay: '-1.50' },
    ]);
    expect(data.latest).toEqual([{ symbol: 'KESTREL' }]);
  });

  it('answers NOT_FOUND with the API’s message for a day without prices', async () => {
    for (const query of [
      '{ stockPrices(date: "2020-03-28") { symbol } }',
      '{ technicalAnalysis(asOf: "2020-03-28") { asOf } }',
      '{ technicalAnalysis(asOf: "2020-03-28") { highs { weekly { symbol } } } }',
    ]) {
      const result = await client.request(query);
      expect(result.errors?.[0]?.message, query).toBe(
        'There are no stock prices for 2020-03-28 (not a trading day, or not uploaded)',
      );
      expect(result.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
  });

  it('answers technical analysis as of a past day, worked by hand', async () => {
    type Lists = Record<string, Array<Record<string, string | null>>>;
    const { technicalAnalysis } = await ok<{
      technicalAnalysis: { asOf: string; highs: Lists; lows: Lists; highestPrices: Array<Record<string, string>> };
    }>(client, TECHNICAL_ANALYSIS, { asOf: '2020-03-30' });
    expect(technicalAnalysis.asOf).toBe('2020-03-30');
    for (const [period, field] of Object.entries(TREND_FIELDS)) {
      expect(technicalAnalysis.highs[field], `highs ${period}`).toEqual([HIGH_ON_30_MARCH]);
      expect(technicalAnalysis.lows[field], `lows ${period}`).toEqual([LOW_ON_30_MARCH]);
      // and the REST reads of that day hold the same symbols
      for (const [direction, symbol] of [
        ['high', 'KESTREL'],
        ['low', 'LARK'],
      ] as const) {
        const rest = await stack.api.request<TrendResponseDto>(
          'GET',
          `/public/stock-prices/weeks-${direction}?type=${period}&asOf=2020-03-30`,
        );
        expect(Object.keys(rest.body)).toEqual([symbol]);
      }
    }
    expect(technicalAnalysis.highestPrices).toEqual([
      { symbol: 'KESTREL', highPrice: '106', highDate: '2020-03-30', lowPrice: '99', lowDate: '2020-03-27' },
      { symbol: 'LARK', highPrice: '21', highDate: '2020-03-27', lowPrice: '18', lowDate: '2020-03-30' },
    ]);
    // without asOf: D
    const latest = await ok<{ technicalAnalysis: { asOf: string } }>(client, TECHNICAL_ANALYSIS);
    expect(latest.technicalAnalysis.asOf).toBe('2020-03-31');
  });

  it('ends a company’s windows on its own latest trading day and says which days', async () => {
    const query = `query ($symbol: String!) { companyAnalysis(symbol: $symbol) {
      pricesUpTo marketLatestDate latestPrice { date closePrice } yearRange { highPrice lowPrice }
      priceSeries { period dates prices } } }`;
    const lark = await ok<{ companyAnalysis: Record<string, unknown> }>(client, query, { symbol: 'LARK' });
    expect(lark.companyAnalysis).toMatchObject({
      pricesUpTo: '2020-03-30',
      marketLatestDate: '2020-03-31',
      latestPrice: { date: '2020-03-30', closePrice: '18.5' },
      yearRange: { highPrice: '21', lowPrice: '18' },
    });
    // the week after 23 March, not after 24 March: both of LARK's days
    expect((lark.companyAnalysis.priceSeries as Array<{ dates: string[] }>)[0]).toEqual({
      period: 'WEEKLY',
      dates: ['2020-03-27', '2020-03-30'],
      prices: ['20', '18.5'],
    });
    const kestrel = await ok<{ companyAnalysis: Record<string, unknown> }>(client, query, { symbol: 'KESTREL' });
    expect(kestrel.companyAnalysis).toMatchObject({
      pricesUpTo: '2020-03-31',
      marketLatestDate: '2020-03-31',
      latestPrice: { date: '2020-03-31', closePrice: '106' },
      yearRange: { highPrice: '107', lowPrice: '99' },
    });
  });
});
