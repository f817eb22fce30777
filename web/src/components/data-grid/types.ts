import type { ReactNode } from 'react';
import type { CsvExportKind } from '@bazaar/shared';

export interface DataGridColumn<Row> {
  /** Key of the value in the row (also the column id). */
  field: string;
  /** Header text; defaults to the field in readable words ("profitLoss" → "Profit Loss"). */
  headerName?: string;
  /** The value to sort, search and export (defaults to row[field]). */
  value?: (row: Row) => unknown;
  /** Display text of the value (sorting still uses the value). */
  format?: (value: unknown, row: Row) => string;
  /** Custom cell content. */
  render?: (row: Row) => ReactNode;
  /** CSS class of a cell (e.g. "gain" / "loss"). */
  cellClass?: (row: Row) => string | undefined;
  /** Numbers sort numerically and align right. */
  numeric?: boolean;
  width?: number;
  minWidth?: number;
  flex?: number;
  sortable?: boolean;
  /**
   * What the column's value is in the CSV export (docs/product/common.md#csv-exports): `money`, `integer`, `number`,
   * `percent`, `date` and `datetime` export the value (not the display text) as a number or date a spreadsheet reads;
   * `text` (the default) exports the display text, formula-safe.
   */
  exportAs?: CsvExportKind;
  /** Left out of the CSV export. */
  noExport?: boolean;
  /**
   * A secondary column (docs/product/common.md#generic-tables): shown when the table has room for it or when the
   * user picks it under "Columns"; in the phone card list it sits under "More". Key columns are always shown.
   */
  optional?: boolean;
  /**
   * An optional column offered the room left only after the other optional ones, wherever it stands in the table
   * (e.g. Stock Prices' series, nearly always "EQ", after the day's open, high and low).
   */
  fitsLast?: boolean;
  /** Long text that wraps onto more lines (the row grows) instead of being cut. */
  wrap?: boolean;
}

export interface DataGridAction<Row> {
  /** The button's accessible name and hint (and its text in the phone card list). */
  label: string;
  /** What the table's icon button shows: every action has one (a first letter, a red "R", told nobody anything). */
  icon: ReactNode;
  color?: string;
  onClick: (row: Row) => void;
  hidden?: (row: Row) => boolean;
}

/** A success or error line above the table (e.g. after a save or a delete). */
export interface DataGridMessage {
  kind: 'success' | 'error';
  text: string;
}

export interface DataGridProps<Row> {
  title: string;
  rows: readonly Row[] | undefined;
  columns: DataGridColumn<Row>[];
  getRowId: (row: Row) => string;
  loading?: boolean;
  /**
   * The failure to show instead of the table (RetryAlert: an Apollo error gives words and details for support; a
   * string is shown as it is). Pass it only while there are no rows to show.
   */
  error?: unknown;
  /** Asks again after a failure (the query's refetch): the error's Retry button. */
  onRetry?: () => void;
  onRowClick?: (row: Row) => void;
  addLabel?: string;
  onAdd?: () => void;
  /** The pointer or focus reached the add button (a page may start loading its form then). */
  onAddIntent?: () => void;
  /** The add button waits (the form asked for is still loading). */
  addLoading?: boolean;
  actions?: DataGridAction<Row>[];
  pageSize?: number;
  /** File name (without .csv) for the export button; no button when absent. */
  exportFileName?: string;
  emptyText?: string;
  /** Back arrow and Back button at top and bottom (generic tables of docs/product/common.md#generic-tables). */
  showBack?: boolean;
  /** Extra controls beside the search box. */
  toolbar?: ReactNode;
  /** Success or error messages above the table. */
  message?: DataGridMessage | null;
  onDismissMessage?: () => void;
  testId?: string;
  /** Grid height in pixels (defaults to fit 10 rows). */
  height?: number;
  /** The title's heading level: 1 when the table is the page (default), 2 when the page has its own h1. */
  headingOrder?: 1 | 2;
}
