/**
 * Sessions end on the server (docs/decisions.md#sessions-end-on-the-server). Each login opens a session whose id
 * is the token's jti; a token is accepted only while its session is open:
 * - POST /auth/logout ends the session of the token sent (204) and only that one: the same user's other
 *   login keeps working; logging out again, without a token or with a dead one, is still 204.
 * - a new password set by an administrator or through a reset link ends every session of the user;
 * - a change of roles ends every session of the user (401 with the old token; the next login has the new
 *   role), while an update that keeps the same roles ends none;
 * - expired sessions' rows are purged by a later login.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { RoleDto as Role, UserDto as User } from '@bazaar/shared/contract';
import { DEMO, userBody, useApi } from '../setup/test-api.js';
import { queryRows } from '../../src/db/client.js';
import { createSessionService } from '../../src/auth/sessions.js';

const PASSWORD = 'Session#123';

describe('sessions that end', () => {
  const api = useApi();
  let admin: string;
  let roles: Role[];
  const roleNamed = (name: string) => roles.find((r) => r.name === name) as Role;

  /** A fresh ROLE_USER account made by the admin (no sign-up limits involved). */
  async function createUser(username: string): Promise<User> {
    const created = await api.request<User>('POST', '/admin/users', {
      token: admin,
      json: userBody(username, [roleNamed('ROLE_USER')], { password: PASSWORD }),
    });
    expect(created.status, created.text).toBe(201);
    return created.body;
  }

  const profileStatus = async (token: string) => (await api.request('GET', '/user/profile', { token })).status;
  const openSessions = async (userId: number) =>
    Number(
      (
        await queryRows<{ n: string }>(api.handle.db, sql`select count(*) as n from sessions where user_id = ${userId}`)
      )[0]!.n,
    );

  beforeAll(async () => {
    admin = await api.login(DEMO.admin.username, DEMO.admin.password);
    roles = (await api.request<Role[]>('GET', '/admin/roles', { token: admin })).body;
  });

  it('logout ends that session only: its token is 401 afterwards, the other login goes on', async () => {
    const user = await createUser('sess_logout');
    const laptop = await api.login('sess_logout', PASSWORD);
    const phone = await api.login('sess_logout', PASSWORD);
    expect(await openSessions(user.id)).toBe(2);
    expect(await profileStatus(laptop)).toBe(200);

    const out = await api.request('POST', '/auth/logout', { token: laptop });
    expect(out.status).toBe(204);
    expect(out.text).toBe('');
    const after = await api.request('GET', '/user/profile', { token: laptop });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ status: 401, error: 'Unauthorized' });
    expect(await profileStatus(phone)).toBe(200);
    expect(await openSessions(user.id)).toBe(1);

    // over a real socket too (the BFF talks HTTP)
    const overHttp = await fetch(`${api.baseUrl}/api/user/profile`, { headers: { authorization: `Bearer ${laptop}` } });
    expect(overHttp.status).toBe(401);
  });

  it('logout is idempotent: again, without a token or with a garbage one it answers 204', async () => {
    const token = await api.login(DEMO.staff.username, DEMO.staff.password);
    expect((await api.request('POST', '/auth/logout', { token })).status).toBe(204);
    expect((await api.request('POST', '/auth/logout', { token })).status).toBe(204);
    expect((await api.request('POST', '/auth/logout')).status).toBe(204);
    expect((await api.request('POST', '/auth/logout', { token: 'garbage' })).status).toBe(204);
    // a logged-out token on a public route is simply anonymous
    expect((await api.request('POST', '/auth/login', { json: DEMO.staff, token })).status).toBe(200);
  });

  it('a password set by an administrator ends every session of the user', async () => {
    const user = await createUser('sess_pw');
    const first = await api.login('sess_pw', PASSWORD);
    const second = await api.login('sess_pw', PASSWORD);
    const update = (password: string) =>
      api.request<User>('PUT', `/admin/users/${user.id}`, {
        token: admin,
        json: userBody('sess_pw', [roleNamed('ROLE_USER')], { password }),
      });
    // a blank password keeps the password and the sessions
    expect((await update('')).status).toBe(200);
    expect(await profileStatus(first)).toBe(200);

    expect((await update('Changed#2025')).status).toBe(200);
    expect(await profileStatus(first)).toBe(401);
    expect(await profileStatus(second)).toBe(401);
    expect(await openSessions(user.id)).toBe(0);
    expect(await profileStatus(await api.login('sess_pw', 'Changed#2025'))).toBe(200);
  });

  it('a change of roles ends the sessions; the next login carries the new role; the same roles end nothing', async () => {
    const user = await createUser('sess_role');
    const before = await api.login('sess_role', PASSWORD);
    expect((await api.request('GET', '/staff/brokerage-firms', { token: before })).status).toBe(403);

    // the same role again: nothing changes
    const same = await api.request('POST', `/admin/users/${user.id}/roles`, {
      token: admin,
      json: { name: 'ROLE_USER' },
    });
    expect(same.status).toBe(200);
    expect(await profileStatus(before)).toBe(200);

    const promoted = await api.request<User>('POST', `/admin/users/${user.id}/roles`, {
      token: admin,
      json: { name: 'ROLE_STAFF' },
    });
    expect(promoted.status).toBe(200);
    expect(await profileStatus(before)).toBe(401);
    const login = await api.request<{ token: string; roles: Array<{ name: string }> }>('POST', '/auth/login', {
      json: { username: 'sess_role', password: PASSWORD },
    });
    expect(login.body.roles.map((r) => r.name)).toEqual(['ROLE_STAFF']);
    const staffToken = login.body.token;
    expect(await profileStatus(staffToken)).toBe(200);

    // a demotion through PUT /admin/users/:id ends the staff session at once
    const demoted = await api.request('PUT', `/admin/users/${user.id}`, {
      token: admin,
      // a blank password keeps the old one: only the roles change
      json: userBody('sess_role', [roleNamed('ROLE_USER')], { password: '' }),
    });
    expect(demoted.status).toBe(200);
    expect(await profileStatus(staffToken)).toBe(401);
    expect(await openSessions(user.id)).toBe(0);
  });

  it('purges the rows of expired sessions at a login, at most once a minute', async () => {
    const user = await createUser('sess_purge');
    let now = Date.now();
    const sessions = createSessionService(api.app.db, api.app.tokens, { now: () => now });
    const person = { id: user.id, username: 'sess_purge', roles: ['ROLE_USER'] };
    await sessions.start(person);
    const expire = () =>
      queryRows(
        api.handle.db,
        sql`update sessions set expires_at = now() - interval '1 minute' where user_id = ${user.id} and expires_at > now()`,
      );
    const counts = async () =>
      (
        await queryRows<{ expired: string; live: string }>(
          api.handle.db,
          sql`select count(*) filter (where expires_at < now()) as expired, count(*) filter (where expires_at >= now()) as live from sessions where user_id = ${user.id}`,
        )
      ).map((row) => [Number(row.expired), Number(row.live)])[0];
    await expire();
    expect(await counts()).toEqual([1, 0]);
    now += 59_000;
    await sessions.start(person); // within the minute: no purge yet
    expect(await counts()).toEqual([1, 1]);
    now += 1_000;
    await sessions.start(person);
    expect(await counts()).toEqual([0, 2]);
  });
});
