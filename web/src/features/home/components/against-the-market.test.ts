import { describe, expect, it } from 'vitest';
import { chartSeries, indexCurrent, signedPercent } from './against-the-market';

describe('against the market', () => {
  it('trusts the index only through its last close', () => {
    expect(indexCurrent({ indexLastDate: '2020-03-31', valuedOn: '2020-01-03' })).toBe(true);
    expect(indexCurrent({ indexLastDate: '2024-07-16', valuedOn: '2025-06-30' })).toBe(false);
    expect(indexCurrent({ indexLastDate: null, valuedOn: '2025-06-30' })).toBe(false);
  });

  it('draws no index after its last close and no zero for a missing day', () => {
    const [portfolio, index] = chartSeries({
      index: 'NIFTY 50 TRI',
      indexLastDate: '2024-07-16',
      series: [
        { date: '2024-07-15', portfolioValue: '1000.50', indexValue: '1001' },
        { date: '2024-07-16', portfolioValue: '1010', indexValue: null },
        { date: '2024-07-17', portfolioValue: '1020', indexValue: '1001' },
      ],
    });
    expect(portfolio!.data.map(([, value]) => value)).toEqual([1000.5, 1010, 1020]);
    expect(index!.data.map(([, value]) => value)).toEqual([1001, null, null]);
    expect(index!.name).toBe('Same money in NIFTY 50 TRI');
  });

  it('signs gains, leaves losses as they are and dashes a missing figure', () => {
    expect(signedPercent('2.1')).toBe('+2.10%');
    expect(signedPercent('-0.5')).toBe('-0.50%');
    expect(signedPercent('0')).toBe('0.00%');
    expect(signedPercent(null)).toBe('—');
  });
});
