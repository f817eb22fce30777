export { DataGrid } from './data-grid';
export type { DataGridColumn, DataGridAction, DataGridMessage, DataGridProps } from './types';
