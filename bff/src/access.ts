/**
 * The @access declarations of the schema: every Query and Mutation field says who may use it
 * (schema/common.graphql). The REST API behind each field is the authority on roles and
 * ownership; the BFF refuses anonymous callers of non-public fields itself, before any REST
 * call, and refuses to start when a root field has no declaration, so nothing is left open by
 * omission. The authorisation tests read the same declarations.
 */
import { defaultFieldResolver, Kind, type GraphQLField, type GraphQLSchema } from 'graphql';
import { unauthenticated } from './errors.js';
import type { GraphQLContext } from './context.js';

export type AccessLevel = 'PUBLIC' | 'USER' | 'STAFF' | 'ADMIN';

const LEVELS: readonly string[] = ['PUBLIC', 'USER', 'STAFF', 'ADMIN'];

/** The declared level of a root field, or undefined when it has none. */
export function declaredAccess(field: GraphQLField<unknown, unknown>): AccessLevel | undefined {
  const directive = field.astNode?.directives?.find((d) => d.name.value === 'access');
  const argument = directive?.arguments?.find((a) => a.name.value === 'level');
  if (!argument || argument.value.kind !== Kind.ENUM) return undefined;
  return LEVELS.includes(argument.value.value) ? (argument.value.value as AccessLevel) : undefined;
}

/** Every root field with its declared level, e.g. for the authorisation matrix. */
export function accessTable(
  schema: GraphQLSchema,
): Array<{ operation: 'query' | 'mutation'; field: string; access: AccessLevel | undefined }> {
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
        }))
      : [],
  );
}

/** Checks every declaration and wraps non-public root fields with the anonymous-caller guard. */
export function applyAccessDeclarations(schema: GraphQLSchema): GraphQLSchema {
  const undeclared = accessTable(schema).filter((entry) => !entry.access);
  if (undeclared.length > 0) {
    throw new Error(`Root fields without @access: ${undeclared.map((e) => `${e.operation}.${e.field}`).join(', ')}`);
  }
  for (const type of [schema.getQueryType(), schema.getMutationType()]) {
    if (!type) continue;
    for (const field of Object.values(type.getFields())) {
      if (declaredAccess(field) === 'PUBLIC') continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context: GraphQLContext, info) => {
        if (!context.token) throw unauthenticated();
        return resolve(source, args, context, info);
      };
    }
  }
  return schema;
}
