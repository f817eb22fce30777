/**
 * Columns of the Stock Watch List (docs/product/portfolio.md#stock-watch-list): symbol, company,
 * close, the day's change and %, the 12-month high and low with the distance from each, and the
 * trend lists of the day. Decimal strings from the server, shown through shared/format.
 */
import { formatPercent, formatRupees } from '@bazaar/shared';
import type { WatchlistRowFieldsFragment } from '../../../__generated__/graphql';
import type { DataGridColumn } from '../../../components/data-grid';
import { SYMBOL_MIN_WIDTH } from '../../../components/data-grid/columns';

export type WatchlistRow = WatchlistRowFieldsFragment;

function tone(value: string | null | undefined): 'gain' | 'loss' | undefined {
  if (!value || /^[-+]?0*(\.0*)?$/.test(value)) return undefined;
  return value.startsWith('-') ? 'loss' : 'gain';
}

const rupees = (value: unknown) => formatRupees(value as string | null) || '—';
const percent = (value: unknown) => formatPercent(value as string | null) || '—';

export const WATCHLIST_COLUMNS: DataGridColumn<WatchlistRow>[] = [
  { field: 'symbol', headerName: 'Symbol', minWidth: SYMBOL_MIN_WIDTH },
  { field: 'companyName', headerName: 'Company', minWidth: 150, flex: 1, wrap: true, optional: true },
  { field: 'closePrice', headerName: 'Close', numeric: true, exportAs: 'money', format: rupees, minWidth: 110 },
  {
    field: 'changePerDay',
    headerName: 'Change',
    numeric: true,
    exportAs: 'money',
    format: rupees,
    minWidth: 110,
    cellClass: (row) => tone(row.changePerDay),
  },
  {
    field: 'changePercent',
    headerName: 'Change %',
    numeric: true,
    exportAs: 'percent',
    format: percent,
    minWidth: 110,
    cellClass: (row) => tone(row.changePercent),
  },
  {
    field: 'yearHigh',
    headerName: '12M High',
    numeric: true,
    exportAs: 'money',
    format: rupees,
    minWidth: 120,
    optional: true,
  },
  {
    field: 'fromHighPercent',
    headerName: 'From High',
    numeric: true,
    exportAs: 'percent',
    format: percent,
    minWidth: 110,
  },
  {
    field: 'yearLow',
    headerName: '12M Low',
    numeric: true,
    exportAs: 'money',
    format: rupees,
    minWidth: 120,
    optional: true,
  },
  {
    field: 'fromLowPercent',
    headerName: 'From Low',
    numeric: true,
    exportAs: 'percent',
    format: percent,
    minWidth: 110,
    optional: true,
  },
  {
    field: 'trends',
    headerName: "Today's Lists",
    minWidth: 160,
    flex: 1,
    wrap: true,
    value: (row) => row.trends.map((trend) => trend.label).join(', '),
    format: (value) => (value as string) || '—',
  },
];
