/**
 * Table search (docs/product/common.md#generic-tables): case-insensitive substring match across all values of a row.
 */
import type { DataGridColumn } from './types';

export function cellValue<Row>(row: Row, column: DataGridColumn<Row>): unknown {
  return column.value ? column.value(row) : (row as Record<string, unknown>)[column.field];
}

export function filterRows<Row>(rows: readonly Row[], columns: DataGridColumn<Row>[], query: string): Row[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...rows];
  return rows.filter((row) =>
    columns.some((column) => {
      const value = cellValue(row, column);
      const shown = column.format ? column.format(value, row) : value;
      return [value, shown].some(
        (candidate) =>
          candidate !== null && candidate !== undefined && String(candidate).toLowerCase().includes(needle),
      );
    }),
  );
}
