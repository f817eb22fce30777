/**
 * The GraphQL limits: the validation rule on a recursive schema (depth, aliases, cost), the cost of
 * the real schema from its list sizes, the web's own operations within every limit, and over HTTP
 * against the real stack: batches counted after multipart parsing (and for GET), batches over the
 * cost or REST-call budget refused before any REST call, the REST calls a request really makes
 * capped, the serialised answer capped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import {
  buildSchema,
  concatAST,
  getIntrospectionQuery,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type OperationDefinitionNode,
} from 'graphql';
import {
  DEFAULT_LIST_SIZE,
  GRAPHQL_LIMITS,
  LIST_SIZES,
  limitsRule,
  measureOperation,
  operationProblems,
} from '../src/protection/graphql-limits.js';
import { buildSchema as buildBffSchema } from '../src/graphql/schema.js';
import { operationText } from './setup/operations.js';
import { createClient, type GraphQLClient, type Stack, useStack } from './setup/stack.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const schema = buildBffSchema(path.resolve(here, '../../schema'));

/** The web app's operations and fragments: every web/src/features/<area>/api/*.graphql. */
function webDocument(): DocumentNode {
  const features = path.resolve(here, '../../web/src/features');
  const files = fs
    .readdirSync(features)
    .flatMap((area) => {
      const api = path.join(features, area, 'api');
      return fs.existsSync(api) ? fs.readdirSync(api).map((name) => path.join(api, name)) : [];
    })
    .filter((file) => file.endsWith('.graphql'));
  return concatAST(files.map((file) => parse(fs.readFileSync(file, 'utf8'))));
}

/** Every HTTP request the stack's REST API receives from now on. */
function recordRestCalls(stack: Stack): string[] {
  const calls: string[] = [];
  stack.api.app.server.on('request', (request: IncomingMessage) => calls.push(`${request.method} ${request.url}`));
  return calls;
}

const ITEM = 'symbol presentClose previousClose change changePercent presentDate previousDate';
const LISTS = `weekly { ${ITEM} } monthly { ${ITEM} } quarterly { ${ITEM} } halfYearly { ${ITEM} } yearly { ${ITEM} }`;
const EXTREMES = 'highestPrices { symbol highPrice highDate lowPrice lowDate }';
const STOCK_PRICES =
  'stockPrices { symbol series date openPrice highPrice lowPrice closePrice previousClose changePerDay changePercent volume }';

// A schema with a recursive list type, to reach depths and costs our real schema cannot.
const recursive = buildSchema(`
  type Node { id: ID! name: String children: [Node!]! parent: Node }
  type Query { root: Node! nodes: [Node!]! }
`);

function errorsOf(query: string): string[] {
  return validate(recursive, parse(query), [limitsRule()]).map((error) => error.message);
}

/** A query whose selection sets nest `depth` deep: "{ root { id } }" is depth 2. */
function deepQuery(depth: number): { body: string; query: string } {
  let body = 'id';
  for (let level = 2; level < depth; level++) body = `parent { ${body} }`;
  return { body, query: `{ root { ${body} } }` };
}

describe('GraphQL limits (validation rule)', () => {
  it('refuses queries deeper than the limit and accepts the limit itself', () => {
    expect(errorsOf(deepQuery(2).query)).toEqual([]);
    expect(errorsOf(deepQuery(GRAPHQL_LIMITS.maxDepth).query)).toEqual([]);
    expect(errorsOf(deepQuery(GRAPHQL_LIMITS.maxDepth + 1).query)).toEqual([
      `The query is too deep (${GRAPHQL_LIMITS.maxDepth + 1} levels; at most ${GRAPHQL_LIMITS.maxDepth})`,
    ]);
  });

  it('lets the standard introspection query through (explorers need it in development), and nothing much bigger', () => {
    expect(
      errorsOf(getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true, specifiedByUrl: true })),
    ).toEqual([]);
    // aliases inside introspection count like any others: 60 copies of the schema are refused
    const copies = Array.from({ length: 60 }, (_, index) => `t${index}: types { name }`).join(' ');
    expect(errorsOf(`{ __schema { ${copies} } }`)).toEqual(['The query uses too many aliases (60; at most 30)']);
    // lists nested past types → fields → args multiply the answer by the schema's size each time
    expect(errorsOf('{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }')).toEqual([
      'The introspection query nests too many lists (4; at most 3, as types → fields → args)',
    ]);
    // depth counts every level but the ofType chain of a type reference
    expect(
      errorsOf(
        '{ __type(name: "Query") { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } } } } }',
      ),
    ).toEqual([]);
    // but not as a way around the limits: a deep query next to it still counts
    expect(errorsOf(`{ __schema { queryType { name } } root { ${deepQuery(12).body} } }`)).toEqual([
      'The query is too deep (12 levels; at most 10)',
    ]);
  });

  it('counts fragments when measuring depth', () => {
    const { body } = deepQuery(GRAPHQL_LIMITS.maxDepth + 1);
    expect(errorsOf(`fragment Deep on Node { ${body} } { root { ...Deep } }`)[0]).toMatch(
      /^The query is too deep \(11 levels/,
    );
    expect(
      errorsOf(`fragment Deep on Node { ${deepQuery(GRAPHQL_LIMITS.maxDepth).body} } { root { ...Deep } }`),
    ).toEqual([]);
  });

  it('weights list fields when measuring cost (lists without a declared size count 10 rows)', () => {
    // nodes(×10) { children(×100) { children(×1000) { children(×10000) { children(×100000) { id } } } } }:
    // cost = 1 + 10 + 100 + 1000 + 10000 + 100000 = 111111 > 40000
    expect(errorsOf('{ nodes { children { children { children { children { id } } } } } }')).toEqual([
      'The query is too expensive (cost 111111; at most 40000)',
    ]);
    // one level less: 1 + 10 + 100 + 1000 + 10000 = 11111
    expect(errorsOf('{ nodes { children { children { children { id } } } } }')).toEqual([]);
  });

  it('limits aliases', () => {
    const aliases = Array.from({ length: GRAPHQL_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: root { id }`).join(' ');
    expect(errorsOf(`{ ${aliases} }`)).toContain(
      `The query uses too many aliases (${GRAPHQL_LIMITS.maxAliases + 1}; at most ${GRAPHQL_LIMITS.maxAliases})`,
    );
  });
});

describe('cost from list sizes (the real schema)', () => {
  const measure = (query: string, variables?: Record<string, unknown>) => {
    const document = parse(query);
    const operation = document.definitions.find(
      (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
    );
    if (!operation) throw new Error('no operation');
    return measureOperation(schema, document, operation, variables);
  };

  it('counts every row of a list by its declared size, leaves included', () => {
    const symbols = LIST_SIZES['Query.stockPrices'] as number;
    expect(symbols).toBeGreaterThanOrEqual(1_737); // the equity symbols of the latest real day
    expect(measure('{ stockPrices { symbol closePrice } }').cost).toBe(1 + 2 * symbols);
    // lists of scalars: one value per row (a yearly window has at most 260 trading days)
    expect(measure('{ priceSeries(symbol: "INFY", period: YEARLY) { period dates prices } }').cost).toBe(
      1 + 1 + 260 + 260,
    );
    // a list without a declared size
    expect(measure('{ chargeTypes { id name } }').cost).toBe(1 + 2 * DEFAULT_LIST_SIZE);
  });

  it('takes a page size from its argument: literal, variable, or the largest when the variable is unknown', () => {
    const query = 'query ($p: Int!) { sma(symbol: "INFY", priceSize: $p, windowSize: 5) { date value } }';
    expect(measure('{ sma(symbol: "INFY", priceSize: 100, windowSize: 5) { date value } }').cost).toBe(1 + 2 * 100);
    expect(measure(query, { p: 30 }).cost).toBe(1 + 2 * 30);
    expect(measure(query).cost).toBe(1 + 2 * 5_000);
    expect(measure('{ stockQuotes(symbols: ["A", "B", "C"]) { symbol } }').cost).toBe(1 + 3);
    expect(measure('{ uploadHistory(limit: 50) { total items { id } } }').cost).toBe(1 + 1 + 1 + 50);
    expect(measure('{ uploadHistory { total items { id } } }').cost).toBe(1 + 1 + 1 + 20);
  });

  it('sizes the reads made for programs by their arguments: first, the symbols, the candles from..to can hold', () => {
    // a page of 500 rows of 3 fields, its pageInfo (1 + 2) and totalCount
    expect(
      measure(
        '{ stockPriceConnection(first: 500) { edges { cursor node { symbol closePrice } } pageInfo { hasNextPage endCursor } totalCount } }',
      ).cost,
    ).toBe(1 + 1 + 500 * (1 + 1 + 2) + 1 + 2 + 1);
    expect(measure('{ quotes(symbols: ["A", "B", "C"]) { symbol closePrice } }').cost).toBe(1 + 3 * 2);
    // ten symbols, a year of weeks: 2018-11-01..2019-10-31 is 365 days, touching at most ⌈365 ÷ 7⌉ + 1 = 54 weeks;
    // per symbol: symbol, candles, 54 × 6 values
    const year = `query ($symbols: [String!]!, $interval: CandleInterval, $from: Date, $to: Date) {
      candlesBySymbol(symbols: $symbols, interval: $interval, from: $from, to: $to) {
        symbol candles { date openPrice highPrice lowPrice closePrice volume }
      }
    }`;
    const ten = Array.from({ length: 10 }, (_, index) => `S${index}`);
    const variables = { symbols: ten, interval: 'WEEK', from: '2018-11-01', to: '2019-10-31' };
    expect(measure(year, variables).cost).toBe(1 + 10 * (1 + 1 + 54 * 6));
    // months: 12 months touched; days: every weekday, ⌈365 × 5 ÷ 7⌉ + 1 = 262
    expect(measure(year, { ...variables, interval: 'MONTH' }).cost).toBe(1 + 10 * (1 + 1 + 12 * 6));
    expect(measure(year, { ...variables, interval: 'DAY' }).cost).toBe(1 + 10 * (1 + 1 + 262 * 6));
    // without from: the whole history, 1,250 trading days; fifty symbols of it are over the limit
    const whole = measure(year, { symbols: [...ten, ...ten, ...ten, ...ten, ...ten], interval: 'DAY' });
    expect(whole.cost).toBe(1 + 50 * (1 + 1 + 1_250 * 6));
    expect(operationProblems(whole)).toEqual([`The query is too expensive (cost ${whole.cost}; at most 40000)`]);
    // the document alone (the validation rule) counts a variable's size as one row: the variables decide
    const document = parse(year);
    const operation = document.definitions[0] as OperationDefinitionNode;
    expect(measureOperation(schema, document, operation, undefined, 'one').cost).toBe(1 + 1 * (1 + 1 + 1 * 6));
  });

  it('lets the whole Technical Analysis page with the 12-month extremes through, and nothing much bigger', () => {
    // technicalAnalysis, asOf, highs, lows, 10 lists of 400 rows × 7 fields, highestPrices, 2,000 rows × 5 fields
    const whole = `{ technicalAnalysis { asOf highs { ${LISTS} } lows { ${LISTS} } ${EXTREMES} } }`;
    expect(measure(whole).cost).toBe(1 + 1 + 2 + 10 + 10 * 400 * 7 + 1 + 2_000 * 5);
    expect(operationProblems(measure(whole))).toEqual([]);
    const more = `{ ${STOCK_PRICES} technicalAnalysis { highs { ${LISTS} } ${EXTREMES} } }`;
    expect(operationProblems(measure(more))).toEqual([
      `The query is too expensive (cost ${1 + 11 * 2_000 + 1 + 1 + 5 + 5 * 400 * 7 + 1 + 2_000 * 5}; at most 40000)`,
    ]);
  });

  it('counts the REST calls of each field: aliased page fields multiply them', () => {
    const part = 'company { id } latestPrice { closePrice } yearRange { highPrice } events { pastEvents { id } }';
    const page = `${part} priceSeries { period } candles { date } profitAndLoss { income } balanceSheets { totalAssets }`;
    // company, latestPrice and yearRange (3 each: D's answer, or the candles and the symbol's own day's),
    // events, five series, candles, P&L, balance sheets
    expect(measure(`{ companyAnalysis(symbol: "INFY") { ${page} } }`).restCalls).toBe(16);
    const five = Array.from({ length: 5 }, (_, i) => `c${i}: companyAnalysis(symbol: "S${i}") { ${page} }`).join(' ');
    expect(operationProblems(measure(`{ ${five} }`))).toEqual([
      'The query needs too many data requests (80; at most 50)',
    ]);
  });

  it("keeps every one of the web's operations within every limit (the rule counts variables at their largest)", () => {
    const document = webDocument();
    const operations = document.definitions.filter(
      (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
    );
    expect(operations.length).toBeGreaterThan(50);
    for (const operation of operations) {
      // the rule's own measure (the schema comes from the BFF's copy of graphql, so not through validate)
      const sent = parse(operationText(document, operation));
      const [definition] = sent.definitions as OperationDefinitionNode[];
      if (!definition) throw new Error('no operation');
      expect(operationProblems(measureOperation(schema, sent, definition)), operation.name?.value).toEqual([]);
    }
  });
});

describe('GraphQL endpoint protections', () => {
  const stack = useStack();

  async function post(body: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${stack.bffUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  it('answers too many aliases with a 400-class error before any resolver runs', async () => {
    const aliases = Array.from({ length: 31 }, (_, i) => `s${i}: serviceStatus { bff }`).join(' ');
    const result = await post({ query: `{ ${aliases} }` });
    expect(result.status).toBe(400);
    expect(JSON.stringify(result.body)).toContain('too many aliases');
  });

  it('accepts small batches and refuses batches over the cap', async () => {
    const ok = await post([{ query: '{ serviceStatus { bff } }' }, { query: '{ me { username } }' }]);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual([{ data: { serviceStatus: { bff: 'OK' } } }, { data: { me: null } }]);
    const tooMany = await post(
      Array.from({ length: GRAPHQL_LIMITS.maxBatch + 1 }, () => ({ query: '{ serviceStatus { bff } }' })),
    );
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain(`at most ${GRAPHQL_LIMITS.maxBatch}`);
  });

  /** A multipart GraphQL request (what graphql-upload reads) with the CSRF preflight header. */
  async function multipart(operations: unknown, map: unknown = {}) {
    const form = new FormData();
    form.set('operations', JSON.stringify(operations));
    form.set('map', JSON.stringify(map));
    const response = await fetch(`${stack.bffUrl}/graphql`, {
      method: 'POST',
      headers: { 'apollo-require-preflight': '1' },
      body: form,
    });
    return { status: response.status, text: await response.text() };
  }

  it('counts the operations of a multipart batch: 6,000 are refused before any execution', async () => {
    const calls = recordRestCalls(stack);
    const operations = Array.from({ length: 6_000 }, () => ({
      query: `{ technicalAnalysis { asOf highs { ${LISTS} } ${EXTREMES} } }`,
    }));
    const huge = await multipart(operations);
    // the operations field is over the multipart field limit: 413 before it is even parsed
    expect(huge.status).toBe(413);
    expect(huge.text).toContain(`${GRAPHQL_LIMITS.maxMultipartFieldBytes} byte size limit`);
    // small enough to be parsed: the batch cap counts what graphql-upload put in the body
    const many = await multipart(Array.from({ length: 2_000 }, () => ({ query: '{ technicalAnalysis { asOf } }' })));
    expect(many.status).toBe(400);
    expect(JSON.parse(many.text)).toEqual({
      errors: [
        {
          message: `Too many operations in one request (2000; at most ${GRAPHQL_LIMITS.maxBatch})`,
          extensions: { code: 'BAD_REQUEST' },
        },
      ],
    });
    const eleven = await multipart(Array.from({ length: 11 }, () => ({ query: '{ serviceStatus { bff } }' })));
    expect(eleven.status).toBe(400);
    // each refusal is the first check of its stage (the field's size as it arrives, the count of the parsed body, before
    // any document is parsed): no REST call, and no time limit that only a quiet machine keeps
    expect(calls).toEqual([]);
    // a multipart batch within the cap runs
    const two = await multipart([{ query: '{ serviceStatus { bff } }' }, { query: '{ me { username } }' }]);
    expect(two.status).toBe(200);
    expect(JSON.parse(two.text)).toEqual([{ data: { serviceStatus: { bff: 'OK' } } }, { data: { me: null } }]);
  });

  it('refuses a batch of aliased sma fields past the REST-call budget before any REST call', async () => {
    const calls = recordRestCalls(stack);
    const aliases = Array.from(
      { length: GRAPHQL_LIMITS.maxAliases },
      (_, i) => `a${i}: sma(symbol: "INFY", priceSize: ${100 + i}, windowSize: 5) { value }`,
    ).join(' ');
    const batch = Array.from({ length: GRAPHQL_LIMITS.maxBatch }, () => ({ query: `{ ${aliases} }` }));
    const result = await post(batch);
    expect(result.status).toBe(400);
    expect(result.body).toEqual({
      errors: [
        {
          message: 'The operations of this request need too many data requests together (300; at most 50)',
          extensions: { code: 'BAD_REQUEST' },
        },
      ],
    });
    expect(calls).toEqual([]);
  });

  it('refuses a batch of operations each within the limits but too expensive together, before any REST call', async () => {
    const calls = recordRestCalls(stack);
    const one = `{ technicalAnalysis { ${EXTREMES} } }`;
    const cost = 1 + 1 + 2_000 * 5; // technicalAnalysis, highestPrices, 2,000 rows × 5 fields
    const result = await post(Array.from({ length: 5 }, () => ({ query: one })));
    expect(result.status).toBe(400);
    expect(JSON.stringify(result.body)).toContain(
      `The operations of this request are too expensive together (cost ${5 * cost}; at most 40000)`,
    );
    // the web's two largest public pages in one batch
    const pages = await post([
      { query: `{ ${STOCK_PRICES} }` },
      { query: `{ technicalAnalysis { highs { ${LISTS} } lows { ${LISTS} } } }` },
    ]);
    expect(pages.status).toBe(400);
    expect(calls).toEqual([]);
    // three of them fit
    const three = await post(Array.from({ length: 3 }, () => ({ query: one })));
    expect(three.status).toBe(200);
  });

  it('applies the limits to GET requests too', async () => {
    const aliases = Array.from({ length: 31 }, (_, i) => `s${i}: serviceStatus { bff }`).join(' ');
    const tooMany = await fetch(`${stack.bffUrl}/graphql?query=${encodeURIComponent(`{ ${aliases} }`)}`, {
      headers: { 'apollo-require-preflight': '1', accept: 'application/json' },
    });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.text()).toContain('too many aliases');
    const expensive = `{ ${STOCK_PRICES} technicalAnalysis { highs { ${LISTS} } ${EXTREMES} } }`;
    const tooExpensive = await fetch(`${stack.bffUrl}/graphql?query=${encodeURIComponent(expensive)}`, {
      headers: { 'apollo-require-preflight': '1', accept: 'application/json' },
    });
    expect(tooExpensive.status).toBe(400);
    expect(await tooExpensive.text()).toContain('The query is too expensive');
  });

  it("answers the web's query operations for every role without a limit error", async () => {
    const document = webDocument();
    const variables: Record<string, Record<string, unknown>> = {
      CompanyAnalysisPage: { symbol: 'INFY' },
      FundamentalAnalysisPage: { symbol: 'INFY' },
      CompanyIndexComparison: { symbol: 'INFY' },
      CompanySma: { symbol: 'INFY', priceSize: 5_000, windowSize: 200 },
      CompanyMovingAverage: { symbol: 'INFY', kind: 'EMA', window: 200, priceSize: 5_000 },
      InvestmentPage: { brokerName: 'Zerodha' },
      HoldingSymbols: { search: 'IN' },
      UploadHistory: { limit: 200, offset: 0 },
      UploadTemplate: { type: 'UPLOAD_STOCK' },
      CorporateActionsPage: { year: 2025 },
      TaxPnlPage: { financialYear: '2024-25' },
      TaxBeforeYouSell: { financialYear: '2024-25' },
      LatestNotifications: { limit: 5 },
      NotificationsPage: { unreadOnly: false },
    };
    const queries = document.definitions.filter(
      (definition): definition is OperationDefinitionNode =>
        definition.kind === Kind.OPERATION_DEFINITION && definition.operation === 'query',
    );
    const clients: GraphQLClient[] = [createClient(`${stack.bffUrl}/graphql`)];
    for (const [username, password] of [
      ['investor', 'Investor@123'],
      ['staff', 'Staff@123'],
      ['admin', 'Admin@123'],
    ] as const) {
      const client = stack.client();
      await client.login(username, password);
      clients.push(client);
    }
    for (const client of clients) {
      for (const operation of queries) {
        const name = operation.name?.value ?? '';
        const result = await client.request(operationText(document, operation), variables[name]);
        expect([200], name).toContain(result.status);
        const limitErrors = (result.errors ?? []).filter((error) =>
          /too (deep|expensive|many|large)|data requests/.test(error.message),
        );
        expect(limitErrors, name).toEqual([]);
      }
    }
  });

  it('refuses a multipart request without the CSRF preflight header', async () => {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: '{ serviceStatus { bff } }' }));
    form.set('map', '{}');
    const response = await fetch(`${stack.bffUrl}/graphql`, { method: 'POST', body: form });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/CSRF|preflight/i);
  });

  it('offers introspection in development', async () => {
    const result = await post({ query: '{ __schema { queryType { name } } }' });
    expect(result.body).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
  });
});

describe('production mode', () => {
  const stack = useStack({ bff: { env: 'production' } });

  it('turns introspection and field suggestions off', async () => {
    const client = stack.client();
    const introspection = await client.request('{ __schema { queryType { name } } }');
    expect(introspection.errors?.[0]?.message).toMatch(/introspection/i);
    const typo = await client.request('{ serviceStatu { bff } }');
    expect(typo.errors?.[0]?.message).toBeDefined();
    expect(typo.errors?.[0]?.message).not.toMatch(/Did you mean/);
  });
});

describe('BFF rate limit and load shedding', () => {
  // a burst of 10 (the minimum) refilled at one a minute: however slow the machine, no token comes back mid-test
  const stack = useStack({ bff: { rateLimitPerMinute: 1 } });

  it('answers 429 with Retry-After beyond the per-client limit, health stays reachable', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await fetch(`${stack.bffUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
        body: JSON.stringify({ query: '{ serviceStatus { bff } }' }),
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect(await response.json()).toMatchObject({ errors: [{ extensions: { code: 'TOO_MANY_REQUESTS' } }] });
      }
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect((await fetch(`${stack.bffUrl}/healthz`, { headers: { 'x-forwarded-for': '198.51.100.7' } })).status).toBe(
      200,
    );
  });
});

describe('what a request really does: REST calls and answer size', () => {
  const maxResponseBytes = 64 * 1024;
  const stack = useStack({ bff: { maxRestCallsPerRequest: 3, maxResponseBytes, marketVersionCheckMs: 0 } });

  it('stops the REST calls of a request at the budget, with an error naming it', async () => {
    const calls = recordRestCalls(stack);
    const client = stack.client();
    // three sma fields are three calls by the field count, but the market data version is one more
    const result = await client.request(
      '{ a: sma(symbol: "AAA", priceSize: 10, windowSize: 2) { value } b: sma(symbol: "BBB", priceSize: 10, windowSize: 2) { value } c: sma(symbol: "CCC", priceSize: 10, windowSize: 2) { value } }',
    );
    const budget = (result.errors ?? []).filter((error) => error.message.includes('data requests'));
    expect(budget).toEqual([
      expect.objectContaining({
        message: 'This request needs more than 3 data requests; ask for fewer fields or split it into several requests',
        extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }),
      }),
    ]);
    // the answer may leave before the other two calls arrive (a failed non-null field ends the operation): wait for
    // them as long as the test may take, not vi.waitFor's default second
    await vi.waitFor(() => expect(calls).toHaveLength(3), { timeout: 50_000, interval: 20 });
    expect(calls.filter((call) => call.includes('/sma'))).toHaveLength(2);
    // four fields by the count: refused before any call
    calls.length = 0;
    const four = await client.request(
      `{ ${['a', 'b', 'c', 'd'].map((alias) => `${alias}: sma(symbol: "${alias.toUpperCase()}X", priceSize: 10, windowSize: 2) { value }`).join(' ')} }`,
    );
    expect(four.status).toBe(400);
    expect(four.errors?.[0]?.message).toBe('The query needs too many data requests (4; at most 3)');
    expect(calls).toEqual([]);
  });

  it('answers 413 with a GraphQL error when the serialised answer is over the limit', async () => {
    const response = await fetch(`${stack.bffUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: getIntrospectionQuery({ descriptions: true }) }),
    });
    expect(response.status).toBe(413);
    const body = (await response.json()) as { errors: Array<{ message: string; extensions: { code: string } }> };
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]?.message).toMatch(
      /^The answer is too large \(\d+\.\d MB; at most 0\.1 MB\): ask for fewer fields or rows$/,
    );
    expect(body.errors[0]?.extensions.code).toBe('PAYLOAD_TOO_LARGE');
    const small = await stack.client().request('{ serviceStatus { bff } }');
    expect(small.status).toBe(200);
  });
});
