/**
 * Portfolio through GraphQL against the real REST API: reference data, charges, holdings with
 * P&L net of charges (one wiring scenario: the maths is tested in shared/src/portfolio/scenarios),
 * partial sales, the ownership matrix, totals and alerts, and the DataLoader that loads the quotes
 * of a whole list in one REST call.
 */
import type { IncomingMessage } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, type GraphQLClient, useStack, expectBadUserInput } from './setup/stack.js';
import { insertPrices } from '../../api/test/portfolio/helpers.js';

interface Holding {
  id: string;
  symbol: string;
  quantity: number;
  status: string;
  currentPrice: string | null;
  profitLoss: {
    gross: string | null;
    buyCharges: string;
    sellCharges: string;
    charges: string;
    net: string | null;
    breakdown: Array<{ chargeTypeName: string; total: string }>;
  };
  quote: { closePrice: string; tradeDate: string; change: string | null; changePercent: string | null } | null;
  segmentName: string;
  instrumentType: string;
}

const HOLDING_FIELDS = `id symbol quantity status currentPrice segmentName instrumentType
  profitLoss { gross buyCharges sellCharges charges net breakdown { chargeTypeName total } }
  quote { closePrice tradeDate change changePercent }`;

describe('portfolio through GraphQL', () => {
  const stack = useStack();
  let staff: GraphQLClient;
  let investor: GraphQLClient;
  let restCalls: string[] = [];

  beforeAll(async () => {
    staff = await stack.clientAs('staff');
    investor = await stack.clientAs('investor');
    stack.api.app.server.on('request', (request: IncomingMessage) =>
      restCalls.push(`${request.method} ${request.url}`),
    );
    await insertPrices(stack.api, [
      { symbol: 'GQA', date: '2025-01-09', close: '105.25' },
      { symbol: 'GQA', date: '2025-01-10', close: '110' },
      { symbol: 'GQB', date: '2025-01-10', close: '55' },
      { symbol: 'GQC', date: '2025-01-10', close: '105' },
      { symbol: 'GQD', date: '2025-03-03', close: '1300.25' },
    ]);
  });

  /** A firm, a segment and charge types of its own, made by staff through GraphQL. */
  async function reference(prefix: string, typeNames: string[]) {
    const firm = await ok<{ createBrokerageFirm: { id: string } }>(
      staff,
      'mutation ($input: BrokerageFirmInput!) { createBrokerageFirm(input: $input) { id name } }',
      { input: { name: `${prefix} Broking`, address: 'Fort, Mumbai', contactNumber: '9988776655' } },
    );
    const segment = await ok<{ createSegment: { id: string; name: string } }>(
      staff,
      'mutation ($input: NameInput!) { createSegment(input: $input) { id name } }',
      {
        input: { name: `${prefix} Equity` },
      },
    );
    const types: Record<string, string> = {};
    for (const name of typeNames) {
      const created = await ok<{ createChargeType: { id: string } }>(
        staff,
        'mutation ($input: NameInput!) { createChargeType(input: $input) { id } }',
        {
          input: { name: `${prefix} ${name}` },
        },
      );
      types[name] = created.createChargeType.id;
    }
    const charge = (
      type: string,
      onBuySell: string,
      amount: string,
      percentage: string,
      effectiveDate: string,
      exchange = 'NSE',
    ) =>
      ok(staff, 'mutation ($input: ChargeInput!) { createCharge(input: $input) { id } }', {
        input: {
          brokerageFirmId: firm.createBrokerageFirm.id,
          chargeTypeId: types[type],
          segmentId: segment.createSegment.id,
          amount,
          percentage,
          exchange,
          onBuySell,
          effectiveDate,
        },
      });
    const holding = (fields: Record<string, unknown>) => ({
      exchange: 'NSE',
      ...fields,
      brokerageFirmId: firm.createBrokerageFirm.id,
      segmentName: segment.createSegment.name,
    });
    const add = async (client: GraphQLClient, fields: Record<string, unknown>) =>
      (
        await ok<{ addHolding: Holding }>(
          client,
          `mutation ($input: HoldingInput!) { addHolding(input: $input) { ${HOLDING_FIELDS} } }`,
          { input: holding(fields) },
        )
      ).addHolding;
    const sell = async (id: string, quantity: number, sellPrice: string, sellingDate: string) =>
      (
        await ok<{ sellHolding: { sold: Holding; remaining: Holding | null } }>(
          investor,
          `mutation ($id: ID!, $input: SellHoldingInput!) { sellHolding(id: $id, input: $input) { sold { ${HOLDING_FIELDS} } remaining { ${HOLDING_FIELDS} } } }`,
          { id, input: { quantity, sellPrice, sellingDate } },
        )
      ).sellHolding;
    return { firmId: firm.createBrokerageFirm.id, segment: segment.createSegment, types, charge, holding, add, sell };
  }

  it('P&L net of charges, quotes and sales through GraphQL (one wiring scenario; the maths is tested in shared)', async () => {
    // shared/src/portfolio/scenarios/partial-sell.test.ts through both services: Brokerage ₹20 + 0.03 %
    // BOTH; 100 × 50 bought 2025-01-02 of GQA (closes 105.25, then 110).
    // open: buy 20 + 1.5 = 21.5; sell (estimated at 110) 20 + 3.3 = 23.3; charges 44.8; gross 6000; net 5955.2
    // 40 sold at 60 on 2025-02-03: buy 8.6; sell 20.72; net 370.68 (the same id, REALIZED)
    // open rest of 60 at 110: buy 12.9; sell 20 + 1.98 = 21.98; charges 34.88; gross 3600; net 3565.12
    const s = await reference('G3', ['Brokerage']);
    await s.charge('Brokerage', 'BOTH', '20', '0.03', '2024-01-01');
    const h = await s.add(investor, { symbol: 'GQA', price: '50', quantity: 100, creationDate: '2025-01-02' });
    expect(h.profitLoss).toMatchObject({
      gross: '6000',
      buyCharges: '21.5',
      sellCharges: '23.3',
      charges: '44.8',
      net: '5955.2',
      breakdown: [{ chargeTypeName: 'G3 Brokerage', total: '44.8' }],
    });
    // quote: 110 − 105.25 = 4.75; 4.75 / 105.25 = 4.513… % → 4.51
    expect(h.quote).toEqual({ closePrice: '110', tradeDate: '2025-01-10', change: '4.75', changePercent: '4.51' });
    expect(h).toMatchObject({ segmentName: 'G3 Equity', instrumentType: 'G3 Equity' });

    const { sold, remaining } = await s.sell(h.id, 40, '60', '2025-02-03');
    expect(sold).toMatchObject({ id: h.id, quantity: 40, status: 'REALIZED' });
    expect(sold.profitLoss).toMatchObject({ buyCharges: '8.6', sellCharges: '20.72', net: '370.68' });
    expect(remaining).toMatchObject({ quantity: 60, status: 'UNREALIZED' });
    expect(remaining?.profitLoss).toMatchObject({ buyCharges: '12.9', sellCharges: '21.98', net: '3565.12' });

    // selling more than the 60 left is refused
    const tooMany = await investor.request(
      'mutation ($id: ID!, $input: SellHoldingInput!) { sellHolding(id: $id, input: $input) { sold { id } } }',
      {
        id: remaining?.id,
        input: { quantity: 61, sellPrice: '60', sellingDate: '2025-02-04' },
      },
    );
    expectBadUserInput(tooMany, 'You cannot sell 61 shares: only 60 are held');
    // selling all that is left: no new open rest; a sold holding cannot be sold again
    const all = await s.sell(remaining?.id as string, 60, '100', '2025-02-04');
    expect(all.remaining).toBeNull();
    expect(all.sold).toMatchObject({ id: remaining?.id, quantity: 60, status: 'REALIZED' });
    const again = await investor.request(
      'mutation ($id: ID!, $input: SellHoldingInput!) { sellHolding(id: $id, input: $input) { sold { id } } }',
      { id: h.id, input: { quantity: 1, sellPrice: '60', sellingDate: '2025-02-04' } },
    );
    expectBadUserInput(again, `Holding ${h.id} is already sold`);
  });

  it('answers REST validation messages as BAD_USER_INPUT and a missing symbol price clearly', async () => {
    const s = await reference('GV', []);
    const noPrice = await investor.request('mutation ($input: HoldingInput!) { addHolding(input: $input) { id } }', {
      input: s.holding({ symbol: 'NOPE', price: '10', quantity: 1, creationDate: '2025-01-06' }),
    });
    expectBadUserInput(noPrice, 'No prices are loaded for symbol NOPE; choose a symbol from the list', { status: 400 });
    const blank = await investor.request('mutation ($input: HoldingInput!) { addHolding(input: $input) { id } }', {
      input: s.holding({ symbol: ' ', price: '10', quantity: 1, creationDate: '2025-01-06' }),
    });
    expect(blank.errors?.[0]?.message).toBe('Symbol is required!');
  });

  it('loads the quotes of a whole holdings list with the list itself, and batches other quote reads (DataLoader)', async () => {
    const s = await reference('GL', []);
    for (const symbol of ['GQA', 'GQB', 'GQC', 'GQD', 'GQA', 'GQB'])
      await s.add(investor, { symbol, price: '10', quantity: 1, creationDate: '2025-01-06' });
    restCalls = [];
    const data = await ok<{ holdings: Holding[] }>(
      investor,
      `query ($b: String, $s: String) { holdings(brokerName: $b, segmentName: $s) { ${HOLDING_FIELDS} } }`,
      {
        b: 'GL Broking',
        s: 'GL Equity',
      },
    );
    expect(data.holdings).toHaveLength(6);
    expect(data.holdings.every((h) => h.quote?.closePrice === h.currentPrice)).toBe(true);
    // the REST list carries each symbol's quote and primes the loader: one REST call for six rows
    expect(restCalls.filter((call) => call.includes('/current-prices'))).toEqual([]);
    expect(restCalls).toHaveLength(1);

    // the same quotes read apart from a list: one batched price read for all the symbols
    restCalls = [];
    const quotes = await ok<{
      stockQuotes: Array<{ symbol: string; closePrice: string; tradeDate: string; change: string | null }>;
    }>(
      investor,
      '{ stockQuotes(symbols: ["GQA", "GQB", "GQC", "GQD", "GQA"]) { symbol closePrice tradeDate change } }',
    );
    const priceCalls = restCalls.filter((call) => call.includes('/current-prices'));
    expect(priceCalls).toHaveLength(1);
    expect(decodeURIComponent(priceCalls[0] ?? '')).toContain('symbols=GQA,GQB,GQC,GQD');
    // and they agree with what the list carried
    for (const holding of data.holdings) {
      const quote = quotes.stockQuotes.find((q) => q.symbol === holding.symbol);
      expect(quote).toMatchObject({
        closePrice: holding.quote?.closePrice,
        tradeDate: holding.quote?.tradeDate,
        change: holding.quote?.change,
      });
    }
  });

  it('pages the holdings as a connection: the pages add up to the list, bad arguments are 400s', async () => {
    // the six GL holdings of the test above: GQA ×2, GQB ×2, GQC, GQD (by symbol, buying date, id)
    const whole = await ok<{ holdings: Holding[] }>(
      investor,
      '{ holdings(brokerName: "GL Broking", segmentName: "GL Equity") { id symbol } }',
    );
    expect(whole.holdings.map((h) => h.symbol)).toEqual(['GQA', 'GQA', 'GQB', 'GQB', 'GQC', 'GQD']);
    type Page = {
      holdingConnection: {
        edges: Array<{ cursor: string; node: { id: string; symbol: string } }>;
        pageInfo: { hasNextPage: boolean; endCursor: string | null };
        totalCount: number;
      };
    };
    const query = `query ($after: String) { holdingConnection(brokerName: "GL Broking", segmentName: "GL Equity", first: 4, after: $after) {
      edges { cursor node { id symbol } } pageInfo { hasNextPage endCursor } totalCount } }`;
    const first = (await ok<Page>(investor, query)).holdingConnection;
    expect(first.totalCount).toBe(6);
    expect(first.pageInfo.hasNextPage).toBe(true);
    expect(first.pageInfo.endCursor).toBe(first.edges[3]!.cursor);
    const second = (await ok<Page>(investor, query, { after: first.pageInfo.endCursor })).holdingConnection;
    expect(second.pageInfo).toEqual({ hasNextPage: false, endCursor: second.edges[1]!.cursor });
    expect([...first.edges, ...second.edges].map((edge) => edge.node.id)).toEqual(whole.holdings.map((h) => h.id));
    // continuing after any edge's cursor gives the rest
    const fromSecond = (await ok<Page>(investor, query, { after: first.edges[1]!.cursor })).holdingConnection;
    expect(fromSecond.edges.map((edge) => edge.node.id)).toEqual(whole.holdings.slice(2, 6).map((h) => h.id));

    for (const [args, message] of [
      ['first: 0', 'first must be a whole number from 1 to 500'],
      ['first: 501', 'first must be a whole number from 1 to 500'],
      ['first: 2, after: "not a cursor!"', 'cursor is not one this API gave: start again without it'],
      ['first: 2, after: "WyJ4Il0"', 'cursor is not one this API gave: start again without it'],
    ] as const) {
      const answer = await investor.request(`{ holdingConnection(${args}) { totalCount } }`);
      expect(answer.errors?.[0]?.message, args).toBe(message);
      expect(answer.errors?.[0]?.extensions?.code, args).toBe('BAD_USER_INPUT');
    }
  });

  it('changes the net P&L when staff add a charge', async () => {
    // 10 × 100, now 110: net 100 without charges; with ₹20 BOTH brokerage 100 − 40 = 60
    const s = await reference('GC', ['Brokerage']);
    await s.add(investor, { symbol: 'GQA', price: '100', quantity: 10, creationDate: '2025-01-10' });
    const query = `query { holdings(segmentName: "GC Equity") { ${HOLDING_FIELDS} } }`;
    expect((await ok<{ holdings: Holding[] }>(investor, query)).holdings[0]?.profitLoss.net).toBe('100');
    await s.charge('Brokerage', 'BOTH', '20', '0', '2024-01-01');
    expect((await ok<{ holdings: Holding[] }>(investor, query)).holdings[0]?.profitLoss).toMatchObject({
      charges: '40',
      net: '60',
    });
  });

  it("never shows or changes another investor's holding", async () => {
    const admin = await stack.clientAs('admin');
    const roles = await ok<{ roles: Array<{ id: string; name: string }> }>(admin, '{ roles { id name } }');
    await ok(admin, 'mutation ($input: UserInput!) { createUser(input: $input) { id } }', {
      input: {
        firstName: 'Gita',
        lastName: 'G',
        username: 'gita',
        email: 'gita@example.com',
        password: 'Gita@12345',
        roleId: roles.roles.find((r) => r.name === 'ROLE_USER')?.id,
      },
    });
    const gita = stack.client();
    await gita.login('gita', 'Gita@12345');
    const s = await reference('GO', []);
    const theirs = await s.add(gita, { symbol: 'GQA', price: '100', quantity: 10, creationDate: '2025-01-10' });
    const snapshot = async () =>
      (await ok<{ holdings: Holding[] }>(gita, `{ holdings { ${HOLDING_FIELDS} } }`)).holdings;
    const before = await snapshot();

    const mine = await ok<{ holdings: Holding[] }>(investor, '{ holdings { id } }');
    expect(mine.holdings.map((h) => h.id)).not.toContain(theirs.id);
    expect(
      (await ok<{ holdings: Holding[] }>(investor, '{ holdings(segmentName: "GO Equity") { id } }')).holdings,
    ).toEqual([]);

    const update = await investor.request(
      'mutation ($id: ID!, $input: HoldingInput!) { updateHolding(id: $id, input: $input) { id } }',
      {
        id: theirs.id,
        input: s.holding({ symbol: 'GQA', price: '1', quantity: 1, creationDate: '2025-01-10' }),
      },
    );
    expect(update.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const sale = await investor.request(
      'mutation ($id: ID!) { sellHolding(id: $id, input: { quantity: 1, sellPrice: "1", sellingDate: "2025-01-10" }) { sold { id } } }',
      { id: theirs.id },
    );
    expect(sale.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const remove = await investor.request('mutation ($id: ID!) { deleteHolding(id: $id) { id } }', { id: theirs.id });
    expect(remove.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await snapshot()).toEqual(before);
  });

  it('totals per firm and segment, and alerts', async () => {
    // 10 × 100 of GQA (now 110) at "GS Broking", Brokerage ₹10 BOTH: invested 1000, current 1100,
    // unrealized 100, charges 10 + 10 = 20, net 80
    const s = await reference('GS', ['Brokerage']);
    await s.charge('Brokerage', 'BOTH', '10', '0', '2024-01-01');
    await s.add(investor, { symbol: 'GQA', price: '100', quantity: 10, creationDate: '2025-01-10' });
    const data = await ok<{
      portfolioSummary: {
        totals: { holdings: number };
        firms: Array<{
          brokerageFirm: { name: string };
          totals: Record<string, unknown>;
          segments: Array<{ segment: { name: string }; totals: { net: string } }>;
        }>;
      };
      portfolioAlerts: Array<{ kind: string; tone: string; title: string }>;
    }>(
      investor,
      `{ portfolioSummary { totals { holdings } firms { brokerageFirm { name } totals { holdings invested currentValue realized unrealized charges net } segments { segment { name } totals { net } } } }
         portfolioAlerts(brokerName: "GS Broking") { kind tone title } }`,
    );
    const firm = data.portfolioSummary.firms.find((f) => f.brokerageFirm.name === 'GS Broking');
    expect(firm?.totals).toEqual({
      holdings: 1,
      invested: '1000',
      currentValue: '1100',
      realized: '0',
      unrealized: '100',
      charges: '20',
      net: '80',
    });
    expect(firm?.segments.find((x) => x.segment.name === 'GS Equity')?.totals.net).toBe('80');
    // GQA moved 105.25 → 110 (+4.75 × 10 = +47.50 on 1052.50: +4.51 %), no 52-week history: one segment alert
    expect(data.portfolioAlerts).toEqual([{ kind: 'SEGMENT_MOVE', tone: 'POSITIVE', title: 'GS Equity up 4.51%' }]);
  });

  it('reference data: staff writes, investors read, conflicts are CONFLICT', async () => {
    const s = await reference('GR', ['Brokerage']);
    const firms = await ok<{ brokerageFirms: Array<{ id: string; name: string }> }>(
      investor,
      '{ brokerageFirms { id name } segments { name } }',
    );
    expect(firms.brokerageFirms.map((f) => f.name)).toContain('GR Broking');
    const denied = await investor.request('mutation { createSegment(input: { name: "Mine" }) { id } }');
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const charges = await investor.request('{ charges { id } }');
    expect(charges.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    await s.charge('Brokerage', 'BOTH', '1', '0', '2024-01-01');
    const inUse = await staff.request('mutation ($id: ID!) { deleteSegment(id: $id) { message } }', {
      id: s.segment.id,
    });
    expect(inUse.errors?.[0]).toMatchObject({
      message: "Segment 'GR Equity' is used by 1 charge; remove those first",
      extensions: { code: 'CONFLICT' },
    });
    const free = await ok<{ createSegment: { id: string } }>(
      staff,
      'mutation { createSegment(input: { name: "GR Spare" }) { id } }',
    );
    const deleted = await ok<{ deleteSegment: { id: string; message: string } }>(
      staff,
      'mutation ($id: ID!) { deleteSegment(id: $id) { id message } }',
      { id: free.createSegment.id },
    );
    expect(deleted.deleteSegment).toEqual({
      id: free.createSegment.id,
      message: 'Segment GR Spare deleted successfully',
    });
    const options = await ok<{ buySellOptions: string[]; charge: null }>(
      staff,
      '{ buySellOptions charge(id: "987654") { id } }',
    );
    expect(options).toEqual({ buySellOptions: ['BUY', 'SELL', 'BOTH'], charge: null });
  });

  it('financial instruments: administrators write, staff read', async () => {
    const admin = await stack.clientAs('admin');
    const created = await ok<{ createFinancialInstrument: { id: string; type: string } }>(
      admin,
      'mutation { createFinancialInstrument(input: { type: "Sovereign gold bond", description: "SGB" }) { id type } }',
    );
    const list = await ok<{ financialInstruments: Array<{ type: string }> }>(
      staff,
      '{ financialInstruments { type } }',
    );
    expect(list.financialInstruments.map((i) => i.type)).toContain('Sovereign gold bond');
    const byStaff = await staff.request('mutation { createFinancialInstrument(input: { type: "X" }) { id } }');
    expect(byStaff.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const blank = await admin.request('mutation { createFinancialInstrument(input: { type: "" }) { id } }');
    expect(blank.errors?.[0]?.message).toBe('Type is required!');
    const deleted = await ok<{ deleteFinancialInstrument: { message: string } }>(
      admin,
      'mutation ($id: ID!) { deleteFinancialInstrument(id: $id) { message } }',
      { id: created.createFinancialInstrument.id },
    );
    expect(deleted.deleteFinancialInstrument.message).toBe(
      'Financial instrument Sovereign gold bond deleted successfully',
    );
  });
});
