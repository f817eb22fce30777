/**
 * Holdings through a split and a dividend, through GraphQL over HTTP against the real REST API
 * (docs/product/portfolio.md#corporate-actions): the corporate actions go in through staff's real
 * upload (NSE's CF-CA layout), the prices as rows. Figures worked by hand:
 * GQSPLIT 10 bought 02-Jan-2025 at ₹190; Dividend ₹3 ex 06-Jan-2025; split ₹10 → ₹5 ex 08-Jan-2025;
 * close ₹104 on D = 10-Jan-2025, ₹101 on 09-Jan. Shown: 20 shares at ₹95 (10 at ₹190 as entered),
 * dividends 10 × 3 = 30, gross 20 × 104 − 1,900 = 180, net 180 + 30 = 210 (no charges).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, type GraphQLClient, useStack } from './setup/stack.js';
import { insertPrices } from '../../api/test/portfolio/helpers.js';
import { upload } from '../../api/test/uploads/helpers.js';

const ACTIONS = [
  '"SYMBOL","COMPANY NAME","SERIES","PURPOSE","FACE VALUE","EX-DATE","RECORD DATE","BOOK CLOSURE START DATE","BOOK CLOSURE END DATE"',
  '"GQSPLIT","GQ Split Limited","EQ"," Dividend - Rs 3 Per Share","10","06-Jan-2025","07-Jan-2025","-","-"',
  '"GQSPLIT","GQ Split Limited","EQ"," Face Value Split (Sub-Division) - From Rs 10/- Per Share To Rs 5/- Per Share","10","08-Jan-2025","08-Jan-2025","-","-"',
  // announced for after D: nothing yet
  '"GQSPLIT","GQ Split Limited","EQ","Bonus 1:1","5","20-Jan-2025","20-Jan-2025","-","-"',
].join('\n');

const FIELDS = `id symbol quantity tradedQuantity price tradedPrice status
  adjustments { exDate kind factor }
  profitLoss { invested marketValue gross charges dividends net profitLoss dividendPayments { exDate perShare shares amount } }`;

interface AdjustedHolding {
  id: string;
  quantity: number;
  tradedQuantity: number;
  price: string;
  tradedPrice: string;
  status: string;
  adjustments: Array<{ exDate: string; kind: string; factor: string }>;
  profitLoss: Record<string, unknown> & { dividends: string; net: string | null };
}

describe('holdings through a split and a dividend (GraphQL)', () => {
  const stack = useStack();
  let investor: GraphQLClient;
  let staff: GraphQLClient;
  let holdingId: string;

  beforeAll(async () => {
    staff = await stack.clientAs('staff');
    investor = await stack.clientAs('investor');
    await insertPrices(stack.api, [
      { symbol: 'GQSPLIT', date: '2025-01-02', close: '190' },
      { symbol: 'GQSPLIT', date: '2025-01-09', close: '101' },
      { symbol: 'GQSPLIT', date: '2025-01-10', close: '104' },
    ]);
    const staffToken = await stack.api.login('staff', 'Staff@123');
    const uploaded = await upload(stack.api, staffToken, 'UPLOAD_CORPORATE_ACTIONS', 'CF-CA-equities.csv', ACTIONS);
    expect(uploaded.status, uploaded.text).toBeLessThan(300);

    const firm = await ok<{ createBrokerageFirm: { id: string } }>(
      staff,
      'mutation ($input: BrokerageFirmInput!) { createBrokerageFirm(input: $input) { id } }',
      { input: { name: 'Split Broking', address: 'Fort, Mumbai', contactNumber: '9988776655' } },
    );
    const segment = await ok<{ createSegment: { name: string } }>(
      staff,
      'mutation ($input: NameInput!) { createSegment(input: $input) { name } }',
      { input: { name: 'Split Equity' } },
    );
    const added = await ok<{ addHolding: { id: string } }>(
      investor,
      'mutation ($input: HoldingInput!) { addHolding(input: $input) { id } }',
      {
        input: {
          symbol: 'GQSPLIT',
          price: '190',
          quantity: 10,
          exchange: 'NSE',
          creationDate: '2025-01-02',
          brokerageFirmId: firm.createBrokerageFirm.id,
          segmentName: segment.createSegment.name,
        },
      },
    );
    holdingId = added.addHolding.id;
  });

  it('shows today’s shares with the trade as entered, the split and the dividend', async () => {
    const { holdings } = await ok<{ holdings: AdjustedHolding[] }>(investor, `{ holdings { ${FIELDS} } }`);
    expect(holdings).toEqual([
      {
        id: holdingId,
        symbol: 'GQSPLIT',
        quantity: 20,
        tradedQuantity: 10,
        price: '95',
        tradedPrice: '190',
        status: 'UNREALIZED',
        adjustments: [{ exDate: '2025-01-08', kind: 'SPLIT', factor: '2' }],
        profitLoss: {
          invested: '1900',
          marketValue: '2080',
          gross: '180',
          charges: '0',
          dividends: '30',
          net: '210',
          profitLoss: '210',
          dividendPayments: [{ exDate: '2025-01-06', perShare: '3', shares: '10', amount: '30' }],
        },
      },
    ]);
    const { portfolioSummary } = await ok<{ portfolioSummary: { totals: { dividends: string; net: string } } }>(
      investor,
      '{ portfolioSummary { totals { dividends net } } }',
    );
    expect(portfolioSummary.totals).toEqual({ dividends: '30', net: '210' });
  });

  it('sells in today’s shares: 5 of the 20 leave 15', async () => {
    const { sellHolding } = await ok<{ sellHolding: { sold: AdjustedHolding; remaining: AdjustedHolding } }>(
      investor,
      `mutation ($id: ID!, $input: SellHoldingInput!) { sellHolding(id: $id, input: $input) {
        sold { ${FIELDS} } remaining { ${FIELDS} } } }`,
      { id: holdingId, input: { quantity: 5, sellPrice: '104', sellingDate: '2025-01-10' } },
    );
    expect(sellHolding.sold).toMatchObject({ quantity: 5, tradedQuantity: 2.5, status: 'REALIZED' });
    // 2.5 of the 10 as entered: invested 475, sold for 520, its dividends 2.5 × 3
    expect(sellHolding.sold.profitLoss).toMatchObject({ invested: '475', marketValue: '520', dividends: '7.5' });
    expect(sellHolding.remaining).toMatchObject({ quantity: 15, tradedQuantity: 7.5, price: '95' });
    expect(sellHolding.remaining.profitLoss).toMatchObject({ invested: '1425', dividends: '22.5', net: '157.5' });
  });
});
