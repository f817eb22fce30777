/**
 * Corporate Actions (spec section 2): the table 'Corporate Actions' of every action, newest
 * ex-date first, with a loader, search, sort, pager and CSV export. A row click opens
 * /company-analysis/{symbol} with the symbol of the first cell and the trend YEARLY.
 */
import { useNavigate } from 'react-router-dom';
import { DEFAULT_TREND, formatRupees } from '@bazaar/shared';
import {
  useCorporateActionsPageQuery,
  type CorporateActionFieldsFragment,
} from '../../../__generated__/graphql';
import { DataGrid, type DataGridColumn } from '../../../components/data-grid';
import { usePageTitle } from '../../../components/page-title';
import { formatMarketDate } from '../../../lib/dates';
import { errorMessage } from '../../../lib/errors';
import type { CompanyAnalysisNavigationState } from '../components/not-found';

type CorporateAction = CorporateActionFieldsFragment;

// the symbol is the first cell: the row click reads it from there (spec)
const COLUMNS: DataGridColumn<CorporateAction>[] = [
  { field: 'symbol', headerName: 'Symbol', minWidth: 120 },
  { field: 'companyName', headerName: 'Company Name', minWidth: 200, flex: 2 },
  { field: 'series', headerName: 'Series', width: 90 },
  { field: 'purpose', headerName: 'Purpose', minWidth: 240, flex: 2 },
  {
    field: 'faceValue',
    headerName: 'Face Value',
    numeric: true,
    minWidth: 110,
    format: (value) => (value ? formatRupees(String(value)) : ''),
  },
  {
    field: 'exDate',
    headerName: 'Ex Date',
    minWidth: 120,
    format: (value) => formatMarketDate(value as string | null),
  },
  {
    field: 'recordDate',
    headerName: 'Record Date',
    minWidth: 120,
    format: (value) => formatMarketDate(value as string | null),
  },
];

export default function CorporateActionsPage() {
  usePageTitle('Corporate Actions');
  const navigate = useNavigate();
  const { data, loading, error } = useCorporateActionsPageQuery({ fetchPolicy: 'cache-and-network' });
  return (
    <DataGrid
      title="Corporate Actions"
      testId="corporate-actions"
      rows={data?.corporateActions}
      columns={COLUMNS}
      getRowId={(action) => action.id}
      loading={loading}
      error={error && !data ? errorMessage(error) : null}
      exportFileName="corporate-actions"
      emptyText="No corporate actions have been uploaded yet."
      onRowClick={(action) => {
        const state: CompanyAnalysisNavigationState = { symbol: action.symbol, trend: DEFAULT_TREND };
        navigate(`/company-analysis/${encodeURIComponent(action.symbol)}`, { state });
      }}
    />
  );
}
