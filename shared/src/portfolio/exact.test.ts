/**
 * Exact (scaled integers) against big.js, which the P&L used before: every operation on the same
 * operands writes the same string (docs/decisions.md#exact-decimals-as-scaled-integers).
 */
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { Exact } from './exact.js';

/** A reproducible stream of decimals like the ones the P&L sees: prices, rates, quantities, signs. */
function decimals(count: number): string[] {
  let seed = 12_345;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed;
  };
  const values: string[] = ['0', '0.00', '-0', '1', '-1', '100', '0.0000001', '12.500', '-3.14159', '999999999.9999'];
  while (values.length < count) {
    const whole = String(next() % 10 ** (next() % 9));
    const places = next() % 9;
    const fraction = places === 0 ? '' : `.${String(next() % 10 ** places).padStart(places, '0')}`;
    values.push(`${next() % 4 === 0 ? '-' : ''}${whole}${fraction}`);
  }
  return values;
}

describe('Exact writes what big.js writes', () => {
  const values = decimals(120);

  it('reads and writes decimals as Big#toFixed() does', () => {
    for (const value of [...values, '5e-7', '1.5e3', '.25', 7, 0.1, -12.75]) {
      expect(Exact.of(value).toFixed()).toBe(new Big(value).toFixed());
      expect(Exact.of(new Big(value)).toFixed()).toBe(new Big(value).toFixed());
    }
  });

  it('adds, subtracts and multiplies exactly', () => {
    for (const a of values)
      for (const b of values.slice(0, 40)) {
        const [x, y] = [Exact.of(a), Exact.of(b)];
        expect(x.plus(y).toFixed()).toBe(new Big(a).plus(b).toFixed());
        expect(x.minus(y).toFixed()).toBe(new Big(a).minus(b).toFixed());
        expect(x.times(y).toFixed()).toBe(new Big(a).times(b).toFixed());
      }
  });

  it('divides to 20 places, half away from zero, as Big#div does', () => {
    const divisors = [...values.slice(0, 40).filter((value) => !new Big(value).eq(0)), '3', '-7', '0.0003', '6'];
    for (const a of values)
      for (const b of divisors) expect(Exact.of(a).div(Exact.of(b)).toFixed()).toBe(new Big(a).div(b).toFixed());
    // ties: 1 ÷ 8 × 10^-20 rounds its 5 away from zero
    expect(Exact.of('0.00000000000000000001').div(Exact.of('8')).toFixed()).toBe('0');
    expect(Exact.of('0.00000000000000000004').div(Exact.of('8')).toFixed()).toBe('0.00000000000000000001');
    expect(Exact.of('-0.00000000000000000004').div(Exact.of('8')).toFixed()).toBe('-0.00000000000000000001');
    expect(() => Exact.of('1').div(Exact.ZERO)).toThrow(RangeError);
  });

  it('rounds to a number of places as Big#toFixed(places) does', () => {
    // ties both ways, negatives that round to zero, fewer places than written and more
    const ties = ['0.005', '-0.005', '1.005', '-2.675', '0.0049', '-0.001', '-0.0051', '999.995', '0.5', '-0.5', '1.5'];
    for (const value of [...values, ...ties])
      for (const places of [0, 1, 2, 3, 8, 12, 20])
        expect(Exact.of(value).toFixed(places)).toBe(new Big(value).toFixed(places));
  });

  it('reads JS numbers as new Big(number) reads them', () => {
    let seed = 7;
    const numbers = [0.1, -0.001, 1.005, -2.675, 1e21, -1.5e-7, 2 ** 60, -0, 123_456.789_012_345, 1 / 3];
    while (numbers.length < 300) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      numbers.push(((seed % 2 === 0 ? 1 : -1) * seed * seed) / 10 ** (seed % 13));
    }
    for (const value of numbers) {
      expect(Exact.of(value).toFixed()).toBe(new Big(value).toFixed());
      for (const places of [0, 2, 12]) expect(Exact.of(value).toFixed(places)).toBe(new Big(value).toFixed(places));
    }
  });

  it('answers signs and numbers', () => {
    expect(Exact.of('-0.5').sign()).toBe(-1);
    expect(Exact.of('0.000').isZero()).toBe(true);
    expect(Exact.of('12.50').toNumber()).toBe(12.5);
  });
});
