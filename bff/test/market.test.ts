/**
 * The market area through GraphQL against the real REST API:
 * - on two small days of prices: latest prices with change per day, candles and period series,
 *   the symbol rule refusing before any REST call, and the whole-response cache of public market
 *   queries (same answer, no REST call but the data version; a new upload shows at once);
 * - on real prices (the legacy bhavcopies of January to March 2020, loaded through the upload
 *   code): the one-request technicalAnalysis holds the lists the definition gives from the files
 *   (api/test/market/support/trend-definition.ts) and the REST extremes, each read is made once
 *   per request and then served from the shared cache, one list with trends, sma equals the REST
 *   SMA, moving averages match an independent computation, the average-size rule's messages, and
 *   a new upload shows at the next version check;
 * - the version check itself: at most once per interval, dropping the cache when the version moved.
 * The stacks check the data version on every request (MARKET_VERSION_CHECK_MS 0), so no test
 * waits for an interval to pass.
 */
import type { IncomingMessage } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisStateDto, TrendResponseDto } from '@bazaar/shared/contract';
import { ok, type GraphQLClient, type Stack, useStack, expectBadUserInput } from './setup/stack.js';
import {
  technicalAnalysisQuery,
  TREND_FIELDS,
  TREND_ITEM,
  TREND_PERIODS,
  type TrendPeriod,
} from './setup/technical-analysis.js';
import {
  legacyBhavcopyFiles,
  loadLegacyBhavcopies,
  readLegacyBhavcopies,
  type BhavcopyRow,
} from '../../api/test/market/support/bhavcopy.js';
import {
  expectedTrendList,
  groupBySymbol,
  WINDOW_AFTER_31_MAR_2020,
} from '../../api/test/market/support/trend-definition.js';
import { LEGACY_BHAVCOPY_HEADER, upload, uploadBhavcopyDays } from '../../api/test/uploads/helpers.js';
import { createSharedCaches } from '../src/caches/shared-caches.js';
import { currentMarketState } from '../src/caches/market-cache.js';

const HEADER = LEGACY_BHAVCOPY_HEADER;

/** Every REST call the stack's API receives, from now on. */
function recordRestCalls(stack: Stack): string[] {
  const calls: string[] = [];
  stack.api.app.server.on('request', (request: IncomingMessage) => calls.push(`${request.method} ${request.url}`));
  return calls;
}

describe('market prices through GraphQL', () => {
  const stack = useStack({ bff: { marketVersionCheckMs: 0 } });
  let anonymous: GraphQLClient;
  let investor: GraphQLClient;
  let staffToken: string;
  let restCalls: string[];

  beforeAll(async () => {
    anonymous = stack.client();
    investor = await stack.clientAs('investor');
    staffToken = await stack.api.login('staff', 'Staff@123');
    // two days; PREVCLOSE of the second is the first close
    await uploadBhavcopyDays(stack.api, staffToken, [
      [
        '30-MAR-2020',
        [
          'KESTREL,EQ,100,104,99,102.50,102.50,100,5000,512500,30-MAR-2020,40,,',
          'LARK,BE,20,21,19,20,20,20,100,2000,30-MAR-2020,3,,',
        ],
      ],
      [
        '31-MAR-2020',
        [
          'KESTREL,EQ,103,110,101,107.25,107.25,102.50,7000,750750,31-MAR-2020,50,,',
          'LARK,BE,20,20,18,18.5,18.5,20,100,1850,31-MAR-2020,3,,',
        ],
      ],
    ] as const);
    restCalls = recordRestCalls(stack);
  }, 300_000);

  it('answers the latest prices with change per day (107.25 − 102.50 = 4.75, 4.63 %)', async () => {
    const data = await ok<{ stockPrices: Array<Record<string, string>> }>(
      anonymous,
      '{ stockPrices { symbol series date closePrice previousClose changePerDay changePercent volume } }',
    );
    // 4.75 ÷ 102.50 × 100 = 4.634… → 4.63; LARK 18.5 − 20 = −1.50, −7.50 %
    expect(data.stockPrices).toEqual([
      {
        symbol: 'KESTREL',
        series: 'EQ',
        date: '2020-03-31',
        closePrice: '107.25',
        previousClose: '102.50',
        changePerDay: '4.75',
        changePercent: '4.63',
        volume: '7000',
      },
      {
        symbol: 'LARK',
        series: 'BE',
        date: '2020-03-31',
        closePrice: '18.5',
        previousClose: '20',
        changePerDay: '-1.50',
        changePercent: '-7.50',
        volume: '100',
      },
    ]);
  });

  it('answers candles and period series', async () => {
    const data = await ok<{ candles: unknown[]; priceSeries: unknown }>(
      anonymous,
      '{ candles(symbol: "kestrel", from: "2020-03-31") { date openPrice highPrice lowPrice closePrice } priceSeries(symbol: "KESTREL", period: WEEKLY) { period dates prices } }',
    );
    expect(data.candles).toEqual([
      { date: '2020-03-31', openPrice: '103', highPrice: '110', lowPrice: '101', closePrice: '107.25' },
    ]);
    expect(data.priceSeries).toEqual({
      period: 'WEEKLY',
      dates: ['2020-03-30', '2020-03-31'],
      prices: ['102.50', '107.25'],
    });
  });

  it('refuses a symbol that cannot be one before calling the REST API', async () => {
    restCalls.length = 0;
    const result = await anonymous.request('{ candles(symbol: "NO SUCH") { date } }');
    expectBadUserInput(result, 'symbol must be an NSE symbol (letters, digits, & - _ . up to 50 characters)');
    expect(restCalls.filter((call) => call.includes('/public/stock-prices'))).toEqual([]);
  });

  it('answers a repeated public query from the response cache until the data changes', async () => {
    const query = '{ stockPrices { symbol closePrice } technicalAnalysis { asOf highs { weekly { symbol change } } } }';
    const first = await ok(anonymous, query);
    restCalls.length = 0;
    const second = await ok(investor, query);
    expect(second).toEqual(first);
    // nothing asked of the REST API but, at most, the data version
    expect(restCalls.filter((call) => !call.includes('/public/technical-analysis/state'))).toEqual([]);

    const answer = await upload(
      stack.api,
      staffToken,
      'UPLOAD_STOCK_PRICE',
      '01APR2020.csv',
      [HEADER, 'KESTREL,EQ,108,120,107,119,119,107.25,100,11900,01-APR-2020,9,,'].join('\n'),
    );
    expect(answer.status).toBe(200);
    // the upload went to the REST API directly: the BFF learns of it from the data version
    const third = await ok<{
      stockPrices: Array<{ symbol: string; closePrice: string }>;
      technicalAnalysis: { asOf: string };
    }>(anonymous, query);
    expect(third.technicalAnalysis.asOf).toBe('2020-04-01');
    expect(third.stockPrices).toEqual([{ symbol: 'KESTREL', closePrice: '119' }]);
  });
});

const TECHNICAL_ANALYSIS = technicalAnalysisQuery('query TechnicalAnalysisPage');
/** The latest trading day D of the real prices loaded (Tuesday 31 March 2020). */
const D = '2020-03-31';

interface Item {
  symbol: string;
  presentClose: string;
  previousClose: string;
  change: string;
  changePercent: string | null;
  presentDate: string;
  previousDate: string;
}
type Lists = Record<string, Item[]>;
interface TechnicalAnalysis {
  asOf: string;
  highs: Lists;
  lows: Lists;
  highestPrices: Array<{ symbol: string; highPrice: string; highDate: string; lowPrice: string; lowDate: string }>;
}

describe('technical analysis through GraphQL, on real prices', () => {
  const stack = useStack({ bff: { marketVersionCheckMs: 0 } });
  let client: GraphQLClient;
  let rows: BhavcopyRow[];
  let bySymbol: Map<string, BhavcopyRow[]>;
  let restCalls: string[];

  beforeAll(async () => {
    client = stack.client();
    const files = legacyBhavcopyFiles().filter((file) => /2020\.csv$/.test(file));
    rows = readLegacyBhavcopies(files);
    bySymbol = groupBySymbol(rows);
    await loadLegacyBhavcopies(stack.api.app, files);
    restCalls = recordRestCalls(stack);
  }, 600_000);

  /** A list of D = 31 March 2020 straight from its definition over the files' rows, as GraphQL items. */
  function expectedList(direction: 'HIGH' | 'LOW', period: TrendPeriod): Item[] {
    return expectedTrendList(bySymbol, direction, D, WINDOW_AFTER_31_MAR_2020[period]).map((item) => ({
      symbol: item.symbol,
      presentClose: item.presentClose,
      previousClose: item.previousClose,
      change: item.change,
      changePercent: item.changePercent,
      presentDate: D,
      previousDate: item.previousDate,
    }));
  }

  it('turns a REST trend value into an item: Present is the row on D, Previous the row before', async () => {
    const answer = await stack.api.request<TrendResponseDto>('GET', '/public/stock-prices/weeks-high?type=YEARLY');
    const first = Object.values(answer.body).find((value) => value.position === 1);
    const { trends } = await ok<{ trends: Item[] }>(
      client,
      `{ trends(direction: HIGH, period: YEARLY) { ${TREND_ITEM} } }`,
    );
    expect(trends[0]).toMatchObject({
      symbol: first?.Present.symbol,
      presentClose: first?.Present.closePrice,
      previousDate: first?.Previous.date,
      changePercent: first?.changePercent,
    });
  });

  it('answers the ten lists as their definition gives them from the files, and the REST 12-month extremes', async () => {
    const { technicalAnalysis } = await ok<{ technicalAnalysis: TechnicalAnalysis }>(client, TECHNICAL_ANALYSIS);
    expect(technicalAnalysis.asOf).toBe(D);
    let total = 0;
    for (const period of TREND_PERIODS) {
      const highs = expectedList('HIGH', period);
      const lows = expectedList('LOW', period);
      expect(technicalAnalysis.highs[TREND_FIELDS[period]]).toEqual(highs);
      expect(technicalAnalysis.lows[TREND_FIELDS[period]]).toEqual(lows);
      total += highs.length + lows.length;
    }
    expect(total).toBeGreaterThan(100);
    const extremes = await stack.api.request<
      Record<string, { highPrice: string; highDate: string; lowPrice: string; lowDate: string }>
    >('GET', '/public/stock-prices/highestStockPriceByStock');
    expect(technicalAnalysis.highestPrices).toEqual(
      Object.keys(extremes.body)
        .sort()
        .map((symbol) => ({ symbol, ...extremes.body[symbol] })),
    );
  });

  it('makes each of the eleven reads once per request, concurrently, then serves them from the shared cache', async () => {
    stack.bff.caches.market.clear();
    restCalls.length = 0;
    await ok(client, TECHNICAL_ANALYSIS);
    const reads = restCalls.filter((call) => /weeks-(high|low)|highestStockPriceByStock/.test(call));
    expect(reads).toHaveLength(11);
    expect(new Set(reads).size).toBe(11);
    restCalls.length = 0;
    const again = await ok<{ technicalAnalysis: TechnicalAnalysis }>(client, TECHNICAL_ANALYSIS);
    expect(again.technicalAnalysis.asOf).toBe('2020-03-31');
    expect(restCalls.filter((call) => /weeks-(high|low)|highestStockPriceByStock/.test(call))).toEqual([]);
  });

  it('answers one list with trends(direction, period)', async () => {
    const data = await ok<{ trends: Item[] }>(
      client,
      `query ($d: TrendDirection!, $p: TrendPeriod!) { trends(direction: $d, period: $p) { ${TREND_ITEM} } }`,
      { d: 'LOW', p: 'MONTHLY' },
    );
    expect(data.trends).toEqual(expectedList('LOW', 'MONTHLY'));
  });

  it('sma equals the REST SMA; movingAverage matches an independent computation', async () => {
    const sma = await ok<{ sma: Array<{ date: string; value: string }> }>(
      client,
      '{ sma(symbol: "infy", priceSize: 30, windowSize: 5) { date value } }',
    );
    const rest = await stack.api.request<Array<{ date: string; value: string }>>(
      'POST',
      '/public/technical-analysis/stocks/sma?symbol=INFY&priceSize=30&windowSize=5',
    );
    expect(sma.sma).toEqual(rest.body);
    const viaAverage = await ok<{ movingAverage: Array<{ date: string; value: string }> }>(
      client,
      '{ movingAverage(symbol: "INFY", kind: SMA, window: 5, priceSize: 30) { date value } }',
    );
    expect(viaAverage.movingAverage).toEqual(rest.body);

    const closes = rows
      .filter((row) => row.symbol === 'INFY' && row.series === 'EQ')
      .sort((a, b) => (a.date < b.date ? -1 : 1))
      .slice(-40);
    const values = closes.map((row) => Number(row.close));
    // EMA(10): seed = mean of the first 10, then α = 2/11
    const ema: number[] = [values.slice(0, 10).reduce((a, b) => a + b, 0) / 10];
    for (let t = 10; t < values.length; t++)
      ema.push((2 / 11) * (values[t] as number) + (9 / 11) * (ema[ema.length - 1] as number));
    const gotEma = await ok<{ movingAverage: Array<{ date: string; value: string }> }>(
      client,
      '{ movingAverage(symbol: "INFY", kind: EMA, window: 10, priceSize: 40) { date value } }',
    );
    expect(gotEma.movingAverage.map((point) => point.date)).toEqual(closes.slice(9).map((row) => row.date));
    gotEma.movingAverage.forEach((point, i) =>
      expect(Math.abs(Number(point.value) - (ema[i] as number))).toBeLessThan(0.0001),
    );
    // TEMA(10) needs 3 × 9 closes of warm-up: 40 − 27 = 13 points
    const tema = await ok<{ movingAverage: unknown[] }>(
      client,
      '{ movingAverage(symbol: "INFY", kind: TEMA, window: 10, priceSize: 40) { date value } }',
    );
    expect(tema.movingAverage).toHaveLength(13);
  });

  it('refuses bad sizes with the shared rule’s messages, naming the argument', async () => {
    const tooWide = await client.request('{ sma(symbol: "INFY", priceSize: 5, windowSize: 6) { value } }');
    expectBadUserInput(tooWide, 'Window size must not be larger than the price size');
    const tooMany = await client.request(
      '{ movingAverage(symbol: "INFY", kind: HMA, window: 4, priceSize: 500) { value } }',
    );
    expect(tooMany.errors?.[0]?.message).toBe('Price size 500 is more than the 63 prices available for INFY');
    const warmUp = await client.request(
      '{ movingAverage(symbol: "INFY", kind: DEMA, window: 20, priceSize: 30) { value } }',
    );
    expectBadUserInput(warmUp, 'A DEMA with window 20 needs at least 39 prices; 30 are available');
    const restRefusal = await client.request('{ sma(symbol: "NOSUCH", priceSize: 5, windowSize: 2) { value } }');
    expectBadUserInput(restRefusal, 'There are no prices for NOSUCH', { status: 400 });
  });

  it('shows a new upload at the next version check, through any server', async () => {
    const before = await ok<{ technicalAnalysis: { asOf: string } }>(client, '{ technicalAnalysis { asOf } }');
    expect(before.technicalAnalysis.asOf).toBe('2020-03-31');
    const staff = await stack.api.login('staff', 'Staff@123');
    const csv = [HEADER, 'INFY,EQ,700,9999,690,9000,9000,642,100,900000,01-APR-2020,10,,'].join('\n');
    const answer = await upload(stack.api, staff, 'UPLOAD_STOCK_PRICE', '01APR2020.csv', csv);
    expect(answer.status, answer.text).toBe(200);
    const after = await ok<{ technicalAnalysis: { asOf: string; highs: { weekly: Item[] } } }>(
      client,
      `{ technicalAnalysis { asOf highs { weekly { ${TREND_ITEM} } } } }`,
    );
    expect(after.technicalAnalysis.asOf).toBe('2020-04-01');
    expect(after.technicalAnalysis.highs.weekly.map((item) => item.symbol)).toEqual(['INFY']);
  });
});

describe('the market data version check', () => {
  const state = (version: number, asOf = '2020-03-31'): AnalysisStateDto => ({
    asOf,
    version,
    computedAt: null,
    durationMs: null,
    coverage: [],
  });

  it('asks at most once per interval, for all requests together, and drops the cache when the version moved', async () => {
    const caches = createSharedCaches(60_000);
    let version = 1;
    let reads = 0;
    const readState = async () => {
      reads += 1;
      return state(version);
    };
    await caches.market.get('kept', async () => 'cached answer');
    // the first read, then two within the interval: one REST call
    const interval = 60_000;
    await Promise.all([
      currentMarketState(caches, readState, interval, 0),
      currentMarketState(caches, readState, interval, 0),
    ]);
    expect(reads).toBe(1);
    const checkedAt = Date.now();
    await currentMarketState(caches, readState, interval, checkedAt + 1_000);
    expect(reads).toBe(1);
    // past the interval, unchanged: asked again, the cache kept
    await currentMarketState(caches, readState, interval, checkedAt + 2 * interval);
    expect(reads).toBe(2);
    expect(await caches.market.get('kept', async () => 'reloaded')).toBe('cached answer');
    // a new version: the cache dropped
    version = 2;
    expect((await currentMarketState(caches, readState, interval, Date.now() + 2 * interval)).version).toBe(2);
    expect(await caches.market.get('kept', async () => 'reloaded')).toBe('reloaded');
  });

  it('asks on every request with an interval of 0', async () => {
    const caches = createSharedCaches(60_000);
    let reads = 0;
    const readState = async () => {
      reads += 1;
      return state(1);
    };
    await currentMarketState(caches, readState, 0);
    await currentMarketState(caches, readState, 0);
    expect(reads).toBe(2);
  });
});
