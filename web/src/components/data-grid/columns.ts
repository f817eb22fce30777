/**
 * Which columns a table shows (docs/product/common.md#generic-tables): every key column, then the optional ones, in
 * order, as long as they fit the table's width without scrolling sideways; or exactly what the user picked under
 * "Columns". Sorting of the phone card list, which has no grid to sort it.
 */
import type { DataGridColumn } from './types';
import { cellValue } from './search';

/** The width a column needs at least (AG Grid's minWidth of docs/product/common.md#generic-tables). */
export const DEFAULT_MIN_WIDTH = 110;

/** A symbol column's: NSE symbols run to 10 capitals ("ZENSARTECH"), which 120 px cut ("MEGHNAVH…"). */
export const SYMBOL_MIN_WIDTH = 140;

/** The grid's minWidth of a column (ag-grid-table.tsx): a fixed width below it is drawn at it. */
export function columnMinWidth<Row>(column: DataGridColumn<Row>): number {
  return column.minWidth ?? DEFAULT_MIN_WIDTH;
}

/** The width the grid draws a column at, at least: what the columns that fit are counted by. */
export function columnWidth<Row>(column: DataGridColumn<Row>): number {
  return Math.max(column.width ?? 0, columnMinWidth(column));
}

/** The least width of the actions column: its header "Actions" whole (at 64 px, one action's width, it read "Act…"). */
export const ACTIONS_MIN_WIDTH = 88;

/** Width of the actions column for a number of actions: 28 px buttons 4 px apart inside the cell's padding. */
export function actionsWidth(count: number): number {
  return count === 0 ? 0 : Math.max(ACTIONS_MIN_WIDTH, 32 + count * 32);
}

/**
 * The fields to show in a table `available` pixels wide: the user's choice when there is one, otherwise the key
 * columns and the optional ones that still fit, in order, those marked fitsLast last (a column that does not fit
 * does not stop a narrower one after it).
 */
export function visibleFields<Row>(
  columns: readonly DataGridColumn<Row>[],
  available: number,
  reserved: number,
  chosen: ReadonlySet<string> | null,
): string[] {
  if (chosen) return columns.filter((column) => !column.optional || chosen.has(column.field)).map((c) => c.field);
  let used = reserved + columns.filter((column) => !column.optional).reduce((sum, c) => sum + columnWidth(c), 0);
  const shown = new Set(columns.filter((column) => !column.optional).map((column) => column.field));
  const optional = columns.filter((column) => column.optional);
  // the columns marked fitsLast get the room the others leave; the table still shows every column in its own place
  const byFit = [...optional.filter((column) => !column.fitsLast), ...optional.filter((column) => column.fitsLast)];
  for (const column of byFit) {
    const width = columnWidth(column);
    // no width measured yet (first render, tests): everything
    if (available <= 0 || used + width <= available) {
      shown.add(column.field);
      used += width;
    }
  }
  return columns.filter((column) => shown.has(column.field)).map((column) => column.field);
}

/** Whether the shown columns need more than the available width (the table then scrolls sideways). */
export function overflows<Row>(
  columns: readonly DataGridColumn<Row>[],
  shown: readonly string[],
  available: number,
  reserved: number,
): boolean {
  if (available <= 0) return false;
  const used = columns.filter((column) => shown.includes(column.field)).reduce((sum, c) => sum + columnWidth(c), 0);
  return used + reserved > available;
}

export function compareValues(a: unknown, b: unknown, numeric: boolean): number {
  if (a === b) return 0;
  if (a === null || a === undefined || a === '') return -1;
  if (b === null || b === undefined || b === '') return 1;
  if (numeric) return Number(a) - Number(b);
  return String(a).localeCompare(String(b), 'en-IN', { numeric: true, sensitivity: 'base' });
}

/** Rows sorted by a column, as the grid sorts them (the card list's "Sort by"). */
export function sortRows<Row>(
  rows: readonly Row[],
  columns: readonly DataGridColumn<Row>[],
  sort: { colId: string; direction: 'asc' | 'desc' } | null,
): Row[] {
  const column = sort && columns.find((candidate) => candidate.field === sort.colId);
  if (!sort || !column) return [...rows];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort(
    (a, b) => sign * compareValues(cellValue(a, column), cellValue(b, column), column.numeric ?? false),
  );
}

/** A cell's text as the grid shows it (format, or the value). */
export function cellText<Row>(row: Row, column: DataGridColumn<Row>): string {
  const value = cellValue(row, column);
  if (column.format) return column.format(value, row);
  return value === null || value === undefined ? '' : String(value);
}
