import type { DataGridColumn } from '../data-grid';
import type { CrudRow } from './use-crud-table';

/** The Id column every reference table starts with. */
export function idColumn<Row extends CrudRow>(width = 90): DataGridColumn<Row> {
  return { field: 'id', headerName: 'Id', numeric: true, width };
}
