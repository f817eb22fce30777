/**
 * Password reset through REST: the link is read from the outbox (or from a real SMTP conversation),
 * the token is stored only as its SHA-256, and expired, reused, burnt and forged tokens are refused.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.js';
import type { OutboxMailDto as OutboxMail } from '@bazaar/shared/contract';
import { DEMO, startTestApi, type TestApi, useApi } from '../setup/test-api.js';
import { plainTextBody, startSmtpServer, type TestSmtpServer } from './smtp-server.js';

const ANSWER =
  'If an account matches what you entered, we have sent a link to set a new password to its e-mail address. The link works once and expires soon.';
const INVALID = 'This password reset link is not valid. Please ask for a new link.';
const USED = 'This password reset link has already been used. Please ask for a new link.';
const EXPIRED = 'This password reset link has expired. Please ask for a new link.';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The one link in a mail body: {WEB_URL}/change-password?token=…&email=… */
function resetLinkIn(body: string): URL {
  const match = /https?:\/\/\S+\/change-password\?\S+/.exec(body);
  if (!match) throw new Error(`no reset link in: ${body}`);
  return new URL(match[0]);
}

function forgot(api: TestApi, usernameOrEmail: string | undefined, address = '198.51.100.10') {
  const query = usernameOrEmail === undefined ? '' : `?UsernameOrEmail=${encodeURIComponent(usernameOrEmail)}`;
  return api.request<{ message: string }>('POST', `/public/forgot-password${query}`, {
    headers: { 'x-forwarded-for': address },
  });
}

function change(api: TestApi, token: string, password: string, address = '198.51.100.20') {
  return api.request<{ message: string }>(
    'POST',
    `/public/change-password?token=${encodeURIComponent(token)}&password=${encodeURIComponent(password)}`,
    {
      headers: { 'x-forwarded-for': address },
    },
  );
}

describe('password reset (outbox)', () => {
  const api = useApi({ config: { webUrl: 'https://bazaar.example.in' } });
  let adminToken: string;

  async function outboxFor(email: string): Promise<OutboxMail[]> {
    const result = await api.request<OutboxMail[]>('GET', `/admin/mail-outbox?recipient=${encodeURIComponent(email)}`, {
      token: adminToken,
    });
    expect(result.status).toBe(200);
    return result.body;
  }

  /** The mail is made after the answer: wait until `count` mails to `email` are in the outbox. */
  async function mailsFor(email: string, count: number): Promise<OutboxMail[]> {
    await expect.poll(async () => (await outboxFor(email)).length, { timeout: 30_000, interval: 20 }).toBe(count);
    return outboxFor(email);
  }

  async function countRows(table: 'password_reset_tokens' | 'mail_outbox'): Promise<number> {
    const [row] = await queryRows<{ n: number }>(api.handle.db, sql.raw(`select count(*)::int as n from ${table}`));
    return row?.n ?? -1;
  }

  beforeAll(async () => {
    adminToken = await api.login(DEMO.admin.username, DEMO.admin.password);
  });

  it('answers the same whether or not an account matches, and mails only real accounts', async () => {
    const known = await forgot(api, 'investor');
    const unknown = await forgot(api, 'nobody-here');
    const unknownEmail = await forgot(api, 'nobody@example.com');
    for (const result of [known, unknown, unknownEmail]) {
      expect(result.status).toBe(200);
      expect(result.body).toEqual({ message: ANSWER });
    }
    const mails = await mailsFor('investor@bazaar-insight.local', 1);
    expect(mails[0]).toMatchObject({
      kind: 'PASSWORD_RESET',
      recipient: 'investor@bazaar-insight.local',
      subject: 'Set a new Bazaar Insight password',
    });
    expect(await outboxFor('nobody@example.com')).toEqual([]);
    const link = resetLinkIn(mails[0]!.body);
    expect(`${link.origin}${link.pathname}`).toBe('https://bazaar.example.in/change-password');
    expect(link.searchParams.get('email')).toBe('investor@bazaar-insight.local');
    // 32 random bytes in base64url are 43 characters
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('finds the account by e-mail too, ignoring case', async () => {
    expect((await forgot(api, 'STAFF@Bazaar-Insight.local')).body).toEqual({ message: ANSWER });
    expect(await mailsFor('staff@bazaar-insight.local', 1)).toHaveLength(1);
  });

  it('stores only the SHA-256 of the token, valid for 30 minutes', async () => {
    const [mail] = await outboxFor('staff@bazaar-insight.local');
    const token = resetLinkIn(mail!.body).searchParams.get('token')!;
    const rows = await queryRows<{ token_hash: string; minutes: number }>(
      api.handle.db,
      sql`select token_hash, extract(epoch from (t.expires_at - t.created_at)) / 60 as minutes from password_reset_tokens t join users u on u.id = t.user_id where u.username = 'staff'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(sha256(token));
    // created_at is the insert time, expires_at was computed just before it: 30 minutes within a second
    expect(Math.abs(Number(rows[0]!.minutes) - 30)).toBeLessThan(1 / 60);
    const everything = await queryRows<Record<string, unknown>>(
      api.handle.db,
      sql`select * from password_reset_tokens`,
    );
    expect(JSON.stringify(everything)).not.toContain(token);
  });

  it('validates the input with the shared validation messages and writes nothing', async () => {
    const before = [await countRows('password_reset_tokens'), await countRows('mail_outbox')];
    const missing = await forgot(api, undefined);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ status: 400, message: 'Email is requied!' });
    expect((await forgot(api, '   ')).body).toMatchObject({ message: 'Email is requied!' });
    expect((await forgot(api, 'investor@')).body).toMatchObject({ status: 400, message: 'Please enter email!' });
    expect([await countRows('password_reset_tokens'), await countRows('mail_outbox')]).toEqual(before);
  });

  it('sets the new password once, ends old sessions and burns the other links', async () => {
    const user = { username: 'reset_me', email: 'reset.me@example.com', password: 'Original#1' };
    const signup = await api.request('POST', '/auth/signup', {
      json: { user: { firstName: 'Reset', lastName: 'Me', ...user } },
    });
    expect(signup.status).toBe(202);
    const oldSession = await api.login(user.username, user.password);
    await forgot(api, user.username);
    await forgot(api, user.email);
    const [newer, older] = await mailsFor(user.email, 2);
    const newerToken = resetLinkIn(newer!.body).searchParams.get('token')!;
    const olderToken = resetLinkIn(older!.body).searchParams.get('token')!;
    expect(newerToken).not.toBe(olderToken);

    const tooShort = await change(api, newerToken, 'short');
    expect(tooShort.status).toBe(400);
    expect(tooShort.body).toMatchObject({ message: 'Password must be atleast 8 characters!' });
    expect((await change(api, newerToken, 'x'.repeat(33))).body).toMatchObject({
      message: 'Password length exceeds 32 characters!',
    });
    // refused input changes nothing: the old password still works
    expect(
      (await api.request('POST', '/auth/login', { json: { username: user.username, password: user.password } })).status,
    ).toBe(200);

    const done = await change(api, newerToken, 'Changed#2025');
    expect(done.status).toBe(200);
    expect(done.body).toEqual({
      message: 'Your password has been changed. You can now log in with your new password.',
    });

    expect(
      (await api.request('POST', '/auth/login', { json: { username: user.username, password: user.password } })).status,
    ).toBe(401);
    expect(
      (await api.request('POST', '/auth/login', { json: { username: user.username, password: 'Changed#2025' } }))
        .status,
    ).toBe(200);
    // the session from before the change is over
    const oldProfile = await api.request('GET', '/user/profile', { token: oldSession });
    expect(oldProfile.status).toBe(401);

    const reused = await change(api, newerToken, 'Another#2025');
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ status: 400, error: 'Bad Request', message: USED });
    const burnt = await change(api, olderToken, 'Another#2025');
    expect(burnt.body).toMatchObject({ message: USED });
    expect(
      (await api.request('POST', '/auth/login', { json: { username: user.username, password: 'Another#2025' } }))
        .status,
    ).toBe(401);
  });

  it('refuses forged and expired tokens with a clear message', async () => {
    const forged = await change(api, 'A'.repeat(43), 'Forged#2025');
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ message: INVALID });
    const missing = await api.request('POST', '/public/change-password?password=Forged%232025');
    expect(missing.body).toMatchObject({ status: 400, message: INVALID });

    await forgot(api, 'admin');
    const [mail] = await mailsFor('admin@bazaar-insight.local', 1);
    const token = resetLinkIn(mail!.body).searchParams.get('token')!;
    await api.handle.db.execute(
      sql`update password_reset_tokens set expires_at = now() - interval '1 second' where token_hash = ${sha256(token)}`,
    );
    const expired = await change(api, token, 'Expired#2025');
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ message: EXPIRED });
    expect((await api.request('POST', '/auth/login', { json: DEMO.admin })).status).toBe(200);
  });
});

describe('password reset limits', () => {
  const api = useApi({
    config: { passwordReset: { tokenTtlMs: 30 * 60_000, perAccount: 2, perAddress: 4, windowMs: 60_000 } },
  });

  it('limits requests per account with 429 and Retry-After, for unknown names too', async () => {
    expect((await forgot(api, 'investor', '203.0.113.1')).status).toBe(200);
    expect((await forgot(api, 'investor@bazaar-insight.local', '203.0.113.2')).status).toBe(200);
    const third = await forgot(api, 'INVESTOR', '203.0.113.3');
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({
      status: 429,
      error: 'Too Many Requests',
      message: 'Too many password reset requests for this account; please try again in 1 minute',
    });
    const retryAfter = Number(third.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // an unknown name is limited the same way, so a 429 reveals nothing
    expect((await forgot(api, 'ghost', '203.0.113.4')).status).toBe(200);
    expect((await forgot(api, 'ghost', '203.0.113.5')).status).toBe(200);
    expect((await forgot(api, 'ghost', '203.0.113.6')).status).toBe(429);
    // other accounts are not affected
    expect((await forgot(api, 'staff', '203.0.113.7')).status).toBe(200);
  });

  it('limits requests and change attempts per client address', async () => {
    const address = '192.0.2.50';
    for (const name of ['a1', 'a2', 'a3', 'a4']) expect((await forgot(api, name, address)).status).toBe(200);
    expect((await forgot(api, 'a5', address)).status).toBe(429);
    expect((await forgot(api, 'a5', '192.0.2.51')).status).toBe(200);

    for (let i = 0; i < 4; i++)
      expect((await change(api, `forged-${i}`, 'Guess#12345', '192.0.2.60')).status).toBe(400);
    const limited = await change(api, 'forged-5', 'Guess#12345', '192.0.2.60');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ message: 'Too many password change attempts; please try again in 1 minute' });
  });
});

describe('password reset (SMTP)', () => {
  let api: TestApi;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    api = await startTestApi({
      config: { smtpUrl: smtp.url, mailFrom: 'Bazaar Insight <no-reply@bazaar.test>', webUrl: 'http://web.test:4000' },
    });
  });
  afterAll(async () => {
    await api?.close();
    await smtp?.close();
  });

  it('mails the link through the SMTP server and keeps nothing in the outbox', async () => {
    expect((await forgot(api, 'investor')).body).toEqual({ message: ANSWER });
    const mail = await smtp.nextMail();
    expect(mail.from).toBe('no-reply@bazaar.test');
    expect(mail.to).toEqual(['investor@bazaar-insight.local']);
    expect(mail.raw).toMatch(/^Subject: Set a new Bazaar Insight password$/m);
    const link = resetLinkIn(plainTextBody(mail.raw));
    expect(`${link.origin}${link.pathname}`).toBe('http://web.test:4000/change-password');
    const [outbox] = await queryRows<{ n: number }>(api.handle.db, sql`select count(*)::int as n from mail_outbox`);
    expect(outbox?.n).toBe(0);

    const done = await change(api, link.searchParams.get('token')!, 'ViaSmtp#2025');
    expect(done.status).toBe(200);
    expect(
      (await api.request('POST', '/auth/login', { json: { username: 'investor', password: 'ViaSmtp#2025' } })).status,
    ).toBe(200);
    // an unknown account gets the same answer and no mail
    expect((await forgot(api, 'nobody-at-all')).body).toEqual({ message: ANSWER });
    await expect(smtp.nextMail(1_500)).rejects.toThrow('no mail arrived');
  });

  it('answers before the link is made and mailed, so an existing account answers like an unknown one', async () => {
    // the SMTP server holds every delivery: a request that waited for its mail could not answer now
    const release = smtp.holdDelivery();
    const arrivedBefore = smtp.arrived();
    const known = await forgot(api, 'staff', '198.51.100.30');
    const unknown = await forgot(api, 'nobody-there', '198.51.100.31');
    expect(known.status).toBe(200);
    expect(known.text).toBe(unknown.text);
    // the answer came first; the mail follows it (its DATA reaches the server, whose answer is held)
    await expect.poll(() => smtp.arrived(), { timeout: 30_000, interval: 20 }).toBe(arrivedBefore + 1);
    release();
    const mail = await smtp.nextMail();
    expect(mail.to).toEqual(['staff@bazaar-insight.local']);
  });
});
