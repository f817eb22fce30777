/** /staff/charges: CRUD with whole objects, the documented messages, duplicate rules, bad references. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChargeDto } from '@bazaar/shared/contract';
import { useTestApi } from '../setup/test-api.js';
import { createReference } from './helpers.js';

type Charge = ChargeDto;
/** The fields whose absence docs/product/portfolio.md names, as it names them. */
const REQUIRED = [
  'Brokerage Firm',
  'Charge Type',
  'Segment',
  'Amount',
  'Percentage',
  'Exchange',
  'Buy/Sell',
  'EffectiveDate',
];

describe('charges', () => {
  const demo = useTestApi();
  let ref: Awaited<ReturnType<typeof createReference>>;

  beforeAll(async () => {
    ref = await createReference(demo.api, demo.staff, 'Chg', ['Brokerage', 'STT']);
  });

  /** The rule's own fields, as sent and as answered. */
  const RULE = {
    amount: '20',
    percentage: '0.03',
    description: 'Per executed order',
    exchange: 'NSE',
    onBuySell: 'BOTH',
    effectiveDate: '2024-10-01',
  };
  const body = (overrides: Record<string, unknown> = {}) => ({
    brokerageFirm: ref.firm,
    chargeType: ref.types.Brokerage,
    segment: ref.segment,
    ...RULE,
    ...overrides,
  });

  it('creates a charge from whole objects and answers it with whole objects', async () => {
    const created = await demo.api.request<Charge>('POST', '/staff/charges', { token: demo.staff, json: body() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      brokerageFirm: {
        id: ref.firm.id,
        name: 'Chg Broking',
        address: '1 MG Road, Bengaluru',
        contactNumber: '9876543210',
      },
      chargeType: { id: ref.types.Brokerage?.id, name: 'Chg Brokerage' },
      segment: { id: ref.segment.id, name: 'Chg Equity' },
      ...RULE,
    });
    const one = await demo.api.request<Charge>('GET', `/staff/charges/${created.body.id}`, { token: demo.staff });
    expect(one.body).toEqual(created.body);
    const list = await demo.api.request<Charge[]>('GET', '/staff/charges', { token: demo.admin });
    expect(list.body.find((charge) => charge.id === created.body.id)).toEqual(created.body);
  });

  it('accepts references by name, and the PUT payload with an id and whole objects', async () => {
    const created = await demo.api.request<Charge>('POST', '/staff/charges', {
      token: demo.staff,
      json: body({
        brokerageFirm: { name: 'chg broking' },
        chargeType: { name: 'Chg STT' },
        segment: { name: 'Chg Equity' },
        amount: 0,
        percentage: 0.1,
        onBuySell: 'SELL',
      }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      chargeType: { name: 'Chg STT' },
      amount: '0',
      percentage: '0.1',
      onBuySell: 'SELL',
    });

    const updated = await demo.api.request<Charge>('PUT', `/staff/charges/${created.body.id}`, {
      token: demo.staff,
      json: { ...created.body, id: 424242, percentage: '0.125', description: null, effectiveDate: '2025-01-01' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: created.body.id,
      percentage: '0.125',
      description: null,
      effectiveDate: '2025-01-01',
    });
    expect((await demo.api.request('GET', '/staff/charges/424242', { token: demo.staff })).status).toBe(404);
  });

  it('answers each of the documented required messages', async () => {
    const result = await demo.api.request<{ message: string }>('POST', '/staff/charges', {
      token: demo.staff,
      json: {},
    });
    expect(result.status).toBe(400);
    for (const field of REQUIRED) {
      expect(result.body.message).toContain(`${field} is required!`);
    }
  });

  it('refuses negative rates, unknown exchanges and references, and writes nothing', async () => {
    const before = (await demo.api.request<Charge[]>('GET', '/staff/charges', { token: demo.staff })).body.length;
    const negative = await demo.api.request<{ message: string }>('POST', '/staff/charges', {
      token: demo.staff,
      json: body({ amount: '-1' }),
    });
    expect(negative.status).toBe(400);
    expect(negative.body.message).toBe('Amount must not be negative');
    const exchange = await demo.api.request<{ message: string }>('POST', '/staff/charges', {
      token: demo.staff,
      json: body({ exchange: 'MCX' }),
    });
    expect(exchange.body.message).toBe('Exchange is required!');
    const side = await demo.api.request<{ message: string }>('POST', '/staff/charges', {
      token: demo.staff,
      json: body({ onBuySell: 'HOLD' }),
    });
    expect(side.body.message).toBe('Buy/Sell is required!');
    const missingFirm = await demo.api.request<{ message: string }>('POST', '/staff/charges', {
      token: demo.staff,
      json: body({ brokerageFirm: { id: 987654 } }),
    });
    expect(missingFirm.status).toBe(400);
    expect(missingFirm.body.message).toBe('Brokerage firm 987654 does not exist');
    const missingType = await demo.api.request<{ message: string }>('POST', '/staff/charges', {
      token: demo.staff,
      json: body({ chargeType: { name: 'Nope' } }),
    });
    expect(missingType.body.message).toBe("Charge type 'Nope' does not exist");
    const badDate = await demo.api.request<{ message: string }>('POST', '/staff/charges', {
      token: demo.staff,
      json: body({ effectiveDate: '2025-02-30' }),
    });
    expect(badDate.body.message).toBe('Effective date must be a date (YYYY-MM-DD)');
    expect((await demo.api.request<Charge[]>('GET', '/staff/charges', { token: demo.staff })).body.length).toBe(before);
  });

  it('refuses a second rule of the same kind, side and start date with 409', async () => {
    const first = await demo.api.request('POST', '/staff/charges', {
      token: demo.staff,
      json: body({ effectiveDate: '2023-04-01' }),
    });
    expect(first.status).toBe(201);
    const again = await demo.api.request<{ message: string }>('POST', '/staff/charges', {
      token: demo.staff,
      json: body({ effectiveDate: '2023-04-01', amount: '15' }),
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already starts on this effective date/);
    // another side on the same date is a different rule
    expect(
      (
        await demo.api.request('POST', '/staff/charges', {
          token: demo.staff,
          json: body({ effectiveDate: '2023-04-01', onBuySell: 'BUY' }),
        })
      ).status,
    ).toBe(201);
  });

  it('deletes a charge', async () => {
    const created = await demo.api.request<Charge>('POST', '/staff/charges', {
      token: demo.staff,
      json: body({ effectiveDate: '2022-01-01' }),
    });
    const deleted = await demo.api.request('DELETE', `/staff/charges/${created.body.id}`, { token: demo.staff });
    expect(deleted.body).toEqual({ message: 'Charge deleted successfully!' });
    expect((await demo.api.request('GET', `/staff/charges/${created.body.id}`, { token: demo.staff })).status).toBe(
      404,
    );
  });
});
