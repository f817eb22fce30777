/**
 * The GraphQL authorisation matrix, generated from the schema: every Query and Mutation field ×
 * anonymous, investor, a second investor, staff and admin, with arguments made up from the
 * field's own argument types. The expected outcome comes from the field's @access declaration;
 * a new field is covered without editing this file (and cannot be added without a declaration).
 * Then the second investor aims every id-taking field at the first investor's holding and
 * referral: nothing is shown or changed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { getNamedType, isNonNullType } from 'graphql';
import { accessTable, type AccessLevel } from '../../src/auth/access.js';
import { fieldOf, operationFor, schema, uploadForm } from '../setup/schema-operations.js';
import { createInvestor, DEMO, SECOND_INVESTOR } from '../../../api/test/setup/test-api.js';
import { addHolding, createReference, insertPrices } from '../../../api/test/portfolio/helpers.js';
import { readGraphQLResult, type GraphQLClient, type GraphQLResult, useStack } from '../setup/stack.js';
import { allowed, type Persona, type Who } from '../../../api/test/setup/personas.js';

const PERSONAS: Persona[] = ['anonymous', 'investor2', 'investor', 'staff', 'admin'];

const table = accessTable(schema);

/**
 * Fields a logged-in persona must not run with made-up arguments because they act on the
 * session itself (they are still checked for anonymous callers): logout drops the session,
 * login answers 401 to made-up credentials by design, updateProfile would rename the persona.
 */
const SESSION_FIELDS = new Set(['logout', 'login', 'updateProfile']);

/** The schema's access levels in docs/product's words. */
const WHO: Record<AccessLevel, Who> = { PUBLIC: 'anyone', USER: 'logged in', STAFF: 'staff', ADMIN: 'admin' };

const codesOf = (result: GraphQLResult): string[] =>
  (result.errors ?? []).map((error) => String(error.extensions?.code));

describe('GraphQL authorisation matrix (from the @access declarations)', () => {
  const stack = useStack();
  const clients: Partial<Record<Persona, GraphQLClient>> = {};
  const sessionCookies: Partial<Record<Persona, string>> = {};
  let investorHoldingId: string;
  let investorReferralId: string;

  /** Sends one field's operation as a persona; Upload arguments go as multipart, as the app sends them. */
  async function run(
    persona: Persona,
    operation: 'query' | 'mutation',
    name: string,
    id: string,
  ): Promise<GraphQLResult> {
    const called = operationFor(operation, name, id);
    const client = clients[persona]!;
    if (called.uploads.length === 0) return client.request(called.query, called.variables);
    const headers: Record<string, string> = { 'apollo-require-preflight': 'true' };
    if (sessionCookies[persona]) headers.cookie = sessionCookies[persona]!;
    const response = await fetch(`${stack.bffUrl}/graphql`, { method: 'POST', headers, body: uploadForm(called) });
    return readGraphQLResult(response);
  }

  beforeAll(async () => {
    const api = stack.api;
    const admin = await api.login(DEMO.admin.username, DEMO.admin.password);
    const investor2Id = await createInvestor(api, admin, SECOND_INVESTOR);

    for (const persona of PERSONAS) clients[persona] = stack.client();
    await clients.investor!.login(DEMO.investor.username, DEMO.investor.password);
    await clients.investor2!.login(SECOND_INVESTOR.username, SECOND_INVESTOR.password);
    await clients.staff!.login(DEMO.staff.username, DEMO.staff.password);
    await clients.admin!.login(DEMO.admin.username, DEMO.admin.password);
    for (const persona of PERSONAS)
      if (clients[persona]!.cookie()) sessionCookies[persona] = clients[persona]!.cookie();

    // the first investor's own data, for the ownership sweep
    const staffToken = await api.login(DEMO.staff.username, DEMO.staff.password);
    const investorToken = await api.login(DEMO.investor.username, DEMO.investor.password);
    const ref = await createReference(api, staffToken, 'Matrix');
    await insertPrices(api, [{ symbol: 'MTRX', date: '2025-01-10', close: '120' }]);
    const holding = await addHolding(api, investorToken, ref, {
      symbol: 'MTRX',
      price: '100',
      quantity: 10,
      creationDate: '2025-01-06',
    });
    investorHoldingId = String(holding.id);
    // investor2 records that the first investor referred them: a referral the first investor owns
    const me = (await api.request<{ id: number }>('GET', '/user/profile', { token: investorToken })).body;
    const investor2Token = await api.login(SECOND_INVESTOR.username, SECOND_INVESTOR.password);
    const referral = await api.request<{ id: number }>('POST', '/user/referrals', {
      token: investor2Token,
      json: { referrerUserId: me.id, referredUserId: investor2Id },
    });
    expect(referral.status, referral.text).toBeLessThan(300);
    investorReferralId = String(referral.body.id);
  });

  it('declares an access level on every root field, and the BFF applies the same table', () => {
    expect(table.length).toBeGreaterThanOrEqual(80);
    expect(table.filter((entry) => !entry.access)).toEqual([]);
    // the old app's admin screens stay admin-only
    for (const name of ['users', 'roles', 'createUser', 'deleteRole', 'mailOutbox', 'createSubscriptionPlan']) {
      expect(table.find((entry) => entry.field === name)?.access).toBe('ADMIN');
    }
  });

  it('answers every field to every persona exactly as declared', async () => {
    const failures: string[] = [];
    for (const { operation, field, access } of table) {
      for (const persona of PERSONAS) {
        if (persona !== 'anonymous' && SESSION_FIELDS.has(field)) continue;
        if (persona === 'anonymous' && field === 'login') continue; // made-up credentials answer 401 by design
        const result = await run(persona, operation, field, '987654');
        const codes = codesOf(result);
        const label = `${operation}.${field} (${access}) as ${persona} -> ${codes.join(',') || 'ok'}`;
        if (allowed(WHO[access!], persona)) {
          // a USER field may still refuse with 403 when the made-up payload names another user (ownership)
          const refusals = [
            'UNAUTHENTICATED',
            'INTERNAL_SERVER_ERROR',
            'UPSTREAM_UNAVAILABLE',
            ...(access === 'USER' ? [] : ['FORBIDDEN']),
          ];
          if (codes.some((code) => refusals.includes(code))) failures.push(`${label} (expected access)`);
        } else {
          const expected = persona === 'anonymous' ? 'UNAUTHENTICATED' : 'FORBIDDEN';
          if (codes.length !== 1 || codes[0] !== expected) failures.push(`${label} (expected ${expected})`);
          const data = result.data as Record<string, unknown> | null;
          if (data && data[field] !== null && data[field] !== undefined) failures.push(`${label} (returned data)`);
        }
      }
    }
    expect(failures).toEqual([]);
    // every root field asked by every key (persona) in turn: minutes on a 2-core machine running the rest of the
    // suite beside it (60 s, the suite's default, was overrun there)
  }, 300_000);

  it("never lets the second investor read or change the first investor's holding or referral", async () => {
    const holdingsOf = async (client: GraphQLClient) =>
      (
        await client.request<{ holdings: Array<{ id: string; quantity: number; price: string }> }>(
          '{ holdings { id quantity price } }',
        )
      ).data?.holdings ?? [];
    const before = await holdingsOf(clients.investor!);
    expect(before.map((h) => h.id)).toContain(investorHoldingId);

    // user-owned data is changed through mutations; the one USER query taking an id (brokerageFirm) reads shared reference data
    const idFields = table.filter(
      ({ operation, field, access }) =>
        operation === 'mutation' &&
        access === 'USER' &&
        fieldOf(operation, field).args.some((arg) => getNamedType(arg.type).name === 'ID' && isNonNullType(arg.type)),
    );
    expect(idFields.map((entry) => entry.field)).toEqual(
      expect.arrayContaining(['updateHolding', 'sellHolding', 'deleteHolding', 'claimReferral']),
    );
    const failures: string[] = [];
    for (const { operation, field } of idFields) {
      for (const id of [investorHoldingId, investorReferralId]) {
        const result = await run('investor2', operation, field, id);
        const codes = codesOf(result);
        if (codes.length === 0 || !codes.every((code) => ['NOT_FOUND', 'FORBIDDEN', 'BAD_USER_INPUT'].includes(code)))
          failures.push(`${field}(${id}) -> ${codes.join(',') || 'ok'}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await holdingsOf(clients.investor!)).toEqual(before);
    expect((await holdingsOf(clients.investor2!)).map((h) => h.id)).not.toContain(investorHoldingId);
    const referrals = await clients.investor!.request<{ referrals: Array<{ id: string; claimed: boolean }> }>(
      '{ referrals { id claimed } }',
    );
    expect(referrals.data?.referrals).toEqual([{ id: investorReferralId, claimed: false }]);
  });
});
