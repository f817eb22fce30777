import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { sql } from 'drizzle-orm';
import { SIGNUP_ANSWER, type LoginResponseDto as LoginBody } from '@bazaar/shared/contract';
import { DEMO, useApi } from '../setup/test-api.js';
import { TEST_PASSWORD_HASH_COST } from '../setup/test-config.js';
import { queryRows } from '../../src/db/client.js';

const newUser = (suffix: string) => ({
  firstName: 'Ravi',
  lastName: 'Kumar',
  username: `ravi_${suffix}`,
  email: `ravi.${suffix}@example.com`,
  password: 'Secret#123',
  mobileNo: '9876543210',
});

describe('auth', () => {
  const api = useApi();

  it('logs the demo accounts in with their roles and no password in the user', async () => {
    for (const [account, role] of [
      [DEMO.admin, 'ROLE_ADMIN'],
      [DEMO.staff, 'ROLE_STAFF'],
      [DEMO.investor, 'ROLE_USER'],
    ] as const) {
      const result = await api.request<LoginBody>('POST', '/auth/login', { json: account });
      expect(result.status).toBe(200);
      expect(result.body.token.split('.')).toHaveLength(3);
      expect(result.body.roles[0]).toEqual({ authority: role, name: role });
      expect(result.body.user.username).toBe(account.username);
      expect(result.body.user.roles.map((r) => r.name)).toEqual([role]);
      expect(result.text).not.toMatch(/password/i);
      // default expiry is 8 hours
      const hours = (Date.parse(result.body.expiresAt) - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(7.9);
      expect(hours).toBeLessThanOrEqual(8);
    }
  });

  it('refuses a wrong password and unknown users with the same 401', async () => {
    const wrong = await api.request('POST', '/auth/login', { json: { username: 'admin', password: 'Wrong@1234' } });
    const unknown = await api.request('POST', '/auth/login', { json: { username: 'nobody', password: 'Wrong@1234' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ status: 401, error: 'Unauthorized', message: 'Invalid username or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('validates the login payload with the shared validation messages', async () => {
    const missing = await api.request('POST', '/auth/login', { json: { username: 'admin' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ status: 400, error: 'Bad Request', message: 'Password is required!' });
    const short = await api.request('POST', '/auth/login', { json: { username: 'admin', password: 'short' } });
    expect(short.body).toMatchObject({ message: 'Enter a valid password!' });
    const long = await api.request('POST', '/auth/login', { json: { username: 'admin', password: 'x'.repeat(33) } });
    expect(long.body).toMatchObject({ message: 'Password length exceeds 32 characters!' });
    const noUser = await api.request('POST', '/auth/login', { json: { password: 'Admin@123' } });
    expect(noUser.body).toMatchObject({ message: 'Username is required!' });
    const badJson = await api.request('POST', '/auth/login', {
      body: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.status).toBe(400);
    expect(badJson.body).toMatchObject({ message: 'The request body is not valid JSON' });
  });

  it('signs up an investor who can then log in', async () => {
    const created = await api.request<{ message: string }>('POST', '/auth/signup', {
      json: { user: newUser('a'), referralCode: null },
    });
    expect(created.status).toBe(202);
    expect(created.body).toEqual({ message: SIGNUP_ANSWER });
    const login = await api.request<LoginBody>('POST', '/auth/login', {
      json: { username: 'ravi_a', password: 'Secret#123' },
    });
    expect(login.status).toBe(200);
    expect(login.body.roles).toEqual([{ authority: 'ROLE_USER', name: 'ROLE_USER' }]);
    expect(login.body.user).toMatchObject({ username: 'ravi_a', email: 'ravi.a@example.com', mobileNo: '9876543210' });
    expect(login.text).not.toMatch(/password/i);
  });

  // the cost is the configured one (the test cost here); its production default: password-cost.test.ts
  it('stores passwords as scrypt hashes at the configured cost, never the password', async () => {
    const [row] = await queryRows<{ password_hash: string }>(
      api.handle.db,
      sql`select password_hash from users where username = 'admin'`,
    );
    const hash = row?.password_hash;
    expect(hash).toMatch(
      new RegExp(`^scrypt\\$${TEST_PASSWORD_HASH_COST}\\$8\\$3\\$[A-Za-z0-9+/=]+\\$[A-Za-z0-9+/=]+$`),
    );
    expect(hash).not.toContain('Admin@123');
  });

  it('answers a taken username or e-mail, whatever the case, as it answers a new one, and changes nothing', async () => {
    const fresh = await api.request('POST', '/auth/signup', { json: { user: newUser('b') } });
    const sameName = await api.request('POST', '/auth/signup', {
      json: { user: { ...newUser('c'), username: 'RAVI_B', password: 'Other#1234' } },
    });
    const sameEmail = await api.request('POST', '/auth/signup', {
      json: { user: { ...newUser('d'), email: 'Ravi.B@Example.com' } },
    });
    for (const result of [sameName, sameEmail]) {
      expect(result.status).toBe(fresh.status);
      expect(result.text).toBe(fresh.text);
    }
    const rows = await queryRows<{ username: string }>(
      api.handle.db,
      sql`select username from users where username in ('ravi_b', 'ravi_c', 'ravi_d', 'RAVI_B') order by username`,
    );
    expect(rows.map((row) => row.username)).toEqual(['ravi_b']);
    // the first password stays: the taken name's sign-up did not change the account
    expect(
      (await api.request('POST', '/auth/login', { json: { username: 'ravi_b', password: 'Secret#123' } })).status,
    ).toBe(200);
  });

  it('validates sign-up fields with the shared validation messages', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ firstName: '' }, 'First Name is required!'],
      [{ lastName: '   ' }, 'Last Name is required!'],
      [{ username: undefined }, 'Username is required!'],
      [{ email: '' }, 'Email is required!'],
      [{ password: 'short' }, 'Password must be atleast 8 characters!'],
      [{ password: 'p'.repeat(33) }, 'Password length exceeds 32 characters!'],
      [{ mobileNo: '12345' }, 'Enter a valid Mobile Number!'],
      [{ mobileNo: '98765432101' }, 'Enter a valid Mobile Number!'],
    ];
    for (const [change, message] of cases) {
      const result = await api.request('POST', '/auth/signup', { json: { user: { ...newUser('v'), ...change } } });
      expect(result.status, message).toBe(400);
      expect(result.body).toMatchObject({ status: 400, message });
    }
    const [users] = await queryRows<{ n: number }>(
      api.handle.db,
      sql`select count(*)::int as n from users where username = 'ravi_v'`,
    );
    expect(users?.n).toBe(0);
  });

  it('accepts a known referral code and refuses an unknown one', async () => {
    const admin = await api.request<LoginBody>('POST', '/auth/login', { json: DEMO.admin });
    const code = admin.body.user.referralCode;
    expect(code).toMatch(/^[A-Z0-9]{10}$/);
    const ok = await api.request('POST', '/auth/signup', { json: { user: newUser('ref1'), referralCode: code } });
    expect(ok.status).toBe(202);
    const [stored] = await queryRows<{ signup_referral_code: string }>(
      api.handle.db,
      sql`select signup_referral_code from users where username = 'ravi_ref1'`,
    );
    expect(stored?.signup_referral_code).toBe(code);
    const unknown = await api.request('POST', '/auth/signup', {
      json: { user: newUser('ref2'), referralCode: 'NOSUCHCODE' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ message: 'Referral code NOSUCHCODE is not valid' });
  });

  describe('tokens', () => {
    const secret = new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256-0123456789');
    const claims = { username: 'admin', roles: ['ROLE_ADMIN'] };
    const sign = (builder: SignJWT) => builder.sign(secret);
    // a token is good only with the id of an open session (jti) of its user: take the admin's from a login
    let session = { userId: '', jti: '' };
    beforeAll(async () => {
      const login = await api.request<LoginBody>('POST', '/auth/login', { json: DEMO.admin });
      const payload = JSON.parse(Buffer.from(login.body.token.split('.')[1]!, 'base64url').toString()) as {
        sub: string;
        jti: string;
      };
      session = { userId: payload.sub, jti: payload.jti };
    });
    const base = (alg = 'HS256') =>
      new SignJWT(claims)
        .setProtectedHeader({ alg })
        .setSubject(session.userId)
        .setJti(session.jti)
        .setIssuer('bazaar-insight')
        .setAudience('bazaar-insight-api')
        .setIssuedAt();

    async function statusWith(token: string): Promise<number> {
      return (await api.request('GET', '/admin/users', { token })).status;
    }

    it('accepts a valid token and refuses forged, expired or tampered ones with 401', async () => {
      const good = await sign(base().setExpirationTime('1h'));
      expect(await statusWith(good)).toBe(200);

      const expired = await sign(
        base()
          .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
          .setExpirationTime(Math.floor(Date.now() / 1000) - 60),
      );
      expect(await statusWith(expired)).toBe(401);

      const wrongSecret = await base()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
      expect(await statusWith(wrongSecret)).toBe(401);

      const [header, payload, signature] = good.split('.') as [string, string, string];
      const changed = Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: '2' }),
      ).toString('base64url');
      expect(await statusWith(`${header}.${changed}.${signature}`)).toBe(401);

      const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
      expect(await statusWith(none)).toBe(401);

      const hs512 = await base('HS512')
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256-0123456789'.repeat(2)));
      expect(await statusWith(hs512)).toBe(401);
      expect(await statusWith('not-a-token')).toBe(401);
    });

    it('refuses a correctly signed token without an open session (a leaked secret alone mints nothing)', async () => {
      const noJti = await sign(
        new SignJWT(claims)
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(session.userId)
          .setIssuer('bazaar-insight')
          .setAudience('bazaar-insight-api')
          .setIssuedAt()
          .setExpirationTime('1h'),
      );
      expect(await statusWith(noJti)).toBe(401);
      expect(await statusWith(await sign(base().setJti(randomUUID()).setExpirationTime('1h')))).toBe(401);
      expect(await statusWith(await sign(base().setJti('not-a-uuid').setExpirationTime('1h')))).toBe(401);
      // another user's session id under the admin's subject
      const investor = await api.login(DEMO.investor.username, DEMO.investor.password);
      const investorJti = (JSON.parse(Buffer.from(investor.split('.')[1]!, 'base64url').toString()) as { jti: string })
        .jti;
      expect(await statusWith(await sign(base().setJti(investorJti).setExpirationTime('1h')))).toBe(401);
    });

    it('refuses the token of a deleted user', async () => {
      await api.request('POST', '/auth/signup', { json: { user: newUser('gone') } });
      const token = await api.login('ravi_gone', 'Secret#123');
      expect((await api.request('GET', '/user/profile', { token })).status).toBe(200);
      const adminToken = await api.login(DEMO.admin.username, DEMO.admin.password);
      const users = await api.request<Array<{ id: number; username: string }>>('GET', '/admin/users', {
        token: adminToken,
      });
      const id = users.body.find((u) => u.username === 'ravi_gone')?.id;
      expect((await api.request('DELETE', `/admin/users/${id}`, { token: adminToken })).status).toBe(200);
      const after = await api.request('GET', '/user/profile', { token });
      expect(after.status).toBe(401);
      expect(after.body).toMatchObject({ status: 401, error: 'Unauthorized' });
    });

    it('ignores a bad token on public routes', async () => {
      const result = await api.request('POST', '/auth/login', { json: DEMO.investor, token: 'garbage' });
      expect(result.status).toBe(200);
    });
  });
});
