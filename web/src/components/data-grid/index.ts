export { DataGrid } from './data-grid';
export type { DataGridColumn, DataGridAction, DataGridProps } from './types';
