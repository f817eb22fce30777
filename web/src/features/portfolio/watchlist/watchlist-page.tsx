/**
 * Stock Watch List (/stock-watch-list, logged in; docs/product/portfolio.md#stock-watch-list): a symbol
 * search to add, the table (phones: cards) with CSV export, an Alerts bell and a Remove action; a row opens Company
 * Analysis.
 */
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Group, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import {
  useUnwatchSymbolMutation,
  useWatchlistPageQuery,
  useWatchSymbolMutation,
  useHoldingSymbolsQuery,
  WatchedSymbolsDocument,
  WatchlistPageDocument,
} from '../../../__generated__/graphql';
import { useSymbolAlerts } from '../../../components/alerts/use-symbol-alerts';
import { CoverageNote } from '../../../components/coverage-note';
import { DataGrid, type DataGridMessage } from '../../../components/data-grid';
import { DeferredAutocomplete } from '../../../components/form/deferred-combobox';
import { usePageTitle } from '../../../components/page-title';
import { errorMessage } from '../../../lib/errors';
import { formatMarketDate } from '../../../lib/dates';
import { WATCHLIST_COLUMNS, type WatchlistRow } from './watchlist-columns';

export default function WatchlistPage() {
  usePageTitle('Stock Watch List');
  const navigate = useNavigate();
  const { data, loading, error, refetch } = useWatchlistPageQuery({ fetchPolicy: 'cache-and-network' });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 200);
  const symbols = useHoldingSymbolsQuery({ variables: { search: debounced }, skip: debounced === '' });
  const refetchQueries = [{ query: WatchlistPageDocument }, { query: WatchedSymbolsDocument }];
  const [watch, watching] = useWatchSymbolMutation({ refetchQueries, awaitRefetchQueries: true });
  const [unwatch] = useUnwatchSymbolMutation({ refetchQueries, awaitRefetchQueries: true });
  const [message, setMessage] = useState<DataGridMessage | null>(null);
  // a bell per row: the symbol's alerts (docs/product/alerts.md#screens)
  const alerts = useSymbolAlerts<WatchlistRow>({ held: false });
  // one add at a time: Enter on a highlighted option both submits the option and reaches the box's own Enter.
  // The box stays enabled meanwhile: disabling the focused input dropped the focus to the page's body, and the
  // next Tab started again at the skip link (docs/product/common.md#keyboard)
  const adding = useRef(false);

  const add = async (symbol: string) => {
    if (adding.current) return;
    adding.current = true;
    setSearch('');
    try {
      await watch({ variables: { symbol } });
      setMessage({ kind: 'success', text: `${symbol} added to your watch list` });
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure) });
    } finally {
      adding.current = false;
    }
  };
  const remove = async (row: WatchlistRow) => {
    try {
      const answer = await unwatch({ variables: { symbol: row.symbol } });
      setMessage({ kind: 'success', text: answer.data?.unwatchSymbol.message ?? `${row.symbol} removed` });
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure) });
    }
  };
  const rows = data?.watchlist;
  // the trading day of the closes shown
  const tradeDate = rows?.map((row) => row.priceDate).find((priceDate) => priceDate);
  // the 12M High and Low of a short history are of the days loaded only (docs/product/market.md#short-history)
  const yearCoverage = rows?.find((row) => row.yearCoverage)?.yearCoverage;

  return (
    <Stack gap="sm">
      <DataGrid<WatchlistRow>
        title="Stock Watch List"
        rows={rows}
        columns={WATCHLIST_COLUMNS}
        getRowId={(row) => row.symbol}
        loading={loading && !data}
        error={error && !data ? error : null}
        onRetry={() => void refetch()}
        onRowClick={(row) =>
          navigate(`/company-analysis/${encodeURIComponent(row.symbol)}`, {
            state: { symbol: row.symbol, trend: 'YEARLY' },
          })
        }
        actions={[
          alerts.action,
          { label: 'Remove', icon: <IconTrash size={16} />, color: 'red', onClick: (row) => void remove(row) },
        ]}
        exportFileName="stock-watch-list"
        emptyText="Your watch list is empty. Search for a symbol above to add one."
        message={message}
        onDismissMessage={() => setMessage(null)}
        testId="watchlist"
        toolbar={
          <Group gap="xs" wrap="nowrap">
            <DeferredAutocomplete
              aria-label="Add a symbol"
              placeholder="Add a symbol…"
              value={search}
              onChange={setSearch}
              data={(symbols.data?.holdingSymbols ?? []).map((option) => option.symbol)}
              onOptionSubmit={(symbol) => void add(symbol)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && search.trim() !== '' && !symbols.loading) {
                  const exact = symbols.data?.holdingSymbols.find((o) => o.symbol === search.trim().toUpperCase());
                  if (exact) void add(exact.symbol);
                }
              }}
              rightSection={watching.loading ? <Loader size="xs" aria-label="Adding" /> : undefined}
              w={200}
              data-testid="watchlist-add"
            />
          </Group>
        }
      />
      {tradeDate && (
        <Text size="sm" c="dimmed" data-testid="watchlist-as-of">
          Latest closes as of {formatMarketDate(tradeDate)}; 12-month high and low to that day.
        </Text>
      )}
      <CoverageNote
        period="YEARLY"
        coverage={yearCoverage}
        asOf={tradeDate}
        whatCovers="the 12M High and Low cover"
        testId="watchlist-coverage"
      />
      {alerts.dialog}
    </Stack>
  );
}
