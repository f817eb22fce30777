/**
 * Contact Us through REST: messages are validated with the shared validation messages, stored (multi-line text
 * intact), readable by staff and administrators only, and limited per client address. The mail
 * outbox is for administrators only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.js';
import type { ContactMessageDto } from '@bazaar/shared/contract';
import { DEMO, useApi } from '../setup/test-api.js';

const THANKS = 'Thank you for your message. We will get back to you soon.';
const valid = {
  firstName: 'Meera',
  lastName: 'Iyer',
  email: 'meera@example.com',
  mobileNo: '9876501234',
  message: 'Hello,\nthe trend lists are great.\n\nCould you add mid-caps?',
};

describe('contact messages', () => {
  const api = useApi({ config: { contactLimit: { perAddress: 100, windowMs: 60_000 } } });
  let staff: string;
  let admin: string;
  let investor: string;

  async function stored(): Promise<number> {
    const [row] = await queryRows<{ n: number }>(api.handle.db, sql`select count(*)::int as n from contact_messages`);
    return row?.n ?? -1;
  }

  beforeAll(async () => {
    staff = await api.login(DEMO.staff.username, DEMO.staff.password);
    admin = await api.login(DEMO.admin.username, DEMO.admin.password);
    investor = await api.login(DEMO.investor.username, DEMO.investor.password);
  });

  it('stores a message from a visitor and shows it to staff, with its lines intact', async () => {
    const sent = await api.request<{ id: number; message: string }>('POST', '/public/contact-messages', {
      json: valid,
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ id: expect.any(Number), message: THANKS });
    const list = await api.request<ContactMessageDto[]>('GET', '/staff/contact-messages', { token: staff });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ ...valid, id: sent.body.id, username: null });
    expect(list.body[0]!.message.split('\n')).toHaveLength(4);
    expect(
      (await api.request<ContactMessageDto[]>('GET', '/staff/contact-messages', { token: admin })).body,
    ).toHaveLength(1);
  });

  it('notes the sender’s account when they are logged in, and lists the latest first', async () => {
    const sent = await api.request('POST', '/public/contact-messages', {
      token: investor,
      json: { ...valid, mobileNo: '', message: 'Second' },
    });
    expect(sent.status).toBe(201);
    const list = await api.request<ContactMessageDto[]>('GET', '/staff/contact-messages?limit=1', { token: staff });
    expect(list.body).toEqual([expect.objectContaining({ message: 'Second', username: 'investor', mobileNo: null })]);
  });

  it('is readable by staff and administrators only', async () => {
    expect((await api.request('GET', '/staff/contact-messages')).status).toBe(401);
    const refused = await api.request('GET', '/staff/contact-messages', { token: investor });
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain('mid-caps');
  });

  it('validates with the shared validation messages and stores nothing', async () => {
    const before = await stored();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ firstName: '' }, 'First name is required!'],
      [{ lastName: undefined }, 'Last name is required!'],
      [{ email: ' ' }, 'Email is required!'],
      [{ email: 'not-an-email' }, 'Enter a valid email address'],
      [{ message: '' }, 'Message is required!'],
      [{ mobileNo: '12345' }, 'Enter a valid Mobile Number!'],
    ];
    for (const [change, message] of cases) {
      const result = await api.request('POST', '/public/contact-messages', { json: { ...valid, ...change } });
      expect(result.status, message).toBe(400);
      expect(result.body).toMatchObject({ status: 400, message });
    }
    expect(await stored()).toBe(before);
  });

  it('keeps the mail outbox for administrators', async () => {
    expect((await api.request('GET', '/admin/mail-outbox', { token: admin })).status).toBe(200);
    expect((await api.request('GET', '/admin/mail-outbox', { token: staff })).status).toBe(403);
    expect((await api.request('GET', '/admin/mail-outbox', { token: investor })).status).toBe(403);
    expect((await api.request('GET', '/admin/mail-outbox?limit=0', { token: admin })).body).toMatchObject({
      status: 400,
      message: 'limit must be a whole number from 1 to 500',
    });
  });
});

describe('contact message limit', () => {
  const api = useApi({ config: { contactLimit: { perAddress: 2, windowMs: 60_000 } } });

  it('accepts a few messages per address, then answers 429 with Retry-After', async () => {
    const from = (address: string) =>
      api.request('POST', '/public/contact-messages', { json: valid, headers: { 'x-forwarded-for': address } });
    expect((await from('203.0.113.9')).status).toBe(201);
    expect((await from('203.0.113.9')).status).toBe(201);
    const third = await from('203.0.113.9');
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ message: 'Too many messages from this address; please try again in 1 minute' });
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await from('203.0.113.10')).status).toBe(201);
    const [row] = await queryRows<{ n: number }>(api.handle.db, sql`select count(*)::int as n from contact_messages`);
    expect(row?.n).toBe(3);
  });
});
