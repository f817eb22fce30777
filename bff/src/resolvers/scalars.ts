/** Decimal, Date and DateTime scalars: strings on the wire, checked on the way in. */
import { GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { isCalendarDate } from '@bazaar/shared';
import { badUserInput } from '../graphql/errors.js';

const DECIMAL_PATTERN = /^-?\d{1,15}(\.\d{1,8})?$/;
const DATETIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

function literalText(ast: ValueNode): string | undefined {
  if (ast.kind === Kind.STRING || ast.kind === Kind.INT || ast.kind === Kind.FLOAT) return ast.value;
  return undefined;
}

function parseDecimal(value: unknown): string {
  const text =
    typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : typeof value === 'string'
        ? value.trim()
        : undefined;
  if (text === undefined || !DECIMAL_PATTERN.test(text))
    throw badUserInput(`Not a decimal number: ${String(value).slice(0, 40)}`);
  return text;
}

export const DecimalScalar = new GraphQLScalarType({
  name: 'Decimal',
  description: 'An exact decimal number written as a string',
  serialize: (value) => (typeof value === 'number' ? String(value) : String(value)),
  parseValue: parseDecimal,
  parseLiteral: (ast) => parseDecimal(literalText(ast)),
});

function parseDate(value: unknown): string {
  if (typeof value !== 'string' || !isCalendarDate(value))
    throw badUserInput(`Not a date (YYYY-MM-DD): ${String(value).slice(0, 40)}`);
  return value;
}

export const DateScalar = new GraphQLScalarType({
  name: 'Date',
  description: 'A calendar date as YYYY-MM-DD',
  serialize: (value) => (typeof value === 'string' ? value.slice(0, 10) : String(value)),
  parseValue: parseDate,
  parseLiteral: (ast) => parseDate(ast.kind === Kind.STRING ? ast.value : undefined),
});

function parseDateTime(value: unknown): string {
  if (typeof value !== 'string' || !DATETIME_PATTERN.test(value) || Number.isNaN(Date.parse(value))) {
    throw badUserInput(`Not an ISO timestamp: ${String(value).slice(0, 40)}`);
  }
  return value;
}

export const DateTimeScalar = new GraphQLScalarType({
  name: 'DateTime',
  description: 'An ISO-8601 timestamp',
  serialize: (value) => (value instanceof Date ? value.toISOString() : String(value)),
  parseValue: parseDateTime,
  parseLiteral: (ast) => parseDateTime(ast.kind === Kind.STRING ? ast.value : undefined),
});
