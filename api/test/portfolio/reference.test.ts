/** Brokerage firms, segments, charge types and the buy-sell list: staff CRUD, investor reads, 409s. */
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../setup/test-api.js';
import { addCharge, addHolding, createReference, insertPrices, type Firm, type Named } from './helpers.js';

describe('portfolio reference data', () => {
  const demo = useTestApi();

  it('creates, reads, updates and deletes a brokerage firm', async () => {
    const created = await demo.api.request<Firm>('POST', '/staff/brokerage-firms', {
      token: demo.staff,
      json: { name: 'Angel One', address: 'Andheri East, Mumbai', contactNumber: '9123456780' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Angel One',
      address: 'Andheri East, Mumbai',
      contactNumber: '9123456780',
    });
    const id = created.body.id;

    expect((await demo.api.request<Firm>('GET', `/staff/brokerage-firms/${id}`, { token: demo.staff })).body.name).toBe(
      'Angel One',
    );
    const list = await demo.api.request<Firm[]>('GET', '/staff/brokerage-firms', { token: demo.staff });
    expect(list.body.map((firm) => firm.name)).toContain('Angel One');

    // an id in the body does not choose the row: the path does
    const updated = await demo.api.request<Firm>('PUT', `/staff/brokerage-firms/${id}`, {
      token: demo.staff,
      json: { id: 999, name: 'Angel One Ltd', address: 'Andheri East, Mumbai', contactNumber: '9123456781' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, name: 'Angel One Ltd', contactNumber: '9123456781' });

    const deleted = await demo.api.request('DELETE', `/staff/brokerage-firms/${id}`, { token: demo.staff });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Broker deleted successfully!' });
    expect((await demo.api.request('GET', `/staff/brokerage-firms/${id}`, { token: demo.staff })).status).toBe(404);
    expect((await demo.api.request('DELETE', `/staff/brokerage-firms/${id}`, { token: demo.staff })).status).toBe(404);
  });

  it('answers the documented messages for an invalid firm and writes nothing', async () => {
    const before = (await demo.api.request<Firm[]>('GET', '/staff/brokerage-firms', { token: demo.staff })).body.length;
    const empty = await demo.api.request<{ message: string }>('POST', '/staff/brokerage-firms', {
      token: demo.staff,
      json: { name: ' ', address: '', contactNumber: '' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('Name is required!');
    expect(empty.body.message).toContain('Address is required!');
    expect(empty.body.message).toContain('Contact Number is required!');
    const badNumber = await demo.api.request<{ message: string }>('POST', '/staff/brokerage-firms', {
      token: demo.staff,
      json: { name: 'X', address: 'Y', contactNumber: '12345' },
    });
    expect(badNumber.status).toBe(400);
    expect(badNumber.body.message).toBe('Enter a valid Contact Number');
    expect((await demo.api.request<Firm[]>('GET', '/staff/brokerage-firms', { token: demo.staff })).body.length).toBe(
      before,
    );
  });

  it('refuses duplicate names regardless of case with 409', async () => {
    const first = await demo.api.request('POST', '/staff/segments', { token: demo.staff, json: { name: 'Commodity' } });
    expect(first.status).toBe(201);
    const again = await demo.api.request<{ message: string }>('POST', '/staff/segments', {
      token: demo.staff,
      json: { name: 'COMMODITY' },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("A segment named 'COMMODITY' already exists");
    const type = await demo.api.request('POST', '/staff/charge-types', {
      token: demo.staff,
      json: { name: 'Clearing charges' },
    });
    expect(type.status).toBe(201);
    expect(
      (await demo.api.request('POST', '/staff/charge-types', { token: demo.staff, json: { name: 'clearing charges' } }))
        .status,
    ).toBe(409);
  });

  it('segments and charge types: CRUD, and deletes answer text containing "successfully"', async () => {
    const segment = await demo.api.request<Named>('POST', '/staff/segments', {
      token: demo.staff,
      json: { name: 'Currency' },
    });
    const renamed = await demo.api.request<Named>('PUT', `/staff/segments/${segment.body.id}`, {
      token: demo.staff,
      json: { name: 'Currency Derivatives' },
    });
    expect(renamed.body).toEqual({ id: segment.body.id, name: 'Currency Derivatives' });
    const empty = await demo.api.request<{ message: string }>('POST', '/staff/segments', {
      token: demo.staff,
      json: { name: '' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Name is required!');
    const deleted = await demo.api.request('DELETE', `/staff/segments/${segment.body.id}`, { token: demo.staff });
    expect(deleted.status).toBe(200);
    expect(deleted.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(deleted.text).toBe('Segment Currency Derivatives deleted successfully');

    const type = await demo.api.request<Named>('POST', '/staff/charge-types', {
      token: demo.staff,
      json: { name: 'Turnover fee' },
    });
    const renamedType = await demo.api.request<Named>('PUT', `/staff/charge-types/${type.body.id}`, {
      token: demo.staff,
      json: { name: 'Turnover fees' },
    });
    expect(renamedType.body.name).toBe('Turnover fees');
    const deletedType = await demo.api.request('DELETE', `/staff/charge-types/${type.body.id}`, { token: demo.staff });
    expect(deletedType.text).toBe('Charge Type Turnover fees deleted successfully');
    expect(
      (await demo.api.request('PUT', `/staff/charge-types/${type.body.id}`, { token: demo.staff, json: { name: 'x' } }))
        .status,
    ).toBe(404);
  });

  it('refuses with 409 to delete a firm, segment or charge type in use, and keeps it', async () => {
    const { firm, segment, types } = await createReference(demo.api, demo.staff, 'InUse', ['Brokerage']);
    await addCharge(demo.api, demo.staff, firm, segment, {
      type: types.Brokerage as Named,
      side: 'BOTH',
      amount: '20',
      percentage: '0',
      from: '2024-01-01',
    });
    await insertPrices(demo.api, [{ symbol: 'INUSE', date: '2025-01-10', close: '100' }]);
    await addHolding(
      demo.api,
      demo.investor,
      { firm, segment },
      { symbol: 'INUSE', price: '100', quantity: 1, creationDate: '2025-01-10' },
    );

    const firmDelete = await demo.api.request<{ message: string }>('DELETE', `/staff/brokerage-firms/${firm.id}`, {
      token: demo.staff,
    });
    expect(firmDelete.status).toBe(409);
    expect(firmDelete.body.message).toBe(
      "Brokerage firm 'InUse Broking' is used by 1 holding and 1 charge; remove those first",
    );
    const segmentDelete = await demo.api.request<{ message: string }>('DELETE', `/staff/segments/${segment.id}`, {
      token: demo.staff,
    });
    expect(segmentDelete.status).toBe(409);
    expect(segmentDelete.body.message).toBe(
      "Segment 'InUse Equity' is used by 1 holding and 1 charge; remove those first",
    );
    // the screen removes the row only when the text says 'successfully'
    expect(segmentDelete.text).not.toContain('successfully');
    const typeDelete = await demo.api.request<{ message: string }>(
      'DELETE',
      `/staff/charge-types/${(types.Brokerage as Named).id}`,
      { token: demo.staff },
    );
    expect(typeDelete.status).toBe(409);
    expect(typeDelete.body.message).toBe("Charge type 'InUse Brokerage' is used by 1 charge; remove those first");

    expect((await demo.api.request('GET', `/staff/brokerage-firms/${firm.id}`, { token: demo.staff })).status).toBe(
      200,
    );
    expect((await demo.api.request('GET', `/staff/segments/${segment.id}`, { token: demo.staff })).status).toBe(200);
  });

  it('lists the buy/sell choices', async () => {
    const choices = await demo.api.request('GET', '/staff/buy-sell', { token: demo.staff });
    expect(choices.body).toEqual(['BUY', 'SELL', 'BOTH']);
  });

  it('lets investors read firms and segments but not write them', async () => {
    const firms = await demo.api.request<Firm[]>('GET', '/user/brokerage-firms', { token: demo.investor });
    expect(firms.status).toBe(200);
    const staffFirms = await demo.api.request<Firm[]>('GET', '/staff/brokerage-firms', { token: demo.staff });
    expect(firms.body).toEqual(staffFirms.body);
    const segments = await demo.api.request<Named[]>('GET', '/user/segments', { token: demo.investor });
    expect(segments.body.map((s) => s.name)).toContain('Commodity');

    expect((await demo.api.request('GET', '/staff/brokerage-firms', { token: demo.investor })).status).toBe(403);
    expect(
      (
        await demo.api.request('POST', '/staff/brokerage-firms', {
          token: demo.investor,
          json: { name: 'Mine', address: 'A', contactNumber: '9999999999' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await demo.api.request('POST', '/staff/segments', { token: demo.investor, json: { name: 'Mine' } })).status,
    ).toBe(403);
    expect((await demo.api.request('GET', '/user/segments')).status).toBe(401);
  });

  it('seeds real-looking reference data on the first start', async () => {
    const firms = await demo.api.request<Firm[]>('GET', '/staff/brokerage-firms', { token: demo.staff });
    expect(firms.body.map((firm) => firm.name)).toEqual(expect.arrayContaining(['Zerodha', 'Upstox', 'ICICI Direct']));
    const types = await demo.api.request<Named[]>('GET', '/staff/charge-types', { token: demo.staff });
    expect(types.body.map((type) => type.name)).toEqual(
      expect.arrayContaining(['Brokerage', 'STT', 'Exchange transaction charges', 'SEBI fees', 'Stamp duty', 'GST']),
    );
  });
});
