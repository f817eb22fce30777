/**
 * Protections of the GraphQL endpoint against expensive documents (OWASP GraphQL cheat sheet):
 * a maximum depth, a maximum number of aliases, a maximum cost (fields counted with fragments
 * expanded, list fields weighted), and a cap on operations per batched HTTP request.
 * Values are documented in README ("GraphQL limits") and checked by the BFF tests.
 */
import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import type { NextFunction, Request, Response } from 'express';

export const GRAPHQL_LIMITS = {
  /** Nesting of selection sets (the deepest page query uses 5). */
  maxDepth: 10,
  /** Aliased fields in one document. */
  maxAliases: 30,
  /** Cost: 1 per field, ×10 under a list field, fragments expanded. */
  maxCost: 5_000,
  /** Operations in one batched HTTP request (a JSON array body). */
  maxBatch: 10,
} as const;

function limitError(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', status: 400 } });
}

// Types are inspected by shape, not with graphql's instanceof helpers, so the rule works with any
// copy of the graphql module (test runners may load two).
type FieldsHolder = { getFields(): Record<string, GraphQLField<unknown, unknown>> };

function asComposite(type: GraphQLNamedType | null | undefined): FieldsHolder | null {
  return type && typeof (type as Partial<FieldsHolder>).getFields === 'function'
    ? (type as unknown as FieldsHolder)
    : null;
}

/** "[Node!]!" -> list; the named type's name is what remains without brackets and "!". */
function describeType(field: GraphQLField<unknown, unknown>): { list: boolean; named: string } {
  const text = String(field.type).replace(/!$/, '');
  return { list: text.startsWith('['), named: text.replace(/[[\]!]/g, '') };
}

/** Depth, alias and cost limits as one validation rule (runs before any resolver). */
export function limitsRule(limits = GRAPHQL_LIMITS): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    let aliases = 0;

    function measure(
      selectionSet: SelectionSetNode,
      depth: number,
      multiplier: number,
      parentType: FieldsHolder | null,
      schema: GraphQLSchema,
      seen: Set<string>,
    ): { depth: number; cost: number } {
      let maxDepth = depth;
      let cost = 0;
      for (const selection of selectionSet.selections) {
        if (selection.kind === Kind.FIELD) {
          if (selection.alias) aliases++;
          const name = selection.name.value;
          // schema introspection is deep by nature (type references nest ~9 levels); it is switched off
          // in production, and explorers need the standard query to work in development
          if (depth === 1 && (name === '__schema' || name === '__type')) continue;
          const fieldDef = parentType?.getFields()[name];
          const described = fieldDef ? describeType(fieldDef) : undefined;
          const isList = described?.list ?? false;
          cost += multiplier;
          if (selection.selectionSet) {
            const childType = described ? schema.getType(described.named) : undefined;
            const inner = measure(
              selection.selectionSet,
              depth + 1,
              Math.min(multiplier * (isList ? 10 : 1), 1_000_000),
              asComposite(childType),
              schema,
              seen,
            );
            maxDepth = Math.max(maxDepth, inner.depth);
            cost += inner.cost;
          }
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          const typeName = selection.typeCondition?.name.value;
          const type = typeName ? asComposite(context.getSchema().getType(typeName)) : parentType;
          const inner = measure(selection.selectionSet, depth, multiplier, type ?? parentType, schema, seen);
          maxDepth = Math.max(maxDepth, inner.depth);
          cost += inner.cost;
        } else {
          const fragment = fragments.get(selection.name.value);
          if (!fragment || seen.has(fragment.name.value)) continue; // cycles are reported by graphql-js itself
          const type = asComposite(context.getSchema().getType(fragment.typeCondition.name.value));
          const inner = measure(
            fragment.selectionSet,
            depth,
            multiplier,
            type ?? parentType,
            schema,
            new Set([...seen, fragment.name.value]),
          );
          maxDepth = Math.max(maxDepth, inner.depth);
          cost += inner.cost;
        }
      }
      return { depth: maxDepth, cost };
    }

    return {
      OperationDefinition(node) {
        const root =
          node.operation === 'query'
            ? context.getSchema().getQueryType()
            : node.operation === 'mutation'
              ? context.getSchema().getMutationType()
              : context.getSchema().getSubscriptionType();
        const { depth, cost } = measure(node.selectionSet, 1, 1, asComposite(root), context.getSchema(), new Set());
        if (depth > limits.maxDepth)
          context.reportError(limitError(`The query is too deep (${depth} levels; at most ${limits.maxDepth})`));
        if (cost > limits.maxCost)
          context.reportError(limitError(`The query is too expensive (cost ${cost}; at most ${limits.maxCost})`));
        if (aliases > limits.maxAliases)
          context.reportError(limitError(`The query uses too many aliases (${aliases}; at most ${limits.maxAliases})`));
      },
    };
  };
}

/** Refuses batched requests with more operations than allowed, before Apollo parses them. */
export function batchLimit(maxBatch = GRAPHQL_LIMITS.maxBatch) {
  return (request: Request, response: Response, next: NextFunction) => {
    if (Array.isArray(request.body) && request.body.length > maxBatch) {
      response.status(400).json({
        errors: [
          {
            message: `Too many operations in one request (${request.body.length}; at most ${maxBatch})`,
            extensions: { code: 'BAD_REQUEST' },
          },
        ],
      });
      return;
    }
    next();
  };
}
