import { describe, expect, it } from 'vitest';
import { rebaseTo100 } from './index-comparison';

describe('rebaseTo100', () => {
  it('puts the first value at 100 and the rest in proportion, gaps kept', () => {
    expect(rebaseTo100([200, 210, null, 190])).toEqual([100, 105, null, 95]);
    // the first value missing: the first one there is the base
    expect(rebaseTo100([null, 50, 75])).toEqual([null, 100, 150]);
    expect(rebaseTo100([null, null])).toEqual([null, null]);
  });
});
