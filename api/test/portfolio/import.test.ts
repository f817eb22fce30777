/**
 * Tradebook import (docs/product/portfolio.md#tradebook-import) through POST /api/user/holding/import,
 * with files in the three documented layouts built from real NSE closes (../shared/data bhavcopies:
 * every trade at that day's close). TCS, the FIFO worked by hand (closes of March 2020):
 *
 *   line 2  02-Mar BUY  10 @ 2001.30  → lot A
 *   line 3  03-Mar BUY  20 @ 2036.20  → lot B
 *   line 4  04-Mar BUY  30 @ 2083.20  → lot C
 *   line 5  05-Mar SELL 15 @ 2125.05  → A 10 (whole), B 5
 *   line 6  06-Mar SELL 20 @ 2116.45  → B 15 (the rest), C 5;  C keeps 25 open
 *
 * Realized gross: A 10 × 123.75 = 1,237.50; B 5 × 88.85 = 444.25 and 15 × 80.25 = 1,203.75;
 * C 5 × 33.25 = 166.25; in all 3,051.75 (proceeds 74,204.75 − FIFO cost 71,153.00).
 * INFY: bought and sold the same day (09-Mar, the sell listed first), 8 @ 704.45: closed, gross 0.
 */
import fs from 'node:fs';
import path from 'node:path';
import Big from 'big.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HoldingDto, TradebookImportRejectedDto } from '@bazaar/shared/contract';
import { DEMO, loginSecondInvestor, useApi } from '../setup/test-api.js';
import { csvToWorkbook, DATA_DIR, plainCsvRows, sqlRows } from '../uploads/helpers.js';
import { createReference, firmWithBrokerage, holdingsExportCsv, indiaDatePlus, insertPrices } from './helpers.js';

type Answer = TradebookImportRejectedDto;

const DAYS = ['02MAR2020', '03MAR2020', '04MAR2020', '05MAR2020', '06MAR2020', '09MAR2020'];
const SYMBOLS = ['TCS', 'INFY', 'SBIN', 'RELIANCE'];

/** EQ closes of the symbols on the days, read from the real bhavcopies: close[symbol][YYYY-MM-DD]. */
function readCloses(): Record<string, Record<string, string>> {
  const closes: Record<string, Record<string, string>> = {};
  for (const day of DAYS) {
    const rows = plainCsvRows(fs.readFileSync(path.join(DATA_DIR, 'bhavcopy/legacy', `${day}.csv`), 'utf8'));
    for (const row of rows.slice(1)) {
      if (row[1] !== 'EQ' || !SYMBOLS.includes(row[0]!)) continue;
      const date = new Date(`${row[10]} UTC`).toISOString().slice(0, 10);
      (closes[row[0]!] ??= {})[date] = row[5]!;
    }
  }
  return closes;
}

const close = readCloses();
const ZERODHA_HEADER =
  'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time';

function zerodhaRow(
  symbol: string,
  date: string,
  side: 'buy' | 'sell',
  quantity: number,
  tradeId: string,
  price = close[symbol]![date]!,
): string {
  return `${symbol},INE000000000,${date},NSE,EQ,EQ,${side},false,${quantity}.000000,${price},${tradeId},12000${tradeId},${date}T10:15:00`;
}

/** The Zerodha file: BOM, CRLF line ends and trailing blank lines, as Console's downloads may have. */
const zerodhaLines = [
  ZERODHA_HEADER,
  zerodhaRow('TCS', '2020-03-02', 'buy', 10, '5001'),
  zerodhaRow('TCS', '2020-03-03', 'buy', 20, '5002'),
  zerodhaRow('TCS', '2020-03-04', 'buy', 30, '5003'),
  zerodhaRow('TCS', '2020-03-05', 'sell', 15, '5004'),
  zerodhaRow('TCS', '2020-03-06', 'sell', 20, '5005'),
  zerodhaRow('INFY', '2020-03-09', 'sell', 8, '5006'),
  zerodhaRow('INFY', '2020-03-09', 'buy', 8, '5007'),
];
const zerodhaCsv = `\uFEFF${zerodhaLines.join('\r\n')}\r\n\r\n\r\n`;

describe('tradebook import', () => {
  const api = useApi();
  let staff: string;
  let investor: string;
  let investor2: string;
  let ref: Awaited<ReturnType<typeof createReference>>;

  const send = (
    token: string,
    file: string | Buffer,
    options: { dryRun?: boolean; firm?: string; segment?: string; fileName?: string } = {},
  ) => {
    const form = new FormData();
    form.set('brokerageFirm', options.firm ?? ref.firm.name);
    form.set('segment', options.segment ?? ref.segment.name);
    form.set('file', new Blob([file]), options.fileName ?? 'tradebook.csv');
    return api.request<Answer>('POST', `/user/holding/import?dryRun=${options.dryRun ?? false}`, { token, body: form });
  };
  /** Row count and md5 of every row of the tables an import writes: equal means nothing was written. */
  const checksums = async () => {
    const result: Record<string, string> = {};
    for (const table of ['holdings', 'imported_trades']) {
      const [row] = await sqlRows<{ rows: number; digest: string | null }>(
        api.handle,
        `SELECT count(*)::int AS rows, md5(string_agg(t::text, '|' ORDER BY id)) AS digest FROM ${table} t`,
      );
      result[table] = `${row?.rows}:${row?.digest ?? ''}`;
    }
    return result;
  };
  const withoutIds = (rows: HoldingDto[] | undefined) => (rows ?? []).map(({ id: _id, ...rest }) => rest);

  beforeAll(async () => {
    staff = await api.login(DEMO.staff.username, DEMO.staff.password);
    investor = await api.login(DEMO.investor.username, DEMO.investor.password);
    const admin = await api.login(DEMO.admin.username, DEMO.admin.password);
    investor2 = await loginSecondInvestor(api, admin);
    ref = await firmWithBrokerage(api, staff, 'Tradebook', { amount: '20', percentage: '0.03', from: '2019-01-01' });
    await insertPrices(
      api,
      Object.entries(close).flatMap(([symbol, byDate]) =>
        Object.entries(byDate).map(([date, value]) => ({ symbol, date, close: value })),
      ),
    );
  });

  it('previews a Zerodha tradebook without writing anything', async () => {
    const before = await checksums();
    const preview = await send(investor, zerodhaCsv, { dryRun: true });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body).toMatchObject({ layout: 'ZERODHA_TRADEBOOK', dryRun: true, buys: 4, sells: 3, skipped: 0 });
    expect(preview.body.problems).toEqual([]);
    expect(preview.body.symbols).toEqual([
      { symbol: 'INFY', buys: 1, sells: 1, boughtQuantity: 8, soldQuantity: 8 },
      { symbol: 'TCS', buys: 3, sells: 2, boughtQuantity: 60, soldQuantity: 35 },
    ]);
    expect(preview.body.holdings).toHaveLength(6);
    expect(await checksums()).toEqual(before);
  });

  it('imports it: FIFO closes the oldest lots, splitting them as a partial sale does', async () => {
    const preview = await send(investor, zerodhaCsv, { dryRun: true });
    const committed = await send(investor, zerodhaCsv);
    expect(committed.status, committed.text).toBe(200);
    expect(committed.body).toMatchObject({ dryRun: false, buys: 4, sells: 3, skipped: 0, problems: [] });
    // the preview showed exactly what the commit wrote
    expect(withoutIds(committed.body.holdings)).toEqual(withoutIds(preview.body.holdings));

    const listed = await api.request<HoldingDto[]>('GET', '/user/holding', { token: investor });
    const rows = listed.body.map((h) => [
      h.symbol,
      h.creationDate,
      h.quantity,
      h.lotQuantity,
      h.price,
      h.status,
      h.sellPrice,
      h.sellingDate,
    ]);
    expect(rows).toEqual([
      ['INFY', '2020-03-09', 8, 8, '704.45', 'REALIZED', '704.45', '2020-03-09'],
      ['TCS', '2020-03-02', 10, 10, '2001.3', 'REALIZED', '2125.05', '2020-03-05'],
      ['TCS', '2020-03-03', 5, 20, '2036.2', 'REALIZED', '2125.05', '2020-03-05'],
      ['TCS', '2020-03-03', 15, 20, '2036.2', 'REALIZED', '2116.45', '2020-03-06'],
      ['TCS', '2020-03-04', 5, 30, '2083.2', 'REALIZED', '2116.45', '2020-03-06'],
      ['TCS', '2020-03-04', 25, 30, '2083.2', 'UNREALIZED', null, null],
    ]);
    expect(withoutIds(listed.body)).toEqual(withoutIds(committed.body.holdings));
    const realizedGross = listed.body
      .filter((h) => h.symbol === 'TCS' && h.status === 'REALIZED')
      .reduce((sum, h) => sum.plus(h.profitLoss.gross!), new Big(0));
    expect(realizedGross.toFixed(2)).toBe('3051.75');
    // charges per trade as for a hand-made partial sale: B's 5 sold of an order of 20 bear 5/20 of
    // its ₹20: 5 + 0.03 % × 10,181 (3.0543) = 8.0543; its sell: 20 + 0.03 % × 10,625.25 (3.187575)
    const bSold = listed.body.find((h) => h.symbol === 'TCS' && h.quantity === 5 && h.price === '2036.2')!;
    expect(bSold.profitLoss.buyCharges).toBe('8.0543');
    expect(bSold.profitLoss.sellCharges).toBe('23.187575');
  });

  it('skips every trade imported before: the same file again changes nothing', async () => {
    const before = await checksums();
    const again = await send(investor, zerodhaCsv);
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ buys: 0, sells: 0, skipped: 7, problems: [] });
    expect(await checksums()).toEqual(before);
  });

  it('reads the same tradebook as a workbook (xlsx), whatever its extension', async () => {
    const rows = zerodhaLines.map((line) => line.split(','));
    const preview = await send(investor2, csvToWorkbook(rows, 'xlsx'), { dryRun: true, fileName: 'tradebook.csv' });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body).toMatchObject({ buys: 4, sells: 3, skipped: 0, problems: [] });
  });

  it('refuses a file with problems by line and writes nothing', async () => {
    const future = indiaDatePlus(3);
    const generic = [
      'date,symbol,side,quantity,price,exchange,trade_id',
      `2020-03-09,TCS,SELL,100,${close.TCS!['2020-03-09']},NSE,G1`,
      `2020-03-09,ZOMATO,BUY,5,100,NSE,G2`,
      `2020-02-30,SBIN,BUY,5,${close.SBIN!['2020-03-02']},NSE,G3`,
      `2020-03-02,SBIN,BUY,5,12a,NSE,G4`,
      `${future},SBIN,BUY,5,${close.SBIN!['2020-03-02']},NSE,G5`,
      `2020-03-02,SBIN,BUY,5,${close.SBIN!['2020-03-02']},NSE,G6`,
      '',
    ].join('\n');
    const before = await checksums();
    for (const dryRun of [true, false]) {
      const refused = await send(investor, generic, { dryRun });
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.message).toBe('The tradebook has 5 problems; nothing was imported');
      expect(refused.body.problems).toEqual([
        { line: 2, message: 'Sell of 100 TCS on 2020-03-09: only 25 shares are held then at this firm and segment' },
        { line: 3, message: 'Unknown symbol ZOMATO: no prices are loaded for it' },
        { line: 4, column: 'date', value: '2020-02-30', message: 'date is not a date (YYYY-MM-DD)' },
        // the words of the holding form and POST /user/holding for the same value
        { line: 5, column: 'price', value: '12a', message: 'Price must be a number' },
        { line: 6, column: 'date', value: future, message: 'The buying date cannot be in the future' },
      ]);
      expect(refused.body.problemsTotal).toBe(5);
      expect(refused.body.details).toMatchObject({ problems: refused.body.problems });
      // nothing changes, so no holding is listed
      expect(refused.body.holdings).toEqual([]);
      expect(refused.body.holdingsTotal).toBe(0);
    }
    expect(await checksums()).toEqual(before);
  });

  it('refuses an unrecognised header, an unknown firm and a missing file', async () => {
    const before = await checksums();
    const header = await send(investor, 'when,what\n2020-03-02,TCS\n');
    expect(header.status).toBe(400);
    expect(header.body.problems?.[0]?.line).toBe(1);
    expect(header.body.problems?.[0]?.message).toMatch(/not a recognised header for "Import tradebook"/);
    const firm = await send(investor, zerodhaCsv, { firm: 'No Such Broking' });
    expect(firm.status).toBe(400);
    expect(firm.body.message).toBe("Brokerage firm 'No Such Broking' does not exist");
    const form = new FormData();
    form.set('brokerageFirm', String(ref.firm.id));
    form.set('segment', ref.segment.name);
    const noFile = await api.request<Answer>('POST', '/user/holding/import', { token: investor, body: form });
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toBe('No file was sent: add one part named "file"');
    expect(await checksums()).toEqual(before);
  });

  it('takes back its own holdings export (round trip), the firm named by id', async () => {
    const other = await createReference(api, staff, 'Roundtrip');
    const source = (await api.request<HoldingDto[]>('GET', '/user/holding', { token: investor })).body;
    // the export as the holdings table writes it, every column: plain numbers, YYYY-MM-DD dates, titles with units
    const exported = holdingsExportCsv(source, 'table', 'numbers');
    const imported = await send(investor, exported, { firm: String(other.firm.id), segment: other.segment.name });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body).toMatchObject({ layout: 'HOLDINGS_EXPORT', buys: 6, sells: 5, skipped: 0 });
    const shape = (rows: HoldingDto[]) =>
      rows.map((h) => [h.symbol, h.quantity, h.price, h.status, h.creationDate, h.sellPrice, h.sellingDate]);
    expect(shape(imported.body.holdings!)).toEqual(shape(source));
    const again = await send(investor, exported, { firm: String(other.firm.id), segment: other.segment.name });
    expect(again.body).toMatchObject({ buys: 0, sells: 0, skipped: 6 });
  });

  it('keeps each investor to their own: another investor sees none of it and imports the same file afresh', async () => {
    const theirs = await api.request<HoldingDto[]>('GET', '/user/holding', { token: investor2 });
    expect(theirs.body).toEqual([]);
    const imported = await send(investor2, zerodhaCsv);
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body).toMatchObject({ buys: 4, sells: 3, skipped: 0 });
    expect(imported.body.holdings).toHaveLength(6);
    const mine = await api.request<HoldingDto[]>('GET', `/user/holding?broker=${encodeURIComponent(ref.firm.name)}`, {
      token: investor,
    });
    expect(mine.body).toHaveLength(6);
  });
});
