export { CrudTablePage, type CrudField, type CrudFormSpec, type CrudTablePageProps } from './crud-table-page';
export { useCrudTable, type CrudRow, type CrudTableOptions } from './use-crud-table';
export { TextRowsTable, type TextRowsTableProps } from './text-rows-table';
export { idColumn } from './id-column';
