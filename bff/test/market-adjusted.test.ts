/**
 * Adjusted and raw prices through GraphQL, over HTTP, against the real REST API
 * (docs/product/market.md#adjusted-prices): the real bhavcopies of September 2019 and the real
 * corporate-actions file (uploaded through uploadMarketData, whose report is checked), then
 * HDFCBANK across its 2-for-1 split of 19-Sep-2019. The expected prices come from the files:
 * raw as the bhavcopy has them, adjusted = raw ÷ 2 before the ex-date.
 */
import fs from 'node:fs';
import path from 'node:path';
import Big from 'big.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CandleDto as Candle } from '@bazaar/shared/contract';
import { ok, sendUpload, type GraphQLClient, type GraphQLResult, type Stack, useStack } from './setup/stack.js';
import {
  legacyBhavcopyFiles,
  loadLegacyBhavcopies,
  readLegacyBhavcopies,
  type BhavcopyRow,
} from '../../api/test/market/support/bhavcopy.js';
import { DATA_DIR } from '../../api/test/uploads/helpers.js';

const EX_DATE = '2019-09-19';
const FACTOR = 2;
const CA_FILE = path.join(DATA_DIR, 'corporate_actions/CF-CA-equities.csv');

const UPLOAD = `mutation ($type: UploadType!, $file: Upload!) {
  uploadMarketData(type: $type, file: $file) { type rowsInFile adjustingEvents dividends unclassified }
}`;

interface UploadData {
  uploadMarketData: {
    type: string;
    rowsInFile: number;
    adjustingEvents: number | null;
    dividends: number | null;
    unclassified: string[] | null;
  };
}

/** The upload mutation with this file, as the web app sends it (multipart, the session cookie). */
async function uploadFile(
  stack: Stack,
  client: GraphQLClient,
  type: string,
  fileName: string,
  content: Uint8Array,
): Promise<GraphQLResult<UploadData>> {
  return sendUpload<UploadData>(stack, client, UPLOAD, type, { name: fileName, content });
}

/** What the bhavcopy says of HDFCBANK (EQ), by date. */
function hdfcRows(rows: BhavcopyRow[]): BhavcopyRow[] {
  return rows
    .filter((row) => row.symbol === 'HDFCBANK' && row.series === 'EQ')
    .sort((a, b) => (a.date < b.date ? -1 : 1));
}

/** Independently: a day's price adjusted for the split (÷ 2 before the ex-date). */
function adjusted(date: string, raw: string): Big {
  return date < EX_DATE ? new Big(raw).div(FACTOR) : new Big(raw);
}

describe('adjusted and raw prices through GraphQL', () => {
  const stack = useStack({ bff: { marketVersionCheckMs: 0 } });
  let anonymous: GraphQLClient;
  let staff: GraphQLClient;
  let hdfc: BhavcopyRow[];
  let report: UploadData['uploadMarketData'];

  beforeAll(async () => {
    const files = legacyBhavcopyFiles().filter((file) => /SEP2019\.csv$/.test(file));
    hdfc = hdfcRows(readLegacyBhavcopies(files));
    await loadLegacyBhavcopies(stack.api.app, files);
    anonymous = stack.client();
    staff = await stack.clientAs('staff');
    const uploaded = await uploadFile(
      stack,
      staff,
      'UPLOAD_CORPORATE_ACTIONS',
      'CF-CA-equities.csv',
      fs.readFileSync(CA_FILE),
    );
    expect(uploaded.errors, JSON.stringify(uploaded.errors)).toBeUndefined();
    report = uploaded.data!.uploadMarketData;
  }, 600_000);

  it('reports what the corporate-actions upload understood', () => {
    const text = fs.readFileSync(CA_FILE, 'utf8');
    expect(report.type).toBe('UPLOAD_CORPORATE_ACTIONS');
    // 35 splits and bonuses have ex-dates inside the bhavcopy range alone; more than 600 since 2016
    expect(report.adjustingEvents).toBeGreaterThan(35);
    expect(report.dividends).toBeGreaterThan(report.adjustingEvents!);
    expect(Array.isArray(report.unclassified)).toBe(true);
    for (const purpose of report.unclassified!) expect(text).toContain(purpose.trim());
  });

  it('answers HDFCBANK’s candles adjusted by default and raw with adjusted: false', async () => {
    const data = await ok<{ adjusted: Candle[]; byDefault: Candle[]; raw: Candle[] }>(
      anonymous,
      `{ adjusted: candles(symbol: "HDFCBANK", adjusted: true) { date openPrice highPrice lowPrice closePrice }
         byDefault: candles(symbol: "HDFCBANK") { date openPrice highPrice lowPrice closePrice }
         raw: candles(symbol: "HDFCBANK", adjusted: false) { date openPrice highPrice lowPrice closePrice } }`,
    );
    expect(data.byDefault).toEqual(data.adjusted);
    expect(data.raw.map((candle) => candle.date)).toEqual(hdfc.map((row) => row.date));
    expect(data.adjusted.map((candle) => candle.date)).toEqual(hdfc.map((row) => row.date));
    hdfc.forEach((row, index) => {
      const raw = data.raw[index]!;
      const adj = data.adjusted[index]!;
      expect(new Big(raw.closePrice).eq(row.close), row.date).toBe(true);
      expect(new Big(raw.highPrice).eq(row.high), row.date).toBe(true);
      expect(new Big(adj.closePrice).eq(adjusted(row.date, row.close)), row.date).toBe(true);
      expect(new Big(adj.openPrice).eq(adjusted(row.date, row.open)), row.date).toBe(true);
      expect(new Big(adj.highPrice).eq(adjusted(row.date, row.high)), row.date).toBe(true);
      expect(new Big(adj.lowPrice).eq(adjusted(row.date, row.low)), row.date).toBe(true);
    });
    // the raw cliff: 2,187.75 on 18-Sep, 1,101.05 on 19-Sep; adjusted, 1,093.875 then 1,101.05
    const before = hdfc.findIndex((row) => row.date === EX_DATE) - 1;
    expect(Number(data.raw[before]!.closePrice)).toBe(2187.75);
    expect(Number(data.adjusted[before]!.closePrice)).toBe(1093.875);
    expect(Number(data.raw[before + 1]!.closePrice)).toBe(1101.05);
    expect(data.raw).not.toEqual(data.adjusted);
  });

  it('answers Company Analysis’s candles, series and averages raw on request, with the split marked', async () => {
    type Analysis = {
      companyAnalysis: {
        candles: Candle[];
        priceSeries: Array<{ period: string; dates: string[]; prices: string[] }>;
        events: { pastEvents: Array<{ exDate: string; kind: string; factor: string | null; label: string | null }> };
      };
    };
    const query = `query ($adjusted: Boolean!) { companyAnalysis(symbol: "HDFCBANK") {
        candles(adjusted: $adjusted) { date closePrice }
        priceSeries(adjusted: $adjusted) { period dates prices }
        events { pastEvents { exDate kind factor dividendPerShare label } } } }`;
    const adj = await ok<Analysis>(anonymous, query, { adjusted: true });
    const raw = await ok<Analysis>(anonymous, query, { adjusted: false });
    const monthly = (analysis: Analysis) => analysis.companyAnalysis.priceSeries.find((s) => s.period === 'MONTHLY')!;
    expect(monthly(raw).dates).toEqual(monthly(adj).dates);
    monthly(raw).dates.forEach((date, index) => {
      const row = hdfc.find((candidate) => candidate.date === date)!;
      expect(new Big(monthly(raw).prices[index]!).eq(row.close), date).toBe(true);
      expect(new Big(monthly(adj).prices[index]!).eq(adjusted(date, row.close)), date).toBe(true);
    });
    expect(raw.companyAnalysis.candles).not.toEqual(adj.companyAnalysis.candles);
    const split = adj.companyAnalysis.events.pastEvents.find((event) => event.exDate === EX_DATE);
    expect(split).toMatchObject({ kind: 'SPLIT', label: '1:2 split' });
    expect(new Big(split!.factor!).eq(FACTOR)).toBe(true);
    const dividend = adj.companyAnalysis.events.pastEvents.find((event) => event.exDate === '2019-06-20');
    expect(dividend).toMatchObject({ kind: 'DIVIDEND', factor: null, label: 'Dividend ₹15' });
  });

  it('averages the raw closes with adjusted: false', async () => {
    const data = await ok<{
      sma: Array<{ date: string; value: string }>;
      rawSma: Array<{ date: string; value: string }>;
      ema: Array<{ value: string }>;
      rawEma: Array<{ value: string }>;
    }>(
      anonymous,
      `{ sma: sma(symbol: "HDFCBANK", priceSize: 10, windowSize: 5) { date value }
         rawSma: sma(symbol: "HDFCBANK", priceSize: 10, windowSize: 5, adjusted: false) { date value }
         ema: movingAverage(symbol: "HDFCBANK", kind: EMA, window: 5, priceSize: 10) { value }
         rawEma: movingAverage(symbol: "HDFCBANK", kind: EMA, window: 5, priceSize: 10, adjusted: false) { value } }`,
    );
    const last10 = hdfc.slice(-10);
    const mean = (values: Big[]) => values.reduce((sum, value) => sum.plus(value), new Big(0)).div(values.length);
    const expectedRaw = last10.slice(4).map((row, index) => ({
      date: row.date,
      value: mean(last10.slice(index, index + 5).map((day) => new Big(day.close))).toFixed(4),
    }));
    const expectedAdjusted = last10.slice(4).map((row, index) => ({
      date: row.date,
      value: mean(last10.slice(index, index + 5).map((day) => adjusted(day.date, day.close))).toFixed(4),
    }));
    expect(data.rawSma).toEqual(expectedRaw);
    expect(data.sma).toEqual(expectedAdjusted);
    expect(data.rawEma).not.toEqual(data.ema);
  });

  it('gives the Stock Prices list the raw previous close on the ex-date with adjusted: false', async () => {
    type Row = { symbol: string; previousClose: string | null; changePercent: string | null };
    const data = await ok<{ adjusted: Row[]; raw: Row[] }>(
      anonymous,
      `{ adjusted: stockPrices(date: "${EX_DATE}") { symbol previousClose changePercent }
         raw: stockPrices(date: "${EX_DATE}", adjusted: false) { symbol previousClose changePercent } }`,
    );
    const adj = data.adjusted.find((row) => row.symbol === 'HDFCBANK')!;
    const raw = data.raw.find((row) => row.symbol === 'HDFCBANK')!;
    const dayBefore = hdfc[hdfc.findIndex((row) => row.date === EX_DATE) - 1]!;
    expect(new Big(raw.previousClose!).eq(dayBefore.close)).toBe(true);
    expect(new Big(adj.previousClose!).eq(new Big(dayBefore.close).div(FACTOR))).toBe(true);
    // 1,101.05 against 1,093.875: +0.66%, not the raw −49.67%
    expect(adj.changePercent).toBe('0.66');
    expect(raw.changePercent).toBe('-49.67');
  });

  it('answers the corporate actions one ex-date year at a time, lists the years, and refuses a year out of range', async () => {
    // independently: the file's distinct events (an event is its symbol, series, purpose and dates; exact
    // repeats are ignored by the upload), read with a plain CSV split (quoted cells, or empty ones like FACE VALUE)
    const events = new Map<string, string>();
    for (const line of fs
      .readFileSync(CA_FILE, 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\n')
      .slice(1)) {
      if (line.trim() === '') continue;
      const cells = [...line.matchAll(/(?:^|,)(?:"([^"]*)"|([^,]*))/g)].map((match) =>
        (match[1] ?? match[2] ?? '').trim(),
      );
      const [symbol, , series, purpose, , exDate, record, closureStart, closureEnd] = cells;
      events.set([symbol, series, purpose, exDate, record, closureStart, closureEnd].join('|'), exDate!);
    }
    const exYears = [...events.values()].map((exDate) => /^\d{2}-[A-Za-z]{3}-(\d{4})$/.exec(exDate)?.[1]);
    const in2019 = exYears.filter((year) => year === '2019');
    const data = await ok<{
      corporateActionYears: number[];
      corporateActions: Array<{ symbol: string; exDate: string }>;
    }>(anonymous, '{ corporateActionYears corporateActions(year: 2019) { symbol exDate } }');
    const fileYears = [...new Set(exYears.filter((year) => year !== undefined).map(Number))].sort((a, b) => b - a);
    expect(data.corporateActionYears).toEqual(fileYears);
    expect(data.corporateActions).toHaveLength(in2019.length);
    expect(data.corporateActions.every((action) => action.exDate.startsWith('2019-'))).toBe(true);
    expect(data.corporateActions.map((action) => action.exDate)).toEqual(
      [...data.corporateActions.map((action) => action.exDate)].sort().reverse(),
    );
    const wrong = await anonymous.request('{ corporateActions(year: 1800) { id } }');
    expect(wrong.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(wrong.errors?.[0]?.message).toBe('The year must be a calendar year from 1990 to 2100');
  });
});
