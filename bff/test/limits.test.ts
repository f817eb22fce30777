import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchema, getIntrospectionQuery, parse, validate } from 'graphql';
import { GRAPHQL_LIMITS, limitsRule } from '../src/limits.js';
import { startStack, type Stack } from './setup/stack.js';

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

  it('leaves the standard introspection query to the introspection switch (explorers need it in development)', () => {
    expect(
      errorsOf(getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true, specifiedByUrl: true })),
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

  it('weights list fields when measuring cost', () => {
    // nodes(×10) { children(×100) { children(×1000) { children(×10000) { id } } } }:
    // cost = 1 + 10 + 100 + 1000 + 10000 = 11111 > 5000
    expect(errorsOf('{ nodes { children { children { children { id } } } } }')).toEqual([
      'The query is too expensive (cost 11111; at most 5000)',
    ]);
    // one level less: 1 + 10 + 100 + 1000 = 1111
    expect(errorsOf('{ nodes { children { children { id } } } }')).toEqual([]);
  });

  it('limits aliases', () => {
    const aliases = Array.from({ length: GRAPHQL_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: root { id }`).join(' ');
    expect(errorsOf(`{ ${aliases} }`)).toContain(
      `The query uses too many aliases (${GRAPHQL_LIMITS.maxAliases + 1}; at most ${GRAPHQL_LIMITS.maxAliases})`,
    );
  });
});

describe('GraphQL endpoint protections', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => stack.close());

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
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ bff: { env: 'production' } });
  });
  afterAll(async () => stack.close());

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
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ bff: { rateLimitPerMinute: 60 } });
  });
  afterAll(async () => stack.close());

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
