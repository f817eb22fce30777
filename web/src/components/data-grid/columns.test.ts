import { describe, expect, it } from 'vitest';
import { ACTIONS_MIN_WIDTH, actionsWidth, overflows, sortRows, visibleFields } from './columns';
import type { DataGridColumn } from './types';

interface Row {
  symbol: string;
  qty: number;
  net: string;
  gross: string;
  charges: string;
  date: string;
}

// widths: symbol 120, qty 80, net 120 (key: 320); gross 120, charges 100, date 110 (optional)
const COLUMNS: DataGridColumn<Row>[] = [
  { field: 'symbol', minWidth: 120 },
  { field: 'qty', width: 80, minWidth: 80, numeric: true },
  { field: 'gross', minWidth: 120, optional: true },
  { field: 'charges', minWidth: 100, optional: true },
  { field: 'net', minWidth: 120, numeric: true },
  { field: 'date', optional: true },
];

describe('visible columns', () => {
  it('shows every key column and the optional ones in order while they fit', () => {
    // 320 + 100 reserved for the actions = 420; +120 gross = 540; +100 charges = 640 > 600; +110 date = 650 > 600
    expect(visibleFields(COLUMNS, 600, 100, null)).toEqual(['symbol', 'qty', 'gross', 'net']);
    // a narrower optional column after one that does not fit still gets in: 540 + 100 = 640 ≤ 650
    expect(visibleFields(COLUMNS, 650, 100, null)).toEqual(['symbol', 'qty', 'gross', 'charges', 'net']);
    expect(visibleFields(COLUMNS, 750, 100, null)).toEqual(['symbol', 'qty', 'gross', 'charges', 'net', 'date']);
  });

  it('offers a column marked fitsLast the room the other optional columns leave, and shows it in its place', () => {
    const series: DataGridColumn<Row>[] = COLUMNS.map((column) =>
      column.field === 'gross' ? { ...column, fitsLast: true } : column,
    );
    // 320 + 100 reserved = 420; charges 100 → 520; date 110 → 630; gross 120 → 750 > 700
    expect(visibleFields(series, 700, 100, null)).toEqual(['symbol', 'qty', 'charges', 'net', 'date']);
    // with 750 gross fits too and stands where it is declared, before charges
    expect(visibleFields(series, 750, 100, null)).toEqual(['symbol', 'qty', 'gross', 'charges', 'net', 'date']);
  });

  it('keeps the key columns however narrow, shows everything before a width is known, and obeys a choice', () => {
    expect(visibleFields(COLUMNS, 200, 100, null)).toEqual(['symbol', 'qty', 'net']);
    expect(visibleFields(COLUMNS, 0, 100, null)).toHaveLength(6);
    expect(visibleFields(COLUMNS, 2000, 100, new Set(['date']))).toEqual(['symbol', 'qty', 'net', 'date']);
  });

  it('counts a fixed width below the grid’s minimum at the minimum, as the grid draws it', () => {
    const narrow: DataGridColumn<{ symbol: string; series: string; isin: string }>[] = [
      { field: 'symbol', minWidth: 120 },
      { field: 'series', width: 90 },
      { field: 'isin', minWidth: 140, optional: true },
    ];
    // symbol 120 + series drawn at 110 (not 90) + 100 reserved = 330; + isin 140 = 470
    expect(visibleFields(narrow, 469, 100, null)).toEqual(['symbol', 'series']);
    expect(visibleFields(narrow, 470, 100, null)).toEqual(['symbol', 'series', 'isin']);
    expect(overflows(narrow, ['symbol', 'series'], 329, 100)).toBe(true);
  });

  it('says when the shown columns are wider than the table', () => {
    expect(overflows(COLUMNS, ['symbol', 'qty', 'net'], 420, 100)).toBe(false);
    expect(overflows(COLUMNS, ['symbol', 'qty', 'net'], 419, 100)).toBe(true);
    expect(overflows(COLUMNS, ['symbol', 'qty', 'net'], 0, 100)).toBe(false);
  });
});

describe('the actions column', () => {
  it('is wide enough for its header with one action, and 32 px a button beyond that', () => {
    // one 28 px button and the padding need 64 px, but the header "Actions" then read "Act…"
    expect(actionsWidth(1)).toBe(ACTIONS_MIN_WIDTH);
    expect(actionsWidth(1)).toBeGreaterThanOrEqual(88);
    // three buttons: 32 + 3 × 32 = 128
    expect(actionsWidth(3)).toBe(128);
    expect(actionsWidth(0)).toBe(0);
  });
});

describe('sortRows', () => {
  const rows = [
    { symbol: 'TCS', qty: 10, net: '-5.5', gross: '', charges: '', date: '' },
    { symbol: 'INFY', qty: 2, net: '100', gross: '', charges: '', date: '' },
    { symbol: 'M&M', qty: 30, net: '', gross: '', charges: '', date: '' },
  ];
  it('sorts numbers numerically and text in Indian English order, empty values first', () => {
    const net = (direction: 'asc' | 'desc') =>
      sortRows(rows, COLUMNS, { colId: 'net', direction }).map((row) => row.symbol);
    expect(net('asc')).toEqual(['M&M', 'TCS', 'INFY']);
    expect(net('desc')).toEqual(['INFY', 'TCS', 'M&M']);
    expect(sortRows(rows, COLUMNS, { colId: 'symbol', direction: 'asc' }).map((row) => row.symbol)).toEqual([
      'INFY',
      'M&M',
      'TCS',
    ]);
    expect(sortRows(rows, COLUMNS, null)).toEqual(rows);
  });
});
