import { beforeAll, describe, expect, it } from 'vitest';
import type { RoleDto as Role, UserDto as User } from '@bazaar/shared/contract';
import { DEMO, userBody, useApi } from '../setup/test-api.js';

describe('admin users and roles', () => {
  const api = useApi();
  let admin: string;
  let roles: Role[];
  const roleNamed = (name: string) => roles.find((r) => r.name === name) as Role;

  beforeAll(async () => {
    admin = await api.login(DEMO.admin.username, DEMO.admin.password);
    roles = (await api.request<Role[]>('GET', '/admin/roles', { token: admin })).body;
  });

  it('lists the three built-in roles', () => {
    expect(roles.map((r) => r.name).sort()).toEqual(['ROLE_ADMIN', 'ROLE_STAFF', 'ROLE_USER']);
  });

  it('creates, reads, updates and deletes a user', async () => {
    const created = await api.request<User>('POST', '/admin/users', {
      token: admin,
      json: userBody('meera', [roleNamed('ROLE_STAFF')]),
    });
    expect(created.status).toBe(201);
    expect(created.body.roles.map((r) => r.name)).toEqual(['ROLE_STAFF']);
    const id = created.body.id;

    const list = await api.request<User[]>('GET', '/admin/users', { token: admin });
    expect(list.body.map((u) => u.username)).toContain('meera');
    expect(list.text).not.toMatch(/password/i);

    const one = await api.request<User>('GET', `/admin/users/${id}`, { token: admin });
    expect(one.body).toMatchObject({ id, username: 'meera', email: 'meera@example.com' });

    // the new user can log in with the role given
    const login = await api.request<{ roles: Array<{ name: string }> }>('POST', '/auth/login', {
      json: { username: 'meera', password: 'Meera@1234' },
    });
    expect(login.body.roles[0]?.name).toBe('ROLE_STAFF');

    const updated = await api.request<User>('PUT', `/admin/users/${id}`, {
      token: admin,
      json: userBody('meera', [roleNamed('ROLE_USER')], { firstName: 'Meenakshi', password: '' }),
    });
    expect(updated.status).toBe(200);
    expect(updated.body.firstName).toBe('Meenakshi');
    expect(updated.body.roles.map((r) => r.name)).toEqual(['ROLE_USER']);
    // a blank password keeps the old one
    expect(
      (await api.request('POST', '/auth/login', { json: { username: 'meera', password: 'Meera@1234' } })).status,
    ).toBe(200);

    const staff = await api.request<User>('POST', `/admin/users/${id}/roles`, {
      token: admin,
      json: { name: 'ROLE_STAFF' },
    });
    expect(staff.body.roles.map((r) => r.name)).toEqual(['ROLE_STAFF']);

    const deleted = await api.request('DELETE', `/admin/users/${id}`, { token: admin });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'User Deleted Successfully' });
    expect((await api.request('GET', `/admin/users/${id}`, { token: admin })).status).toBe(404);
  });

  it('validates user input and answers 404 and 409 where they belong', async () => {
    const noRole = await api.request('POST', '/admin/users', {
      token: admin,
      json: { ...userBody('x1', [roleNamed('ROLE_USER')]), roles: [] },
    });
    expect(noRole.status).toBe(400);
    expect(noRole.body).toMatchObject({ message: 'Role is required!' });
    const badMobile = await api.request('POST', '/admin/users', {
      token: admin,
      json: userBody('x2', [roleNamed('ROLE_USER')], { mobileNo: 'abc' }),
    });
    expect(badMobile.body).toMatchObject({ status: 400, message: 'Enter a valid Mobile Number' });
    const unknownRole = await api.request('POST', '/admin/users', {
      token: admin,
      json: userBody('x3', [{ id: 9999, name: 'ROLE_GHOST' }]),
    });
    expect(unknownRole.status).toBe(400);
    expect(unknownRole.body).toMatchObject({ message: 'Role ROLE_GHOST does not exist' });
    const duplicate = await api.request('POST', '/admin/users', {
      token: admin,
      json: userBody('Admin', [roleNamed('ROLE_USER')]),
    });
    expect(duplicate.status).toBe(409);
    expect((await api.request('GET', '/admin/users/424242', { token: admin })).body).toMatchObject({
      status: 404,
      message: 'User 424242 was not found',
    });
    const badId = await api.request('GET', '/admin/users/abc', { token: admin });
    expect(badId.status).toBe(400);
    expect(badId.body).toMatchObject({ message: 'id must be a positive whole number' });
  });

  it('never deletes or demotes the last admin', async () => {
    const me = (await api.request<User[]>('GET', '/admin/users', { token: admin })).body.find(
      (u) => u.username === 'admin',
    ) as User;
    const deleted = await api.request('DELETE', `/admin/users/${me.id}`, { token: admin });
    expect(deleted.status).toBe(409);
    expect(deleted.body).toMatchObject({
      message: 'The last admin cannot be deleted; make another user an admin first',
    });
    const demoted = await api.request('POST', `/admin/users/${me.id}/roles`, {
      token: admin,
      json: { name: 'ROLE_USER' },
    });
    expect(demoted.status).toBe(409);
    const demotedByPut = await api.request('PUT', `/admin/users/${me.id}`, {
      token: admin,
      json: {
        firstName: 'A',
        lastName: 'B',
        username: 'admin',
        email: 'admin@bazaar-insight.local',
        roles: [roleNamed('ROLE_STAFF')],
      },
    });
    expect(demotedByPut.status).toBe(409);
    // with a second admin, the first may step down
    const second = await api.request<User>('POST', '/admin/users', {
      token: admin,
      json: userBody('admin2', [roleNamed('ROLE_ADMIN')]),
    });
    const stepDown = await api.request<User>('POST', `/admin/users/${me.id}/roles`, {
      token: admin,
      json: { name: 'ROLE_STAFF' },
    });
    expect(stepDown.status).toBe(200);
    // and has lost admin rights at once: a change of roles ends the user's sessions (401), the next login is staff
    expect((await api.request('GET', '/admin/users', { token: admin })).status).toBe(401);
    const asStaff = await api.login('admin', DEMO.admin.password);
    expect((await api.request('GET', '/admin/users', { token: asStaff })).status).toBe(403);
    const admin2 = await api.login('admin2', 'Meera@1234');
    expect(
      (await api.request('POST', `/admin/users/${me.id}/roles`, { token: admin2, json: { name: 'ROLE_ADMIN' } }))
        .status,
    ).toBe(200);
    admin = await api.login('admin', DEMO.admin.password);
    expect((await api.request('DELETE', `/admin/users/${second.body.id}`, { token: admin })).status).toBe(200);
  });

  it('manages roles: create, rename, refuse duplicates and deleting roles in use', async () => {
    const created = await api.request<Role>('POST', '/admin/roles', { token: admin, json: { name: 'ROLE_AUDITOR' } });
    expect(created.status).toBe(201);
    expect((await api.request('POST', '/admin/roles', { token: admin, json: { name: 'ROLE_AUDITOR' } })).status).toBe(
      409,
    );
    expect((await api.request('POST', '/admin/roles', { token: admin, json: { name: ' ' } })).body).toMatchObject({
      message: 'Name is required!',
    });
    const renamed = await api.request<Role>('PUT', `/admin/roles/${created.body.id}`, {
      token: admin,
      json: { name: 'ROLE_REVIEWER' },
    });
    expect(renamed.body).toEqual({ id: created.body.id, name: 'ROLE_REVIEWER' });
    expect((await api.request<Role>('GET', `/admin/roles/${created.body.id}`, { token: admin })).body.name).toBe(
      'ROLE_REVIEWER',
    );

    const holder = await api.request<User>('POST', '/admin/users', {
      token: admin,
      json: userBody('reviewer', [renamed.body]),
    });
    expect(holder.status).toBe(201);
    const inUse = await api.request('DELETE', `/admin/roles/${created.body.id}`, { token: admin });
    expect(inUse.status).toBe(409);
    expect(inUse.body).toMatchObject({
      message: 'The role ROLE_REVIEWER is held by 1 user; give them another role before deleting it',
    });
    await api.request('DELETE', `/admin/users/${holder.body.id}`, { token: admin });
    const gone = await api.request('DELETE', `/admin/roles/${created.body.id}`, { token: admin });
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ message: 'Role ROLE_REVIEWER deleted successfully' });

    const builtIn = await api.request('PUT', `/admin/roles/${roleNamed('ROLE_ADMIN').id}`, {
      token: admin,
      json: { name: 'ROLE_BOSS' },
    });
    expect(builtIn.status).toBe(409);
  });
});

describe('profile', () => {
  const api = useApi();

  it('reads and updates only the caller, ignoring roles and ids in the body', async () => {
    const token = await api.login(DEMO.investor.username, DEMO.investor.password);
    const before = await api.request<User>('GET', '/user/profile', { token });
    expect(before.body.username).toBe('investor');
    const updated = await api.request<User & { mobileNo: string }>('PUT', '/user/profile', {
      token,
      json: {
        id: 1,
        username: 'admin',
        roles: [{ id: 3, name: 'ROLE_ADMIN' }],
        firstName: 'Inder',
        lastName: 'Jit',
        email: 'inder@example.com',
        mobileNo: '9000000001',
        // a new e-mail address needs the current password (auth/profile.test.ts has the cases)
        currentPassword: DEMO.investor.password,
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: before.body.id,
      username: 'investor',
      firstName: 'Inder',
      email: 'inder@example.com',
      mobileNo: '9000000001',
    });
    expect(updated.body.roles.map((r) => r.name)).toEqual(['ROLE_USER']);
    expect((await api.request('GET', '/admin/users', { token })).status).toBe(403);
    const bad = await api.request('PUT', '/user/profile', {
      token,
      json: { firstName: '', lastName: 'x', email: 'a@b.co' },
    });
    expect(bad.body).toMatchObject({ status: 400, message: 'First Name is required!' });
    const taken = await api.request('PUT', '/user/profile', {
      token,
      json: {
        firstName: 'a',
        lastName: 'b',
        email: 'admin@bazaar-insight.local',
        currentPassword: DEMO.investor.password,
      },
    });
    expect(taken.status).toBe(409);
  });
});
