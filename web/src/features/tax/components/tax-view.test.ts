import { describe, expect, it } from 'vitest';
import {
  currentFinancialYear,
  defaultYear,
  downloadHref,
  filterExits,
  firmsOf,
  openLotsByCategory,
  spansRateChange,
  turningLongTermWithin,
  yearChoices,
  type TaxExitRow,
} from './tax-view';
import { exitRow, openLot, ZERODHA } from '../test-fixtures';

const UPSTOX = { id: '2', name: 'Upstox' };
const exit = exitRow;
const lot = openLot;

describe('the year picker', () => {
  it('names the financial year of a date: 1 April starts one', () => {
    expect(currentFinancialYear('2026-03-31')).toBe('2025-26');
    expect(currentFinancialYear('2026-04-01')).toBe('2026-27');
  });

  it('offers the years with sales newest first, then the current year when it has none', () => {
    expect(yearChoices(['2019-20', '2024-25', '2022-23'], '2026-11-28')).toEqual([
      '2024-25',
      '2022-23',
      '2019-20',
      '2026-27',
    ]);
    // the current year has sales: listed once, in its place
    expect(yearChoices(['2026-27', '2024-25'], '2026-11-28')).toEqual(['2026-27', '2024-25']);
    expect(yearChoices([], '2026-11-28')).toEqual(['2026-27']);
  });

  it('opens on the newest year with sales, else the current one', () => {
    expect(defaultYear(['2023-24', '2024-25'], '2026-11-28')).toBe('2024-25');
    expect(defaultYear([], '2026-11-28')).toBe('2026-27');
  });

  it('splits the cards at 23-Jul-2024 only for the year that holds it', () => {
    expect(spansRateChange({ from: '2024-04-01', to: '2025-03-31' })).toBe(true);
    expect(spansRateChange({ from: '2023-04-01', to: '2024-03-31' })).toBe(false);
    expect(spansRateChange({ from: '2025-04-01', to: '2026-03-31' })).toBe(false);
  });
});

describe('the tradewise table', () => {
  const exits = [
    exit({ symbol: 'TCS', category: 'LONG_TERM' }),
    exit({ symbol: 'INFY', category: 'SHORT_TERM', brokerageFirm: UPSTOX }),
    exit({ symbol: 'SBIN', category: 'INTRADAY' }),
  ];

  it('filters by category and by firm, together', () => {
    const symbols = (rows: TaxExitRow[]) => rows.map((row) => row.symbol);
    expect(symbols(filterExits(exits, { category: null, firmId: null }))).toEqual(['TCS', 'INFY', 'SBIN']);
    expect(symbols(filterExits(exits, { category: 'LONG_TERM', firmId: null }))).toEqual(['TCS']);
    expect(symbols(filterExits(exits, { category: null, firmId: '1' }))).toEqual(['TCS', 'SBIN']);
    expect(symbols(filterExits(exits, { category: 'SHORT_TERM', firmId: '1' }))).toEqual([]);
  });

  it('lists each firm once, by name', () => {
    expect(firmsOf(exits)).toEqual([UPSTOX, ZERODHA]);
  });

  it('links the files of the year to the BFF’s download route', () => {
    expect(downloadHref('schedule-112a.csv', '2024-25')).toBe('/downloads/tax/schedule-112a.csv?financialYear=2024-25');
  });
});

describe('Before you sell', () => {
  it('adds the gains at the close by the category a sale would have, exactly, counting lots without a price', () => {
    const lots = [
      lot({ categoryIfSold: 'LONG_TERM', gainIfSold: '0.1', daysToLongTerm: 0 }),
      lot({ categoryIfSold: 'LONG_TERM', gainIfSold: '0.2', daysToLongTerm: 0 }),
      lot({ categoryIfSold: 'SHORT_TERM', gainIfSold: '-4000.50' }),
      lot({ categoryIfSold: 'SHORT_TERM', gainIfSold: null, close: null, closeDate: null }),
    ];
    expect(openLotsByCategory(lots)).toEqual([
      { category: 'SHORT_TERM', lots: 2, gain: '-4000.5', withoutPrice: 1 },
      { category: 'LONG_TERM', lots: 2, gain: '0.3', withoutPrice: 0 },
    ]);
    expect(openLotsByCategory([])).toEqual([]);
  });

  it('finds the lots that turn long term soon, soonest first', () => {
    const lots = [
      lot({ symbol: 'A', daysToLongTerm: 40 }),
      lot({ symbol: 'B', daysToLongTerm: 0 }),
      lot({ symbol: 'C', daysToLongTerm: 3 }),
      lot({ symbol: 'D', daysToLongTerm: 200 }),
    ];
    expect(turningLongTermWithin(lots, 60).map((row) => row.symbol)).toEqual(['C', 'A']);
  });
});
