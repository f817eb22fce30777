/** The holding date rules: one set of messages for the form and the API. */
import { describe, expect, it } from 'vitest';
import { HOLDING_DATE_MESSAGES as M, holdingDateProblems } from './holding-dates.js';

const today = '2025-03-20';

describe('holding date rules', () => {
  it('accepts an open holding bought today and a sale between the buy and today', () => {
    expect(holdingDateProblems({ creationDate: today, sold: false }, today)).toEqual([]);
    expect(holdingDateProblems({ creationDate: '2025-01-10', sellingDate: today, sold: true }, today)).toEqual([]);
    expect(holdingDateProblems({ creationDate: '2025-01-10', sellingDate: '2025-01-10', sold: true }, today)).toEqual(
      [],
    );
  });

  it('refuses a buying date in the future', () => {
    expect(holdingDateProblems({ creationDate: '2025-03-21', sold: false }, today)).toEqual([
      { field: 'creationDate', message: M.buyingDateInFuture },
    ]);
  });

  it('asks a sold holding for its selling date, and an open one for none', () => {
    expect(holdingDateProblems({ creationDate: '2025-01-10', sellingDate: null, sold: true }, today)).toEqual([
      { field: 'sellingDate', message: ' Selling Date is required!' },
    ]);
    expect(holdingDateProblems({ creationDate: '2025-01-10', sellingDate: '2025-02-01', sold: false }, today)).toEqual([
      { field: 'sellingDate', message: M.sellingDateWithoutSale },
    ]);
  });

  it('refuses a selling date in the future or before the buy', () => {
    expect(holdingDateProblems({ creationDate: '2025-01-10', sellingDate: '2025-03-21', sold: true }, today)).toEqual([
      { field: 'sellingDate', message: M.sellingDateInFuture },
    ]);
    expect(holdingDateProblems({ creationDate: '2025-01-10', sellingDate: '2025-01-09', sold: true }, today)).toEqual([
      { field: 'sellingDate', message: M.sellingBeforeBuying },
    ]);
  });
});
