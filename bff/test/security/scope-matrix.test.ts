/**
 * The GraphQL scope matrix: every Query and Mutation field × no key, a market:read key, a portfolio:read key, a
 * portfolio:write key, a revoked key and an expired key (all of the demo investor), with arguments made up from
 * the field's own types. What each field takes is written out below from docs/product/developer.md#scopes, not
 * read from the schema's declarations: a field whose key access differs fails, and so does a field the table
 * does not name (add it with what its docs say). Allowed keys never hear UNAUTHENTICATED or FORBIDDEN; a key
 * without the scope hears FORBIDDEN naming it; no key reaches a field that takes none (account, API keys,
 * staff, admin); a revoked or an expired key is 401 UNAUTHENTICATED on every field, saying so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationFor, schema, uploadForm } from '../setup/schema-operations.js';
import { DEMO } from '../../../api/test/setup/test-api.js';
import { keysOfEveryKind } from '../../../api/test/developer/helpers.js';
import { readGraphQLResult, startStack, type GraphQLResult, type Stack } from '../setup/stack.js';

type Persona = 'no key' | 'market:read' | 'portfolio:read' | 'portfolio:write' | 'revoked' | 'expired';
const PERSONAS: Persona[] = ['no key', 'market:read', 'portfolio:read', 'portfolio:write', 'revoked', 'expired'];

/** Who may call a field without a key, and what a key needs for it. */
type Entry = [
  without: 'anyone' | 'login',
  key: 'market:read' | 'portfolio:read' | 'portfolio:write' | 'any key' | 'no key',
];

const group = (entry: Entry, fields: string) =>
  Object.fromEntries(
    fields
      .split(/\s+/)
      .filter(Boolean)
      .map((field) => [field, entry]),
  );

/** docs/product/developer.md#scopes, field by field. */
const DOCUMENTED: Record<string, Entry> = {
  // market:read: every public read
  ...group(
    ['anyone', 'market:read'],
    `serviceStatus marketDataStatus stockPrices tradingDays candles priceSeries trends technicalAnalysis sma
     movingAverage subscriptionPlans corporateActions corporateActionYears corporateEvents profitAndLoss
     balanceSheets companies company companyAnalysis stockPriceConnection candleConnection quotes candlesBySymbol
     corporateActionConnection indices indexCloses indexComparison`,
  ),
  // portfolio:read: the owner's portfolio reads (and the firms and segments they name)
  ...group(
    ['login', 'portfolio:read'],
    `capitalGains brokerageFirms brokerageFirm segments holdings holdingConnection portfolioSummary portfolioAlerts
     stockQuotes holdingSymbols watchlist watchlistConnection dashboard benchmark`,
  ),
  // portfolio:write: the owner's holding, watch-list and tradebook writes
  ...group(
    ['login', 'portfolio:write'],
    'addHolding updateHolding sellHolding deleteHolding watchSymbol unwatchSymbol previewTradebookImport importTradebook',
  ),
  // alerts (docs/product/alerts.md#rest-calls): rules and notifications are portfolio data, the settings account
  // work, the e-mail's unsubscribe link public without a key
  ...group(['login', 'portfolio:read'], 'alertRules notifications unreadNotificationCount'),
  ...group(['login', 'portfolio:write'], 'createAlertRule deleteAlertRule markNotificationsRead'),
  ...group(['login', 'no key'], 'alertSettings updateAlertSettings'),
  ...group(['anyone', 'no key'], 'unsubscribeFromAlertEmails'),
  // the key's own rate limit
  ...group(['anyone', 'any key'], 'rateLimit'),
  // public, but account work or a person's message: never a key
  ...group(['anyone', 'no key'], 'me logout login signup requestPasswordReset resetPassword sendContactMessage'),
  // the account, its subscription and referrals, the API keys: a session only
  ...group(
    ['login', 'no key'],
    `mySubscription referralLink referrals apiKeys subscribe recordReferral claimReferral createApiKey revokeApiKey
     updateProfile`,
  ),
  // staff and administration: a session only, whatever the key's owner is
  ...group(
    ['login', 'no key'],
    `uploadTypes uploadedDates uploadedDateCounts uploadHistory uploadTemplate chargeTypes charges charge buySellOptions
     financialInstruments marketSnapshot contactMessages adminSubscriptionPlans users user roles role mailOutbox
     uploadMarketData uploadStockPriceBatch createBrokerageFirm updateBrokerageFirm deleteBrokerageFirm createSegment
     updateSegment deleteSegment createChargeType updateChargeType deleteChargeType createCharge updateCharge
     deleteCharge createFinancialInstrument updateFinancialInstrument deleteFinancialInstrument
     createSubscriptionPlan updateSubscriptionPlan deleteSubscriptionPlan createCompany updateCompany deleteCompany
     createUser updateUser deleteUser setUserRole createRole updateRole deleteRole`,
  ),
};

const ROOT_FIELDS = (['query', 'mutation'] as const).flatMap((operation) =>
  Object.keys((operation === 'query' ? schema.getQueryType() : schema.getMutationType())?.getFields() ?? {}).map(
    (field) => ({ operation, field }),
  ),
);

function keyAllows(persona: Persona, needs: Entry[1]): boolean {
  if (needs === 'any key') return true;
  if (needs === 'no key') return false;
  if (persona === 'portfolio:write' && needs === 'portfolio:read') return true;
  return persona === needs;
}

const codesOf = (result: GraphQLResult): string[] =>
  (result.errors ?? []).map((error) => String(error.extensions?.code));

describe('GraphQL scope matrix (from docs/product/developer.md#scopes)', () => {
  let stack: Stack;
  const keys: Partial<Record<Persona, string>> = {};

  async function run(persona: Persona, operation: 'query' | 'mutation', name: string): Promise<GraphQLResult> {
    const called = operationFor(operation, name, '987654');
    const headers: Record<string, string> = keys[persona] ? { authorization: `Bearer ${keys[persona]}` } : {};
    if (called.uploads.length === 0) {
      const response = await fetch(`${stack.bffUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query: called.query, variables: called.variables }),
      });
      return readGraphQLResult(response);
    }
    const response = await fetch(`${stack.bffUrl}/graphql`, {
      method: 'POST',
      headers: { 'apollo-require-preflight': 'true', ...headers },
      body: uploadForm(called),
    });
    return readGraphQLResult(response);
  }

  beforeAll(async () => {
    // a quota no run of the matrix reaches: the matrix is about scopes
    stack = await startStack({
      api: {
        config: {
          apiKeys: { hashSecret: undefined, freeQuota: { dailyRequests: 100_000, pointsPerMinute: 10_000_000 } },
        },
      },
    });
    const api = stack.api;
    const session = await api.login(DEMO.investor.username, DEMO.investor.password);
    Object.assign(keys, await keysOfEveryKind(api, session));
  });
  afterAll(async () => stack?.close());

  it('names every root field, no more, no fewer', () => {
    const served = ROOT_FIELDS.map(({ field }) => field);
    expect(served.filter((field) => !(field in DOCUMENTED))).toEqual([]);
    expect(Object.keys(DOCUMENTED).filter((field) => !served.includes(field))).toEqual([]);
  });

  it('answers every field to every key exactly as documented', async () => {
    const failures: string[] = [];
    for (const { operation, field } of ROOT_FIELDS) {
      const entry = DOCUMENTED[field];
      if (!entry) continue; // named by the test above
      const [without, needs] = entry;
      for (const persona of PERSONAS) {
        // made-up credentials answer 401 by design; logging out with no key is the session tests' business
        if (persona === 'no key' && (field === 'login' || field === 'logout')) continue;
        const result = await run(persona, operation, field);
        const codes = codesOf(result);
        const label = `${operation}.${field} as ${persona} -> ${result.status} ${codes.join(',') || 'ok'}`;
        if (persona === 'revoked' || persona === 'expired') {
          const message = persona === 'revoked' ? /was revoked/ : /expired on/;
          if (
            result.status !== 401 ||
            codes.join() !== 'UNAUTHENTICATED' ||
            !message.test(result.errors?.[0]?.message ?? '')
          )
            failures.push(
              `${label} (expected 401 UNAUTHENTICATED saying it ${persona === 'revoked' ? 'was revoked' : 'expired'})`,
            );
          continue;
        }
        const allowed = persona === 'no key' ? without === 'anyone' : keyAllows(persona, needs);
        if (allowed) {
          const refusals = [
            'UNAUTHENTICATED',
            'FORBIDDEN',
            'INTERNAL_SERVER_ERROR',
            'UPSTREAM_UNAVAILABLE',
            'TOO_MANY_REQUESTS',
          ];
          if (codes.some((code) => refusals.includes(code))) failures.push(`${label} (expected access)`);
          continue;
        }
        const expected = persona === 'no key' ? 'UNAUTHENTICATED' : 'FORBIDDEN';
        if (codes.join() !== expected) failures.push(`${label} (expected ${expected})`);
        const data = result.data as Record<string, unknown> | null;
        if (data && data[field] !== null && data[field] !== undefined) failures.push(`${label} (returned data)`);
        if (persona !== 'no key') {
          const message = result.errors?.[0]?.message ?? '';
          const wanted =
            needs === 'no key'
              ? 'API keys cannot do this: account, API-key, staff and administration requests need a logged-in session'
              : `This API key lacks the ${needs} scope that this request needs`;
          if (message !== wanted) failures.push(`${label} (message "${message}", expected "${wanted}")`);
        }
      }
    }
    expect(failures).toEqual([]);
    // every root field asked by every key (persona) in turn: minutes on a 2-core machine running the rest of the
    // suite beside it (60 s, the suite's default, was overrun there)
  }, 300_000);
});
