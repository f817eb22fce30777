import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from './setup/stack.js';

const USER_FIELDS = 'id username firstName lastName email mobileNo roles { id name }';

describe('session and accounts through GraphQL', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => stack.close());

  it('logs in with an httpOnly SameSite=Strict cookie and answers the user', async () => {
    const client = stack.client();
    const result = await client.request<{
      login: { token: string; user: { username: string; roles: Array<{ name: string }> } };
    }>(`mutation { login(username: "admin", password: "Admin@123") { token user { ${USER_FIELDS} } } }`);
    expect(result.errors).toBeUndefined();
    expect(result.data?.login.user.username).toBe('admin');
    expect(result.data?.login.user.roles.map((r) => r.name)).toEqual(['ROLE_ADMIN']);
    const setCookie = result.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^bi_session=[\w-]+\.[\w-]+\.[\w-]+;/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    // the cookie alone now identifies the caller
    const me = await client.request<{ me: { username: string } }>(`{ me { ${USER_FIELDS} } }`);
    expect(me.data?.me.username).toBe('admin');
  });

  it('is ready when the REST API is', async () => {
    const ready = await fetch(`${stack.bffUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', api: 'ok' });
  });

  it('accepts a bearer token from integrators', async () => {
    const token = await stack.api.login('staff', 'Staff@123');
    const anonymous = stack.client();
    const me = await anonymous.request<{ me: { username: string } | null }>('{ me { username } }', undefined, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.data?.me?.username).toBe('staff');
  });

  it('answers the server message for a wrong password, and null for me without a session', async () => {
    const client = stack.client();
    const wrong = await client.request('mutation { login(username: "admin", password: "Nope@1234") { token } }');
    expect(wrong.errors?.[0]?.message).toBe('Invalid username or password');
    expect(wrong.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const me = await client.request<{ me: null }>('{ me { username } }');
    expect(me.data).toEqual({ me: null });
  });

  it('logs out by clearing the cookie', async () => {
    const client = stack.client();
    await client.login('investor', 'Investor@123');
    expect(client.cookie()).toBeDefined();
    const out = await client.request<{ logout: boolean }>('mutation { logout }');
    expect(out.data?.logout).toBe(true);
    expect(out.headers.get('set-cookie')).toMatch(/bi_session=;/);
    expect(client.cookie()).toBeUndefined();
    expect((await client.request<{ me: null }>('{ me { username } }')).data?.me).toBeNull();
  });

  it('signs up and updates the profile, mapping REST errors to typed codes', async () => {
    const client = stack.client();
    const signup = await client.request<{ signup: { username: string } }>(
      'mutation ($input: SignupInput!) { signup(input: $input) { username roles { name } } }',
      {
        input: {
          firstName: 'Asha',
          lastName: 'Rao',
          username: 'asha',
          email: 'asha@example.com',
          password: 'Asha@12345',
        },
      },
    );
    expect(signup.data?.signup.username).toBe('asha');
    const again = await client.request('mutation ($input: SignupInput!) { signup(input: $input) { username } }', {
      input: {
        firstName: 'Asha',
        lastName: 'Rao',
        username: 'asha',
        email: 'other@example.com',
        password: 'Asha@12345',
      },
    });
    expect(again.errors?.[0]).toMatchObject({
      message: 'Username already exists',
      extensions: { code: 'CONFLICT', status: 409 },
    });
    const invalid = await client.request('mutation ($input: SignupInput!) { signup(input: $input) { username } }', {
      input: { firstName: '', lastName: 'Rao', username: 'asha2', email: 'asha2@example.com', password: 'Asha@12345' },
    });
    expect(invalid.errors?.[0]).toMatchObject({
      message: 'First Name is required!',
      extensions: { code: 'BAD_USER_INPUT' },
    });

    await client.login('asha', 'Asha@12345');
    const updated = await client.request<{ updateProfile: { firstName: string; mobileNo: string } }>(
      'mutation ($input: ProfileInput!) { updateProfile(input: $input) { firstName mobileNo } }',
      { input: { firstName: 'Ashwini', lastName: 'Rao', email: 'asha@example.com', mobileNo: '9988776655' } },
    );
    expect(updated.data?.updateProfile).toEqual({ firstName: 'Ashwini', mobileNo: '9988776655' });
  });

  it('lets only admins manage users and roles', async () => {
    const investor = stack.client();
    await investor.login('investor', 'Investor@123');
    const denied = await investor.request('{ users { username } }');
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const anonymous = await stack.client().request('{ roles { name } }');
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const admin = stack.client();
    await admin.login('admin', 'Admin@123');
    const roles = await admin.request<{ roles: Array<{ id: string; name: string }> }>('{ roles { id name } }');
    const staffRole = roles.data?.roles.find((r) => r.name === 'ROLE_STAFF');
    const created = await admin.request<{ createUser: { id: string; roles: Array<{ name: string }> } }>(
      `mutation ($input: UserInput!) { createUser(input: $input) { ${USER_FIELDS} } }`,
      {
        input: {
          firstName: 'Kiran',
          lastName: 'Das',
          username: 'kiran',
          email: 'kiran@example.com',
          password: 'Kiran@1234',
          roleId: staffRole?.id,
        },
      },
    );
    expect(created.errors).toBeUndefined();
    expect(created.data?.createUser.roles.map((r) => r.name)).toEqual(['ROLE_STAFF']);
    const users = await admin.request<{ users: Array<{ username: string }> }>('{ users { username } }');
    expect(users.data?.users.map((u) => u.username)).toContain('kiran');
    const missing = await admin.request<{ user: null }>('{ user(id: "99999") { username } }');
    expect(missing.data?.user).toBeNull();
    const deleted = await admin.request<{ deleteUser: { message: string } }>(
      'mutation ($id: ID!) { deleteUser(id: $id) { id message } }',
      {
        id: created.data?.createUser.id,
      },
    );
    expect(deleted.data?.deleteUser.message).toBe('User Deleted Successfully');
  });

  it('answers UPSTREAM_UNAVAILABLE within 2 s when the REST API is down', async () => {
    const { startStack: start } = await import('./setup/stack.js');
    const lonely = await start();
    await lonely.api.close();
    const started = Date.now();
    const result = await lonely
      .client()
      .request('mutation { login(username: "admin", password: "Admin@123") { token } }');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(result.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
    const status = await lonely
      .client()
      .request<{ serviceStatus: { bff: string; api: string } }>('{ serviceStatus { bff api } }');
    expect(status.data?.serviceStatus).toEqual({ bff: 'OK', api: 'UNAVAILABLE' });
    expect((await fetch(`${lonely.bffUrl}/healthz`)).status).toBe(200);
    const ready = await fetch(`${lonely.bffUrl}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', api: 'unavailable' });
    await lonely.bff.close();
  });
});
