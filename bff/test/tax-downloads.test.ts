/**
 * The Tax P&L page's files through the BFF (bff/src/http/tax-downloads.ts): the session cookie's user gets the
 * REST API's file streamed back with its type and name, nobody else's trades, and a clear 4xx for what is wrong.
 * Worked by hand: 10 TCS bought @100 on 2-May-2023 and sold @150 on 1-Aug-2024 (after 2-May-2024: long term) at a
 * firm without charges → sale 1,500, cost 1,000, gain 500 in FY 2024-25.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type GraphQLClient, useStack } from './setup/stack.js';
import { addHolding, createReference, insertPrices } from '../../api/test/portfolio/helpers.js';
import { DEMO } from '../../api/test/setup/test-api.js';

describe('tax files through the BFF', () => {
  const stack = useStack();
  let investor: GraphQLClient;

  beforeAll(async () => {
    const staffToken = await stack.api.login(DEMO.staff.username, DEMO.staff.password);
    const investorToken = await stack.api.login(DEMO.investor.username, DEMO.investor.password);
    const ref = await createReference(stack.api, staffToken, 'TaxFiles');
    await insertPrices(stack.api, [
      { symbol: 'TCS', date: '2023-05-02', close: '100' },
      { symbol: 'TCS', date: '2024-08-01', close: '150' },
    ]);
    await addHolding(stack.api, investorToken, ref, {
      symbol: 'TCS',
      price: '100',
      quantity: 10,
      creationDate: '2023-05-02',
      sellPrice: '150',
      sellingDate: '2024-08-01',
    });
    investor = await stack.clientAs('investor');
  });

  const download = (file: string, query: string, cookie: string | undefined) =>
    fetch(`${stack.bffUrl}/downloads/tax/${file}?${query}`, { headers: cookie ? { cookie } : {} });

  it('streams the tradewise CSV of the session’s user, with its name', async () => {
    const answer = await download('capital-gains.csv', 'financialYear=2024-25', investor.cookie());
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(answer.headers.get('content-disposition')).toMatch(/attachment; filename="?capital-gains.*2024-25.*\.csv/);
    const lines = (await answer.text()).trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    const cells = lines[1]!.split(',').map((cell) => cell.replace(/^"|"$/g, ''));
    expect(cells.slice(1, 2)).toEqual(['TCS']);
    // amounts as plain numbers with 2 decimals (docs/product/common.md#csv-exports)
    expect(cells.slice(3, 9)).toEqual(['Long term', '10', '2023-05-02', '2024-08-01', '1000.00', '1500.00']);
    expect(cells[12]).toBe('500.00');
  });

  it('streams Schedule 112A and the workbook', async () => {
    const schedule = await download('schedule-112a.csv', 'financialYear=2024-25', investor.cookie());
    expect(schedule.status).toBe(200);
    const rows = (await schedule.text()).trim().split(/\r?\n/);
    expect(rows[0]).toMatch(/^"?ISIN"?,/);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(/,"?1500\.00"?,"?1000\.00"?,"?1000\.00"?,"?No"?,/);

    const workbook = await download('capital-gains.xlsx', 'financialYear=2024-25', investor.cookie());
    expect(workbook.status).toBe(200);
    expect(workbook.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const bytes = new Uint8Array(await workbook.arrayBuffer());
    // a workbook is a zip archive: PK\3\4
    expect([...bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  });

  it('another user gets their own (empty) file, a visitor a 401, bad input a 4xx naming it', async () => {
    const staff = await stack.clientAs('staff');
    const theirs = await download('capital-gains.csv', 'financialYear=2024-25', staff.cookie());
    expect(theirs.status).toBe(200);
    expect((await theirs.text()).trim().split(/\r?\n/)).toHaveLength(1);

    const visitor = await download('capital-gains.csv', 'financialYear=2024-25', undefined);
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({ message: 'Please log in to download your tax files' });

    const year = await download('capital-gains.csv', 'financialYear=2024-2025', investor.cookie());
    expect(year.status).toBe(400);
    expect(JSON.stringify(await year.json())).toContain('2024-2025');

    const unknown = await download('passwords.csv', 'financialYear=2024-25', investor.cookie());
    expect(unknown.status).toBe(404);
    const extra = await download('capital-gains.csv', 'financialYear=2024-25&userId=1', investor.cookie());
    expect(extra.status).toBe(400);
    expect(await extra.json()).toEqual({
      message: 'Unknown parameter userId: only financialYear and brokerageFirm are taken',
    });
  });
});
