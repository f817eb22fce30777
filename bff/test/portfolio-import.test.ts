/**
 * Tradebook import through GraphQL, over HTTP, against the real REST API: the GraphQL multipart
 * request (as apollo-upload-client sends it) carried on to POST /api/user/holding/import. A file
 * with problems is data (accepted: false, problems by line), not an error. The trades are real
 * closes of ../shared/data (TCS, 02 and 03 March 2020).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { sendMultipart, type GraphQLClient, type GraphQLResult, useStack } from './setup/stack.js';
import { createReference, insertPrices } from '../../api/test/portfolio/helpers.js';

const DATA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/data/nse/bhavcopy/legacy');

/** The EQ close of a symbol in a bhavcopy file. */
function closeOf(file: string, symbol: string): string {
  const line = fs
    .readFileSync(path.join(DATA, file), 'utf8')
    .split('\n')
    .find((row) => row.startsWith(`${symbol},EQ,`));
  return line!.split(',')[5]!;
}

const BUY = closeOf('02MAR2020.csv', 'TCS');
const SELL = closeOf('03MAR2020.csv', 'TCS');

const FIELDS = `layout dryRun accepted buys sells skipped
  symbols { symbol buys sells boughtQuantity soldQuantity }
  problems { line message column value } problemsTotal holdingsTotal
  holdings { symbol quantity price status sellPrice quote { closePrice } }`;

interface ImportResult {
  layout: string | null;
  dryRun: boolean;
  accepted: boolean;
  buys: number;
  sells: number;
  skipped: number;
  symbols: Array<{ symbol: string; buys: number; sells: number }>;
  problems: Array<{ line: number; message: string; column: string | null; value: string | null }>;
  problemsTotal: number;
  holdingsTotal: number;
  holdings: Array<{ symbol: string; quantity: number; price: string; status: string; sellPrice: string | null }>;
}

describe('tradebook import through GraphQL', () => {
  const stack = useStack();
  let investor: GraphQLClient;
  let ref: Awaited<ReturnType<typeof createReference>>;

  async function send(
    client: GraphQLClient | null,
    field: 'previewTradebookImport' | 'importTradebook',
    content: string,
  ): Promise<GraphQLResult<Record<string, ImportResult>>> {
    const query = `mutation ($input: TradebookImportInput!) { ${field}(input: $input) { ${FIELDS} } }`;
    const input = { file: null, brokerageFirm: ref.firm.name, segmentName: ref.segment.name };
    return sendMultipart(
      stack,
      client ?? undefined,
      { query, variables: { input } },
      { 0: ['variables.input.file'] },
      { 0: { name: 'tradebook.csv', content, type: 'text/csv' } },
    );
  }

  const file = [
    'date,symbol,side,quantity,price,exchange,trade_id',
    `2020-03-02,TCS,BUY,10,${BUY},NSE,B1`,
    `2020-03-03,TCS,SELL,4,${SELL},NSE,B2`,
  ].join('\n');

  beforeAll(async () => {
    investor = await stack.clientAs('investor');
    const staffToken = await stack.api.login('staff', 'Staff@123');
    ref = await createReference(stack.api, staffToken, 'Bff Import');
    await insertPrices(stack.api, [
      { symbol: 'TCS', date: '2020-03-02', close: BUY },
      { symbol: 'TCS', date: '2020-03-03', close: SELL },
    ]);
  });

  it('previews, imports, then skips what was imported', async () => {
    const preview = await send(investor, 'previewTradebookImport', file);
    expect(preview.errors).toBeUndefined();
    expect(preview.data!.previewTradebookImport).toMatchObject({
      layout: 'GENERIC_TRADES',
      dryRun: true,
      accepted: true,
      buys: 1,
      sells: 1,
      skipped: 0,
      problems: [],
    });
    const imported = await send(investor, 'importTradebook', file);
    expect(imported.errors).toBeUndefined();
    const result = imported.data!.importTradebook!;
    expect(result).toMatchObject({ dryRun: false, accepted: true, buys: 1, sells: 1 });
    // 10 bought, 4 sold: the lot splits into a sold row of 4 and an open row of 6
    expect(result.holdings.map((h) => [h.quantity, h.status, h.price, h.sellPrice])).toEqual([
      [4, 'REALIZED', BUY, SELL],
      [6, 'UNREALIZED', BUY, null],
    ]);
    expect(result.holdings[1]).toMatchObject({ quote: { closePrice: SELL } });
    const again = await send(investor, 'importTradebook', file);
    expect(again.data!.importTradebook).toMatchObject({ accepted: true, buys: 0, sells: 0, skipped: 2 });
  });

  it('answers a file with problems as data: refused, by line, nothing written', async () => {
    const bad = ['date,symbol,side,quantity,price,exchange', `2020-03-03,TCS,SELL,7,${SELL},NSE`].join('\n');
    const refused = await send(investor, 'importTradebook', bad);
    expect(refused.errors).toBeUndefined();
    expect(refused.data!.importTradebook).toMatchObject({
      accepted: false,
      buys: 0,
      sells: 0,
      problems: [
        {
          line: 2,
          message: 'Sell of 7 TCS on 2020-03-03: only 6 shares are held then at this firm and segment',
          column: null,
          value: null,
        },
      ],
      problemsTotal: 1,
      // nothing changes, so no holding is listed
      holdings: [],
      holdingsTotal: 0,
    });
    // a bad cell names its column and quotes it, in the words of addHolding
    const cell = await send(
      investor,
      'previewTradebookImport',
      'date,symbol,side,quantity,price,exchange\n2020-03-03,TCS,BUY,3000000000,1,NSE\n',
    );
    expect(cell.data!.previewTradebookImport!.problems).toEqual([
      { line: 2, message: 'Quantity must be at most 1000000000', column: 'quantity', value: '3000000000' },
    ]);
  });

  it('refuses anonymous callers', async () => {
    const anonymous = await send(null, 'previewTradebookImport', file);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
