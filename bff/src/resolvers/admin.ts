/** Users, roles and the mail outbox (administrators only; the REST API enforces it). */
import type { UserUpdateBody } from '@bazaar/shared/contract';
import type { Resolvers, UserInput } from '../__generated__/resolvers-types.js';
import type { DataSources } from '../datasources/index.js';
import { badUserInput, orNull } from '../graphql/errors.js';

/** The role the input names, from the role list (an admin-only read: others hear 403 before any validation). */
async function roleOf(roleId: string, dataSources: DataSources) {
  const role = (await dataSources.admin.roles()).find((candidate) => String(candidate.id) === String(roleId));
  if (!role) throw badUserInput('Role is required!', 'roleId');
  return role;
}

async function toUserWrite(input: UserInput, dataSources: DataSources): Promise<UserUpdateBody> {
  const { roleId, password, mobileNo, ...fields } = input;
  return {
    ...fields,
    password: password || undefined,
    mobileNo: mobileNo || undefined,
    roles: [await roleOf(roleId, dataSources)],
  };
}

export const adminResolvers: Resolvers = {
  OutboxMail: {
    id: (mail) => String(mail.id),
  },
  Query: {
    users: (_parent, _args, { dataSources }) => dataSources.admin.users(),
    user: (_parent, { id }, { dataSources }) => orNull(dataSources.admin.user(id)),
    roles: (_parent, _args, { dataSources }) => dataSources.admin.roles(),
    role: (_parent, { id }, { dataSources }) => orNull(dataSources.admin.role(id)),
    mailOutbox: (_parent, { limit, recipient }, { dataSources }) => dataSources.admin.mailOutbox(limit, recipient),
  },
  Mutation: {
    createUser: async (_parent, { input }, { dataSources }) => {
      const write = await toUserWrite(input, dataSources);
      if (!write.password) throw badUserInput('Password is required!', 'password');
      return dataSources.admin.createUser({ ...write, password: write.password });
    },
    updateUser: async (_parent, { id, input }, { dataSources }) =>
      dataSources.admin.updateUser(id, await toUserWrite(input, dataSources)),
    deleteUser: async (_parent, { id }, { dataSources }) => ({ id, message: await dataSources.admin.deleteUser(id) }),
    setUserRole: async (_parent, { userId, roleId }, { dataSources }) =>
      dataSources.admin.setUserRole(userId, await roleOf(roleId, dataSources)),
    createRole: (_parent, { input }, { dataSources }) => dataSources.admin.createRole({ name: input.name }),
    updateRole: (_parent, { id, input }, { dataSources }) => dataSources.admin.updateRole(id, { name: input.name }),
    deleteRole: async (_parent, { id }, { dataSources }) => ({ id, message: await dataSources.admin.deleteRole(id) }),
  },
};
