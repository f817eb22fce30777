/**
 * Totals per firm and segment, and the alerts computed from the caller's holdings (52-week high
 * and low, the segment that moved most, concentration). Expected values worked by hand.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PortfolioAlertDto, PortfolioSummaryDto } from '@bazaar/shared/contract';
import { weekdaysEndingOn } from '@bazaar/shared';
import { DEMO, useApi } from '../setup/test-api.js';
import { addHolding, firmsWithFlatBrokerage, insertPrices, type createReference, type HoldingBody } from './helpers.js';

type Summary = PortfolioSummaryDto;
type Alert = PortfolioAlertDto;

/** 260 weekdays of closes ending 2025-01-10 (for 52-week windows); the last close is given. */
function history(symbol: string, base: number, last: string, previous?: string) {
  const rows = [];
  const dates = weekdaysEndingOn('2025-01-10', 260);
  for (const [index, date] of dates.entries()) {
    const close =
      index === dates.length - 1
        ? last
        : index === dates.length - 2 && previous
          ? previous
          : String(base + (index % 5));
    rows.push({ symbol, date, close, high: String(Number(close) + 1), low: String(Number(close) - 1) });
  }
  return rows;
}

/** A totals row: holdings, invested, current value, realized, unrealized, charges, net. */
const totals = (
  holdings: number,
  invested: string,
  currentValue: string,
  realized: string,
  unrealized: string,
  charges: string,
  net: string,
) => ({ holdings, invested, currentValue, realized, unrealized, charges, dividends: '0', net });

describe('portfolio summary and alerts', () => {
  const api = useApi();
  let investor: string;
  let a: Awaited<ReturnType<typeof createReference>>;
  let b: Awaited<ReturnType<typeof createReference>>;

  beforeAll(async () => {
    const staff = await api.login(DEMO.staff.username, DEMO.staff.password);
    investor = await api.login(DEMO.investor.username, DEMO.investor.password);
    ({ a, b } = await firmsWithFlatBrokerage(api, staff, 'Sum', '10', '2024-01-01'));
    // HIGHS closes 100..104 for a year (highs up to 105), then 120 with 104 the day before: a new 52-week high, +16
    // LOWS  closes 200..204 (lows down to 199), then 150 with 201 the day before: a new 52-week low, −51
    // FLAT  closes 300..304, then 302 with 301 the day before: neither, +1
    await insertPrices(api, [
      ...history('HIGHS', 100, '120', '104'),
      ...history('LOWS', 200, '150', '201'),
      ...history('FLAT', 300, '302', '301'),
    ]);
    const add = (ref: typeof a, body: HoldingBody) => addHolding(api, investor, ref, body);
    // firm A, segment A: HIGHS 10 × 100 open (now 120); LOWS 2 × 200 sold at 210
    await add(a, { symbol: 'HIGHS', price: '100', quantity: 10, creationDate: '2025-01-02' });
    await add(a, {
      symbol: 'LOWS',
      price: '200',
      quantity: 2,
      creationDate: '2025-01-02',
      sellPrice: '210',
      sellingDate: '2025-01-06',
    });
    // firm B, segment B: LOWS 1 × 220 open (now 150); FLAT 1 × 290 open (now 302)
    await add(b, { symbol: 'LOWS', price: '220', quantity: 1, creationDate: '2025-01-02' });
    await add(b, { symbol: 'FLAT', price: '290', quantity: 1, creationDate: '2025-01-02' });
  });

  it('adds up per firm, per segment and overall', async () => {
    const summary = (await api.request<Summary>('GET', '/user/portfolio/summary', { token: investor })).body;
    // firm A: HIGHS open: invested 1000, current 1200, unrealized 200, charges 10 + 10 (estimated sell) = 20
    //         LOWS sold: realized (210 − 200) × 2 = 20, charges 20. Net 200 + 20 − 40 = 180
    const firmA = summary.firms.find((f) => f.brokerageFirm.name === 'SumA Broking');
    expect(firmA?.totals).toEqual(totals(2, '1000', '1200', '20', '200', '40', '180'));
    // firm B (no charges): LOWS −70, FLAT +12: invested 510, current 452, unrealized −58, net −58
    const firmB = summary.firms.find((f) => f.brokerageFirm.name === 'SumB Broking');
    expect(firmB?.totals).toEqual(totals(2, '510', '452', '0', '-58', '0', '-58'));
    expect(firmB?.segments.find((s) => s.segment.name === 'SumB Equity')?.totals.net).toBe('-58');
    expect(firmB?.segments.find((s) => s.segment.name === 'SumA Equity')?.totals.holdings).toBe(0);
    // overall: invested 1510, current 1652, realized 20, unrealized 142, charges 40, net 122
    expect(summary.totals).toEqual(totals(4, '1510', '1652', '20', '142', '40', '122'));
    expect(summary.segments.find((s) => s.segment.name === 'SumA Equity')?.totals.net).toBe('180');
    // firms without holdings are listed too (the seeded ones)
    expect(summary.firms.find((f) => f.brokerageFirm.name === 'Zerodha')?.totals.holdings).toBe(0);
  });

  it('computes alerts from the holdings, not fixed texts', async () => {
    const alerts = (await api.request<Alert[]>('GET', '/user/portfolio/alerts', { token: investor })).body;
    const high = alerts.find((alert) => alert.kind === 'NEW_52_WEEK_HIGH');
    expect(high).toMatchObject({ symbol: 'HIGHS', tone: 'positive', title: 'HIGHS at a 52-week high' });
    expect(high?.message).toBe('HIGHS closed at ₹120.00 on 2025-01-10, above its 52-week high of ₹105.00.');
    const low = alerts.find((alert) => alert.kind === 'NEW_52_WEEK_LOW');
    expect(low).toMatchObject({ symbol: 'LOWS', tone: 'negative' });
    expect(low?.message).toBe('LOWS closed at ₹150.00 on 2025-01-10, below its 52-week low of ₹199.00.');
    expect(alerts.filter((alert) => alert.symbol === 'FLAT' && alert.kind.startsWith('NEW_52'))).toEqual([]);
    // day moves of open holdings: SumA Equity HIGHS 10 × +16 = +160 on 10 × 104 = 1040 (+15.38 %);
    // SumB Equity LOWS 1 × −51 and FLAT 1 × +1 = −50 on 201 + 301 = 502 (−9.96 %). The larger move is SumA's.
    const move = alerts.find((alert) => alert.kind === 'SEGMENT_MOVE');
    expect(move).toMatchObject({ segment: 'SumA Equity', tone: 'positive', title: 'SumA Equity up 15.38%' });
    expect(move?.message).toBe('Your SumA Equity holdings gained ₹160.00 (15.38%) on 2025-01-10.');
    // current values of open holdings: HIGHS 1200, LOWS 150, FLAT 302 → HIGHS is 1200/1652 = 72.6 %
    const concentration = alerts.find((alert) => alert.kind === 'CONCENTRATION');
    expect(concentration).toMatchObject({ title: 'Rebalance Portfolio', symbol: 'HIGHS' });
    expect(concentration?.message).toBe(
      'HIGHS is 72.6% of the current value of your open holdings; consider rebalancing.',
    );
  });

  it('narrows alerts to one firm', async () => {
    const alerts = (
      await api.request<Alert[]>('GET', '/user/portfolio/alerts?broker=SumB%20Broking', { token: investor })
    ).body;
    expect(alerts.map((alert) => alert.kind).sort()).toEqual(['CONCENTRATION', 'NEW_52_WEEK_LOW', 'SEGMENT_MOVE']);
    // at firm B: FLAT 302 of 452 = 66.8 %; the segment move is B's own −50 on 502 = −9.96 %
    expect(alerts.find((alert) => alert.kind === 'CONCENTRATION')?.message).toBe(
      'FLAT is 66.8% of the current value of your open holdings at SumB Broking; consider rebalancing.',
    );
    expect(alerts.find((alert) => alert.kind === 'SEGMENT_MOVE')?.title).toBe('SumB Equity down 9.96%');
  });
});
