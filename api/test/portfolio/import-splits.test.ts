/**
 * Tradebook import across a split and a bonus (docs/product/portfolio.md#corporate-actions), on
 * real data: the NSE bhavcopies of ../shared/data and its CF-CA-equities.csv, uploaded through the
 * real upload routes; every trade at that day's close, read from the files. Worked by hand:
 *
 * HDFCBANK, split ₹2 → ₹1 (factor 2) ex 19-Sep-2019; closes 18-Sep 2,187.75, 20-Sep 1,199.60:
 *   line 2  18-Sep BUY   5 @ 2,187.75  → 10 shares from the ex-date on
 *   line 3  20-Sep SELL 10 @ 1,199.60  → the lot, all of it (10 of that day's shares are the 5 bought)
 *   gross = 10 × 1,199.60 − 5 × 2,187.75 = 11,996.00 − 10,938.75 = 1,057.25
 *
 * UPL, bonus 1:2 (factor 1.5) ex 02-Jul-2019; closes 01-Jul 948.20, 02-Jul 656.15:
 *   line 4  01-Jul BUY   4 @ 948.20    → 6 shares from the ex-date on
 *   line 5  02-Jul SELL  3 @ 656.15    → 3 of the 6 (2 of the 4 bought); 3 stay open (the other 2)
 *   gross of the sold part = 3 × 656.15 − 2 × 948.20 = 1,968.45 − 1,896.40 = 72.05
 */
import fs from 'node:fs';
import path from 'node:path';
import Big from 'big.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatRupees } from '@bazaar/shared';
import type { HoldingDto, TradebookImportRejectedDto } from '@bazaar/shared/contract';
import { DEMO, useApi } from '../setup/test-api.js';
import { DATA_DIR, sqlRows, uploadRealDaysAndActions } from '../uploads/helpers.js';
import { addHolding, createReference, holdingsExportCsv } from './helpers.js';

const DAYS = ['01JUL2019', '02JUL2019', '18SEP2019', '19SEP2019', '20SEP2019'];

/** A symbol's EQ close of a bhavcopy day, read from the file. */
function close(day: string, symbol: string): string {
  const text = fs.readFileSync(path.join(DATA_DIR, 'bhavcopy/legacy', `${day}.csv`), 'utf8');
  const line = text.split('\n').find((row) => row.startsWith(`${symbol},EQ,`));
  if (!line) throw new Error(`${symbol} is not in ${day}`);
  return new Big(line.split(',')[5] as string).toFixed();
}

const HDFC_BUY = close('18SEP2019', 'HDFCBANK');
const HDFC_SELL = close('20SEP2019', 'HDFCBANK');
const UPL_BUY = close('01JUL2019', 'UPL');
const UPL_SELL = close('02JUL2019', 'UPL');
const UPL_NOW = close('20SEP2019', 'UPL');

const csv = (...rows: string[]) => ['date,symbol,side,quantity,price,exchange,trade_id', ...rows].join('\n');

describe('tradebook import after splits and bonuses (real data)', () => {
  const api = useApi();
  let investor: string;
  let ref: Awaited<ReturnType<typeof createReference>>;
  let stored: Awaited<ReturnType<typeof createReference>>;

  const send = (file: string, firm: string, segment: string, dryRun = false) => {
    const form = new FormData();
    form.set('brokerageFirm', firm);
    form.set('segment', segment);
    form.set('file', new Blob([file]), 'trades.csv');
    return api.request<TradebookImportRejectedDto>('POST', `/user/holding/import?dryRun=${dryRun}`, {
      token: investor,
      body: form,
    });
  };
  const checksum = async () =>
    sqlRows<{ rows: number; digest: string | null }>(
      api.handle,
      `SELECT count(*)::int AS rows, md5(string_agg(t::text, '|' ORDER BY id)) AS digest FROM holdings t`,
    );

  beforeAll(async () => {
    const staff = await api.login(DEMO.staff.username, DEMO.staff.password);
    investor = await api.login(DEMO.investor.username, DEMO.investor.password);
    await uploadRealDaysAndActions(api, staff, DAYS);
    ref = await createReference(api, staff, 'Splits');
    stored = await createReference(api, staff, 'Stored');
  }, 600_000);

  it('refuses more than the day’s shares, counted after the split, and writes nothing', async () => {
    const before = await checksum();
    const refused = await send(
      csv(`2019-09-18,HDFCBANK,BUY,5,${HDFC_BUY},NSE,h1`, `2019-09-20,HDFCBANK,SELL,11,${HDFC_SELL},NSE,h2`),
      ref.firm.name,
      ref.segment.name,
    );
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.problems).toEqual([
      { line: 3, message: 'Sell of 11 HDFCBANK on 2019-09-20: only 10 shares are held then at this firm and segment' },
    ]);
    expect(await checksum()).toEqual(before);
  });

  it('sells the day’s shares of lots bought before a split or a bonus; P&L as worked by hand', async () => {
    const file = csv(
      `2019-09-18,HDFCBANK,BUY,5,${HDFC_BUY},NSE,h1`,
      `2019-09-20,HDFCBANK,SELL,10,${HDFC_SELL},NSE,h2`,
      `2019-07-01,UPL,BUY,4,${UPL_BUY},NSE,u1`,
      `2019-07-02,UPL,SELL,3,${UPL_SELL},NSE,u2`,
    );
    const preview = await send(file, ref.firm.name, ref.segment.name, true);
    expect(preview.status, preview.text).toBe(200);
    const committed = await send(file, ref.firm.name, ref.segment.name);
    expect(committed.status, committed.text).toBe(200);
    expect(committed.body).toMatchObject({ buys: 2, sells: 2, skipped: 0, problems: [] });
    const withoutIds = (rows: HoldingDto[] | undefined) => (rows ?? []).map(({ id: _id, ...rest }) => rest);
    expect(withoutIds(committed.body.holdings)).toEqual(withoutIds(preview.body.holdings));

    const [hdfc, uplSold, uplOpen] = committed.body.holdings ?? [];
    expect(hdfc).toMatchObject({
      symbol: 'HDFCBANK',
      status: 'REALIZED',
      quantity: 10,
      tradedQuantity: 5,
      tradedPrice: HDFC_BUY,
      price: new Big(HDFC_BUY).div(2).toFixed(),
      sellPrice: HDFC_SELL,
      sellingDate: '2019-09-20',
      adjustments: [{ exDate: '2019-09-19', kind: 'split', factor: '2' }],
    });
    expect(hdfc?.profitLoss).toMatchObject({ invested: '10938.75', marketValue: '11996', gross: '1057.25' });

    expect(uplSold).toMatchObject({
      symbol: 'UPL',
      status: 'REALIZED',
      quantity: 3,
      tradedQuantity: 2,
      sellingDate: '2019-07-02',
      adjustments: [{ exDate: '2019-07-02', kind: 'bonus', factor: '1.5' }],
    });
    expect(uplSold?.profitLoss).toMatchObject({ invested: '1896.4', marketValue: '1968.45', gross: '72.05' });
    expect(uplOpen).toMatchObject({ symbol: 'UPL', status: 'UNREALIZED', quantity: 3, tradedQuantity: 2 });
    expect(uplOpen?.profitLoss).toMatchObject({
      invested: '1896.4',
      gross: new Big(UPL_NOW).times(3).minus('1896.4').toFixed(),
    });
  });

  it('closes a holding entered by hand before the split with a sell of the day’s shares', async () => {
    const held = await addHolding(api, investor, stored, {
      symbol: 'HDFCBANK',
      price: HDFC_BUY,
      quantity: 5,
      creationDate: '2019-09-18',
    });
    expect(held).toMatchObject({ quantity: 10, tradedQuantity: 5 });
    const answer = await send(
      csv(`2019-09-20,HDFCBANK,SELL,10,${HDFC_SELL},NSE,s1`),
      stored.firm.name,
      stored.segment.name,
    );
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.holdings).toHaveLength(1);
    expect(answer.body.holdings?.[0]).toMatchObject({
      id: held.id,
      status: 'REALIZED',
      quantity: 10,
      tradedQuantity: 5,
      sellPrice: HDFC_SELL,
    });
    expect(answer.body.holdings?.[0]?.profitLoss.gross).toBe('1057.25');
  });

  it('takes back its own export of those holdings: the trade as entered again, not the split twice', async () => {
    const listed = await api.request<HoldingDto[]>('GET', '/user/holding', { token: investor });
    const source = listed.body.filter((h) => h.brokerageFirm.id === ref.firm.id);
    expect(source.map((h) => h.quantity)).toEqual([10, 3, 3]);
    // the export as earlier versions of the holdings table wrote it (₹, dd-Mmm-yyyy), the trade's own columns
    const exported = holdingsExportCsv(source, 'trade', 'rupees');
    const target = await createReference(api, await api.login(DEMO.staff.username, DEMO.staff.password), 'Back');
    const imported = await send(exported, target.firm.name, target.segment.name);
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body).toMatchObject({ layout: 'HOLDINGS_EXPORT', buys: 3, sells: 2, problems: [] });
    const shape = (rows: HoldingDto[]) =>
      rows.map((h) => [
        h.symbol,
        h.status,
        h.quantity,
        h.tradedQuantity,
        formatRupees(h.price),
        h.creationDate,
        h.sellPrice,
        h.sellingDate,
        h.adjustments,
      ]);
    expect(shape(imported.body.holdings ?? [])).toEqual(shape(source));
    // the price as entered comes back from the export's paisa: HDFCBANK ₹1,093.88 × 2 (2,187.75 entered)
    expect(imported.body.holdings?.[0]?.tradedPrice).toBe('2187.76');
  });
});
