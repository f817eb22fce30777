/**
 * Index prices (UPLOAD_INDEX_PRICES, docs/product/uploads.md#index-prices) from the real files of
 * ../shared/data/nse/indices: the NIFTY 50 price index in NSE's historical layout as a spreadsheet
 * re-saved it (2-Jan-19, CRLF) and as NSE writes it (quoted, 02-Jan-2019: built here from the same
 * rows), the Total Return Index export (newest first, no newline at the end), and an
 * ind_close_all file of one day built from the real closes in NSE's documented layout. The closes
 * served must equal the files'; a bad row refuses the file; a re-upload changes nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IndexCloseDto, IndexSummaryDto } from '@bazaar/shared/contract';
import { DEMO, useApi } from '../setup/test-api.js';
import { insertPrices } from '../portfolio/helpers.js';
import { DATA_DIR, sqlRows } from '../uploads/helpers.js';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const read = (relative: string) => fs.readFileSync(path.join(DATA_DIR, 'indices', relative), 'utf8');

/** The price file's rows as [YYYY-MM-DD, close], read with a parser of this test's own. */
function priceRows(year: string): Array<[string, string]> {
  return read(`nifty50_price/${year}.csv`)
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [date, , , , close] = line.split(',') as [string, string, string, string, string];
      const [day, month, yy] = date.split('-') as [string, string, string];
      const iso = `20${yy}-${String(MONTHS.indexOf(month.toUpperCase()) + 1).padStart(2, '0')}-${day.padStart(2, '0')}`;
      return [iso, close];
    });
}

/** The TRI export's rows for a year range as [YYYY-MM-DD, value], oldest first. */
function triRows(from: string, to: string): Array<[string, string]> {
  return read('nifty50_tri/nifty50_tri.csv')
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.replace(/"/g, '').split(','))
    .map(([, date, value]) => {
      const [day, month, year] = date!.split(' ') as [string, string, string];
      return [
        `${year}-${String(MONTHS.indexOf(month.toUpperCase()) + 1).padStart(2, '0')}-${day.padStart(2, '0')}`,
        value!,
      ] as [string, string];
    })
    .filter(([date]) => date >= from && date <= to)
    .reverse();
}

/** A close as a number: the API keeps the file's digits ('14261.10'), a re-saved file drops zeros ('10792.5'). */
const valueOf = (rows: Array<{ date: string; close: string }> | Array<[string, string]>) =>
  rows.map((row) => (Array.isArray(row) ? [row[0], Number(row[1])] : [row.date, Number(row.close)]));

describe('index prices', () => {
  const api = useApi();
  let staff: string;

  const closes = (name: string, query = '') =>
    api.request<IndexCloseDto[]>('GET', `/public/indices/${encodeURIComponent(name)}/closes${query}`);
  const send = (file: string, index?: string) => {
    const form = new FormData();
    if (index !== undefined) form.append('index', index);
    form.append('file', new Blob([file]), 'index.csv');
    return api.request<{ message: string; inserted: number; updated: number; unchanged: number; rowsInFile: number }>(
      'POST',
      '/insight/staff/uploads/index-prices',
      { token: staff, body: form },
    );
  };

  beforeAll(async () => {
    staff = await api.login(DEMO.staff.username, DEMO.staff.password);
  });

  it('loads NSE’s historical layout as re-saved (2-Jan-19, CRLF), naming the index in the form', async () => {
    const answer = await send(read('nifty50_price/2019.csv'), 'Nifty 50');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ rowsInFile: 245, inserted: 245, updated: 0 });
    expect(answer.body.message).toBe(
      'Index prices: 245 closes of NIFTY 50 for 245 dates from 2019-01-01 to 2019-12-31 (245 new, 0 replaced)',
    );
    const served = await closes('NIFTY 50');
    expect(valueOf(served.body)).toEqual(valueOf(priceRows('2019')));
    // the 27-Oct-2019 Muhurat session is an index day (a Sunday)
    expect(served.body.find((row) => row.date === '2019-10-27')).toBeDefined();
    // the same file again changes nothing
    const again = await send(read('nifty50_price/2019.csv'), 'NIFTY 50');
    expect(again.body).toMatchObject({ inserted: 0, updated: 0, unchanged: 245 });
  });

  it('loads NSE’s own download (quoted fields, 02-Jan-2019) built from the real 2020 rows', async () => {
    const rows = read('nifty50_price/2020.csv')
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '');
    const quoted = rows.map((line, index) => {
      const cells = line.split(',');
      if (index > 0) {
        const [day, month, yy] = cells[0]!.split('-') as [string, string, string];
        cells[0] = `${day.padStart(2, '0')}-${month}-20${yy}`;
      }
      return cells.map((cell) => `"${cell}"`).join(',');
    });
    const answer = await send(quoted.join('\n'), 'NIFTY 50');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ inserted: 252 });
    const served = await closes('nifty 50', '?from=2020-01-01&to=2020-12-31');
    expect(valueOf(served.body)).toEqual(valueOf(priceRows('2020')));
    // the 1-Feb-2020 Budget Saturday
    expect(served.body.find((row) => row.date === '2020-02-01')).toBeDefined();
  });

  it('loads the Total Return Index export as NIFTY 50 TRI (newest first, no newline at the end)', async () => {
    const file = read('nifty50_tri/nifty50_tri.csv');
    expect(file.endsWith('\n')).toBe(false);
    const answer = await send(file);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.inserted).toBe(4_846);
    const served = await closes('NIFTY 50 TRI', '?from=2018-01-01&to=2020-12-31');
    expect(valueOf(served.body)).toEqual(valueOf(triRows('2018-01-01', '2020-12-31')));
    expect(served.body.find((row) => row.date === '2018-01-31')?.close).toBe('15065.82');
    const indices = await api.request<IndexSummaryDto[]>('GET', '/public/indices');
    expect(indices.body).toEqual([
      { name: 'NIFTY 50', firstDate: '2019-01-01', lastDate: '2020-12-31', days: 245 + 252 },
      { name: 'NIFTY 50 TRI', firstDate: '2005-01-03', lastDate: '2024-07-16', days: 4_846 },
    ]);
  });

  it('loads an ind_close_all file of one day (every index; "-" where a value is missing)', async () => {
    // NSE's documented layout, with NIFTY 50's real values of 31-Mar-2020 (PROVENANCE.md: close 8,597.75)
    const day = read('nifty50_price/2020.csv')
      .split(/\r?\n/)
      .find((line) => line.startsWith('31-Mar-20,'))!
      .split(',');
    const [open, high, low, price] = [day[1], day[2], day[3], day[4]];
    const date = '2020-03-31';
    const file = [
      'Index Name,Index Date,Open Index Value,High Index Value,Low Index Value,Closing Index Value,Points Change,Change(%),Volume,Turnover (Rs. Cr.),P/E,P/B,Div Yield',
      `Nifty 50,31-03-2020,${open},${high},${low},${price},129.00,1.52,870000000,35000.00,17.5,2.5,1.6`,
      'India VIX,31-03-2020,-,-,-,53.54,-3.68,-6.43,-,-,-,-,-',
    ].join('\n');
    const answer = await send(file);
    expect(answer.status, answer.text).toBe(200);
    // NIFTY 50 of that day was loaded above with the same values: unchanged; India VIX new
    expect(answer.body).toMatchObject({ inserted: 1, unchanged: 1 });
    expect(answer.body.message).toContain('2 closes of 2 indices');
    const vix = await closes('INDIA VIX');
    expect(vix.body).toEqual([{ date, close: '53.54' }]);
    const [stored] = await sqlRows<{ open: string | null }>(
      api.handle,
      "SELECT open::text AS open FROM index_closes WHERE index_name = 'INDIA VIX'",
    );
    expect(stored?.open).toBeNull();
  });

  it('refuses a bad row by line and writes nothing; a layout without its index named; an unknown index is 404', async () => {
    const before = await sqlRows<{ count: number }>(api.handle, 'SELECT count(*)::int AS count FROM index_closes');
    const bad = [
      'Date,Open,High,Low,Close,Shares Traded,Turnover (Rs. Cr)',
      '2-Jan-18,1,1,1,10000,1,1',
      '3-Jan-18,1,1,1,abc,1,1',
    ].join('\n');
    const refused = await send(bad, 'NIFTY 50');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      "The index prices file was not loaded: line 3, column Close: 'abc' is not a value above 0. Nothing was saved.",
    );
    const unnamed = await send(bad.split('\n').slice(0, 2).join('\n'));
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.message).toContain(
      'this layout does not name its index: send the index’s name in the "index" field',
    );
    expect(await sqlRows(api.handle, 'SELECT count(*)::int AS count FROM index_closes')).toEqual(before);
    const unknown = await closes('NIFTY BANK');
    expect(unknown.status).toBe(404);
    expect((unknown.body as unknown as { message: string }).message).toBe(
      "No closes of the index 'NIFTY BANK' are loaded",
    );
    expect((await closes('NIFTY 50', '?from=2020-02-30')).status).toBe(400);
  });

  it('gives a stock’s one-year beta and correlation against NIFTY 50, as computed here from the files (TCS, 2019)', async () => {
    // TCS's EQ closes of every legacy bhavcopy of 2019 (no split or bonus of TCS that year)
    const folder = path.join(DATA_DIR, 'bhavcopy/legacy');
    const stock: Array<[string, number]> = [];
    for (const name of fs.readdirSync(folder)) {
      const match = /^(\d\d)([A-Z]{3})2019\.csv$/.exec(name);
      if (!match) continue;
      const line = fs
        .readFileSync(path.join(folder, name), 'utf8')
        .split('\n')
        .find((row) => row.startsWith('TCS,EQ,'));
      if (line)
        stock.push([
          `2019-${String(MONTHS.indexOf(match[2]!) + 1).padStart(2, '0')}-${match[1]}`,
          Number(line.split(',')[5]),
        ]);
    }
    stock.sort(([a], [b]) => a.localeCompare(b));
    await insertPrices(
      api,
      stock.map(([date, close]) => ({ symbol: 'TCS', date, close: String(close) })),
    );
    await send(read('nifty50_price/2019.csv'), 'NIFTY 50');
    const index = priceRows('2019').map(([date, close]) => [date, Number(close)] as [string, number]);
    const indexOn = (date: string) => index.filter(([day]) => day <= date).at(-1);
    // on each TCS day after the first: its return and the index's over the same two days
    const pairs: Array<[number, number]> = [];
    for (let i = 1; i < stock.length; i++) {
      const before = indexOn(stock[i - 1]![0]);
      const now = indexOn(stock[i]![0]);
      if (!before || !now || before[0] === now[0]) continue;
      pairs.push([stock[i]![1] / stock[i - 1]![1] - 1, now[1] / before[1] - 1]);
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const ms = mean(pairs.map(([s]) => s));
    const mm = mean(pairs.map(([, m]) => m));
    const cov = pairs.reduce((sum, [s, m]) => sum + (s - ms) * (m - mm), 0);
    const varS = pairs.reduce((sum, [s]) => sum + (s - ms) ** 2, 0);
    const varM = pairs.reduce((sum, [, m]) => sum + (m - mm) ** 2, 0);
    const answer = await api.request<{ beta: string; correlation: string; days: number; from: string; to: string }>(
      'GET',
      '/public/indices/NIFTY%2050/beta?symbol=TCS',
    );
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({
      index: 'NIFTY 50',
      symbol: 'TCS',
      from: '2018-12-31',
      to: stock.at(-1)![0],
      beta: (cov / varM).toFixed(2),
      correlation: (cov / Math.sqrt(varS * varM)).toFixed(2),
      days: pairs.length,
    });
    expect(pairs.length).toBeGreaterThan(200);
  });
});
