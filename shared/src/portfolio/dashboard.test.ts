/** Dividends read from real NSE purposes, entitlement on the ex-date, and a holding's cash flows. */
import { describe, expect, it } from 'vitest';
import { dividendPerShare, holdingCashFlows, holdingDividends, isEntitled, trendPhrase } from './dashboard.js';
import type { ProfitLoss } from './pnl.js';

describe('dividendPerShare', () => {
  it('reads the amounts the exchange writes (purposes from CF-CA-equities.csv)', () => {
    expect(dividendPerShare(' Interim Dividend - Rs 5.50/- Per Share')).toBe('5.5');
    expect(dividendPerShare(' Interim Dividend  - Re 0.20/- Per Share')).toBe('0.2');
    expect(dividendPerShare(' Interim Dividend-Rs 8/- Per Share (Purposed Revised)')).toBe('8');
    expect(dividendPerShare(' Final Dividend Rs 6/- Plus Special Dividend Rs 4/- Per Share')).toBe('10');
    expect(dividendPerShare('Interim Dividend Rs - 20 Per Share')).toBe('20');
    expect(dividendPerShare('Dividend - Rs 2.50 Per Share')).toBe('2.5');
  });

  it('answers null when no amount is named', () => {
    expect(dividendPerShare(' Interim Dividend')).toBeNull();
    expect(dividendPerShare('Annual General Meeting/Dividend - Rs  Per Share')).toBeNull();
    expect(dividendPerShare('Bonus 1:2')).toBeNull();
    expect(dividendPerShare('Distribution - Rs 2.98 Per Unit')).toBeNull();
  });
});

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
  net: '178',
  ...over,
});

describe('entitlement and cash flows', () => {
  const open = { symbol: 'TCS', quantity: 10, creationDate: '2024-01-10', sellingDate: null, profitLoss: pnl({}) };
  const sold = {
    ...open,
    sellingDate: '2024-06-03',
    profitLoss: pnl({ status: 'REALIZED', marketValue: '1500', sellCharges: '15', sellChargesEstimated: false }),
  };

  it('pays a dividend to shares bought before the ex-date and not sold before it', () => {
    expect(isEntitled(open, '2024-01-10', '2025-01-01')).toBe(false); // bought on the ex-date
    expect(isEntitled(open, '2024-01-11', '2025-01-01')).toBe(true);
    expect(isEntitled(open, '2025-02-01', '2025-01-01')).toBe(false); // not paid yet
    expect(isEntitled(sold, '2024-06-03', '2025-01-01')).toBe(true); // sold on the ex-date: still entitled
    expect(isEntitled(sold, '2024-06-04', '2025-01-01')).toBe(false);
    expect(
      holdingDividends(
        open,
        [
          { symbol: 'TCS', exDate: '2024-05-02', perShare: '5.5' },
          { symbol: 'INFY', exDate: '2024-05-02', perShare: '9' },
        ],
        '2025-01-01',
      ),
    ).toEqual([{ date: '2024-05-02', amount: '55' }]);
  });

  it('an open holding: the buy with its charges, today’s value less the estimated sell charges, the dividends', () => {
    expect(holdingCashFlows(open, [{ date: '2024-05-02', amount: '55' }], '2025-01-01')).toEqual([
      { date: '2024-01-10', amount: -1010 },
      { date: '2025-01-01', amount: 1188 },
      { date: '2024-05-02', amount: 55 },
    ]);
  });

  it('a sold holding ends on its selling date; an unpriced open one has no flows', () => {
    expect(holdingCashFlows(sold, [], '2025-01-01')).toEqual([
      { date: '2024-01-10', amount: -1010 },
      { date: '2024-06-03', amount: 1485 },
    ]);
    expect(holdingCashFlows({ ...open, profitLoss: pnl({ marketValue: null }) }, [], '2025-01-01')).toEqual([]);
  });

  it('names the lists', () => {
    expect(trendPhrase('HIGH', 'YEARLY')).toBe('new 52-week high');
    expect(trendPhrase('LOW', 'QUARTERLY')).toBe('new 3-month low');
  });
});
