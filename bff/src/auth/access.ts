/**
 * The @access declarations of the schema: every Query and Mutation field says who may use it
 * (schema/common.graphql): `level` for sessions, `key` for API keys. The REST API behind each field
 * is the authority on roles, ownership and scopes; the BFF refuses anonymous callers of non-public
 * fields, and API keys without the field's scope, itself, before any REST call of the field, and
 * refuses to start when a root field has no declaration (or gives a key a staff or admin field), so
 * nothing is left open by omission. The authorisation and scope matrices read the same declarations.
 *
 * What a key may use, decided here for GraphQL as api/src/auth/key-scopes.ts decides it for REST
 * (docs/product/developer.md#scopes): `key` when declared; else a public query takes market:read,
 * and everything else (public mutations such as login and sign-up, every account, staff and admin
 * field) takes no key at all.
 */
import { defaultFieldResolver, Kind, type GraphQLField, type GraphQLSchema } from 'graphql';
import { keyAllows, missingScopeMessage, type KeyRequirement } from '@bazaar/shared';
import { forbidden, unauthenticated } from '../graphql/errors.js';
import type { GraphQLContext } from '../graphql/context.js';

export type AccessLevel = 'PUBLIC' | 'USER' | 'STAFF' | 'ADMIN';
/** The schema's KeyAccess enum. */
export type KeyAccess = 'NONE' | 'MARKET_READ' | 'PORTFOLIO_READ' | 'PORTFOLIO_WRITE' | 'ANY_KEY';

const LEVELS: readonly string[] = ['PUBLIC', 'USER', 'STAFF', 'ADMIN'];
const KEY_ACCESS: Record<KeyAccess, KeyRequirement> = {
  NONE: 'none',
  MARKET_READ: 'market:read',
  PORTFOLIO_READ: 'portfolio:read',
  PORTFOLIO_WRITE: 'portfolio:write',
  ANY_KEY: 'any',
};

function accessArgument(field: GraphQLField<unknown, unknown>, name: string): string | undefined {
  const directive = field.astNode?.directives?.find((d) => d.name.value === 'access');
  const argument = directive?.arguments?.find((a) => a.name.value === name);
  return argument && argument.value.kind === Kind.ENUM ? argument.value.value : undefined;
}

/** The declared level of a root field, or undefined when it has none. */
export function declaredAccess(field: GraphQLField<unknown, unknown>): AccessLevel | undefined {
  const level = accessArgument(field, 'level');
  return level !== undefined && LEVELS.includes(level) ? (level as AccessLevel) : undefined;
}

/** What an API key needs for a root field: its declaration, or the default of its level and operation. */
export function keyAccess(field: GraphQLField<unknown, unknown>, operation: 'query' | 'mutation'): KeyAccess {
  const declared = accessArgument(field, 'key');
  if (declared !== undefined && declared in KEY_ACCESS) return declared as KeyAccess;
  return declaredAccess(field) === 'PUBLIC' && operation === 'query' ? 'MARKET_READ' : 'NONE';
}

/** The requirement of a KeyAccess value, as the REST API's scope table says it. */
export function keyRequirementOf(access: KeyAccess): KeyRequirement {
  return KEY_ACCESS[access];
}

export interface AccessEntry {
  operation: 'query' | 'mutation';
  field: string;
  access: AccessLevel | undefined;
  key: KeyAccess;
}

/** Every root field with its declared level and what a key needs, e.g. for the matrices. */
export function accessTable(schema: GraphQLSchema): AccessEntry[] {
  const roots = [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const;
  return roots.flatMap(([operation, type]) =>
    type
      ? Object.values(type.getFields()).map((field) => ({
          operation,
          field: field.name,
          access: declaredAccess(field),
          key: keyAccess(field, operation),
        }))
      : [],
  );
}

/** Checks every declaration and wraps the root fields with the anonymous-caller and API-key guards. */
export function applyAccessDeclarations(schema: GraphQLSchema): GraphQLSchema {
  const table = accessTable(schema);
  const undeclared = table.filter((entry) => !entry.access);
  if (undeclared.length > 0) {
    throw new Error(`Root fields without @access: ${undeclared.map((e) => `${e.operation}.${e.field}`).join(', ')}`);
  }
  // a key acts as a plain user: a staff or admin field open to keys is a mistake in the schema
  const keyedStaffFields = table.filter(
    (entry) => (entry.access === 'STAFF' || entry.access === 'ADMIN') && entry.key !== 'NONE',
  );
  if (keyedStaffFields.length > 0) {
    throw new Error(
      `Staff and admin fields cannot take API keys: ${keyedStaffFields.map((e) => `${e.operation}.${e.field}`).join(', ')}`,
    );
  }
  for (const [operation, type] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const) {
    if (!type) continue;
    for (const field of Object.values(type.getFields())) {
      const level = declaredAccess(field);
      const requirement = keyRequirementOf(keyAccess(field, operation));
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context: GraphQLContext, info) => {
        // before any REST call of the field; the REST API checks the same scope again
        if (context.apiKey && !keyAllows(context.apiKey.scopes, requirement))
          throw forbidden(missingScopeMessage(requirement));
        if (level !== 'PUBLIC' && !context.token) throw unauthenticated();
        return resolve(source, args, context, info);
      };
    }
  }
  return schema;
}
