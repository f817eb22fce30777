/**
 * GraphQL limits: what one GraphQL request may cost (docs/engineering.md#glossary), the protections of the
 * GraphQL endpoint against expensive documents (OWASP GraphQL cheat sheet); whether a request is let in at
 * all is admission control (admission.ts). All are checked on what is executed, whatever the transport
 * (JSON, multipart, GET, a persisted query's hash), before any resolver:
 * - per operation: depth, aliases, and the cost and REST calls the document alone fixes (a validation
 *   rule, `limitsRule`), then the cost and REST calls with the variables sent (`variableCostLimits`,
 *   an Apollo plugin, before execution): a size given by a variable counts its value;
 * - per HTTP request (`requestLimits`, an Express middleware after the JSON and multipart parsers):
 *   the number of operations of a batch, and the cost and REST calls of the whole batch (a persisted
 *   query's text found by its hash).
 * Cost is the number of values an answer holds: 1 per field, times the size of every enclosing list,
 * lists sized by LIST_SIZES (their real sizes, or their page-size argument). What execution really
 * does is bounded too: REST calls per request (rest-client.ts) and the serialised answer's size
 * (`responseSizeLimit`). docs/engineering.md#graphql-limits lists the values; docs/decisions.md#graphql-cost-from-list-sizes says why.
 */
import {
  GraphQLError,
  Kind,
  parse,
  type ASTVisitor,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
  type ValueNode,
} from 'graphql';
import type { NextFunction, Request, Response } from 'express';
import type { ApolloServerPlugin } from '@apollo/server';
import { exchangeToday, MAX_BATCH_SYMBOLS } from '@bazaar/shared';
import { persistedHashOf } from './persisted-queries.js';

export const GRAPHQL_LIMITS = {
  /** Nesting of selection sets (the deepest page query uses 5). */
  maxDepth: 10,
  /** Aliased fields in one document. */
  maxAliases: 30,
  /**
   * Cost of one operation, and of all the operations of one HTTP request together (a batch cannot
   * add up to MBs): the values the answer holds (see LIST_SIZES). The web's largest page operation
   * (Technical Analysis) costs 28,014; with the 12-month extremes too, 38,015. 40,000 values are
   * about 1 MB of JSON.
   */
  maxCost: 40_000,
  /** REST calls one operation is expected to make (REST_CALLS), and the whole batch together. */
  maxRestCalls: 50,
  /** Operations in one HTTP request (a JSON array body, or a multipart `operations` array). */
  maxBatch: 10,
  /** Bytes of the multipart `operations` and `map` fields (the JSON body's limit is 1 MB). */
  maxMultipartFieldBytes: 100_000,
  /** Tokens of one document: parsing stops there (graphql-js `maxTokens`). */
  maxTokens: 10_000,
} as const;

export type GraphQLLimits = { -readonly [K in keyof typeof GRAPHQL_LIMITS]: number };

/** A list's size: fixed, from an Int argument (its page size), or from a list argument's length. */
export type ListSize =
  number | { intArgument: string; default: number; max: number } | { listArgument: string; max: number };

/** How a size given by a variable whose value is not known counts: its largest value, or one row (known later). */
export type UnknownVariables = 'largest' | 'one';

/** Lists not in LIST_SIZES (short ones: roles of a user, charge breakdown lines…) count this many rows. */
export const DEFAULT_LIST_SIZE = 10;

// Real data (the NSE bhavcopies of 2019-01-01..2020-03-31): 1,737 equity symbols on the latest day,
// 2,017 in all; its ten trend lists held 8 to 548 symbols (1,746 together); 307 candles per symbol.
const SYMBOLS = 2_000;
const TREND_LIST = 400;
const CANDLES = 1_250; // five years of trading days
const TRADING_DAYS_IN_A_YEAR = 260;

/** Sizes of the list fields, by Type.field (docs/decisions.md#graphql-cost-from-list-sizes). */
export const LIST_SIZES: Record<string, ListSize> = {
  // market: every symbol, or a trend list, or a symbol's history
  'Query.stockPrices': SYMBOLS,
  'Query.tradingDays': 10 * TRADING_DAYS_IN_A_YEAR,
  'TechnicalAnalysis.highestPrices': SYMBOLS,
  'Query.trends': TREND_LIST,
  'TrendLists.weekly': TREND_LIST,
  'TrendLists.monthly': TREND_LIST,
  'TrendLists.quarterly': TREND_LIST,
  'TrendLists.halfYearly': TREND_LIST,
  'TrendLists.yearly': TREND_LIST,
  'Query.candles': CANDLES,
  'CompanyAnalysis.candles': CANDLES,
  'CompanyAnalysis.priceSeries': 5,
  'PriceSeries.dates': TRADING_DAYS_IN_A_YEAR,
  'PriceSeries.prices': TRADING_DAYS_IN_A_YEAR,
  'Query.sma': { intArgument: 'priceSize', default: 5_000, max: 5_000 },
  'Query.movingAverage': { intArgument: 'priceSize', default: 5_000, max: 5_000 },
  // company
  'Query.companies': SYMBOLS,
  'Query.corporateActions': SYMBOLS,
  'Query.corporateActionYears': 200,
  'CorporateEvents.pastEvents': 100,
  'CorporateEvents.upcomingEvents': 100,
  'Query.profitAndLoss': 8,
  'Query.balanceSheets': 8,
  'CompanyAnalysis.profitAndLoss': 8,
  'CompanyAnalysis.balanceSheets': 8,
  // portfolio
  'Query.holdings': 200,
  'Query.watchlist': 200,
  'WatchlistRow.trends': 10,
  'ListedStock.trends': 10,
  // held and watched symbols in today's lists (up to the holdings' and the watch list's sizes)
  'Dashboard.inTodaysLists': 400,
  'Dashboard.firms': 20,
  'Dashboard.allocationByIndustry': 100,
  'Dashboard.allocationByFirm': 20,
  // a tradebook import answers at most 200 holdings it changes and 200 problems
  'TradebookImportResult.holdings': 200,
  'TradebookImportResult.symbols': 200,
  'TradebookImportResult.problems': 200,
  'Query.stockQuotes': { listArgument: 'symbols', max: 500 },
  // many symbols at once (docs/integrators.md#batching): each symbol's candles are sized by RANGE_ITEMS
  'Query.quotes': { listArgument: 'symbols', max: MAX_BATCH_SYMBOLS },
  'Query.candlesBySymbol': { listArgument: 'symbols', max: MAX_BATCH_SYMBOLS },
  // a year's exits of an active investor, and the lots open now
  'CapitalGains.exits': 2_000,
  'CapitalGains.openLots': 500,
  'CapitalGains.yearsWithSales': 30,
  // indices: a few dozen; an index's closes since 2005 (the TRI export)
  'Query.indices': 100,
  'Query.indexCloses': 5_000,
  'Benchmark.series': 400,
  'Benchmark.periods': 6,
  'Benchmark.holdings': 500,
  'Query.holdingSymbols': { intArgument: 'limit', default: 20, max: 50 },
  // alerts: an investor's rules (at most MAX_ALERT_RULES_PER_USER) and a page of notifications
  'Query.alertRules': 200,
  'Query.notifications': { intArgument: 'limit', default: 50, max: 200 },
  'User.roles': 3,
  // uploads, admin, engagement
  'Query.uploadedDates': 10 * TRADING_DAYS_IN_A_YEAR,
  'Query.uploadedDateCounts': 10 * TRADING_DAYS_IN_A_YEAR,
  // a batch upload answers one row per file: 18 months of daily files is the usual backfill; only
  // refused files carry row problems (at most 20 each, most files none)
  'UploadBatchResult.files': 400,
  'UploadBatchResult.dates': 400,
  'UploadBatchFile.problems': 3,
  'Query.users': 1_000,
  'Query.mailOutbox': { intArgument: 'limit', default: 200, max: 500 },
  'Query.contactMessages': { intArgument: 'limit', default: 200, max: 500 },
  'Query.referrals': 200,
};

/** Page sizes that sit on the parent field: `uploadHistory(limit) { items }`. */
const PAGE_ITEMS: Record<string, { parentArgument: string; default: number; max: number }> = {
  'UploadHistoryPage.items': { parentArgument: 'limit', default: 20, max: 200 },
  'HoldingConnection.edges': { parentArgument: 'first', default: 500, max: 500 },
  'StockPriceConnection.edges': { parentArgument: 'first', default: 500, max: 500 },
  'CandleConnection.edges': { parentArgument: 'first', default: 500, max: 500 },
  'CorporateActionConnection.edges': { parentArgument: 'first', default: 500, max: 500 },
  'WatchlistConnection.edges': { parentArgument: 'first', default: 500, max: 500 },
};

/**
 * Lists of candles sized by their parent field's from, to and interval (candlesBySymbol): the
 * periods the range can hold, the whole history (CANDLES trading days) when from is absent.
 */
const RANGE_ITEMS: Record<string, { from: string; to: string; interval: string }> = {
  'SymbolCandles.candles': { from: 'from', to: 'to', interval: 'interval' },
};

const DAY_MS = 86_400_000;

/**
 * The most candles from..to can hold at an interval: every weekday of the range for DAY (trading
 * days are fewer), every calendar week or month it touches; from absent: the whole history, CANDLES
 * trading days; to absent: up to today.
 */
export function candlesInRange(from: string | undefined, to: string | undefined, interval: string): number {
  const whole = { DAY: CANDLES, WEEK: Math.ceil(CANDLES / 5) + 1, MONTH: Math.ceil(CANDLES / 21) + 1 };
  const key = interval === 'WEEK' || interval === 'MONTH' ? interval : 'DAY';
  if (from === undefined) return whole[key];
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to ?? exchangeToday()}T00:00:00Z`);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return 0;
  const days = Math.floor((end - start) / DAY_MS) + 1;
  if (key === 'DAY') return Math.ceil((days * 5) / 7) + 1;
  if (key === 'WEEK') return Math.ceil(days / 7) + 1;
  const [fromYear, fromMonth] = from.split('-').map(Number) as [number, number];
  const [toYear, toMonth] = (to ?? exchangeToday()).split('-').map(Number) as [number, number];
  return (toYear - fromYear) * 12 + (toMonth - fromMonth) + 1;
}

/**
 * REST calls a field makes. Every root field makes at least one (listed when not exactly one); the
 * page fields whose parts load themselves count their parts. Calls made once per request whatever
 * is asked (the market data version) are left out: the dynamic count in rest-client.ts sees them.
 */
export const REST_CALLS: Record<string, number> = {
  'Query.technicalAnalysis': 0,
  'TechnicalAnalysis.asOf': 1,
  'TechnicalAnalysis.highestPrices': 1,
  'TrendLists.weekly': 1,
  'TrendLists.monthly': 1,
  'TrendLists.quarterly': 1,
  'TrendLists.halfYearly': 1,
  'TrendLists.yearly': 1,
  'Query.companyAnalysis': 0,
  'CompanyAnalysis.company': 1,
  // D's rows or extremes, and for a symbol that stopped trading earlier its candles and its own day's
  'CompanyAnalysis.latestPrice': 3,
  'CompanyAnalysis.yearRange': 3,
  'CompanyAnalysis.pricesUpTo': 1,
  'CompanyAnalysis.events': 1,
  'CompanyAnalysis.priceSeries': 5,
  'CompanyAnalysis.candles': 1,
  'CompanyAnalysis.profitAndLoss': 1,
  'CompanyAnalysis.balanceSheets': 1,
};

/** What an operation would do: the deepest nesting, its aliases, its cost and its REST calls. */
export interface OperationMeasure {
  depth: number;
  aliases: number;
  cost: number;
  restCalls: number;
  /** The most introspection lists nested in one another (types → fields → args is 3). */
  introspectionLists?: number;
}

/** A 400 the limits answer: BAD_USER_INPUT, so the message reaches the caller. */
export function limitError(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', status: 400 } });
}

// Types are inspected by shape, not with graphql's instanceof helpers, so the measure works with any
// copy of the graphql module (test runners may load two).
type FieldsHolder = { name: string; getFields(): Record<string, GraphQLField<unknown, unknown>> };

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

type Variables = Record<string, unknown> | undefined;

/** An argument's value: a literal, or a variable's value when the variables are known (else `unknown`). */
function argumentValue(node: FieldNode | undefined, name: string, variables: Variables): unknown {
  const argument = node?.arguments?.find((candidate) => candidate.name.value === name);
  if (!argument) return undefined;
  return literal(argument.value, variables);
}

const UNKNOWN = Symbol('unknown');

function literal(value: ValueNode, variables: Variables): unknown {
  switch (value.kind) {
    case Kind.VARIABLE:
      // one not sent may have a default in the operation: counted as unknown
      return variables && value.name.value in variables ? variables[value.name.value] : UNKNOWN;
    case Kind.INT:
      return Number.parseInt(value.value, 10);
    case Kind.STRING:
    case Kind.ENUM:
      return value.value;
    case Kind.LIST:
      return value.values.map((item) => literal(item, variables));
    case Kind.NULL:
      return null;
    default:
      return UNKNOWN;
  }
}

/** The size a list field counts for: a variable whose value is not known counts as `unknown` says. */
function listSize(
  key: string,
  node: FieldNode,
  parentNode: FieldNode | undefined,
  variables: Variables,
  unknown: UnknownVariables,
): number {
  const page = PAGE_ITEMS[key];
  if (page) return intSize(argumentValue(parentNode, page.parentArgument, variables), page.default, page.max, unknown);
  const range = RANGE_ITEMS[key];
  if (range) {
    const values = [range.from, range.to, range.interval].map((name) => argumentValue(parentNode, name, variables));
    if (values.includes(UNKNOWN)) return unknown === 'one' ? 1 : candlesInRange(undefined, undefined, 'DAY');
    const [from, to, interval] = values.map((value) => (typeof value === 'string' ? value : undefined));
    return candlesInRange(from, to, interval ?? 'DAY');
  }
  const size = LIST_SIZES[key];
  if (size === undefined) return DEFAULT_LIST_SIZE;
  if (typeof size === 'number') return size;
  if ('intArgument' in size)
    return intSize(argumentValue(node, size.intArgument, variables), size.default, size.max, unknown);
  const items = argumentValue(node, size.listArgument, variables);
  if (items === UNKNOWN) return unknown === 'one' ? 1 : size.max;
  // a single value where a list is expected is coerced to a list of one
  const length = Array.isArray(items) ? items.length : items === undefined || items === null ? 0 : 1;
  return Math.min(length, size.max);
}

function intSize(value: unknown, fallback: number, max: number, unknown: UnknownVariables = 'largest'): number {
  if (value === UNKNOWN) return unknown === 'one' ? 1 : max;
  if (value === undefined || value === null) return fallback;
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(Math.max(Math.trunc(value), 0), max) : max;
}

const MAX_MULTIPLIER = 1_000_000_000;

/**
 * Measures one operation of a document against the schema. With `variables` (per request) a size
 * given by a variable counts the value sent; without them, its largest value, or one row when
 * `unknown` is 'one' (the validation rule: the per-request check counts it).
 */
export function measureOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables?: Record<string, unknown>,
  unknown: UnknownVariables = 'largest',
): OperationMeasure {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const totals: OperationMeasure = { depth: 0, aliases: 0, cost: 0, restCalls: 0 };

  function visit(
    selectionSet: SelectionSetNode,
    depth: number,
    multiplier: number,
    parentType: FieldsHolder | null,
    parentNode: FieldNode | undefined,
    seen: Set<string>,
  ): void {
    totals.depth = Math.max(totals.depth, depth);
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.alias) totals.aliases++;
        const name = selection.name.value;
        // schema introspection (off in production) is measured by its own walk: the same alias count,
        // a depth that does not count type references' ofType chains, and a cap on nested lists
        if (depth === 1 && (name === '__schema' || name === '__type')) {
          if (selection.selectionSet) measureIntrospection(selection.selectionSet, depth + 1, 0, fragments, totals);
          continue;
        }
        if (name === '__typename') {
          totals.cost += multiplier;
          continue;
        }
        const fieldDef = parentType?.getFields()[name];
        const described = fieldDef ? describeType(fieldDef) : undefined;
        const key = `${parentType?.name ?? ''}.${name}`;
        const rows = described?.list ? listSize(key, selection, parentNode, variables, unknown) : 1;
        totals.restCalls += REST_CALLS[key] ?? (depth === 1 ? 1 : 0);
        const inner = Math.min(multiplier * rows, MAX_MULTIPLIER);
        if (selection.selectionSet) {
          totals.cost += multiplier;
          const childType = described ? schema.getType(described.named) : undefined;
          visit(selection.selectionSet, depth + 1, inner, asComposite(childType), selection, seen);
        } else {
          // a leaf: one value, or one per row of a list of scalars
          totals.cost += inner;
        }
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const typeName = selection.typeCondition?.name.value;
        const type = typeName ? asComposite(schema.getType(typeName)) : parentType;
        visit(selection.selectionSet, depth, multiplier, type ?? parentType, parentNode, seen);
      } else {
        const fragment = fragments.get(selection.name.value);
        if (!fragment || seen.has(fragment.name.value)) continue; // cycles are reported by graphql-js itself
        const type = asComposite(schema.getType(fragment.typeCondition.name.value));
        visit(
          fragment.selectionSet,
          depth,
          multiplier,
          type ?? parentType,
          parentNode,
          new Set([...seen, fragment.name.value]),
        );
      }
    }
  }

  const root =
    operation.operation === 'query'
      ? schema.getQueryType()
      : operation.operation === 'mutation'
        ? schema.getMutationType()
        : schema.getSubscriptionType();
  visit(operation.selectionSet, 1, 1, asComposite(root), undefined, new Set());
  totals.cost = Math.min(totals.cost, MAX_MULTIPLIER);
  return totals;
}

/** Introspection's list fields: each one nested in another multiplies the answer by the schema's size. */
const INTROSPECTION_LISTS = new Set([
  'types',
  'fields',
  'args',
  'inputFields',
  'interfaces',
  'possibleTypes',
  'enumValues',
  'directives',
  'locations',
]);
/**
 * Lists nested in lists inside introspection: the standard query (GraphiQL's) nests three (types →
 * fields → args); `fields { type { fields { … } } }` is how an introspection query grows without end.
 */
export const MAX_INTROSPECTION_LIST_NESTING = 3;

/**
 * An introspection selection measured into `totals`: every alias counts as anywhere else; depth
 * counts every level but an `ofType` (a type reference's chain, as deep as the schema's wrapping,
 * null after it); lists nested deeper than MAX_INTROSPECTION_LIST_NESTING are not walked further
 * (operationProblems refuses the operation).
 */
function measureIntrospection(
  selectionSet: SelectionSetNode,
  depth: number,
  lists: number,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  totals: OperationMeasure,
  seen: ReadonlySet<string> = new Set(),
): void {
  totals.depth = Math.max(totals.depth, depth);
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.alias) totals.aliases++;
      totals.cost += 1;
      if (!selection.selectionSet) continue;
      const name = selection.name.value;
      const nested = lists + (INTROSPECTION_LISTS.has(name) ? 1 : 0);
      totals.introspectionLists = Math.max(totals.introspectionLists ?? 0, nested);
      if (nested > MAX_INTROSPECTION_LIST_NESTING) continue;
      measureIntrospection(
        selection.selectionSet,
        name === 'ofType' ? depth : depth + 1,
        nested,
        fragments,
        totals,
        seen,
      );
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      measureIntrospection(selection.selectionSet, depth, lists, fragments, totals, seen);
    } else {
      const fragment = fragments.get(selection.name.value);
      if (!fragment || seen.has(fragment.name.value)) continue;
      measureIntrospection(
        fragment.selectionSet,
        depth,
        lists,
        fragments,
        totals,
        new Set([...seen, fragment.name.value]),
      );
    }
  }
}

/** The messages of the limits one operation exceeds. */
export function operationProblems(measure: OperationMeasure, limits: GraphQLLimits = GRAPHQL_LIMITS): string[] {
  const problems: string[] = [];
  if (measure.depth > limits.maxDepth)
    problems.push(`The query is too deep (${measure.depth} levels; at most ${limits.maxDepth})`);
  if (measure.cost > limits.maxCost)
    problems.push(`The query is too expensive (cost ${measure.cost}; at most ${limits.maxCost})`);
  if (measure.aliases > limits.maxAliases)
    problems.push(`The query uses too many aliases (${measure.aliases}; at most ${limits.maxAliases})`);
  if ((measure.introspectionLists ?? 0) > MAX_INTROSPECTION_LIST_NESTING)
    problems.push(
      `The introspection query nests too many lists (${measure.introspectionLists}; at most ${MAX_INTROSPECTION_LIST_NESTING}, as types → fields → args)`,
    );
  if (measure.restCalls > limits.maxRestCalls)
    problems.push(`The query needs too many data requests (${measure.restCalls}; at most ${limits.maxRestCalls})`);
  return problems;
}

/**
 * Depth, alias, cost and REST-call limits of each operation as one validation rule (runs before any
 * resolver, once per document): a size given by a variable counts one row here, and its value in
 * variableCostLimits, per request.
 */
export function limitsRule(limits: GraphQLLimits = GRAPHQL_LIMITS): ValidationRule {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(node) {
      const measure = measureOperation(context.getSchema(), context.getDocument(), node, undefined, 'one');
      for (const problem of operationProblems(measure, limits)) context.reportError(limitError(problem));
    },
  });
}

/**
 * The cost and REST calls of each operation with the variables it was sent (an Apollo plugin: after
 * the operation is known, before anything runs or a persisted query is kept), so a size given by a
 * variable counts its value: a page of `first: $n`, the symbols of `quotes(symbols: $s)`, the range
 * of `candlesBySymbol(from: $from …)`. Over a limit: 400 with the limit's message.
 */
export function variableCostLimits<TContext extends object>(
  limits: GraphQLLimits = GRAPHQL_LIMITS,
): ApolloServerPlugin<TContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operation, request }) {
          if (!operation) return;
          const measure = measureOperation(schema, document, operation, request.variables ?? {});
          const problems = operationProblems({ ...measure, depth: 0, aliases: 0, introspectionLists: 0 }, limits);
          if (problems.length > 0)
            throw new GraphQLError(problems.join('; '), {
              extensions: { code: 'BAD_USER_INPUT', status: 400, http: { status: 400 } },
            });
        },
      };
    },
  };
}

function refuse(response: Response, status: number, message: string, code = 'BAD_REQUEST'): void {
  response.status(status).json({ errors: [{ message, extensions: { code } }] });
}

/**
 * The operation a request body names (or its only one), parsed; undefined when Apollo should report
 * the problem. Without a text, a persisted query's is looked up by its hash (`persistedText`).
 */
export function operationOf(
  body: unknown,
  maxTokens: number,
  persistedText?: (sha256Hash: string) => string | undefined,
): { document: DocumentNode; operation: OperationDefinitionNode; variables?: Record<string, unknown> } | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { operationName, variables } = body as { operationName?: unknown; variables?: unknown };
  let query = (body as { query?: unknown }).query;
  if (query === undefined && persistedText) {
    const hash = persistedHashOf(body);
    query = hash === undefined ? undefined : persistedText(hash);
  }
  if (typeof query !== 'string') return undefined;
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens });
  } catch {
    return undefined; // Apollo answers the syntax error
  }
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  const operation =
    typeof operationName === 'string'
      ? operations.find((candidate) => candidate.name?.value === operationName)
      : operations.length === 1
        ? operations[0]
        : undefined;
  if (!operation) return undefined;
  let values: Record<string, unknown> | undefined;
  if (variables && typeof variables === 'object' && !Array.isArray(variables))
    values = variables as Record<string, unknown>;
  else if (typeof variables === 'string') {
    try {
      values = JSON.parse(variables) as Record<string, unknown>;
    } catch {
      values = undefined;
    }
  }
  return { document, operation, variables: values ?? {} };
}

/** Where requestLimits leaves the requested cost of a request's operations together (`response.locals`). */
export const REQUESTED_COST = 'requestedCost';

/**
 * Limits of a whole HTTP request, on what Apollo will execute: after express.json and the multipart
 * parser (graphql-upload fills `req.body` from the `operations` field), and for GET the query string;
 * an operation sent as a persisted query's hash alone is measured by its text (`persistedText`).
 * A batch over `maxBatch` operations, or whose operations together cost more than `maxCost`
 * or need more than `maxRestCalls` REST calls, is answered 400 before anything is parsed or run.
 * The cost of the operations together is left in `response.locals` (REQUESTED_COST): an API key's
 * points are taken for it (api-key-quota.ts).
 */
export function requestLimits(
  schema: GraphQLSchema,
  limits: GraphQLLimits = GRAPHQL_LIMITS,
  persistedText?: (sha256Hash: string) => string | undefined,
) {
  return (request: Request, response: Response, next: NextFunction) => {
    const body: unknown = request.method === 'GET' ? request.query : request.body;
    const operations = Array.isArray(body) ? (body as unknown[]) : [body];
    if (operations.length > limits.maxBatch) {
      refuse(response, 400, `Too many operations in one request (${operations.length}; at most ${limits.maxBatch})`);
      return;
    }
    let cost = 0;
    let restCalls = 0;
    for (const piece of operations) {
      const parsed = operationOf(piece, limits.maxTokens, persistedText);
      if (!parsed) continue;
      const measure = measureOperation(schema, parsed.document, parsed.operation, parsed.variables);
      cost += measure.cost;
      restCalls += measure.restCalls;
    }
    response.locals[REQUESTED_COST] = cost;
    if (operations.length > 1 && cost > limits.maxCost) {
      refuse(
        response,
        400,
        `The operations of this request are too expensive together (cost ${cost}; at most ${limits.maxCost})`,
      );
      return;
    }
    if (operations.length > 1 && restCalls > limits.maxRestCalls) {
      refuse(
        response,
        400,
        `The operations of this request need too many data requests together (${restCalls}; at most ${limits.maxRestCalls})`,
      );
      return;
    }
    next();
  };
}

/**
 * Caps the serialised GraphQL answer: over `maxBytes`, the caller gets a 413 with a GraphQL error
 * naming the limit instead of the answer (declared list sizes are estimates; this bounds reality).
 */
export function responseSizeLimit(maxBytes: number) {
  return (_request: Request, response: Response, next: NextFunction) => {
    const send = response.send.bind(response);
    response.send = (body?: unknown) => {
      const size = typeof body === 'string' ? Buffer.byteLength(body) : Buffer.isBuffer(body) ? body.length : 0;
      if (size > maxBytes) {
        // the answer replaced is not the one its caching headers were for
        response.removeHeader('etag');
        response.status(413).type('application/json').setHeader('cache-control', 'no-store');
        const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
        return send(
          JSON.stringify({
            errors: [
              {
                message: `The answer is too large (${megabytes(size)}; at most ${megabytes(maxBytes)}): ask for fewer fields or rows`,
                extensions: { code: 'PAYLOAD_TOO_LARGE', status: 413 },
              },
            ],
          }),
        );
      }
      return send(body);
    };
    next();
  };
}
