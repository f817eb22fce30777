/**
 * The Stock Watch List, the investor dashboard and the staff market snapshot through GraphQL,
 * over HTTP to the real REST API: the operations, their errors and who may use them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type GraphQLClient, useStack } from './setup/stack.js';
import { insertPrices } from '../../api/test/portfolio/helpers.js';

const ROW = `symbol companyName closePrice priceDate changePerDay changePercent yearHigh yearLow
  fromHighPercent fromLowPercent trends { direction period label } addedAt`;

describe('watch list and dashboard through GraphQL', () => {
  const stack = useStack();
  let investor: GraphQLClient;
  let staff: GraphQLClient;

  beforeAll(async () => {
    investor = await stack.clientAs('investor');
    staff = await stack.clientAs('staff');
    await insertPrices(stack.api, [
      { symbol: 'GQW', date: '2025-01-09', close: '200' },
      { symbol: 'GQW', date: '2025-01-10', close: '210.5' },
    ]);
  });

  it('adds, lists and removes a watched symbol', async () => {
    const added = await investor.request<{ watchSymbol: Record<string, unknown> }>(
      `mutation ($symbol: String!) { watchSymbol(symbol: $symbol) { ${ROW} } }`,
      { symbol: 'gqw' },
    );
    expect(added.errors).toBeUndefined();
    // 210.5 against 200: +10.50, +5.25 %
    expect(added.data?.watchSymbol).toMatchObject({
      symbol: 'GQW',
      closePrice: '210.5',
      priceDate: '2025-01-10',
      changePerDay: '10.50',
      changePercent: '5.25',
      trends: [],
    });
    const listed = await investor.request<{ watchlist: Array<{ symbol: string }> }>(`{ watchlist { ${ROW} } }`);
    expect(listed.data?.watchlist.map((row) => row.symbol)).toEqual(['GQW']);
    const removed = await investor.request<{ unwatchSymbol: { id: string; message: string } }>(
      'mutation { unwatchSymbol(symbol: "GQW") { id message } }',
    );
    expect(removed.data?.unwatchSymbol).toEqual({ id: 'GQW', message: 'GQW removed from your watch list' });
    const after = await investor.request<{ watchlist: unknown[] }>('{ watchlist { symbol } }');
    expect(after.data?.watchlist).toEqual([]);
  });

  it('passes the REST refusals on: unknown symbol, not on the list, no login', async () => {
    const unknown = await investor.request('mutation { watchSymbol(symbol: "NOSUCH") { symbol } }');
    expect(unknown.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(unknown.errors?.[0]?.message).toContain('Unknown symbol NOSUCH');
    const missing = await investor.request('mutation { unwatchSymbol(symbol: "GQW") { id } }');
    expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const anonymous = await stack.client().request('{ watchlist { symbol } }');
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('answers the dashboard from the investor’s holdings', async () => {
    const firms = await investor.request<{ brokerageFirms: Array<{ id: string; name: string }> }>(
      '{ brokerageFirms { id name } }',
    );
    const zerodha = firms.data?.brokerageFirms.find((firm) => firm.name === 'Zerodha');
    const bought = await investor.request(`mutation ($input: HoldingInput!) { addHolding(input: $input) { id } }`, {
      input: {
        symbol: 'GQW',
        price: '200',
        quantity: 3,
        exchange: 'NSE',
        creationDate: '2025-01-09',
        brokerageFirmId: zerodha?.id,
        segmentName: 'Intraday',
      },
    });
    expect(bought.errors, JSON.stringify(bought.errors)).toBeUndefined();
    const answer = await investor.request<{
      dashboard: {
        priceDate: string;
        openHoldings: number;
        totals: { invested: string; currentValue: string };
        dayChange: string;
        dayChangePercent: string;
        firms: Array<{ brokerageFirm: { name: string } }>;
        gainers: Array<{ symbol: string; valueChange: string }>;
      };
    }>(`{ dashboard { asOf priceDate openHoldings totals { invested currentValue net } dividends netProfitLoss
        dayChange dayChangePercent xirr firms { brokerageFirm { name } xirr netProfitLoss }
        allocationByIndustry { name value percent } allocationByFirm { name value percent }
        gainers { symbol valueChange changePercent } losers { symbol }
        inTodaysLists { symbol headline } alerts { kind title } } }`);
    expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
    const dashboard = answer.data?.dashboard;
    // 3 × 200 invested, 3 × 210.5 = 631.5 now; the day: 3 × 10.5 = 31.5 on 600 = 5.25 %
    expect(dashboard).toMatchObject({
      priceDate: '2025-01-10',
      openHoldings: 1,
      totals: { invested: '600', currentValue: '631.5' },
      dayChange: '31.5',
      dayChangePercent: '5.25',
    });
    expect(dashboard?.firms.map((firm) => firm.brokerageFirm.name)).toEqual(['Zerodha']);
    expect(dashboard?.gainers).toEqual([{ symbol: 'GQW', valueChange: '31.5', changePercent: '5.25' }]);
  });

  it('gives staff the market snapshot, and investors a FORBIDDEN', async () => {
    const snapshot = await staff.request<{
      marketSnapshot: {
        latestTradingDay: string;
        symbols: number;
        advances: number;
        gainers: Array<{ symbol: string }>;
      };
    }>(
      '{ marketSnapshot { latestTradingDay symbols advances declines unchanged gainers { symbol changePercent } losers { symbol } lastUploads { fileName } } }',
    );
    expect(snapshot.errors, JSON.stringify(snapshot.errors)).toBeUndefined();
    expect(snapshot.data?.marketSnapshot).toMatchObject({ latestTradingDay: '2025-01-10', symbols: 1, advances: 1 });
    expect(snapshot.data?.marketSnapshot.gainers.map((m) => m.symbol)).toEqual(['GQW']);
    const denied = await investor.request('{ marketSnapshot { symbols } }');
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
