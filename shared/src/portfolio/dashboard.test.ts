/** A holding's cash flows for XIRR (its dividends credited by holding-events.ts) and the lists' names. */
import { describe, expect, it } from 'vitest';
import { holdingCashFlows, trendPhrase } from './dashboard.js';
import type { ProfitLoss } from './pnl.js';

const pnl = (over: Partial<ProfitLoss>): ProfitLoss => ({
  status: 'UNREALIZED',
  invested: '1000',
  marketValue: '1200',
  gross: '200',
  buyCharges: '10',
  sellCharges: '12',
  charges: '22',
  sellChargesEstimated: true,
  breakdown: [],
  dividends: '0',
  dividendPayments: [],
  net: '178',
  ...over,
});

describe('entitlement and cash flows', () => {
  const open = { symbol: 'TCS', creationDate: '2024-01-10', sellingDate: null, profitLoss: pnl({}) };
  const paid = {
    ...open,
    profitLoss: pnl({ dividendPayments: [{ exDate: '2024-05-02', perShare: '5.5', shares: '10', amount: '55' }] }),
  };
  const sold = {
    ...open,
    sellingDate: '2024-06-03',
    profitLoss: pnl({ status: 'REALIZED', marketValue: '1500', sellCharges: '15', sellChargesEstimated: false }),
  };

  it('an open holding: the buy with its charges, its value on D less the estimated sell charges, the dividends', () => {
    expect(holdingCashFlows(paid, '2025-01-01')).toEqual([
      { date: '2024-01-10', amount: -1010 },
      { date: '2025-01-01', amount: 1188 },
      { date: '2024-05-02', amount: 55 },
    ]);
  });

  it('a sold holding ends on its selling date; an unpriced open one has no flows', () => {
    expect(holdingCashFlows(sold, '2025-01-01')).toEqual([
      { date: '2024-01-10', amount: -1010 },
      { date: '2024-06-03', amount: 1485 },
    ]);
    expect(holdingCashFlows({ ...open, profitLoss: pnl({ marketValue: null }) }, '2025-01-01')).toEqual([]);
  });

  it('names the lists', () => {
    expect(trendPhrase('HIGH', 'YEARLY')).toBe('new 52-week high');
    expect(trendPhrase('LOW', 'QUARTERLY')).toBe('new 3-month low');
  });
});
