/** Financial instrument types: administrators keep them; staff read them; investors neither. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FinancialInstrumentDto } from '@bazaar/shared/contract';
import { DEMO, useApi } from '../setup/test-api.js';

type Instrument = FinancialInstrumentDto;

describe('financial instrument types', () => {
  const api = useApi();
  let admin: string;
  let staff: string;
  let investor: string;

  beforeAll(async () => {
    admin = await api.login(DEMO.admin.username, DEMO.admin.password);
    staff = await api.login(DEMO.staff.username, DEMO.staff.password);
    investor = await api.login(DEMO.investor.username, DEMO.investor.password);
  });

  it('creates, lists, updates and deletes', async () => {
    const created = await api.request<Instrument>('POST', '/admin/financial-instruments', {
      token: admin,
      json: { type: 'REIT', description: 'Real estate investment trust units' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: 'REIT', description: 'Real estate investment trust units' });
    const list = await api.request<Instrument[]>('GET', '/admin/financial-instruments', { token: admin });
    expect(list.body.map((i) => i.type)).toContain('REIT');
    // the seeded list is there too
    expect(list.body.map((i) => i.type)).toEqual(expect.arrayContaining(['Equity', 'ETF']));
    expect((await api.request<Instrument[]>('GET', '/staff/financial-instruments', { token: staff })).body).toEqual(
      list.body,
    );

    const updated = await api.request<Instrument>('PUT', `/admin/financial-instruments/${created.body.id}`, {
      token: admin,
      json: { type: 'InvIT', description: '' },
    });
    expect(updated.body).toEqual({ id: created.body.id, type: 'InvIT', description: null });
    const deleted = await api.request('DELETE', `/admin/financial-instruments/${created.body.id}`, { token: admin });
    expect(deleted.body).toEqual({ message: 'Financial instrument InvIT deleted successfully' });
    expect((await api.request('GET', `/admin/financial-instruments/${created.body.id}`, { token: admin })).status).toBe(
      404,
    );
  });

  it('requires a type with the documented message and refuses duplicates', async () => {
    const empty = await api.request<{ message: string }>('POST', '/admin/financial-instruments', {
      token: admin,
      json: { type: '  ', description: 'x' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Type is required!');
    const duplicate = await api.request<{ message: string }>('POST', '/admin/financial-instruments', {
      token: admin,
      json: { type: 'etf' },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe("A financial instrument type 'etf' already exists");
  });

  it('is for administrators only; staff may read', async () => {
    expect(
      (await api.request('POST', '/admin/financial-instruments', { token: staff, json: { type: 'X' } })).status,
    ).toBe(403);
    expect((await api.request('GET', '/admin/financial-instruments', { token: staff })).status).toBe(403);
    expect((await api.request('GET', '/staff/financial-instruments', { token: investor })).status).toBe(403);
  });
});
