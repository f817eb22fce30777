/**
 * Companies: staff add, edit and delete under /staff/stocks with the screen's messages; everyone
 * reads /public/stocks; investors and visitors are kept out of the staff routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestApi, type TestApi } from '../setup/test-api.js';

describe('companies', () => {
  let api: TestApi;
  let staff: string;
  let investor: string;

  beforeAll(async () => {
    api = await startTestApi();
    staff = await api.login(DEMO.staff.username, DEMO.staff.password);
    investor = await api.login(DEMO.investor.username, DEMO.investor.password);
  });
  afterAll(async () => api.close());

  const company = {
    companyName: 'Alpha Industries Limited',
    industry: 'Textiles',
    symbol: 'alpha',
    series: 'eq',
    isinCode: 'INE000A01011',
    paidUpValue: '10',
    dateOfListing: '2001-05-14',
    marketLot: 1,
    faceValue: '10',
  };

  it('staff add, edit and delete; everyone reads', async () => {
    const created = await api.request<{ id: number; symbol: string; series: string }>('POST', '/staff/stocks', {
      token: staff,
      json: company,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      symbol: 'ALPHA',
      series: 'EQ',
      companyName: 'Alpha Industries Limited',
      paidUpValue: '10',
      marketLot: 1,
    });
    const id = created.body.id;

    const list = await api.request<Array<{ symbol: string }>>('GET', '/public/stocks');
    expect(list.body.map((row) => row.symbol)).toContain('ALPHA');
    const one = await api.request<Array<{ id: number }>>('GET', '/public/stocks?symbol=Alpha');
    expect(one.body.map((row) => row.id)).toEqual([id]);

    const duplicate = await api.request<{ message: string }>('POST', '/staff/stocks', {
      token: staff,
      json: company,
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('A company with symbol ALPHA already exists');

    const edited = await api.request<{ industry: string }>('PUT', `/staff/stocks/${id}`, {
      token: staff,
      json: { ...company, industry: 'Apparel' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.industry).toBe('Apparel');

    const deleted = await api.request<{ message: string }>('DELETE', `/staff/stocks/${id}`, { token: staff });
    expect(deleted.body.message).toBe('Company ALPHA deleted successfully');
    expect((await api.request('DELETE', `/staff/stocks/${id}`, { token: staff })).status).toBe(404);
    expect((await api.request('PUT', `/staff/stocks/${id}`, { token: staff, json: company })).status).toBe(404);
  });

  it('answers the spec’s messages for missing fields and writes nothing', async () => {
    const before = (await api.request<unknown[]>('GET', '/public/stocks')).body.length;
    const response = await api.request<{ message: string }>('POST', '/staff/stocks', {
      token: staff,
      json: { ...company, companyName: '', dateOfListing: undefined },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('Company Name is required!');
    expect(response.body.message).toContain('Date Of Listing is required!');
    expect((await api.request<unknown[]>('GET', '/public/stocks')).body.length).toBe(before);
  });

  it('keeps investors and visitors out of the staff routes', async () => {
    expect((await api.request('POST', '/staff/stocks', { token: investor, json: company })).status).toBe(403);
    expect((await api.request('POST', '/staff/stocks', { json: company })).status).toBe(401);
    expect((await api.request('DELETE', '/staff/stocks/1')).status).toBe(401);
  });
});
