/**
 * Columns of the Stock Prices table. Prices and changes are decimal strings from the server, shown
 * with 2 decimals and ₹ (shared/format); the change columns are green for a gain and red for a loss
 * (no colour when unchanged). Sorting uses the numeric value, not the display text. Symbol, date, close, change %
 * and volume always show; the others when the table has room (docs/product/market.md#stock-prices).
 */
import { formatCount, formatPercent, formatRupees } from '@bazaar/shared';
import type { StockPricesPageQuery } from '../../../__generated__/graphql';
import type { DataGridColumn } from '../../../components/data-grid';
import { formatMarketDate } from '../../../lib/dates';
import { SYMBOL_MIN_WIDTH } from '../../../components/data-grid/columns';

type StockPriceRow = StockPricesPageQuery['stockPrices'][number];

/** "gain" for a positive decimal string, "loss" for a negative one, nothing for zero or no value. */
export function changeTone(value: string | null | undefined): 'gain' | 'loss' | undefined {
  if (!value || /^[-+]?0*(\.0*)?$/.test(value)) return undefined;
  return value.startsWith('-') ? 'loss' : 'gain';
}

const rupees = (value: unknown) => formatRupees(value as string | null);

export const STOCK_PRICE_COLUMNS: DataGridColumn<StockPriceRow>[] = [
  { field: 'symbol', headerName: 'Symbol', minWidth: SYMBOL_MIN_WIDTH },
  // nearly always "EQ": the day's open, high and low get the room before it (docs/product/market.md#stock-prices)
  { field: 'series', headerName: 'Series', width: 90, optional: true, fitsLast: true },
  {
    field: 'date',
    headerName: 'Date',
    width: 125,
    exportAs: 'date',
    format: (value) => formatMarketDate(value as string),
  },
  {
    field: 'openPrice',
    optional: true,
    headerName: 'Open',
    numeric: true,
    exportAs: 'money',
    format: rupees,
    minWidth: 110,
  },
  {
    field: 'highPrice',
    optional: true,
    headerName: 'High',
    numeric: true,
    exportAs: 'money',
    format: rupees,
    minWidth: 110,
  },
  {
    field: 'lowPrice',
    optional: true,
    headerName: 'Low',
    numeric: true,
    exportAs: 'money',
    format: rupees,
    minWidth: 110,
  },
  { field: 'closePrice', headerName: 'Close', numeric: true, exportAs: 'money', format: rupees, minWidth: 110 },
  {
    field: 'previousClose',
    headerName: 'Previous Close',
    numeric: true,
    exportAs: 'money',
    format: rupees,
    minWidth: 150,
    optional: true,
  },
  {
    field: 'changePerDay',
    headerName: 'Change Per Day',
    numeric: true,
    exportAs: 'money',
    format: rupees,
    cellClass: (row) => changeTone(row.changePerDay),
    minWidth: 135,
    optional: true,
  },
  {
    field: 'changePercent',
    headerName: 'Change %',
    numeric: true,
    exportAs: 'percent',
    format: (value) => formatPercent(value as string | null),
    cellClass: (row) => changeTone(row.changePercent ?? row.changePerDay),
    minWidth: 110,
  },
  {
    field: 'volume',
    headerName: 'Volume',
    numeric: true,
    exportAs: 'integer',
    format: (value) => formatCount(value as string | null),
    minWidth: 120,
  },
];
