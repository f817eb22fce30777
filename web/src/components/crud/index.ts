export { CrudTablePage, crudTablePage, type CrudTablePageProps, type CrudTableSpec } from './crud-table-page';
export type { CrudField, CrudFormLoader, CrudFormSpec } from './crud-form';
export * from './use-crud-table';
export { TextRowsTable, textRowsPage, type TextRowsTableProps } from './text-rows-table';
export { idColumn } from './id-column';
