/**
 * Operations made from the schema itself: for any root field, a query or mutation calling it with
 * its required arguments made up from their types (ids that exist nowhere, plain strings, first
 * enum values, required input fields filled recursively). The authorisation matrix and the
 * API-down fault test use them, so new fields are covered without editing either.
 */
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';
import { loadTypeDefs } from '../../src/graphql/schema.js';
import { loadConfig } from '../../src/config.js';

// Built in the caller's own graphql realm from the same SDL files the BFF serves.
export const schema = buildSchema(loadTypeDefs(loadConfig({ NODE_ENV: 'test' }).schemaDir).join('\n'));

/** A value of an input type: ids that exist nowhere, plain strings, first enum values. */
export function sampleValue(type: GraphQLInputType, id: string): unknown {
  if (isNonNullType(type)) return sampleValue(type.ofType, id);
  if (isListType(type)) return [sampleValue(type.ofType, id)];
  if (isEnumType(type)) return type.getValues()[0]?.value;
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields()).filter((field) => isNonNullType(field.type));
    return Object.fromEntries(fields.map((field) => [field.name, sampleValue(field.type, id)]));
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'ID':
        return id;
      case 'Int':
      case 'Float':
        return 1;
      case 'Boolean':
        return false;
      case 'Decimal':
        return '1';
      case 'Date':
        return '2025-01-06';
      case 'DateTime':
        return '2025-01-06T00:00:00.000Z';
      case 'Upload':
        return null; // filled by the multipart request
      default:
        return 'no-such-value';
    }
  }
  throw new Error(`no sample for ${String(type)}`);
}

export function fieldOf(operation: 'query' | 'mutation', name: string): GraphQLField<unknown, unknown> {
  const root = operation === 'query' ? schema.getQueryType() : schema.getMutationType();
  const field = root?.getFields()[name];
  if (!field) throw new Error(`${operation}.${name} is not in the schema`);
  return field;
}

/** Dotted paths of the required Upload values of a type (an Upload argument, or one inside an input object). */
function uploadPaths(type: GraphQLInputType, path: string): string[] {
  const named = getNamedType(type);
  if (named.name === 'Upload') return [path];
  if (!isInputObjectType(named)) return [];
  return Object.values(named.getFields())
    .filter((field) => isNonNullType(field.type))
    .flatMap((field) => uploadPaths(field.type, `${path}.${field.name}`));
}

/** An operation calling one field with its required arguments as variables. */
export function operationFor(operation: 'query' | 'mutation', name: string, id: string) {
  const field = fieldOf(operation, name);
  const required: GraphQLArgument[] = field.args.filter((arg) => isNonNullType(arg.type));
  const declarations = required.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const call = required.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const returned = getNamedType(field.type);
  const selection = isScalarType(returned) || isEnumType(returned) ? '' : ' { __typename }';
  const query = `${operation} Check${declarations ? `(${declarations})` : ''} { ${name}${call ? `(${call})` : ''}${selection} }`;
  const variables = Object.fromEntries(required.map((arg) => [arg.name, sampleValue(arg.type, id)]));
  const uploads = required.flatMap((arg) => uploadPaths(arg.type, arg.name));
  return { query, variables, uploads };
}

/**
 * The multipart form graphql-upload reads (as the app sends an upload): the operation, the map of each Upload
 * variable to its part, and an empty CSV in every part.
 */
export function uploadForm(operation: ReturnType<typeof operationFor>): FormData {
  const { query, variables, uploads } = operation;
  const form = new FormData();
  form.set('operations', JSON.stringify({ query, variables }));
  form.set(
    'map',
    JSON.stringify(Object.fromEntries(uploads.map((upload, index) => [String(index), [`variables.${upload}`]]))),
  );
  uploads.forEach((_upload, index) => form.set(String(index), new Blob(['SYMBOL,SERIES\n']), 'empty.csv'));
  return form;
}
