/**
 * Auth through GraphQL, over HTTP against the real REST API: login and sessions, sign-up, the
 * caller's profile, and password reset with the link read from the mail outbox.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Kind, parse, type FieldNode, type OperationDefinitionNode } from 'graphql';
import { operationText } from './setup/operations.js';
import { useStack, expectBadUserInput } from './setup/stack.js';

const USER_FIELDS = 'id username firstName lastName email mobileNo roles { id name }';

describe('auth through GraphQL', () => {
  const stack = useStack();

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
    const client = await stack.clientAs('investor');
    expect(client.cookie()).toBeDefined();
    const out = await client.request<{ logout: boolean }>('mutation { logout }');
    expect(out.data?.logout).toBe(true);
    expect(out.headers.get('set-cookie')).toMatch(/bi_session=;/);
    expect(client.cookie()).toBeUndefined();
    expect((await client.request<{ me: null }>('{ me { username } }')).data?.me).toBeNull();
  });

  it('logout ends the session on the server: the replayed cookie is UNAUTHENTICATED, the token 401 at the API', async () => {
    const client = await stack.clientAs('investor');
    const cookie = client.cookie()!;
    const token = cookie.slice(cookie.indexOf('=') + 1);
    const mine = '{ mySubscription { __typename } }';
    expect((await client.request(mine)).errors).toBeUndefined();
    expect((await stack.api.request('GET', '/user/profile', { token })).status).toBe(200);

    expect((await client.request<{ logout: boolean }>('mutation { logout }')).data?.logout).toBe(true);

    // someone who kept a copy of the cookie: a browser sending it as before
    const replay = stack.client();
    const replayed = await replay.request(mine, undefined, { headers: { cookie } });
    expect(replayed.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(replayed.data).toBeNull();
    expect(
      (await replay.request<{ me: null }>('{ me { username } }', undefined, { headers: { cookie } })).data,
    ).toEqual({ me: null });
    expect((await stack.api.request('GET', '/user/profile', { token })).status).toBe(401);
    // logging out again with the dead cookie is harmless
    const again = await replay.request<{ logout: boolean }>('mutation { logout }', undefined, { headers: { cookie } });
    expect(again.errors).toBeUndefined();
    expect(again.data?.logout).toBe(true);
  });

  it('logout with a bearer token ends that token, and only that session', async () => {
    const integrator = await stack.api.login('staff', 'Staff@123');
    const browser = await stack.clientAs('staff');
    const out = await stack.client().request<{ logout: boolean }>('mutation { logout }', undefined, {
      headers: { authorization: `Bearer ${integrator}` },
    });
    expect(out.data?.logout).toBe(true);
    expect((await stack.api.request('GET', '/user/profile', { token: integrator })).status).toBe(401);
    expect((await browser.request<{ me: { username: string } }>('{ me { username } }')).data?.me.username).toBe(
      'staff',
    );
  });

  it("the web app's Login operation does not ask for the token: the session lives in the httpOnly cookie only", async () => {
    const file = fileURLToPath(new URL('../../web/src/features/auth/api/auth.graphql', import.meta.url));
    const document = parse(fs.readFileSync(file, 'utf8'));
    const login = document.definitions.find(
      (definition): definition is OperationDefinitionNode =>
        definition.kind === Kind.OPERATION_DEFINITION && definition.name?.value === 'Login',
    );
    expect(login).toBeDefined();
    const field = login!.selectionSet.selections[0] as FieldNode;
    expect(field.name.value).toBe('login');
    const asked = field.selectionSet!.selections.map((selection) => (selection as FieldNode).name.value);
    expect(asked).not.toContain('token');

    // the operation as the web sends it (with the fragments it spreads): no token in the answer, only in the cookie
    const operation = operationText(document, login!);
    const client = stack.client();
    const result = await client.request<{ login: Record<string, unknown> }>(operation, {
      username: 'investor',
      password: 'Investor@123',
    });
    expect(result.errors).toBeUndefined();
    expect(Object.keys(result.data!.login).sort()).toEqual(['expiresAt', 'user']);
    expect(JSON.stringify(result.data)).not.toMatch(/eyJ/); // no JWT anywhere in the body
    expect(client.cookie()).toMatch(/^bi_session=eyJ/);
  });

  it('signs up with one answer for new and taken names, and updates the profile (a new e-mail needs the password)', async () => {
    const client = stack.client();
    const signupMutation = 'mutation ($input: SignupInput!) { signup(input: $input) { message } }';
    const password = 'Asha@12345';
    const asha = { firstName: 'Asha', lastName: 'Rao', username: 'asha', email: 'asha@example.com', password };
    const signup = await client.request<{ signup: { message: string } }>(signupMutation, { input: asha });
    expect(signup.errors).toBeUndefined();
    // the words of docs/decisions.md#sign-up-without-account-discovery and docs/product/auth.md#messages, not the
    // constants the code sends
    expect(signup.data?.signup.message).toBe(
      'If this username and e-mail address are new, your account is ready: log in to continue. If either is already registered, log in or reset your password.',
    );
    // a taken username: the very same answer, no CONFLICT that would tell the account exists
    const again = await client.request(signupMutation, { input: { ...asha, email: 'other@example.com' } });
    expect(again).toMatchObject({ data: signup.data });
    expect(again.errors).toBeUndefined();
    const invalid = await client.request(signupMutation, {
      input: { firstName: '', lastName: 'Rao', username: 'asha2', email: 'asha2@example.com', password },
    });
    expectBadUserInput(invalid, 'First Name is required!');

    await client.login('asha', password);
    const profileMutation =
      'mutation ($input: ProfileInput!) { updateProfile(input: $input) { firstName mobileNo email } }';
    const fields = { firstName: 'Ashwini', lastName: 'Rao', mobileNo: '9988776655' };
    const updated = await client.request<{ updateProfile: { firstName: string; mobileNo: string; email: string } }>(
      profileMutation,
      { input: { ...fields, email: 'asha@example.com' } },
    );
    expect(updated.data?.updateProfile).toEqual({
      firstName: 'Ashwini',
      mobileNo: '9988776655',
      email: 'asha@example.com',
    });
    const noPassword = await client.request(profileMutation, { input: { ...fields, email: 'ashwini@example.com' } });
    expectBadUserInput(noPassword, 'Enter your current password to change your e-mail address.');
    const wrongPassword = await client.request(profileMutation, {
      input: { ...fields, email: 'ashwini@example.com', currentPassword: 'Wrong@12345' },
    });
    expect(wrongPassword.errors?.[0]?.message).toBe('The current password is not correct.');
    const moved = await client.request<{ updateProfile: { email: string } }>(profileMutation, {
      input: { ...fields, email: 'ashwini@example.com', currentPassword: password },
    });
    expect(moved.data?.updateProfile.email).toBe('ashwini@example.com');
  });

  it('resets a password with the link from the outbox, once', async () => {
    const admin = stack.client();
    const staff = stack.client();
    await admin.login('admin', 'Admin@123');
    await staff.login('staff', 'Staff@123');
    const visitor = stack.client();
    const request = await visitor.request<{ requestPasswordReset: { message: string } }>(
      'mutation ($input: RequestPasswordResetInput!) { requestPasswordReset(input: $input) { message } }',
      { input: { usernameOrEmail: 'staff@bazaar-insight.local' } },
    );
    expect(request.errors).toBeUndefined();
    expect(request.data?.requestPasswordReset.message).toMatch(/^If an account matches what you entered/);
    const invalid = await visitor.request(
      'mutation { requestPasswordReset(input: { usernameOrEmail: "" }) { message } }',
    );
    expectBadUserInput(invalid, 'Email is requied!', { status: 400 });

    // the link is made and mailed just after the answer (docs/decisions.md#forgot-password-in-constant-time)
    const readOutbox = () =>
      admin.request<{ mailOutbox: Array<{ kind: string; recipient: string; body: string }> }>(
        '{ mailOutbox(recipient: "staff@bazaar-insight.local") { kind recipient body } }',
      );
    await expect.poll(async () => (await readOutbox()).data?.mailOutbox.length, { timeout: 10_000 }).toBe(1);
    const outbox = await readOutbox();
    const link = new URL(/https?:\/\/\S+/.exec(outbox.data!.mailOutbox[0]!.body)![0]);
    expect(link.pathname).toBe('/change-password');
    const token = link.searchParams.get('token')!;

    const reset = `mutation ($input: ResetPasswordInput!) { resetPassword(input: $input) { message } }`;
    const done = await visitor.request<{ resetPassword: { message: string } }>(reset, {
      input: { token, password: 'NewStaff#2025' },
    });
    expect(done.data?.resetPassword.message).toBe(
      'Your password has been changed. You can now log in with your new password.',
    );
    const again = await visitor.request(reset, { input: { token, password: 'Again#20255' } });
    expectBadUserInput(again, 'This password reset link has already been used. Please ask for a new link.');
    const forged = await visitor.request(reset, { input: { token: 'forged', password: 'Again#20255' } });
    expect(forged.errors?.[0]?.message).toBe('This password reset link is not valid. Please ask for a new link.');

    // the old staff session is over; the new password works
    const me = await staff.request<{ me: { username: string } | null }>('{ me { username } }');
    expect(me.data?.me).toBeNull();
    await staff.login('staff', 'NewStaff#2025');
    expect((await staff.request<{ me: { username: string } }>('{ me { username } }')).data?.me.username).toBe('staff');
    // the outbox is for administrators
    expect((await staff.request('{ mailOutbox { id } }')).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('answers UPSTREAM_UNAVAILABLE at once when the REST API is down: the refused connection, not a time limit', async () => {
    const { startStack: start } = await import('./setup/stack.js');
    const lonely = await start();
    await lonely.api.close();
    const result = await lonely
      .client()
      .request('mutation { login(username: "admin", password: "Admin@123") { token } }');
    // the reason says the BFF gave up on the refused connection, not after waiting out REST_TIMEOUT_MS ('timeout'),
    // which a clock would tell only on a quiet machine
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', reason: 'ECONNREFUSED' });
    const status = await lonely
      .client()
      .request<{ serviceStatus: { bff: string; api: string } }>('{ serviceStatus { bff api } }');
    expect(status.data?.serviceStatus).toEqual({ bff: 'OK', api: 'UNAVAILABLE' });
    expect((await fetch(`${lonely.bffUrl}/healthz`)).status).toBe(200);
    const ready = await fetch(`${lonely.bffUrl}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', api: 'unavailable', reason: 'api' });
    await lonely.bff.close();
  });
});
