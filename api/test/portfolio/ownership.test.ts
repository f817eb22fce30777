/**
 * Ownership matrix: investor A against investor B's holding for every verb. Never visible, never
 * changed; ids and owners in a payload never move a holding to someone else.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { HoldingDto } from '@bazaar/shared/contract';
import { createInvestor, DEMO, type NewInvestor, useApi } from '../setup/test-api.js';
import { createReference, holdingPayload, insertPrices } from './helpers.js';

const BOB: NewInvestor = {
  firstName: 'Bob',
  lastName: 'B',
  username: 'bob',
  email: 'bob@example.com',
  password: 'Bob@12345',
};

type Holding = HoldingDto;

describe('holdings belong to their owner', () => {
  const api = useApi();
  let alice: string;
  let bob: string;
  let bobId: number;
  let bobsHolding: Holding;
  let ref: Awaited<ReturnType<typeof createReference>>;
  const payload = (extra: Record<string, unknown> = {}) => ({
    ...holdingPayload(ref.firm, ref.segment, { symbol: 'OWN', price: '100', quantity: 10, creationDate: '2025-01-06' }),
    ...extra,
  });
  const bobsView = async () => (await api.request<Holding[]>('GET', '/user/holding', { token: bob })).body;

  beforeAll(async () => {
    const admin = await api.login(DEMO.admin.username, DEMO.admin.password);
    const staff = await api.login(DEMO.staff.username, DEMO.staff.password);
    bobId = await createInvestor(api, admin, BOB);
    alice = await api.login(DEMO.investor.username, DEMO.investor.password);
    bob = await api.login(BOB.username, BOB.password);
    ref = await createReference(api, staff, 'Own');
    await insertPrices(api, [{ symbol: 'OWN', date: '2025-01-10', close: '120' }]);
    bobsHolding = (await api.request<Holding>('POST', '/user/holding', { token: bob, json: payload() })).body;
  });

  it("never lists B's holding to A", async () => {
    expect(
      (await api.request<Holding[]>('GET', '/user/holding', { token: alice })).body.map((h) => h.id),
    ).not.toContain(bobsHolding.id);
    expect((await api.request<Holding[]>('GET', '/user/holding/Own%20Equity', { token: alice })).body).toEqual([]);
    const summary = await api.request<{ totals: { holdings: number } }>('GET', '/user/portfolio/summary', {
      token: alice,
    });
    expect(summary.body.totals.holdings).toBe(0);
    expect((await api.request<unknown[]>('GET', '/user/portfolio/alerts', { token: alice })).body).toEqual([]);
  });

  it("answers 404 to A for every write on B's holding, and changes nothing", async () => {
    const before = await bobsView();
    const edit = await api.request<{ message: string }>('PUT', `/user/holding/${bobsHolding.id}`, {
      token: alice,
      json: payload({ quantity: 1 }),
    });
    expect(edit.status).toBe(404);
    expect(edit.body.message).toBe(`Holding ${bobsHolding.id} was not found`);
    const sale = await api.request('PUT', `/user/holding/${bobsHolding.id}`, {
      token: alice,
      json: payload({ quantity: 5, sellPrice: '130', sellingDate: '2025-01-09' }),
    });
    expect(sale.status).toBe(404);
    const remove = await api.request('DELETE', `/user/holding/${bobsHolding.id}`, { token: alice });
    expect(remove.status).toBe(404);
    // the same answer as for an id that does not exist at all
    expect((await api.request('DELETE', '/user/holding/987654', { token: alice })).status).toBe(404);
    expect(await bobsView()).toEqual(before);
  });

  it('ignores ids and owners in a payload', async () => {
    const created = await api.request<Holding>('POST', '/user/holding', {
      token: alice,
      json: payload({ id: bobsHolding.id, userId: bobId, user: { id: bobId } }),
    });
    expect(created.status).toBe(201);
    expect(created.body.id).not.toBe(bobsHolding.id);
    expect((await api.request<Holding[]>('GET', '/user/holding', { token: alice })).body.map((h) => h.id)).toContain(
      created.body.id,
    );
    expect((await bobsView()).map((h) => h.id)).toEqual([bobsHolding.id]);

    const edited = await api.request<Holding>('PUT', `/user/holding/${created.body.id}`, {
      token: alice,
      json: payload({ id: bobsHolding.id, userId: bobId, quantity: 7 }),
    });
    expect(edited.body).toMatchObject({ id: created.body.id, quantity: 7 });
    expect((await bobsView()).map((h) => [h.id, h.quantity])).toEqual([[bobsHolding.id, 10]]);

    // a partial sale's new row belongs to the seller too
    const sold = await api.request<Holding & { remainingHolding: Holding }>('PUT', `/user/holding/${created.body.id}`, {
      token: alice,
      json: payload({ userId: bobId, quantity: 3, sellPrice: '125', sellingDate: '2025-01-09' }),
    });
    expect((await api.request<Holding[]>('GET', '/user/holding', { token: alice })).body.map((h) => h.id)).toContain(
      sold.body.remainingHolding.id,
    );
    expect((await bobsView()).map((h) => h.id)).toEqual([bobsHolding.id]);
  });

  it('requires a login for every holding route', async () => {
    expect((await api.request('GET', '/user/holding')).status).toBe(401);
    expect((await api.request('POST', '/user/holding', { json: payload() })).status).toBe(401);
    expect((await api.request('PUT', `/user/holding/${bobsHolding.id}`, { json: payload() })).status).toBe(401);
    expect((await api.request('DELETE', `/user/holding/${bobsHolding.id}`)).status).toBe(401);
  });
});
