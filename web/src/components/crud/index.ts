export {
  CrudTablePage,
  crudTablePage,
  type CrudField,
  type CrudFormSpec,
  type CrudTablePageProps,
  type CrudTableSpec,
} from './crud-table-page';
export * from './use-crud-table';
export { TextRowsTable, textRowsPage, type TextRowsTableProps } from './text-rows-table';
export { idColumn } from './id-column';
