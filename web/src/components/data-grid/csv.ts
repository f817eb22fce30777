/**
 * The CSV export of a table (docs/product/common.md#csv-exports), apart from the component so it is tested on its
 * own and the rule of a cell stays in shared (shared/src/format/csv.ts).
 */
import { csvFile, toCsvExportCell, toCsvExportHeader } from '@bazaar/shared';
import type { DataGridColumn } from './types';
import { cellText } from './columns';
import { cellValue } from './search';

/**
 * The table's CSV: every exported column (shown or not), every row found in the order shown. Columns with an export
 * kind carry their value as a number or date a spreadsheet reads (docs/product/common.md#csv-exports); the others
 * their display text, formula-safe.
 */
export function tableCsv<Row>(rows: readonly Row[], columns: readonly DataGridColumn<Row>[]): string {
  const exported = columns.filter((column) => !column.noExport);
  const header = exported.map((column) =>
    toCsvExportHeader(column.headerName ?? column.field, column.exportAs ?? 'text'),
  );
  const lines = rows.map((row) =>
    exported.map((column) =>
      column.exportAs && column.exportAs !== 'text'
        ? toCsvExportCell(cellValue(row, column), column.exportAs)
        : toCsvExportCell(cellText(row, column), 'text'),
    ),
  );
  return csvFile(header, lines);
}
