/**
 * The AG Grid part of DataGrid, loaded only by pages that show a table (it is a large library). It draws the rows
 * of one page: DataGrid searches, sorts and pages the rows itself (the phone card list needs that anyway) and
 * exports the CSV itself, so AG Grid's pagination and CSV modules (19 KiB gzip) stay out of the build.
 *
 * AG Grid is used through its plain JavaScript API (createGrid), not the ag-grid-react wrapper (14 KiB gzip): the
 * few React cells (custom renders and the action buttons) are React portals into the cells' elements, so they keep
 * the app's context (theme, router) (docs/decisions.md#bundle-size).
 *
 * Only the modules used are registered: without a needed module a feature silently disappears, so the set is
 * checked in the browser tests (AG Grid logs error #200 for a missing one). The core brings sorting, pinned columns,
 * keyboard navigation and flex columns with it.
 */
import { useEffect, useLayoutEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import {
  CellStyleModule,
  ClientSideRowModelModule,
  ModuleRegistry,
  RowAutoHeightModule,
  colorSchemeDarkBlue,
  createGrid,
  themeQuartz,
  type ColDef,
  type GridApi,
  type ICellRendererComp,
  type ICellRendererParams,
  type IRowNode,
} from 'ag-grid-community';
import { ActionIcon, Group, useComputedColorScheme } from '@mantine/core';
import { Hint } from '../popup';
import type { DataGridAction, DataGridColumn } from './types';
import { cellValue } from './search';
import { actionsWidth, columnMinWidth, compareValues } from './columns';
import classes from './data-grid.module.css';

ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  CellStyleModule, // cellClass (gain / loss colours)
  RowAutoHeightModule, // wrapped long text
  // no TooltipModule (12 KiB gzip): no column uses AG Grid tooltips; the action buttons' labels are Hints
  // (not Mantine's Tooltip: floating-ui, docs/decisions.md#pop-overs-and-hints-without-floating-ui)
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

export interface AgGridTableProps<Row> {
  /** The rows of the page shown, already searched, sorted and paged. */
  rows: readonly Row[];
  columns: DataGridColumn<Row>[];
  actions?: DataGridAction<Row>[];
  getRowId: (row: Row) => string;
  sort: SortState | null;
  /** A header was clicked: the new sort (DataGrid sorts every page and shows the first). */
  onSortChange: (sort: SortState | null) => void;
  onRowClick?: (row: Row) => void;
  /** Columns not shown (still exported): the optional ones that do not fit, docs/product/common.md#generic-tables. */
  hiddenFields?: readonly string[];
  /** Pin the first column left and the actions right: set when the shown columns are wider than the table. */
  pinEnds?: boolean;
}

/** A cell drawn by React: the element AG Grid shows and the row node whose data it draws. */
interface PortalCell {
  key: number;
  colId: string;
  node: IRowNode;
}

/** The React cells currently on screen, keyed by their element; `changed` asks the table to render again. */
class PortalCells {
  readonly cells = new Map<HTMLElement, PortalCell>();
  private nextKey = 0;
  /** One renderer class per column, kept across column updates: AG Grid then refreshes its cells, not redraws them. */
  private readonly renderers = new Map<string, new () => ICellRendererComp>();
  constructor(private readonly changed: () => void) {}

  /** An AG Grid cell renderer class for one column that hands its element to React. */
  rendererFor(colId: string): new () => ICellRendererComp {
    const known = this.renderers.get(colId);
    if (known) return known;
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the renderer class is created by AG Grid
    const cells = this;
    const renderer = class implements ICellRendererComp {
      private readonly element = Object.assign(document.createElement('div'), { className: classes.reactCell });
      init(params: ICellRendererParams) {
        cells.cells.set(this.element, { key: cells.nextKey++, colId, node: params.node });
        cells.changed();
      }
      getGui() {
        return this.element;
      }
      refresh(params: ICellRendererParams) {
        const cell = cells.cells.get(this.element);
        if (cell) cell.node = params.node;
        cells.changed();
        return true;
      }
      destroy() {
        cells.cells.delete(this.element);
        cells.changed();
      }
    };
    this.renderers.set(colId, renderer);
    return renderer;
  }
}

function ActionButtons<Row>({ row, actions }: { row: Row; actions: DataGridAction<Row>[] }) {
  return (
    <Group gap={4} wrap="nowrap" h="100%" align="center">
      {actions
        .filter((action) => !action.hidden?.(row))
        .map((action) => (
          <Hint key={action.label} label={action.label}>
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
              {action.icon}
            </ActionIcon>
          </Hint>
        ))}
    </Group>
  );
}

/**
 * Tab inside a row's actions cell goes through its buttons (docs/product/common.md#keyboard): AG Grid moves Tab from
 * cell to cell, so the buttons were never reached by keys. From the cell itself or a button before the last, Tab is
 * left to the browser (the next button); Shift+Tab likewise from a button after the first; otherwise the grid moves on.
 */
function tabsInsideActions(event: KeyboardEvent): boolean {
  if (event.key !== 'Tab' || !(event.target instanceof HTMLElement)) return false;
  const cell = event.target.closest('.ag-cell');
  const buttons = cell ? [...cell.querySelectorAll('button')] : [];
  if (buttons.length === 0) return false;
  const at = buttons.indexOf(event.target as HTMLButtonElement);
  return event.shiftKey ? at > 0 : at < buttons.length - 1;
}

export function AgGridTable<Row>(props: AgGridTableProps<Row>) {
  const { rows, columns, actions, sort, hiddenFields, pinEnds, onRowClick } = props;
  const elementRef = useRef<HTMLDivElement>(null);
  const apiRef = useRef<GridApi<Row> | null>(null);
  const scheme = useComputedColorScheme('light');
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  // AG Grid creates and drops cells while it renders: React draws them on its next render
  const portals = useMemo(() => new PortalCells(() => queueMicrotask(rerender)), []);
  // the latest props for AG Grid's callbacks, which are set once
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });

  const columnDefs = useMemo<ColDef<Row>[]>(() => {
    const defs: ColDef<Row>[] = columns.map((column, index) => ({
      colId: column.field,
      // the row's name (first column) and its actions stay in view when the table scrolls sideways
      pinned: pinEnds && index === 0 ? ('left' as const) : null,
      hide: hiddenFields?.includes(column.field) ?? false,
      sort: sort?.colId === column.field ? sort.direction : null,
      wrapText: column.wrap,
      autoHeight: column.wrap,
      headerName: column.headerName,
      valueGetter: (params) => (params.data ? cellValue(params.data, column) : undefined),
      valueFormatter: column.format
        ? (params) => (params.data ? column.format!(params.value, params.data) : '')
        : undefined,
      cellRenderer: column.render ? portals.rendererFor(column.field) : undefined,
      cellClass: column.cellClass ? (params) => (params.data ? column.cellClass!(params.data) : undefined) : undefined,
      // the rows arrive sorted; the grid sorts its page the same way (the header shows the arrow)
      comparator: (a, b) => compareValues(a, b, column.numeric ?? false),
      type: column.numeric ? 'rightAligned' : undefined,
      sortable: column.sortable ?? true,
      width: column.width,
      minWidth: columnMinWidth(column),
      flex: column.width ? undefined : (column.flex ?? 1),
    }));
    if (actions && actions.length > 0) {
      defs.push({
        colId: ACTIONS_COLUMN,
        headerName: 'Actions',
        sortable: false,
        pinned: pinEnds ? 'right' : null,
        width: actionsWidth(actions.length),
        cellRenderer: portals.rendererFor(ACTIONS_COLUMN),
        suppressKeyboardEvent: ({ event }) => tabsInsideActions(event),
      });
    }
    return defs;
  }, [columns, actions, hiddenFields, pinEnds, sort, portals]);

  const theme = scheme === 'dark' ? darkTheme : lightTheme;
  useEffect(() => {
    const api = apiRef.current;
    if (api) {
      api.updateGridOptions({ columnDefs, rowData: [...rows], theme });
      return;
    }
    const element = elementRef.current;
    if (!element) return;
    apiRef.current = createGrid<Row>(element, {
      theme,
      rowData: [...rows],
      columnDefs,
      getRowId: (params) => latest.current.getRowId(params.data),
      domLayout: 'autoHeight',
      suppressCellFocus: false,
      onCellClicked: (event) => {
        // a click on a row's Edit/Delete buttons is theirs, not the row's (AG Grid sees it first)
        if (event.column.getColId() === ACTIONS_COLUMN) return;
        if (event.data) latest.current.onRowClick?.(event.data);
      },
      onSortChanged: (event) => {
        // only a header click: sort states set from the column definitions are DataGrid's own
        if (event.source !== 'uiColumnSorted') return;
        const sorted = event.columns?.find((column) => column.getSort());
        const direction = sorted?.getSort();
        latest.current.onSortChange(sorted && direction ? { colId: sorted.getColId(), direction } : null);
      },
    });
  }, [columnDefs, rows, theme]);
  useEffect(
    () => () => {
      apiRef.current?.destroy();
      apiRef.current = null;
    },
    [],
  );

  const columnsById = new Map(columns.map((column) => [column.field, column]));
  const cells: ReactNode[] = [];
  for (const [element, cell] of portals.cells) {
    const row = cell.node.data as Row | undefined;
    if (!row) continue;
    const content =
      cell.colId === ACTIONS_COLUMN
        ? actions && <ActionButtons row={row} actions={actions} />
        : columnsById.get(cell.colId)?.render?.(row);
    cells.push(createPortal(content, element, String(cell.key)));
  }

  return (
    <>
      <div ref={elementRef} className={onRowClick ? classes.clickableRows : undefined} />
      {cells}
    </>
  );
}

export default AgGridTable;
