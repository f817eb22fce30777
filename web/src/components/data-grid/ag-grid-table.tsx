/**
 * The AG Grid part of DataGrid, loaded only by pages that show a table (it is a large library).
 * Only the modules used are registered: without a needed module a feature silently disappears,
 * so the set is checked in the browser tests (AG Grid logs error #200 for a missing one).
 */
import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef } from 'react';
import {
  ClientSideRowModelModule,
  ColumnApiModule,
  CsvExportModule,
  CellStyleModule,
  ModuleRegistry,
  PaginationModule,
  RowAutoHeightModule,
  RowStyleModule,
  colorSchemeDarkBlue,
  themeQuartz,
  type ColDef,
  type GridApi,
  type SortChangedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { ActionIcon, Group, Tooltip, useComputedColorScheme } from '@mantine/core';
import { escapeCsvCell } from '@bazaar/shared';
import type { DataGridAction, DataGridColumn } from './types';
import { cellValue } from './search';
import { actionsWidth, compareValues } from './columns';

ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  PaginationModule,
  CsvExportModule,
  CellStyleModule,
  RowStyleModule,
  RowAutoHeightModule,
  ColumnApiModule,
  // no TooltipModule (12 KiB gzip): no column uses AG Grid tooltips; the action buttons' tooltips are Mantine's
]);

// narrower cell padding than Quartz's: amounts such as ₹12,34,567.89 fit their column uncut
const lightTheme = themeQuartz.withParams({ fontFamily: 'inherit', headerFontWeight: 600, cellHorizontalPadding: 10 });
const darkTheme = themeQuartz
  .withPart(colorSchemeDarkBlue)
  .withParams({ fontFamily: 'inherit', headerFontWeight: 600, cellHorizontalPadding: 10 });
const ACTIONS_COLUMN = '__actions';

export interface SortState {
  colId: string;
  direction: 'asc' | 'desc';
}

export interface AgGridTableHandle {
  exportCsv(fileName: string): void;
}

export interface AgGridTableProps<Row> {
  rows: Row[];
  columns: DataGridColumn<Row>[];
  actions?: DataGridAction<Row>[];
  getRowId: (row: Row) => string;
  pageSize: number;
  /** 1-based page to show. */
  page: number;
  sort: SortState | null;
  onSortChange: (sort: SortState | null) => void;
  onRowClick?: (row: Row) => void;
  /** Columns not shown (still exported): the optional ones that do not fit, docs/product/common.md#generic-tables. */
  hiddenFields?: readonly string[];
  /** Pin the first column left and the actions right: set when the shown columns are wider than the table. */
  pinEnds?: boolean;
}

function AgGridTableInner<Row>(props: AgGridTableProps<Row>, ref: React.ForwardedRef<AgGridTableHandle>) {
  const { rows, columns, actions, getRowId, pageSize, page, sort, onSortChange, onRowClick, hiddenFields, pinEnds } =
    props;
  const apiRef = useRef<GridApi<Row> | null>(null);
  const scheme = useComputedColorScheme('light');

  const columnDefs = useMemo<ColDef<Row>[]>(() => {
    const defs: ColDef<Row>[] = columns.map((column, index) => ({
      colId: column.field,
      // the row's name (first column) and its actions stay in view when the table scrolls sideways
      pinned: pinEnds && index === 0 ? ('left' as const) : undefined,
      hide: hiddenFields?.includes(column.field) ?? false,
      wrapText: column.wrap,
      autoHeight: column.wrap,
      headerName: column.headerName,
      valueGetter: (params) => (params.data ? cellValue(params.data, column) : undefined),
      valueFormatter: column.format
        ? (params) => (params.data ? column.format!(params.value, params.data) : '')
        : undefined,
      cellRenderer: column.render
        ? (params: { data?: Row }) => (params.data ? column.render!(params.data) : null)
        : undefined,
      cellClass: column.cellClass ? (params) => (params.data ? column.cellClass!(params.data) : undefined) : undefined,
      comparator: (a, b) => compareValues(a, b, column.numeric ?? false),
      type: column.numeric ? 'rightAligned' : undefined,
      sortable: column.sortable ?? true,
      width: column.width,
      minWidth: column.minWidth ?? 110,
      flex: column.width ? undefined : (column.flex ?? 1),
    }));
    if (actions && actions.length > 0) {
      defs.push({
        colId: ACTIONS_COLUMN,
        headerName: 'Actions',
        sortable: false,
        pinned: pinEnds ? 'right' : undefined,
        width: actionsWidth(actions.length),
        cellRenderer: (params: { data?: Row }) => {
          const row = params.data;
          if (!row) return null;
          return (
            <Group gap={4} wrap="nowrap" h="100%" align="center">
              {actions
                .filter((action) => !action.hidden?.(row))
                .map((action) => (
                  <Tooltip key={action.label} label={action.label}>
                    <ActionIcon
                      variant="subtle"
                      color={action.color}
                      aria-label={action.label}
                      onClick={(event) => {
                        // an action is not a row click
                        event.stopPropagation();
                        action.onClick(row);
                      }}
                    >
                      {action.icon ?? action.label.charAt(0)}
                    </ActionIcon>
                  </Tooltip>
                ))}
            </Group>
          );
        },
      });
    }
    return defs;
  }, [columns, actions, hiddenFields, pinEnds]);

  useImperativeHandle(ref, () => ({
    exportCsv(fileName: string) {
      apiRef.current?.exportDataAsCsv({
        fileName: `${fileName}.csv`,
        columnKeys: columns.filter((column) => !column.noExport).map((column) => column.field),
        processCellCallback: (params) =>
          escapeCsvCell(params.formatValue ? params.formatValue(params.value) : params.value),
      });
    },
  }));

  useEffect(() => {
    apiRef.current?.paginationGoToPage(page - 1);
  }, [page, rows]);

  useEffect(() => {
    const api = apiRef.current;
    if (!api) return;
    api.applyColumnState({
      state: sort ? [{ colId: sort.colId, sort: sort.direction }] : [],
      defaultState: { sort: null },
    });
  }, [sort]);

  return (
    <AgGridReact<Row>
      theme={scheme === 'dark' ? darkTheme : lightTheme}
      rowData={rows}
      columnDefs={columnDefs}
      getRowId={(params) => getRowId(params.data)}
      domLayout="autoHeight"
      pagination
      paginationPageSize={pageSize}
      paginationPageSizeSelector={false}
      suppressPaginationPanel
      suppressCellFocus={false}
      rowStyle={onRowClick ? { cursor: 'pointer' } : undefined}
      onCellClicked={(event) => {
        // a click on a row's Edit/Delete buttons is theirs, not the row's (AG Grid sees it first)
        if (event.column.getColId() === ACTIONS_COLUMN) return;
        if (event.data && onRowClick) onRowClick(event.data);
      }}
      onGridReady={(event) => {
        apiRef.current = event.api;
        if (sort)
          event.api.applyColumnState({
            state: [{ colId: sort.colId, sort: sort.direction }],
            defaultState: { sort: null },
          });
        event.api.paginationGoToPage(page - 1);
      }}
      onSortChanged={(event: SortChangedEvent<Row>) => {
        if (event.source === 'api') return;
        const sorted = event.api.getColumnState().find((state) => state.sort);
        onSortChange(sorted?.sort ? { colId: sorted.colId, direction: sorted.sort } : null);
      }}
    />
  );
}

export const AgGridTable = forwardRef(AgGridTableInner) as <Row>(
  props: AgGridTableProps<Row> & { ref?: React.Ref<AgGridTableHandle> },
) => React.ReactElement;

export default AgGridTable;
