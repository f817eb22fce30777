/**
 * Corporate Actions (docs/product/company.md): the table 'Corporate Actions', one year of ex-dates at a
 * time (the current year by default; NSE's whole file is over 20,000 actions), newest ex-date first, with a
 * loader, search, sort, pager and CSV export. A row click opens /company-analysis/{symbol} with the symbol
 * of the first cell and the trend YEARLY.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { NativeSelect } from '@mantine/core';
import { DEFAULT_TREND, exchangeToday } from '@bazaar/shared';
import { useCorporateActionsPageQuery, useCorporateActionYearsQuery } from '../../../__generated__/graphql';
import { DataGrid } from '../../../components/data-grid';
import { usePageTitle } from '../../../components/page-title';
import { corporateActionColumns } from '../components/corporate-action-columns';
import type { CompanyAnalysisNavigationState } from '../components/not-found';

// the symbol is the first cell: the row click reads it from there
const COLUMNS = corporateActionColumns({ series: true });

export default function CorporateActionsPage() {
  usePageTitle('Corporate Actions');
  const navigate = useNavigate();
  const years = useCorporateActionYearsQuery({ fetchPolicy: 'cache-and-network' });
  const [chosenYear, setChosenYear] = useState<number | null>(null);
  const available = years.data?.corporateActionYears ?? [];
  const year = chosenYear ?? defaultYear(available);
  const { data, loading, error, refetch } = useCorporateActionsPageQuery({
    variables: { year: year ?? 0 },
    skip: year === null,
    fetchPolicy: 'cache-and-network',
  });
  const failure = years.error && !years.data ? years.error : error && !data ? error : undefined;
  return (
    <DataGrid
      title="Corporate Actions"
      testId="corporate-actions"
      rows={year === null ? (years.loading ? undefined : []) : data?.corporateActions}
      columns={COLUMNS}
      getRowId={(action) => action.id}
      loading={years.loading || loading}
      error={failure ?? null}
      // the years first: the actions' query waits for a year
      onRetry={() => void (years.error && !years.data ? years.refetch() : refetch())}
      toolbar={
        available.length > 0 ? (
          // the browser's own select: Mantine's Select (combobox, scroll area) was 12 KiB gzip more for a list
          // of a few years (docs/decisions.md#bundle-size)
          <NativeSelect
            label="Ex-date year"
            data={available.map(String)}
            value={year === null ? '' : String(year)}
            onChange={(event) => setChosenYear(Number(event.currentTarget.value))}
            w={140}
            data-testid="corporate-actions-year"
          />
        ) : undefined
      }
      exportFileName={`corporate-actions-${year ?? 'all'}`}
      emptyText="No corporate actions have been uploaded yet."
      onRowClick={(action) => {
        const state: CompanyAnalysisNavigationState = { symbol: action.symbol, trend: DEFAULT_TREND };
        navigate(`/company-analysis/${encodeURIComponent(action.symbol)}`, { state });
      }}
    />
  );
}

/** This year on the exchange when it has actions, else the newest year before it, else the newest. */
function defaultYear(years: readonly number[]): number | null {
  const current = Number(exchangeToday().slice(0, 4));
  return years.find((year) => year <= current) ?? years[0] ?? null;
}
