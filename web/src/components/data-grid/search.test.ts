import { describe, expect, it } from 'vitest';
import { filterRows } from './search';

const rows = [
  { symbol: 'RELIANCE', name: 'Reliance Industries', close: '2450.5' },
  { symbol: 'TCS', name: 'Tata Consultancy Services', close: '3300' },
  { symbol: 'INFY', name: 'Infosys', close: '1450.25' },
];
const columns = [{ field: 'symbol' }, { field: 'name' }, { field: 'close', format: (v: unknown) => `₹${String(v)}` }];

describe('filterRows', () => {
  it('matches substrings in any column, ignoring case', () => {
    expect(filterRows(rows, columns, 'tata').map((r) => r.symbol)).toEqual(['TCS']);
    expect(filterRows(rows, columns, 'in').map((r) => r.symbol)).toEqual(['RELIANCE', 'INFY']);
    expect(filterRows(rows, columns, '1450').map((r) => r.symbol)).toEqual(['INFY']);
  });
  it('matches the displayed text too and returns everything for an empty query', () => {
    expect(filterRows(rows, columns, '₹3300').map((r) => r.symbol)).toEqual(['TCS']);
    expect(filterRows(rows, columns, '  ')).toHaveLength(3);
    expect(filterRows(rows, columns, 'nothing-like-this')).toEqual([]);
  });
});
