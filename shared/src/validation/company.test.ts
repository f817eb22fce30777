/**
 * The company form and the staff company routes share companySchema: docs/product/company.md#validation, messages
 * verbatim.
 */
import { describe, expect, it } from 'vitest';
import { companySchema } from './reference.js';

const valid = {
  companyName: 'Ambkan Systems Limited',
  industry: 'Information Technology',
  symbol: 'AMBKANSYS',
  series: 'EQ',
  isinCode: 'INE180C01018',
  paidUpValue: '2',
  dateOfListing: '2020-12-18',
  marketLot: '1',
  faceValue: '2',
};

/** The first message of each failing field: what the form shows under it. */
function messages(values: Record<string, unknown>): string[] {
  const result = companySchema.safeParse(values);
  if (result.success) return [];
  const first = new Map<string, string>();
  for (const issue of result.error.issues)
    if (!first.has(issue.path.join('.'))) first.set(issue.path.join('.'), issue.message);
  return [...first.values()];
}

describe('company rules', () => {
  it('accepts the nine fields, with decimals kept as strings and the market lot as a whole number', () => {
    expect(companySchema.parse({ ...valid, paidUpValue: '0010.50', marketLot: 50 })).toEqual({
      ...valid,
      paidUpValue: '10.50',
      marketLot: 50,
    });
  });

  it('requires all nine fields with the spec messages', () => {
    expect(messages({})).toEqual([
      'Company Name is required!',
      'Industry is required!',
      'Symbol is required!',
      'Series is required!',
      'Isin Code is required!',
      'Paid Up Value is required!',
      'Date Of Listing is required!',
      'Market Lot is required!',
      'Face Value is required!',
    ]);
    // blank text counts as missing (what the form sends for an untouched field)
    const blank = Object.fromEntries(Object.keys(valid).map((key) => [key, '  ']));
    expect(messages(blank)).toEqual(messages({}));
  });

  it('refuses values that are not what the field holds', () => {
    expect(messages({ ...valid, paidUpValue: 'ten' })).toEqual(['Paid Up Value must be a number']);
    expect(messages({ ...valid, faceValue: '-1' })).toEqual(['Face Value must not be negative']);
    expect(messages({ ...valid, marketLot: '0' })).toEqual(['Market Lot must be at least 1']);
    expect(messages({ ...valid, marketLot: '1.5' })).toEqual(['Market Lot must be a whole number']);
    expect(messages({ ...valid, dateOfListing: '2021-02-30' })).toEqual([
      'Date Of Listing must be a date (YYYY-MM-DD)',
    ]);
    expect(messages({ ...valid, isinCode: 'INE180C010189' })).toEqual(['Isin Code must be at most 12 characters']);
  });
});
