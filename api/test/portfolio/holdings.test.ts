/**
 * Holdings: add, edit, sell (whole and partial), delete; the holding rules (docs/product/portfolio.md#rules); current
 * prices from stock_prices (latest close of the equity series) and the batched price read.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { HoldingUpdateDto } from '@bazaar/shared/contract';
import { DEMO, useApi } from '../setup/test-api.js';
import { createReference, holdingPayload, indiaDatePlus, insertPrices, latestPricesBySymbol } from './helpers.js';
import type { HoldingBody } from './helpers.js';

type Holding = HoldingUpdateDto;

describe('holdings', () => {
  const api = useApi();
  let staff: string;
  let investor: string;
  let ref: Awaited<ReturnType<typeof createReference>>;
  const add = (body: HoldingBody, extra: Record<string, unknown> = {}) =>
    api.request<Holding>('POST', '/user/holding', {
      token: investor,
      json: { ...holdingPayload(ref.firm, ref.segment, body), ...extra },
    });
  const put = <T = Holding>(id: number, body: HoldingBody) =>
    api.request<T>('PUT', `/user/holding/${id}`, {
      token: investor,
      json: holdingPayload(ref.firm, ref.segment, body),
    });

  beforeAll(async () => {
    staff = await api.login(DEMO.staff.username, DEMO.staff.password);
    investor = await api.login(DEMO.investor.username, DEMO.investor.password);
    ref = await createReference(api, staff, 'Hold');
    await insertPrices(api, [
      // TATA: the EQ close of the latest day is the current price; older days and other series do not count
      { symbol: 'TATA', date: '2025-01-08', close: '900.10' },
      { symbol: 'TATA', date: '2025-01-09', close: '905.25' },
      { symbol: 'TATA', date: '2025-01-10', close: '910.55', series: 'EQ' },
      { symbol: 'TATA', date: '2025-01-13', close: '1.00', series: 'N1' },
      // BEONLY trades in the BE series only
      { symbol: 'BEONLY', date: '2025-01-10', close: '42.5', series: 'BE' },
      { symbol: 'BEONLY', date: '2025-01-09', close: '41', series: 'BE' },
      { symbol: 'INFRA', date: '2025-01-10', close: '250' },
    ]);
  });

  it('adds a holding with the current price, status and segment computed by the server', async () => {
    const created = await add(
      { symbol: 'tata', price: '880.5', quantity: 10, creationDate: '2025-01-06' },
      { currentPrice: '1', status: 'REALIZED', userId: 1 },
    );
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      symbol: 'TATA',
      currentPrice: '910.55',
      priceDate: '2025-01-10',
      price: '880.5',
      sellPrice: null,
      exchange: 'NSE',
      instrumentType: 'Hold Equity',
      quantity: 10,
      lotQuantity: 10,
      status: 'UNREALIZED',
      creationDate: '2025-01-06',
      sellingDate: null,
      brokerageFirm: { id: ref.firm.id, name: 'Hold Broking' },
    });
    // (910.55 − 880.5) × 10 = 300.5, no charges for this firm
    expect(created.body.profitLoss).toMatchObject({ gross: '300.5', charges: '0', net: '300.5', profitLoss: '300.5' });
  });

  it('uses the BE series when a symbol has no EQ prices', async () => {
    const created = await add({ symbol: 'BEONLY', price: '40', quantity: 1, creationDate: '2025-01-09' });
    expect(created.body).toMatchObject({ currentPrice: '42.5', priceDate: '2025-01-10' });
  });

  it('answers a clear 400 for a symbol without prices, and writes nothing', async () => {
    const before = (await api.request<Holding[]>('GET', '/user/holding', { token: investor })).body.length;
    const result = await add({ symbol: 'NOPRICE', price: '10', quantity: 1, creationDate: '2025-01-06' });
    expect(result.status).toBe(400);
    expect((result.body as unknown as { message: string }).message).toBe(
      'No prices are loaded for symbol NOPRICE; choose a symbol from the list',
    );
    expect((await api.request<Holding[]>('GET', '/user/holding', { token: investor })).body.length).toBe(before);
  });

  it('checks the holding rules with the documented messages', async () => {
    const message = async (body: Record<string, unknown>) => {
      const result = await api.request<{ message: string }>('POST', '/user/holding', { token: investor, json: body });
      expect(result.status).toBe(400);
      return result.body.message;
    };
    const valid = holdingPayload(ref.firm, ref.segment, {
      symbol: 'TATA',
      price: '100',
      quantity: 1,
      creationDate: '2025-01-06',
    });
    const all = await message({});
    for (const text of [
      'Symbol is required!',
      'Price is required!',
      'Exchange is required!',
      'Quantity is required!',
      ' Buying Date is required!',
    ]) {
      expect(all).toContain(text);
    }
    expect(await message({ ...valid, exchange: 'MCX' })).toBe('Exchange is required!');
    expect(await message({ ...valid, quantity: 0 })).toBe('Quantity must be at least 1');
    expect(await message({ ...valid, quantity: 1.5 })).toBe('Quantity must be a whole number');
    expect(await message({ ...valid, price: '0' })).toBe('Price must be greater than 0');
    expect(await message({ ...valid, price: '-5' })).toBe('Price must be greater than 0');
    // the holding form's date rules (shared holdingDateProblems), applied again here: the words written out, not the constants
    expect(await message({ ...valid, creationDate: indiaDatePlus(1) })).toBe('The buying date cannot be in the future');
    expect(await message({ ...valid, sellPrice: '120' })).toBe(' Selling Date is required!');
    expect(await message({ ...valid, sellPrice: '120', sellingDate: '2025-01-05' })).toBe(
      'The selling date cannot be before the buying date',
    );
    expect(await message({ ...valid, sellPrice: '120', sellingDate: indiaDatePlus(2) })).toBe(
      'The selling date cannot be in the future',
    );
    expect(await message({ ...valid, sellingDate: '2025-01-07' })).toBe(
      'A selling date needs a sell price other than 0',
    );
    expect(await message({ ...valid, brokerageFirm: { id: 987654 } })).toBe('Brokerage firm 987654 does not exist');
    expect(await message({ ...valid, instrumentType: 'Nope' })).toBe("Segment 'Nope' does not exist");
  });

  it('treats a sell price of 0 as not sold', async () => {
    const created = await add({
      symbol: 'INFRA',
      price: '200',
      quantity: 2,
      creationDate: '2025-01-06',
      sellPrice: '0',
    });
    expect(created.body).toMatchObject({ status: 'UNREALIZED', sellPrice: null, sellingDate: null });
  });

  it('edits a holding: every field from the form, status recomputed', async () => {
    const created = await add({ symbol: 'INFRA', price: '200', quantity: 4, creationDate: '2025-01-06' });
    const id = created.body.id;
    const bought = { symbol: 'TATA', price: '890', quantity: 6, creationDate: '2025-01-07' };
    const edited = await put(id, { ...bought, exchange: 'BSE' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id,
      symbol: 'TATA',
      price: '890',
      quantity: 6,
      lotQuantity: 6,
      exchange: 'BSE',
      creationDate: '2025-01-07',
      status: 'UNREALIZED',
      remainingHolding: null,
    });
    // editing a sold holding back to no sell price reopens it
    const sold = await put(id, { ...bought, sellPrice: '905', sellingDate: '2025-01-09' });
    expect(sold.body.status).toBe('REALIZED');
    const reopened = await put(id, { ...bought, sellPrice: null, sellingDate: null });
    expect(reopened.body).toMatchObject({ status: 'UNREALIZED', sellPrice: null, sellingDate: null });
  });

  it('sells part of a holding: this row realized, the rest a new open row', async () => {
    const created = await add({ symbol: 'TATA', price: '800', quantity: 10, creationDate: '2025-01-02' });
    const id = created.body.id;
    // a sale changes only the sell side: a different buy price or symbol in the body is ignored
    const sale = await put(id, {
      symbol: 'INFRA',
      price: '1',
      quantity: 4,
      creationDate: '2025-01-02',
      sellPrice: '905.25',
      sellingDate: '2025-01-09',
    });
    expect(sale.status, sale.text).toBe(200);
    expect(sale.body).toMatchObject({
      id,
      symbol: 'TATA',
      price: '800',
      quantity: 4,
      lotQuantity: 10,
      status: 'REALIZED',
      sellPrice: '905.25',
      sellingDate: '2025-01-09',
    });
    // realized gross (905.25 − 800) × 4 = 421
    expect(sale.body.profitLoss.gross).toBe('421');
    const rest = sale.body.remainingHolding as Holding;
    expect(rest).toMatchObject({
      symbol: 'TATA',
      price: '800',
      quantity: 6,
      lotQuantity: 10,
      status: 'UNREALIZED',
      creationDate: '2025-01-02',
      sellPrice: null,
    });
    expect(rest.id).not.toBe(id);
    // open gross (910.55 − 800) × 6 = 663.3
    expect(rest.profitLoss.gross).toBe('663.3');

    const list = await api.request<Holding[]>('GET', `/user/holding/${encodeURIComponent('Hold Equity')}`, {
      token: investor,
    });
    expect(list.body.filter((h) => h.id === id || h.id === rest.id).map((h) => [h.quantity, h.status])).toEqual([
      [4, 'REALIZED'],
      [6, 'UNREALIZED'],
    ]);
  });

  it('sells a whole holding without a split, and refuses to sell more than held', async () => {
    const created = await add({ symbol: 'TATA', price: '800', quantity: 3, creationDate: '2025-01-02' });
    const id = created.body.id;
    const tooMany = await put<{ message: string }>(id, {
      symbol: 'TATA',
      price: '800',
      quantity: 4,
      creationDate: '2025-01-02',
      sellPrice: '900',
      sellingDate: '2025-01-09',
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('You cannot sell 4 shares: only 3 are held');
    const unchanged = (await api.request<Holding[]>('GET', '/user/holding', { token: investor })).body.find(
      (h) => h.id === id,
    );
    expect(unchanged).toMatchObject({ quantity: 3, status: 'UNREALIZED' });

    const all = await put(id, {
      symbol: 'TATA',
      price: '800',
      quantity: 3,
      creationDate: '2025-01-02',
      sellPrice: '900',
      sellingDate: '2025-01-09',
    });
    expect(all.body).toMatchObject({ quantity: 3, lotQuantity: 3, status: 'REALIZED', remainingHolding: null });
  });

  it('lists holdings by segment and firm, 404 for an unknown segment', async () => {
    const bySegment = await api.request<Holding[]>('GET', '/user/holding/hold%20equity', { token: investor });
    expect(bySegment.status).toBe(200);
    expect(bySegment.body.length).toBeGreaterThan(0);
    expect(bySegment.body.every((h) => h.instrumentType === 'Hold Equity')).toBe(true);
    const byFirm = await api.request<Holding[]>('GET', '/user/holding/Hold%20Equity?broker=hold%20broking', {
      token: investor,
    });
    expect(byFirm.body.length).toBe(bySegment.body.length);
    const otherFirm = await api.request<Holding[]>('GET', '/user/holding/Hold%20Equity?broker=Zerodha', {
      token: investor,
    });
    expect(otherFirm.body).toEqual([]);
    const unknown = await api.request<{ message: string }>('GET', '/user/holding/Nothing', { token: investor });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Segment 'Nothing' does not exist");
  });

  it('deletes a holding', async () => {
    const created = await add({ symbol: 'INFRA', price: '200', quantity: 1, creationDate: '2025-01-06' });
    const deleted = await api.request('DELETE', `/user/holding/${created.body.id}`, { token: investor });
    expect(deleted.body).toEqual({ message: 'Holding deleted successfully!' });
    expect((await api.request('DELETE', `/user/holding/${created.body.id}`, { token: investor })).status).toBe(404);
  });

  it('reads current prices of many symbols in one call, with the change from the day before', async () => {
    const bySymbol = await latestPricesBySymbol(api, investor, 'TATA,beonly,INFRA,NOPRICE');
    // 910.55 − 905.25 = 5.3; 42.5 − 41 = 1.5
    expect(bySymbol.TATA).toMatchObject({
      closePrice: '910.55',
      tradeDate: '2025-01-10',
      previousClose: '905.25',
      change: '5.3',
    });
    expect(bySymbol.BEONLY).toMatchObject({ closePrice: '42.5', previousClose: '41', change: '1.5' });
    expect(bySymbol.INFRA).toMatchObject({ closePrice: '250', previousClose: null, change: null });
    expect(bySymbol.NOPRICE).toBeUndefined();
    expect((await api.request('GET', '/user/current-prices', { token: investor })).body).toEqual([]);
    const tooMany = await api.request(
      'GET',
      `/user/current-prices?symbols=${Array.from({ length: 501 }, (_, i) => `S${i}`).join(',')}`,
      { token: investor },
    );
    expect(tooMany.status).toBe(400);
  });

  it('searches priced symbols for the dropdown, prefix matches first', async () => {
    await insertPrices(api, [{ symbol: 'ULTRATATA', date: '2025-01-10', close: '10' }]);
    const found = await api.request<Array<{ symbol: string; closePrice: string }>>(
      'GET',
      '/user/current-prices/search?q=tat',
      { token: investor },
    );
    expect(found.body.map((p) => p.symbol)).toEqual(['TATA', 'ULTRATATA']);
    expect(found.body[0]?.closePrice).toBe('910.55');
    const limited = await api.request<unknown[]>('GET', '/user/current-prices/search?q=&limit=2', { token: investor });
    expect(limited.body).toHaveLength(2);
    // LIKE wildcards in the text are matched literally
    expect(
      (await api.request<unknown[]>('GET', '/user/current-prices/search?q=%25', { token: investor })).body,
    ).toEqual([]);
  });
});
