/** Users and roles administration through GraphQL, over HTTP against the real REST API (administrators only). */
import { describe, expect, it } from 'vitest';
import { useStack } from './setup/stack.js';

const USER_FIELDS = 'id username firstName lastName email mobileNo roles { id name }';

describe('admin through GraphQL', () => {
  const stack = useStack();

  it('lets only admins manage users and roles', async () => {
    const investor = await stack.clientAs('investor');
    const denied = await investor.request('{ users { username } }');
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const anonymous = await stack.client().request('{ roles { name } }');
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const admin = await stack.clientAs('admin');
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
});
