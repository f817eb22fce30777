/**
 * Referrals through REST: the link and a PNG QR code that decodes to it (decoded here with pngjs
 * and jsQR), ownership of both, sign-up through the link recording the referral, recording one
 * afterwards, and claiming once by the referrer only. WEB_URL names the link's address when set; unset, the
 * address the caller reached the app at (directly, or as the BFF passes on the browser's).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PNG } from 'pngjs';
import jsQRModule from 'jsqr';
import { queryRows } from '../../src/db/client.js';
import type { LoginResponseDto as LoginBody, ReferralDto as Referral } from '@bazaar/shared/contract';
import { DEMO, startTestApi, type TestApi, useApi } from '../setup/test-api.js';

// jsqr is a CommonJS bundle typed as an ES module: its default export is the module object itself
const jsQR = jsQRModule.default;
const WEB_URL = 'https://bazaar.example.in';

function decodeQr(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

describe('referrals', () => {
  const api = useApi({ config: { webUrl: WEB_URL } });
  let investor: LoginBody;
  let staff: LoginBody;
  let admin: LoginBody;

  async function login(account: { username: string; password: string }): Promise<LoginBody> {
    const result = await api.request<LoginBody>('POST', '/auth/login', { json: account });
    expect(result.status).toBe(200);
    return result.body;
  }

  /** Signs up (202, an answer without the account) and, when accepted, logs in to learn the new id. */
  async function signup(
    username: string,
    referralCode?: string,
  ): Promise<{ status: number; body: { id: number; message?: string } }> {
    const password = 'Welcome#2025';
    const result = await api.request<{ message: string }>('POST', '/auth/signup', {
      json: {
        user: { firstName: 'New', lastName: 'Investor', username, email: `${username}@example.com`, password },
        referralCode,
      },
    });
    if (result.status !== 202) return { status: result.status, body: { id: 0, message: result.body.message } };
    const account = await login({ username, password });
    return { status: result.status, body: { id: account.user.id, message: result.body.message } };
  }

  beforeAll(async () => {
    investor = await login(DEMO.investor);
    staff = await login(DEMO.staff);
    admin = await login(DEMO.admin);
  });

  it('gives users their own sign-up link, as text and as a QR code that decodes to it', async () => {
    const expected = `${WEB_URL}/signup?referralCode=${investor.user.referralCode}`;
    const link = await api.request('GET', '/users/referrals/investor', { token: investor.token });
    expect(link.status).toBe(200);
    expect(link.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(link.text).toBe(expected);

    const qr = await fetch(`${api.baseUrl}/api/users/referrals/investor/QR-code`, {
      headers: { authorization: `Bearer ${investor.token}` },
    });
    expect(qr.status).toBe(200);
    expect(qr.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await qr.arrayBuffer());
    // the PNG signature, then a decodable QR code
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(decodeQr(png)).toBe(expected);
  });

  it('shows a link to its owner and administrators only; anyone else hears 404, as for a name nobody has', async () => {
    const others = await api.request('GET', '/users/referrals/investor', { token: staff.token });
    const nobody = await api.request('GET', '/users/referrals/nobody', { token: staff.token });
    expect(others.status).toBe(404);
    expect(nobody.status).toBe(404);
    // the same shape and words: only the name in the message differs, as the caller typed it
    expect(others.body).toEqual({ status: 404, error: 'Not Found', message: 'User investor was not found' });
    expect(nobody.body).toEqual({ status: 404, error: 'Not Found', message: 'User nobody was not found' });
    expect((await api.request('GET', '/users/referrals/investor/QR-code', { token: staff.token })).status).toBe(404);
    expect((await api.request('GET', '/users/referrals/nobody/QR-code', { token: staff.token })).status).toBe(404);
    expect((await api.request('GET', '/users/referrals/investor')).status).toBe(401);
    const forAdmin = await api.request('GET', '/users/referrals/INVESTOR', { token: admin.token });
    expect(forAdmin.status).toBe(200);
    expect(forAdmin.text).toBe(`${WEB_URL}/signup?referralCode=${investor.user.referralCode}`);
    const unknown = await api.request('GET', '/users/referrals/nobody', { token: admin.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: 'User nobody was not found' });
  });

  it('records the referral when someone signs up through the link, and refuses unknown codes', async () => {
    const viaLink = new URL((await api.request('GET', '/users/referrals/investor', { token: investor.token })).text);
    const created = await signup('friend_one', viaLink.searchParams.get('referralCode')!);
    expect(created.status).toBe(202);
    const mine = await api.request<Referral[]>('GET', `/user/referrals/referrer/${investor.user.id}`, {
      token: investor.token,
    });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([
      expect.objectContaining({
        referrerUserId: investor.user.id,
        referredUserId: created.body.id,
        referredUsername: 'friend_one',
        claimed: false,
        claimedAt: null,
      }),
    ]);

    const unknown = await signup('friend_two', 'NOSUCHCODE9');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ message: 'Referral code NOSUCHCODE9 is not valid' });
    const [row] = await queryRows<{ n: number }>(
      api.handle.db,
      sql`select count(*)::int as n from users where username = 'friend_two'`,
    );
    expect(row?.n).toBe(0);
    // no code, no referral
    const plain = await signup('friend_three');
    expect(plain.status).toBe(202);
    const [referrals] = await queryRows<{ n: number }>(
      api.handle.db,
      sql`select count(*)::int as n from referrals where referred_user_id = ${plain.body.id}`,
    );
    expect(referrals?.n).toBe(0);
  });

  it('lists a referrer’s referrals for themselves and administrators only; anyone else hears 404', async () => {
    const others = await api.request('GET', `/user/referrals/referrer/${investor.user.id}`, { token: staff.token });
    const nobody = await api.request('GET', '/user/referrals/referrer/99999', { token: staff.token });
    expect(others.status).toBe(404);
    expect(nobody.status).toBe(404);
    expect(others.body).toEqual({ status: 404, error: 'Not Found', message: `User ${investor.user.id} was not found` });
    expect(nobody.body).toEqual({ status: 404, error: 'Not Found', message: 'User 99999 was not found' });
    const forAdmin = await api.request<Referral[]>('GET', `/user/referrals/referrer/${investor.user.id}`, {
      token: admin.token,
    });
    expect(forAdmin.body.map((referral) => referral.referredUsername)).toEqual(['friend_one']);
    expect((await api.request('GET', '/user/referrals/referrer/99999', { token: admin.token })).status).toBe(404);
  });

  it('lets the referred user record who referred them, once', async () => {
    const friend = await login({ username: 'friend_three', password: 'Welcome#2025' });
    const body = { referrerUserId: staff.user.id, referredUserId: friend.user.id };
    const byOther = await api.request('POST', '/user/referrals', { token: investor.token, json: body });
    expect(byOther.status).toBe(403);
    expect(byOther.body).toMatchObject({ message: 'You can only record who referred you' });
    const self = await api.request('POST', '/user/referrals', {
      token: friend.token,
      json: { referrerUserId: friend.user.id, referredUserId: friend.user.id },
    });
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ message: 'A user cannot refer themselves' });
    const ghost = await api.request('POST', '/user/referrals', {
      token: friend.token,
      json: { referrerUserId: 99999, referredUserId: friend.user.id },
    });
    expect(ghost.status).toBe(404);
    const missing = await api.request('POST', '/user/referrals', {
      token: friend.token,
      json: { referredUserId: friend.user.id },
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ message: 'referrerUserId must be a positive whole number' });

    const recorded = await api.request<Referral>('POST', '/user/referrals', { token: friend.token, json: body });
    expect(recorded.status).toBe(201);
    expect(recorded.body).toMatchObject({
      referrerUserId: staff.user.id,
      referredUserId: friend.user.id,
      referredUsername: 'friend_three',
      claimed: false,
    });
    const again = await api.request('POST', '/user/referrals', {
      token: friend.token,
      json: { referrerUserId: investor.user.id, referredUserId: friend.user.id },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: 'This user has already been referred' });
  });

  it('lets only the referrer claim a referral, and only once', async () => {
    const [referral] = (
      await api.request<Referral[]>('GET', `/user/referrals/referrer/${investor.user.id}`, { token: investor.token })
    ).body;
    const friend = await login({ username: 'friend_one', password: 'Welcome#2025' });
    for (const token of [friend.token, staff.token, admin.token]) {
      const refused = await api.request('POST', `/user/referrals/${referral!.id}/claim`, { token });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ message: 'Only the user who made this referral can claim it' });
    }
    const claimed = await api.request<Referral>('POST', `/user/referrals/${referral!.id}/claim`, {
      token: investor.token,
    });
    expect(claimed.status).toBe(200);
    expect(claimed.body.claimed).toBe(true);
    expect(Date.now() - Date.parse(claimed.body.claimedAt!)).toBeLessThan(60_000);
    const twice = await api.request('POST', `/user/referrals/${referral!.id}/claim`, { token: investor.token });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ message: 'This referral has already been claimed' });
    expect((await api.request('POST', '/user/referrals/99999/claim', { token: investor.token })).status).toBe(404);
  });
});

describe('the referral link while WEB_URL is unset', () => {
  let api: TestApi;
  let investor: LoginBody;

  beforeAll(async () => {
    // the test configuration leaves WEB_URL unset (test-config.ts)
    api = await startTestApi();
    expect(api.config.webUrl).toBeUndefined();
    const result = await api.request<LoginBody>('POST', '/auth/login', { json: DEMO.investor });
    expect(result.status).toBe(200);
    investor = result.body;
  });
  afterAll(async () => api.close());

  it('names the address the caller reached the app at, not localhost:4000', async () => {
    const direct = await fetch(`${api.baseUrl}/api/users/referrals/investor`, {
      headers: { authorization: `Bearer ${investor.token}` },
    });
    expect(direct.status).toBe(200);
    expect(await direct.text()).toBe(`${api.baseUrl}/signup?referralCode=${investor.user.referralCode}`);
  });

  it('names the browser’s address as a trusted proxy (the BFF, on loopback) passes it on, in the QR code too', async () => {
    const expected = `https://insight.example.in:8443/signup?referralCode=${investor.user.referralCode}`;
    const forwarded = { 'x-forwarded-host': 'insight.example.in:8443', 'x-forwarded-proto': 'https' };
    const link = await api.request('GET', '/users/referrals/investor', { token: investor.token, headers: forwarded });
    expect(link.status).toBe(200);
    expect(link.text).toBe(expected);
    const qr = await fetch(`${api.baseUrl}/api/users/referrals/investor/QR-code`, {
      headers: { authorization: `Bearer ${investor.token}`, ...forwarded },
    });
    expect(qr.status).toBe(200);
    expect(decodeQr(Buffer.from(await qr.arrayBuffer()))).toBe(expected);
  });
});
