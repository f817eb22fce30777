/** Users and roles administration (administrators only; the REST API enforces it). */
import type { Resolvers, UserInput } from '../__generated__/resolvers-types.js';
import type { DataSources } from '../datasources/index.js';
import type { UserWriteDto } from '../datasources/admin-api.js';
import { badUserInput } from '../errors.js';

async function toUserWrite(input: UserInput, dataSources: DataSources): Promise<UserWriteDto> {
  const roles = await dataSources.admin.listRoles();
  const role = roles.find((candidate) => String(candidate.id) === String(input.roleId));
  if (!role) throw badUserInput('Role is required!', 'roleId');
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    username: input.username,
    email: input.email,
    password: input.password || undefined,
    mobileNo: input.mobileNo || undefined,
    roles: [role],
  };
}

/** A missing id answers null for lookups, not an error. */
async function orNull<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if ((error as { extensions?: { code?: string } }).extensions?.code === 'NOT_FOUND') return null;
    throw error;
  }
}

export const adminResolvers: Resolvers = {
  Query: {
    users: (_parent, _args, { dataSources }) => dataSources.admin.listUsers(),
    user: (_parent, { id }, { dataSources }) => orNull(dataSources.admin.getUser(id)),
    roles: (_parent, _args, { dataSources }) => dataSources.admin.listRoles(),
    role: (_parent, { id }, { dataSources }) => orNull(dataSources.admin.getRole(id)),
  },
  Mutation: {
    createUser: async (_parent, { input }, { dataSources }) => {
      // the role lookup is an admin-only read: callers without the right hear 403 before any validation
      const write = await toUserWrite(input, dataSources);
      if (!input.password) throw badUserInput('Password is required!', 'password');
      return dataSources.admin.createUser(write);
    },
    updateUser: async (_parent, { id, input }, { dataSources }) =>
      dataSources.admin.updateUser(id, await toUserWrite(input, dataSources)),
    deleteUser: async (_parent, { id }, { dataSources }) => ({ id, message: await dataSources.admin.deleteUser(id) }),
    setUserRole: async (_parent, { userId, roleId }, { dataSources }) => {
      const role = (await dataSources.admin.listRoles()).find((candidate) => String(candidate.id) === String(roleId));
      if (!role) throw badUserInput('Role is required!', 'roleId');
      return dataSources.admin.setUserRole(userId, role);
    },
    createRole: (_parent, { input }, { dataSources }) => dataSources.admin.createRole(input.name),
    updateRole: (_parent, { id, input }, { dataSources }) => dataSources.admin.updateRole(id, input.name),
    deleteRole: async (_parent, { id }, { dataSources }) => ({ id, message: await dataSources.admin.deleteRole(id) }),
  },
};
