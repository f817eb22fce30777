/**
 * Helpers of the portfolio API tests: prices go straight into stock_prices with plain SQL (the
 * upload code is another area's), reference data goes through the staff REST routes.
 */
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { exchangeToday, formatRupees } from '@bazaar/shared';
import type {
  BrokerageFirmDto,
  ChargeTypeDto,
  HoldingDto,
  HoldingUpdateDto,
  LatestPriceDto,
  SegmentDto,
} from '@bazaar/shared/contract';
import type { HttpResult, TestApi } from '../setup/test-api.js';

export interface PriceRow {
  symbol: string;
  date: string;
  close: string;
  series?: string;
  high?: string;
  low?: string;
}

export async function insertPrices(api: TestApi, rows: PriceRow[]): Promise<void> {
  for (const row of rows) {
    const high = row.high ?? row.close;
    const low = row.low ?? row.close;
    await api.handle.db.execute(sql`
      INSERT INTO stock_prices (symbol, series, trade_date, open_price, high_price, low_price, close_price)
      VALUES (${row.symbol}, ${row.series ?? 'EQ'}, ${row.date}, ${row.close}, ${high}, ${low}, ${row.close})`);
  }
}

export type Firm = BrokerageFirmDto;
/** A segment or a charge type. */
export type Named = SegmentDto | ChargeTypeDto;

/** Creates a firm, a segment and charge types through the staff API (names unique per call). */
export async function createReference(
  api: TestApi,
  staffToken: string,
  prefix: string,
  chargeTypeNames: string[] = [],
) {
  const firm = await api.request<Firm>('POST', '/staff/brokerage-firms', {
    token: staffToken,
    json: { name: `${prefix} Broking`, address: '1 MG Road, Bengaluru', contactNumber: '9876543210' },
  });
  expect(firm.status).toBe(201);
  const segment = await api.request<Named>('POST', '/staff/segments', {
    token: staffToken,
    json: { name: `${prefix} Equity` },
  });
  expect(segment.status).toBe(201);
  const types: Record<string, Named> = {};
  for (const name of chargeTypeNames) {
    const created = await api.request<Named>('POST', '/staff/charge-types', {
      token: staffToken,
      json: { name: `${prefix} ${name}` },
    });
    expect(created.status).toBe(201);
    types[name] = created.body;
  }
  return { firm: firm.body, segment: segment.body, types };
}

export interface ChargeSpec {
  type: Named;
  side: 'BUY' | 'SELL' | 'BOTH';
  amount: string;
  percentage: string;
  from: string;
  exchange?: 'NSE' | 'BSE';
}

export async function addCharge(
  api: TestApi,
  staffToken: string,
  firm: Firm,
  segment: Named,
  spec: ChargeSpec,
): Promise<{ id: number }> {
  const created = await api.request<{ id: number }>('POST', '/staff/charges', {
    token: staffToken,
    json: {
      brokerageFirm: firm,
      chargeType: spec.type,
      segment,
      amount: spec.amount,
      percentage: spec.percentage,
      exchange: spec.exchange ?? 'NSE',
      onBuySell: spec.side,
      effectiveDate: spec.from,
    },
  });
  expect(created.status, created.text).toBe(201);
  return created.body;
}

/**
 * Two firms, each with its segment, for the tests of totals: `${prefix}A` charges a flat brokerage of
 * `amount` rupees a trade (buy and sell, NSE) from `from` on; `${prefix}B` charges nothing.
 */
export async function firmsWithFlatBrokerage(
  api: TestApi,
  staffToken: string,
  prefix: string,
  amount: string,
  from: string,
) {
  const a = await firmWithBrokerage(api, staffToken, `${prefix}A`, { amount, percentage: '0', from });
  const b = await createReference(api, staffToken, `${prefix}B`);
  return { a, b };
}

/** A firm and segment (createReference) with one charge type, Brokerage, charged on buys and sells from `from`. */
export async function firmWithBrokerage(
  api: TestApi,
  staffToken: string,
  prefix: string,
  charge: { amount: string; percentage: string; from: string },
) {
  const ref = await createReference(api, staffToken, prefix, ['Brokerage']);
  await addCharge(api, staffToken, ref.firm, ref.segment, { type: ref.types.Brokerage!, side: 'BOTH', ...charge });
  return ref;
}

export interface HoldingBody {
  symbol: string;
  price: string;
  quantity: number;
  creationDate: string;
  exchange?: 'NSE' | 'BSE';
  sellPrice?: string | null;
  sellingDate?: string | null;
}

export function holdingPayload(firm: Firm, segment: Named, body: HoldingBody): Record<string, unknown> {
  return { exchange: 'NSE', ...body, brokerageFirm: firm, instrumentType: segment.name };
}

/** Adds a holding of this firm and segment for the token's user (201 expected) and answers it. */
export async function addHolding(
  api: TestApi,
  token: string,
  ref: { firm: Firm; segment: Named },
  body: HoldingBody,
): Promise<HoldingDto> {
  const created = await api.request<HoldingDto>('POST', '/user/holding', {
    token,
    json: holdingPayload(ref.firm, ref.segment, body),
  });
  expect(created.status, created.text).toBe(201);
  return created.body;
}

/**
 * Sells `quantity` of a holding by hand (PUT /user/holding/{id} with a sell price and date) and answers the reply
 * as it came, refusals included: a part sold splits the holding (the rest in `remainingHolding`).
 */
export function sellHolding(
  api: TestApi,
  token: string,
  ref: { firm: Firm; segment: Named },
  id: number | string,
  body: HoldingBody & { sellPrice: string; sellingDate: string },
): Promise<HttpResult<HoldingUpdateDto>> {
  return api.request<HoldingUpdateDto>('PUT', `/user/holding/${id}`, {
    token,
    json: holdingPayload(ref.firm, ref.segment, body),
  });
}

/** Today's exchange date plus some days, as YYYY-MM-DD. */
export function indiaDatePlus(days: number): string {
  return exchangeToday(new Date(Date.now() + days * 86_400_000));
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Holdings as the holdings table's CSV export writes them (written out here by hand). `'numbers'`: today's file
 * (docs/product/common.md#csv-exports): titles with their unit, amounts as plain numbers to the paisa (rounded half
 * up), dates YYYY-MM-DD, cells quoted only when they must be. `'rupees'`: the file of earlier versions of the table,
 * which the import still takes: plain titles, every cell quoted, ₹ amounts, dates dd-Mmm-yyyy. `'table'`: every
 * column of the table (LTP, P&L, charges, dividends, an empty day change); `'trade'`: only the trade's own.
 */
export function holdingsExportCsv(
  holdings: HoldingDto[],
  columns: 'table' | 'trade',
  style: 'numbers' | 'rupees' = 'numbers',
): string {
  const numbers = style === 'numbers';
  const day = (date: string | null) =>
    !date ? '' : numbers ? date : `${date.slice(8)}-${MONTHS[Number(date.slice(5, 7)) - 1]}-${date.slice(0, 4)}`;
  const money = (value: string | null) =>
    value === null ? '' : numbers ? new Big(value).round(2, Big.roundHalfUp).toFixed(2) : formatRupees(value);
  const title = (name: string, unit: string) => (numbers ? `${name} (${unit})` : name);
  const line = (cells: Array<string | number>) =>
    cells.map((cell) => (numbers && !/[",]/.test(String(cell)) ? String(cell) : `"${cell}"`)).join(',');
  const table = columns === 'table';
  const titles = ['Symbol', 'Status', 'Qty', title('Avg Price', '₹')];
  if (table) {
    titles.push(title('LTP', '₹'), title('Gross P&L', '₹'), title('Charges', '₹'));
    if (numbers) titles.push(title('Dividends', '₹'));
    titles.push(title('Net P&L', '₹'), title('Day Change', '%'));
  }
  titles.push('Buying Date', title('Sell Price', '₹'), 'Selling Date', 'Exchange');
  const rows = holdings.map((h) => {
    const cells: Array<string | number> = [h.symbol, h.status, h.quantity, money(h.price)];
    if (table) {
      const { gross, charges, dividends, net } = h.profitLoss;
      cells.push(...[h.currentPrice, gross, charges].map(money));
      if (numbers) cells.push(money(dividends));
      cells.push(money(net), '');
    }
    cells.push(day(h.creationDate), money(h.sellPrice), day(h.sellingDate), h.exchange);
    return line(cells);
  });
  return [line(titles), ...rows].join(numbers ? '\r\n' : '\n');
}

/** GET /user/current-prices for `symbols` (comma separated, as the caller spells them), answered 200, by symbol. */
export async function latestPricesBySymbol(
  api: TestApi,
  token: string,
  symbols: string,
): Promise<Record<string, LatestPriceDto>> {
  const prices = await api.request<LatestPriceDto[]>('GET', `/user/current-prices?symbols=${symbols}`, { token });
  expect(prices.status, prices.text).toBe(200);
  return Object.fromEntries(prices.body.map((p) => [p.symbol, p]));
}
