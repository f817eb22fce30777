/**
 * Corporate Actions (docs/product/company.md): the table 'Corporate Actions' of every action, newest
 * ex-date first, with a loader, search, sort, pager and CSV export. A row click opens
 * /company-analysis/{symbol} with the symbol of the first cell and the trend YEARLY.
 */
import { useNavigate } from 'react-router-dom';
import { DEFAULT_TREND } from '@bazaar/shared';
import { useCorporateActionsPageQuery } from '../../../__generated__/graphql';
import { DataGrid } from '../../../components/data-grid';
import { usePageTitle } from '../../../components/page-title';
import { errorMessage } from '../../../lib/errors';
import { corporateActionColumns } from '../components/corporate-action-columns';
import type { CompanyAnalysisNavigationState } from '../components/not-found';

// the symbol is the first cell: the row click reads it from there
const COLUMNS = corporateActionColumns({ series: true });

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
