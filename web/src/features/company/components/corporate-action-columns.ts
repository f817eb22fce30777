/**
 * The columns of a corporate-action table: the Corporate Actions page (with the series) and the
 * events of Company Analysis. The symbol is the first cell: the page's row click reads it there. The purpose wraps
 * (never cut); the company name, series, face value and record date show when the table has room.
 * "Understood as" and "Factor / Amount" show what the purpose was parsed into (docs/product/company.md#corporate-actions):
 * a split, bonus or consolidation with the factor prices before its ex-date are divided by, a dividend with its
 * cash per share, or Other (nothing applied).
 */
import { formatRupees } from '@bazaar/shared';
import type { CorporateActionFieldsFragment, CorporateActionKind } from '../../../__generated__/graphql';
import type { DataGridColumn } from '../../../components/data-grid';
import { formatMarketDate } from '../../../lib/dates';
import { SYMBOL_MIN_WIDTH } from '../../../components/data-grid/columns';

type Column = DataGridColumn<CorporateActionFieldsFragment>;

const marketDate: Column['format'] = (value) => formatMarketDate(value as string | null);

const KIND_NAMES: Record<CorporateActionKind, string> = {
  SPLIT: 'Split',
  CONSOLIDATION: 'Consolidation',
  BONUS: 'Bonus',
  DIVIDEND: 'Dividend',
  OTHER: 'Other',
};

/** The kind in words: "Split", "Bonus", "Dividend", "Other". */
export function kindName(kind: CorporateActionKind): string {
  return KIND_NAMES[kind];
}

/** What the purpose adds up to: "×2" for an adjusting event (the factor), "₹15.00 per share" for a dividend, else ''. */
export function factorOrAmount(action: Pick<CorporateActionFieldsFragment, 'factor' | 'dividendPerShare'>): string {
  if (action.factor) return `×${action.factor}`;
  if (action.dividendPerShare) return `${formatRupees(action.dividendPerShare)} per share`;
  return '';
}

export function corporateActionColumns({ series }: { series: boolean }): Column[] {
  const seriesColumn: Column[] = series ? [{ field: 'series', headerName: 'Series', width: 90, optional: true }] : [];
  return [
    { field: 'symbol', headerName: 'Symbol', minWidth: SYMBOL_MIN_WIDTH },
    { field: 'companyName', headerName: 'Company Name', minWidth: 200, flex: 2, optional: true },
    ...seriesColumn,
    { field: 'purpose', headerName: 'Purpose', minWidth: 240, flex: 2, wrap: true },
    {
      field: 'kind',
      headerName: 'Understood As',
      // the header and a dividend's label ("Dividend ₹22.90") whole: at 130 px both were cut
      minWidth: 160,
      // the label names the kind ("1:2 split", "Bonus 1:4", "Dividend ₹15"); the kind alone when there is none
      value: (row) => row.label ?? kindName(row.kind),
    },
    {
      field: 'factor',
      headerName: 'Factor / Amount',
      minWidth: 160,
      optional: true,
      value: (row) => factorOrAmount(row),
    },
    {
      field: 'faceValue',
      headerName: 'Face Value',
      numeric: true,
      exportAs: 'money',
      minWidth: 110,
      optional: true,
      format: (value) => (value ? formatRupees(String(value)) : ''),
    },
    { field: 'exDate', headerName: 'Ex Date', minWidth: 120, exportAs: 'date', format: marketDate },
    {
      field: 'recordDate',
      headerName: 'Record Date',
      minWidth: 120,
      exportAs: 'date',
      format: marketDate,
      optional: true,
    },
  ];
}
