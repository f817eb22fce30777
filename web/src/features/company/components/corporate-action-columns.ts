/**
 * The columns of a corporate-action table: the Corporate Actions page (with the series) and the
 * events of Company Analysis. The symbol is the first cell: the page's row click reads it there. The purpose wraps
 * (never cut); the company name, series, face value and record date show when the table has room.
 */
import { formatRupees } from '@bazaar/shared';
import type { CorporateActionFieldsFragment } from '../../../__generated__/graphql';
import type { DataGridColumn } from '../../../components/data-grid';
import { formatMarketDate } from '../../../lib/dates';

type Column = DataGridColumn<CorporateActionFieldsFragment>;

const marketDate: Column['format'] = (value) => formatMarketDate(value as string | null);

export function corporateActionColumns({ series }: { series: boolean }): Column[] {
  const seriesColumn: Column[] = series ? [{ field: 'series', headerName: 'Series', width: 90, optional: true }] : [];
  return [
    { field: 'symbol', headerName: 'Symbol', minWidth: 120 },
    { field: 'companyName', headerName: 'Company Name', minWidth: 200, flex: 2, optional: true },
    ...seriesColumn,
    { field: 'purpose', headerName: 'Purpose', minWidth: 240, flex: 2, wrap: true },
    {
      field: 'faceValue',
      headerName: 'Face Value',
      numeric: true,
      minWidth: 110,
      optional: true,
      format: (value) => (value ? formatRupees(String(value)) : ''),
    },
    { field: 'exDate', headerName: 'Ex Date', minWidth: 120, format: marketDate },
    { field: 'recordDate', headerName: 'Record Date', minWidth: 120, format: marketDate, optional: true },
  ];
}
