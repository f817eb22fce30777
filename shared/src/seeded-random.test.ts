import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random.js';

describe('seededRandom', () => {
  it('repeats its sequence for a seed, differs between seeds, and stays in [0, 1)', () => {
    const first = seededRandom(42);
    const again = seededRandom(42);
    const other = seededRandom(43);
    const a = Array.from({ length: 1000 }, first);
    expect(Array.from({ length: 1000 }, again)).toEqual(a);
    expect(Array.from({ length: 1000 }, other)).not.toEqual(a);
    expect(a.every((value) => value >= 0 && value < 1)).toBe(true);
    // roughly uniform: the mean of 1,000 draws is near one half
    expect(a.reduce((sum, value) => sum + value, 0) / a.length).toBeGreaterThan(0.45);
    expect(a.reduce((sum, value) => sum + value, 0) / a.length).toBeLessThan(0.55);
  });
});
