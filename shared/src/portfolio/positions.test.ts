import { describe, expect, it } from 'vitest';
import { openPositions, type PositionLot } from './positions.js';

const lot = (overrides: Partial<PositionLot>): PositionLot => ({
  symbol: 'TCS',
  status: 'UNREALIZED',
  quantity: 10,
  price: '100',
  currentPrice: '120',
  profitLoss: { charges: '1.5', dividends: '0', net: '198.5' },
  quote: { change: '2', changePercent: '1.69' },
  ...overrides,
});

describe('openPositions', () => {
  it('weights the average price by shares and sums the lots exactly', () => {
    // 10 at 100 and 30 at 104.10: invested 1,000 + 3,123 = 4,123 for 40 shares, 103.075 each
    const [position] = openPositions([
      lot({}),
      lot({ quantity: 30, price: '104.1', profitLoss: { charges: '4.25', dividends: '12', net: '471.75' } }),
    ]);
    expect(position).toMatchObject({
      symbol: 'TCS',
      quantity: 40,
      averagePrice: '103.0750',
      lastPrice: '120',
      invested: '4123.0000',
      currentValue: '4800.0000',
      dayChange: '80.0000',
      dayChangePercent: '1.69',
      charges: '5.7500',
      dividends: '12.0000',
      net: '670.2500',
    });
    expect(position!.lots).toHaveLength(2);
  });

  it('leaves sold lots out, one position a symbol, by symbol', () => {
    const positions = openPositions([
      lot({ symbol: 'TCS' }),
      lot({ symbol: 'INFY', quantity: 5 }),
      lot({ symbol: 'TCS', status: 'REALIZED', quantity: 7 }),
      lot({ symbol: 'WIPRO', status: 'REALIZED' }),
    ]);
    expect(positions.map((position) => [position.symbol, position.quantity])).toEqual([
      ['INFY', 5],
      ['TCS', 10],
    ]);
  });

  it('has no value or day change without a price or a quote', () => {
    const [position] = openPositions([
      lot({ currentPrice: null, quote: null, profitLoss: { charges: '1.5', dividends: '0', net: null } }),
    ]);
    expect(position).toMatchObject({
      lastPrice: null,
      currentValue: null,
      dayChange: null,
      dayChangePercent: null,
      net: null,
    });
  });

  it('adds 0.1 + 0.2 as decimals, not floating point', () => {
    const [position] = openPositions([
      lot({ profitLoss: { charges: '0.1', dividends: '0', net: '0.1' } }),
      lot({ profitLoss: { charges: '0.2', dividends: '0', net: '0.2' } }),
    ]);
    expect(position!.charges).toBe('0.3000');
    expect(position!.net).toBe('0.3000');
  });
});
