/**
 * Holdings as positions (docs/product/portfolio.md#holdings): one row a stock for the open lots (quantity, average
 * price, last price, the day's change, charges, dividends, net P&L) with the lots behind it a click away and a bell
 * for its alerts, and the sold lots apart, each with its sell price and date. The lots' own table (with Sell, Edit
 * and Delete) is the other view of the same page.
 */
import { useEffect, useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { Button, Group } from '@mantine/core';
import { formatRupees, openPositions, type Position } from '@bazaar/shared';
import { BELL_CELL_WIDTH, useSymbolAlerts } from '../../../components/alerts/use-symbol-alerts';
import { DataGrid, type DataGridColumn, type DataGridProps } from '../../../components/data-grid';
import { SYMBOL_MIN_WIDTH } from '../../../components/data-grid/columns';
import { formatMarketDate } from '../../../lib/dates';
import type { HoldingRow } from '../components/holding-form';
import { toneClass } from '../components/totals';

export type HoldingsView = 'positions' | 'lots';

/**
 * Positions or Lots: two pressed-state buttons, reached by Tab, in the tables' toolbars. The two views are two
 * tables, each drawing its own switch: the switch a key press (or a click) chose from takes the focus back on the
 * new table, to the button of the view shown, instead of leaving it on the page's body (docs/product/common.md#keyboard).
 */
export function HoldingsViewSwitch({
  view,
  onChange,
  focusRequest,
}: {
  view: HoldingsView;
  onChange: (view: HoldingsView) => void;
  /** The view whose button takes the focus once drawn (set by the page when the switch is used, then cleared). */
  focusRequest?: RefObject<HoldingsView | null>;
}) {
  const group = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusRequest || focusRequest.current !== view) return;
    focusRequest.current = null;
    group.current?.querySelector<HTMLButtonElement>('[aria-pressed="true"]')?.focus();
  }, [view, focusRequest]);
  return (
    <Button.Group aria-label="Show holdings as" data-testid="holdings-view" ref={group}>
      {(['positions', 'lots'] as const).map((option) => (
        <Button
          key={option}
          variant={view === option ? 'filled' : 'default'}
          aria-pressed={view === option}
          onClick={() => onChange(option)}
        >
          {option === 'positions' ? 'Positions' : 'Lots'}
        </Button>
      ))}
    </Button.Group>
  );
}

const signedRupees = (value: string | null) =>
  value === null ? '—' : `${value.startsWith('-') ? '' : '+'}${formatRupees(value)}`;

function positionColumns(
  onOpenLots: (symbol: string) => void,
  bell: (symbol: string) => ReactNode,
): DataGridColumn<Position<HoldingRow>>[] {
  return [
    {
      field: 'symbol',
      headerName: 'Symbol',
      minWidth: SYMBOL_MIN_WIDTH + BELL_CELL_WIDTH,
      // the symbol's alerts, a bell beside it (docs/product/alerts.md#screens)
      render: (row) => (
        <Group gap={4} wrap="nowrap" justify="space-between">
          {row.symbol}
          {bell(row.symbol)}
        </Group>
      ),
    },
    { field: 'quantity', exportAs: 'integer', headerName: 'Qty', numeric: true, minWidth: 80 },
    {
      field: 'averagePrice',
      exportAs: 'money',
      headerName: 'Avg Price',
      numeric: true,
      format: (value) => formatRupees(value as string),
    },
    {
      field: 'lastPrice',
      exportAs: 'money',
      headerName: 'LTP',
      numeric: true,
      format: (value) => formatRupees(value as string | null),
    },
    {
      field: 'dayChange',
      exportAs: 'money',
      headerName: 'Day Change',
      numeric: true,
      minWidth: 130,
      // rupees and a percentage: the widest figure of the row, given the room the others leave (whole at 1366 px)
      flex: 1.8,
      format: (value, row) =>
        value === null ? '—' : `${signedRupees(value as string)} (${row.dayChangePercent ?? '0'}%)`,
      cellClass: (row) => toneClass(row.dayChange),
    },
    {
      field: 'currentValue',
      exportAs: 'money',
      headerName: 'Current Value',
      numeric: true,
      optional: true,
      minWidth: 130,
      format: (value) => formatRupees(value as string | null),
    },
    {
      field: 'charges',
      exportAs: 'money',
      headerName: 'Charges',
      numeric: true,
      minWidth: 100,
      format: (value) => formatRupees(value as string),
    },
    {
      field: 'dividends',
      exportAs: 'money',
      headerName: 'Dividends',
      numeric: true,
      minWidth: 110,
      format: (value) => formatRupees(value as string),
    },
    {
      field: 'net',
      exportAs: 'money',
      headerName: 'Net P&L',
      numeric: true,
      minWidth: 120,
      format: (value) => formatRupees(value as string | null),
      cellClass: (row) => toneClass(row.net),
    },
    {
      field: 'lots',
      exportAs: 'integer',
      headerName: 'Lots',
      minWidth: 90,
      value: (row) => row.lots.length,
      render: (row) => {
        const count = row.lots.length === 1 ? '1 lot' : `${row.lots.length} lots`;
        // the name starts with the visible text (a speech-input user says what they see)
        return (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => onOpenLots(row.symbol)}
            aria-label={`${count} of ${row.symbol}`}
          >
            {count}
          </Button>
        );
      },
    },
  ];
}

const CLOSED_COLUMNS: DataGridColumn<HoldingRow>[] = [
  { field: 'symbol', headerName: 'Symbol', minWidth: SYMBOL_MIN_WIDTH },
  { field: 'quantity', exportAs: 'integer', headerName: 'Qty', numeric: true, minWidth: 80 },
  {
    field: 'price',
    exportAs: 'money',
    headerName: 'Buy Price',
    numeric: true,
    format: (value) => formatRupees(value as string),
  },
  {
    field: 'sellPrice',
    exportAs: 'money',
    headerName: 'Sell Price',
    numeric: true,
    format: (value) => formatRupees(value as string | null),
  },
  {
    field: 'sellingDate',
    exportAs: 'date',
    headerName: 'Selling Date',
    minWidth: 120,
    format: (value) => formatMarketDate(value as string | null),
  },
  {
    field: 'charges',
    exportAs: 'money',
    headerName: 'Charges',
    numeric: true,
    optional: true,
    value: (row) => row.profitLoss.charges,
    format: (value) => formatRupees(value as string),
  },
  {
    field: 'dividends',
    exportAs: 'money',
    headerName: 'Dividends',
    numeric: true,
    optional: true,
    value: (row) => row.profitLoss.dividends,
    format: (value) => formatRupees(value as string),
  },
  {
    field: 'net',
    exportAs: 'money',
    headerName: 'Realized P&L',
    numeric: true,
    minWidth: 130,
    value: (row) => row.profitLoss.net,
    format: (value) => formatRupees(value as string | null),
    cellClass: (row) => toneClass(row.profitLoss.net),
  },
];

export interface PositionsTablesProps {
  title: string;
  rows: readonly HoldingRow[] | undefined;
  loading: boolean;
  error: DataGridProps<HoldingRow>['error'];
  onRetry?: () => void;
  toolbar: ReactNode;
  exportFileName: string;
  emptyText: string;
  showBack?: boolean;
  addLabel?: string;
  onAdd?: () => void;
  /** Opens the Lots view on one symbol's lots. */
  onOpenLots: (symbol: string) => void;
}

export function PositionsTables({ rows, onOpenLots, ...grid }: PositionsTablesProps) {
  const positions = useMemo(() => (rows ? openPositions(rows) : undefined), [rows]);
  const closed = useMemo(() => rows?.filter((row) => row.status === 'REALIZED'), [rows]);
  // a bell per open position: the symbol's alerts, with a stop-loss and a target (docs/product/alerts.md#screens)
  const alerts = useSymbolAlerts<Position<HoldingRow>>({ held: true });
  const columns = useMemo(() => positionColumns(onOpenLots, alerts.bell), [onOpenLots, alerts.bell]);
  return (
    <>
      <DataGrid
        {...grid}
        testId="positions-grid"
        rows={positions}
        columns={columns}
        getRowId={(position) => position.symbol}
        exportFileName={`${grid.exportFileName}-positions`}
        emptyText={closed && closed.length > 0 ? 'No open positions: every lot here is sold.' : grid.emptyText}
      />
      {closed && closed.length > 0 && (
        <DataGrid
          title="Closed positions"
          headingOrder={2}
          testId="closed-grid"
          rows={closed}
          columns={CLOSED_COLUMNS}
          getRowId={(row) => row.id}
          exportFileName={`${grid.exportFileName}-closed`}
        />
      )}
      {alerts.dialog}
    </>
  );
}
