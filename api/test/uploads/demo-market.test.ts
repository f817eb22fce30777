/**
 * The generated demo market: deterministic, in the real layouts, loaded through the ingestion
 * code on the first start of an empty database, and not at all with DEMO_DATA=0. Expected figures
 * come from the generated files (counted here line by line) and from the demo market's minimums (docs/decisions.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateDemoMarket } from '../../src/seed/demo-market/generate.js';
import { loadDemoMarket } from '../../src/seed/demo-market/index.js';
import { startTestApi, useApi } from '../setup/test-api.js';
import { sqlRows } from './helpers.js';

/** ISO 6166 check digit, written out again here: letters → numbers, Luhn from the right. */
function isinIsValid(isin: string): boolean {
  if (!/^[A-Z]{2}[A-Z0-9]{9}[0-9]$/.test(isin)) return false;
  const digits = isin
    .slice(0, 11)
    .split('')
    .map((char) => (char >= 'A' ? String(char.charCodeAt(0) - 'A'.charCodeAt(0) + 10) : char))
    .join('');
  let sum = 0;
  digits
    .split('')
    .reverse()
    .forEach((digit, index) => {
      const doubled = index % 2 === 0 ? Number(digit) * 2 : Number(digit);
      sum += doubled > 9 ? doubled - 9 : doubled;
    });
  return (10 - (sum % 10)) % 10 === Number(isin[11]);
}

describe('demo market', () => {
  const market = generateDemoMarket();
  const fileOf = (uploadType: string) => market.files.find((file) => file.uploadType === uploadType)!;
  const dataLines = (kind: string) =>
    fileOf(kind)
      .content.replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter((line) => line !== '')
      .slice(1);

  it('is the same every time (seeded), and made of the real layouts', () => {
    const again = generateDemoMarket();
    expect(again.files.map((file) => file.content)).toEqual(market.files.map((file) => file.content));
    expect(fileOf('UPLOAD_STOCK_PRICE').content.split('\n')[0]).toBe(
      'SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN,',
    );
    expect(fileOf('UPLOAD_STOCK').content.split('\n')[0]).toBe(
      'SYMBOL,NAME OF COMPANY, SERIES, DATE OF LISTING, PAID UP VALUE, MARKET LOT, ISIN NUMBER, FACE VALUE',
    );
    expect(fileOf('UPLOAD_CORPORATE_ACTIONS').content.startsWith('\uFEFF"SYMBOL","COMPANY NAME"')).toBe(true);
    expect(isinIsValid('INE002A01018')).toBe(true); // RELIANCE, a real ISIN: the checker itself is right
    expect(market.companies.every((company) => isinIsValid(company.isin))).toBe(true);
    // the demo market's minimums: 200 companies, 400 trading days, 8 quarters
    expect(market.companies.length).toBeGreaterThanOrEqual(200);
    expect(new Set(market.companies.map((company) => company.industry)).size).toBeGreaterThan(10);
    expect(market.tradingDays).toHaveLength(400);
    expect(market.quarterEnds).toHaveLength(8);
    expect(market.tradingDays.every((day) => ![0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay()))).toBe(true);
  });

  describe('on the first start of an empty database', () => {
    const api = useApi({ config: { demoData: true } });

    it('is loaded through the ingestion code, one recorded upload per file', async () => {
      const uploads = await sqlRows<{
        kind: string;
        file_name: string;
        uploaded_by_username: string;
        rows_in_file: number;
        rows_inserted: number;
      }>(
        api.handle,
        'SELECT kind, file_name, uploaded_by_username, rows_in_file, rows_inserted FROM market_data_uploads ORDER BY id',
      );
      expect(uploads.map((upload) => [upload.kind, upload.file_name, upload.uploaded_by_username])).toEqual(
        market.files.map((file) => [file.uploadType, file.fileName, 'demo-data']),
      );
      for (const file of market.files) {
        const record = uploads.find((upload) => upload.file_name === file.fileName)!;
        expect(record.rows_in_file).toBe(dataLines(file.uploadType).length);
      }
      // the files are kept for people to look at
      for (const file of market.files)
        expect(fs.readFileSync(path.join(api.config.dataDir, 'demo-market', file.fileName), 'utf8')).toBe(file.content);
    });

    it('holds the companies with industries, 400 days of prices, actions, results and balance sheets', async () => {
      const [counts] = await sqlRows<Record<string, number>>(
        api.handle,
        `SELECT (SELECT count(*)::int FROM companies WHERE industry IS NOT NULL) AS companies,
                (SELECT count(*)::int FROM stock_prices) AS prices,
                (SELECT count(*)::int FROM stock_price_dates) AS days,
                (SELECT count(*)::int FROM corporate_actions) AS actions,
                (SELECT count(DISTINCT date_of_end_of_reporting_period)::int FROM financial_results) AS quarters,
                (SELECT count(*)::int FROM balance_sheets WHERE total_assets <> total_equity_and_liabilities) AS unbalanced`,
      );
      // 220 companies x 400 days = 88,000 price rows
      expect(counts).toEqual({
        companies: market.companies.length,
        prices: market.companies.length * 400,
        days: 400,
        actions: dataLines('UPLOAD_CORPORATE_ACTIONS').length,
        quarters: 8,
        unbalanced: 0,
      });
      const [splitOrBonus] = await sqlRows<{ n: number }>(
        api.handle,
        "SELECT count(*)::int AS n FROM corporate_actions WHERE purpose LIKE 'Bonus%' OR purpose LIKE 'Face Value Split%'",
      );
      expect(splitOrBonus!.n).toBeGreaterThan(0);
      const dates = await api.request<string[]>('GET', '/insight/staff/uploads/stock-price/uploaded-dates', {
        token: await api.login('staff', 'Staff@123'),
      });
      expect(dates.body).toEqual(market.tradingDays);
    });

    it('is not loaded again once market data exists', async () => {
      await loadDemoMarket(api.app);
      const [uploads] = await sqlRows<{ n: number }>(api.handle, 'SELECT count(*)::int AS n FROM market_data_uploads');
      expect(uploads!.n).toBe(market.files.length);
    });
  });

  it('is skipped with DEMO_DATA=0 (accounts only)', async () => {
    const api = await startTestApi({ config: { demoData: false } });
    try {
      const [counts] = await sqlRows<{ prices: number; uploads: number; users: number }>(
        api.handle,
        'SELECT (SELECT count(*)::int FROM stock_prices) AS prices, (SELECT count(*)::int FROM market_data_uploads) AS uploads, (SELECT count(*)::int FROM users) AS users',
      );
      expect(counts).toMatchObject({ prices: 0, uploads: 0 });
      expect(counts!.users).toBeGreaterThanOrEqual(3);
    } finally {
      await api.close();
    }
  });
});
