/**
 * Sessions that end: after logout the token is refused by the API (401) and the session cookie,
 * replayed, is UNAUTHENTICATED at the BFF; a password change and a role change end the sessions
 * opened before them (an administrator's password reset or role change). The web app's login operation does not ask for the token (it never reaches
 * page scripts; the field stays in the schema for integrators).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse, visit } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, graphql, MODES, request, ROOT, useStack } from './harness.js';

const LOGIN =
  'mutation ($username: String!, $password: String!) { login(username: $username, password: $password) { user { username } } }';
/** A USER-level query: it needs a session. */
const MY_SUBSCRIPTION = '{ mySubscription { __typename } }';

describe.each(MODES)('sessions end (%s)', (mode) => {
  const stack = useStack(mode);

  /** Logs in through the BFF: the session cookie (name=value) and the token inside it. */
  async function browserLogin(username: string, password: string) {
    const answer = await graphql(stack.bff.url, LOGIN, { username, password });
    expect(answer.errors).toBeUndefined();
    const cookie = answer.cookies.find((c) => c.startsWith('bi_session='));
    expect(cookie, 'the session cookie').toBeTruthy();
    return { cookie: cookie!, token: decodeURIComponent(cookie!.slice('bi_session='.length)) };
  }
  const apiProfile = (token: string) =>
    request(`${stack.api.url}/api/user/profile`, { headers: { authorization: `Bearer ${token}` } });

  it('logout: the token is 401 on the API and the replayed cookie UNAUTHENTICATED on the BFF', async () => {
    const { cookie, token } = await browserLogin(ACCOUNTS.investor.username, ACCOUNTS.investor.password);
    expect((await apiProfile(token)).status).toBe(200);
    expect((await graphql(stack.bff.url, MY_SUBSCRIPTION, {}, { cookie })).errors).toBeUndefined();

    const out = await graphql<{ logout: boolean }>(stack.bff.url, 'mutation { logout }', {}, { cookie });
    expect(out.data?.logout).toBe(true);

    expect((await apiProfile(token)).status).toBe(401);
    const replayed = await graphql(stack.bff.url, MY_SUBSCRIPTION, {}, { cookie });
    expect(replayed.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const me = await graphql<{ me: unknown }>(stack.bff.url, '{ me { username } }', {}, { cookie });
    expect(me.data?.me ?? null).toBeNull();
  });

  /** The admin's token, and a user of the admin list by name. */
  async function adminUser(username: string) {
    const admin = await browserLogin(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    const users = await request(`${stack.api.url}/api/admin/users`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(users.status).toBe(200);
    const user = users
      .json<Array<{ id: number; username: string; firstName: string; lastName: string; email: string }>>()
      .find((candidate) => candidate.username === username);
    expect(user, username).toBeTruthy();
    return { adminToken: admin.token, user: user! };
  }

  it('a password change ends the sessions opened before it', async () => {
    const username = `pw${Date.now().toString(36)}`;
    const password = 'Before@123';
    const created = await request(`${stack.api.url}/api/auth/signup`, {
      body: JSON.stringify({
        user: { firstName: 'Pat', lastName: 'Word', username, email: `${username}@example.com`, password },
      }),
      headers: { 'content-type': 'application/json' },
      from: '127.0.0.8',
    });
    expect(created.status).toBeLessThan(300);
    const session = await browserLogin(username, password);
    expect((await apiProfile(session.token)).status).toBe(200);
    const { adminToken, user } = await adminUser(username);
    // an administrator sets a new password (the user's form: a blank password keeps the old one)
    const changed = await request(`${stack.api.url}/api/admin/users/${user.id}`, {
      method: 'PUT',
      body: JSON.stringify({
        firstName: user.firstName,
        lastName: user.lastName,
        username: user.username,
        email: user.email,
        password: 'After@1234',
        roles: [{ name: 'ROLE_USER' }],
      }),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await apiProfile(session.token)).status).toBe(401);
    const replayed = await graphql(stack.bff.url, MY_SUBSCRIPTION, {}, { cookie: session.cookie });
    expect(replayed.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('a role change ends the sessions opened before it', async () => {
    const staff = await browserLogin(ACCOUNTS.staff.username, ACCOUNTS.staff.password);
    expect((await apiProfile(staff.token)).status).toBe(200);
    const { adminToken, user } = await adminUser(ACCOUNTS.staff.username);
    const changed = await request(`${stack.api.url}/api/admin/users/${user.id}/roles`, {
      body: JSON.stringify({ name: 'ROLE_USER' }),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await apiProfile(staff.token)).status).toBe(401);
  });
});

describe('the web app', () => {
  it('does not ask for the token in its login operation', () => {
    const dir = path.join(ROOT, 'web/src/features/auth/api');
    const asked: string[] = [];
    for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.graphql'))) {
      visit(parse(fs.readFileSync(path.join(dir, file), 'utf8')), {
        Field(field, _key, _parent, _path, ancestors) {
          const inLogin = ancestors.some(
            (node) =>
              !Array.isArray(node) && (node as { kind?: string; name?: { value?: string } }).name?.value === 'login',
          );
          if (inLogin && field.name.value === 'token') asked.push(file);
        },
      });
    }
    expect(asked).toEqual([]);
  });
});
