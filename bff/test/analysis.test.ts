/**
 * Technical and company analysis through GraphQL against the real REST API, on real prices (the
 * legacy bhavcopies of January to March 2020, loaded through the upload code): the one-request
 * technicalAnalysis equals the eleven REST reads, each read is made once per request and then
 * served from the shared cache, a new upload shows within the version check, moving averages
 * match an independent computation, and companyAnalysis gathers a symbol's page.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type GraphQLClient, type Stack } from './setup/stack.js';
import {
  legacyBhavcopyFiles,
  loadLegacyBhavcopies,
  readLegacyBhavcopies,
  type BhavcopyRow,
} from '../../api/test/market/support/bhavcopy.js';
import { DATA_DIR, upload } from '../../api/test/uploads/helpers.js';

const PERIODS = ['WEEKLY', 'MONTHLY', 'QUARTERLY', 'HALFYEARLY', 'YEARLY'] as const;
const FIELD: Record<(typeof PERIODS)[number], string> = {
  WEEKLY: 'weekly',
  MONTHLY: 'monthly',
  QUARTERLY: 'quarterly',
  HALFYEARLY: 'halfYearly',
  YEARLY: 'yearly',
};
const ITEM = 'symbol presentClose previousClose change changePercent presentDate previousDate';
const LISTS = `weekly { ${ITEM} } monthly { ${ITEM} } quarterly { ${ITEM} } halfYearly { ${ITEM} } yearly { ${ITEM} }`;
const TECHNICAL_ANALYSIS = `query TechnicalAnalysisPage { technicalAnalysis { asOf highs { ${LISTS} } lows { ${LISTS} } highestPrices { symbol highPrice highDate lowPrice lowDate } } }`;

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
interface RestTrendValue {
  position: number;
  change: string;
  changePercent: string | null;
  Present: { symbol: string; date: string; closePrice: string };
  Previous: { date: string; closePrice: string };
}

describe('analysis through GraphQL', () => {
  let stack: Stack;
  let client: GraphQLClient;
  let rows: BhavcopyRow[];
  const restCalls: string[] = [];

  beforeAll(async () => {
    stack = await startStack();
    client = stack.client();
    const files = legacyBhavcopyFiles().filter((file) => /2020\.csv$/.test(file));
    rows = readLegacyBhavcopies(files);
    await loadLegacyBhavcopies(stack.api.app, files);
    const staff = await stack.api.login('staff', 'Staff@123');
    const profit = await upload(
      stack.api,
      staff,
      'UPLOAD_FINANCIAL_REPORT',
      'tcs.csv',
      fs.readFileSync(path.join(DATA_DIR, 'financials/quarterly_pat_eps_csv/tcs.csv')),
    );
    expect(profit.status, profit.text).toBe(200);
    const header =
      '"SYMBOL","COMPANY NAME","SERIES","PURPOSE","FACE VALUE","EX-DATE","RECORD DATE","BOOK CLOSURE START DATE","BOOK CLOSURE END DATE"';
    const actions = await upload(
      stack.api,
      staff,
      'UPLOAD_CORPORATE_ACTIONS',
      'CF-CA.csv',
      [
        header,
        '"TCS","Tata Consultancy Services Limited","EQ"," Interim Dividend - Rs 5 Per Share","1","16-Jan-2020","17-Jan-2020","-","-"',
        '"TCS","Tata Consultancy Services Limited","EQ"," Special Dividend - Rs 67 Per Share","1","16-Jan-2099","17-Jan-2099","-","-"',
      ].join('\n'),
    );
    expect(actions.status, actions.text).toBe(200);
    stack.api.app.server.on('request', (request: IncomingMessage) =>
      restCalls.push(`${request.method} ${request.url}`),
    );
  }, 600_000);
  afterAll(async () => stack?.close());

  async function ok<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
    const result = await client.request<T>(query, variables);
    expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
    return result.data as T;
  }

  /** The REST trend answer turned into the GraphQL items by hand: list order, present against previous. */
  async function restList(direction: 'HIGH' | 'LOW', period: string): Promise<Item[]> {
    const answer = await stack.api.request<Record<string, RestTrendValue>>(
      'GET',
      `/public/stock-prices/weeks-${direction === 'HIGH' ? 'high' : 'low'}?type=${period}`,
    );
    return Object.values(answer.body)
      .sort((a, b) => a.position - b.position)
      .map((value) => ({
        symbol: value.Present.symbol,
        presentClose: value.Present.closePrice,
        previousClose: value.Previous.closePrice,
        change: value.change,
        changePercent: value.changePercent,
        presentDate: value.Present.date,
        previousDate: value.Previous.date,
      }));
  }

  it('answers the ten lists and the 12-month extremes as the eleven REST reads do', async () => {
    const { technicalAnalysis } = await ok<{ technicalAnalysis: TechnicalAnalysis }>(TECHNICAL_ANALYSIS);
    expect(technicalAnalysis.asOf).toBe('2020-03-31');
    let total = 0;
    for (const period of PERIODS) {
      const highs = await restList('HIGH', period);
      const lows = await restList('LOW', period);
      expect(technicalAnalysis.highs[FIELD[period]]).toEqual(highs);
      expect(technicalAnalysis.lows[FIELD[period]]).toEqual(lows);
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
    await ok(TECHNICAL_ANALYSIS);
    const reads = restCalls.filter((call) => /weeks-(high|low)|highestStockPriceByStock/.test(call));
    expect(reads).toHaveLength(11);
    expect(new Set(reads).size).toBe(11);
    restCalls.length = 0;
    const again = await ok<{ technicalAnalysis: TechnicalAnalysis }>(TECHNICAL_ANALYSIS);
    expect(again.technicalAnalysis.asOf).toBe('2020-03-31');
    expect(restCalls.filter((call) => /weeks-(high|low)|highestStockPriceByStock/.test(call))).toEqual([]);
  });

  it('answers one list with trends(direction, period)', async () => {
    const data = await ok<{ trends: Item[] }>(
      `query ($d: TrendDirection!, $p: TrendPeriod!) { trends(direction: $d, period: $p) { ${ITEM} } }`,
      { d: 'LOW', p: 'MONTHLY' },
    );
    expect(data.trends).toEqual(await restList('LOW', 'MONTHLY'));
  });

  it('sma equals the REST SMA; movingAverage matches an independent computation', async () => {
    const sma = await ok<{ sma: Array<{ date: string; value: string }> }>(
      '{ sma(symbol: "infy", priceSize: 30, windowSize: 5) { date value } }',
    );
    const rest = await stack.api.request<Array<{ date: string; value: string }>>(
      'POST',
      '/public/technical-analysis/stocks/sma?symbol=INFY&priceSize=30&windowSize=5',
    );
    expect(sma.sma).toEqual(rest.body);
    const viaAverage = await ok<{ movingAverage: Array<{ date: string; value: string }> }>(
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
      '{ movingAverage(symbol: "INFY", kind: EMA, window: 10, priceSize: 40) { date value } }',
    );
    expect(gotEma.movingAverage.map((point) => point.date)).toEqual(closes.slice(9).map((row) => row.date));
    gotEma.movingAverage.forEach((point, i) =>
      expect(Math.abs(Number(point.value) - (ema[i] as number))).toBeLessThan(0.0001),
    );
    // TEMA(10) needs 3 × 9 closes of warm-up: 40 − 27 = 13 points
    const tema = await ok<{ movingAverage: unknown[] }>(
      '{ movingAverage(symbol: "INFY", kind: TEMA, window: 10, priceSize: 40) { date value } }',
    );
    expect(tema.movingAverage).toHaveLength(13);
  });

  it('refuses bad sizes with messages', async () => {
    const tooWide = await client.request('{ sma(symbol: "INFY", priceSize: 5, windowSize: 6) { value } }');
    expect(tooWide.errors?.[0]).toMatchObject({
      message: 'windowSize must not be larger than priceSize',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const tooMany = await client.request(
      '{ movingAverage(symbol: "INFY", kind: HMA, window: 4, priceSize: 500) { value } }',
    );
    expect(tooMany.errors?.[0]?.message).toBe('priceSize 500 is more than the 63 prices available for INFY');
    const warmUp = await client.request(
      '{ movingAverage(symbol: "INFY", kind: DEMA, window: 20, priceSize: 30) { value } }',
    );
    expect(warmUp.errors?.[0]).toMatchObject({
      message: 'A DEMA with window 20 needs at least 39 prices; 30 are available',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const restRefusal = await client.request('{ sma(symbol: "NOSUCH", priceSize: 5, windowSize: 2) { value } }');
    expect(restRefusal.errors?.[0]).toMatchObject({
      message: 'There are no prices for NOSUCH',
      extensions: { code: 'BAD_USER_INPUT', status: 400 },
    });
  });

  it('gathers a company’s page in one request', async () => {
    const data = await ok<{
      companyAnalysis: {
        symbol: string;
        company: null;
        latestPrice: { closePrice: string; date: string };
        yearRange: { highPrice: string };
        events: { pastEvents: Array<{ purpose: string }>; upcomingEvents: Array<{ purpose: string }> };
        priceSeries: Array<{ period: string; dates: string[]; prices: string[] }>;
        candles: Array<{ date: string; closePrice: string }>;
        profitAndLoss: Array<{ dateOfEndOfReportingPeriod: string; profitLossForPeriod: string }>;
        balanceSheets: unknown[];
      };
    }>(`{ companyAnalysis(symbol: "tcs") {
        symbol company { id } latestPrice { closePrice date } yearRange { highPrice }
        events { pastEvents { purpose } upcomingEvents { purpose } }
        priceSeries { period dates prices } candles { date closePrice }
        profitAndLoss { dateOfEndOfReportingPeriod profitLossForPeriod } balanceSheets { totalAssets } } }`);
    const page = data.companyAnalysis;
    expect(page.symbol).toBe('TCS');
    expect(page.company).toBeNull();
    const tcs = rows
      .filter((row) => row.symbol === 'TCS' && row.series === 'EQ')
      .sort((a, b) => (a.date < b.date ? -1 : 1));
    expect(page.candles.map((candle) => candle.date)).toEqual(tcs.map((row) => row.date));
    expect(page.latestPrice).toEqual({ closePrice: String(Number(tcs.at(-1)?.close)), date: '2020-03-31' });
    expect(page.priceSeries.map((series) => series.period)).toEqual([...PERIODS]);
    for (const series of page.priceSeries) {
      const rest = await stack.api.request<{ dates: string[]; prices: string[] }>(
        'GET',
        `/public/stock-prices/stock-prices-for-period?type=${series.period}&symbol=TCS`,
      );
      expect({ dates: series.dates, prices: series.prices }).toEqual(rest.body);
    }
    expect(page.events.pastEvents.map((event) => event.purpose)).toEqual(['Interim Dividend - Rs 5 Per Share']);
    expect(page.events.upcomingEvents.map((event) => event.purpose)).toEqual(['Special Dividend - Rs 67 Per Share']);
    expect(page.profitAndLoss).toHaveLength(8);
    expect(page.balanceSheets).toEqual([]);
  });

  it('shows a new upload within the version check, through any server', async () => {
    const before = await ok<{ technicalAnalysis: { asOf: string } }>('{ technicalAnalysis { asOf } }');
    expect(before.technicalAnalysis.asOf).toBe('2020-03-31');
    const staff = await stack.api.login('staff', 'Staff@123');
    const csv = [
      'SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN,',
      'INFY,EQ,700,9999,690,9000,9000,642,100,900000,01-APR-2020,10,,',
    ].join('\n');
    const answer = await upload(stack.api, staff, 'UPLOAD_STOCK_PRICE', '01APR2020.csv', csv);
    expect(answer.status, answer.text).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const after = await ok<{ technicalAnalysis: { asOf: string; highs: { weekly: Item[] } } }>(
      `{ technicalAnalysis { asOf highs { weekly { ${ITEM} } } } }`,
    );
    expect(after.technicalAnalysis.asOf).toBe('2020-04-01');
    expect(after.technicalAnalysis.highs.weekly.map((item) => item.symbol)).toEqual(['INFY']);
  });
});
