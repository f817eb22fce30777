/**
 * Stock Prices (docs/product/market.md): the table 'Stock Prices' of every equity symbol's row on one
 * trading day, with the generic table's search, sort, 10 rows per page and CSV export. The day is
 * the latest unless another is picked (docs/product/market.md#any-day): the picker offers only days
 * with uploaded prices, and the day travels in the address (`?asOf=YYYY-MM-DD`, the former `?date=` still read) so it
 * can be shared and survives a reload. Clicking a row opens /company-analysis/{symbol} with the navigation state
 * {symbol, trend: 'YEARLY'}. The old app read the symbol from the row's second cell; here it comes
 * from the row's data, so a reordered or hidden column cannot send the visitor to the wrong company.
 */
import { useDeferredValue } from 'react';
import { useNavigate } from 'react-router-dom';
import { Group, Stack, Text } from '@mantine/core';
import { DEFAULT_TREND } from '@bazaar/shared';
import { useStockPricesPageQuery, type StockPricesPageQuery } from '../../../__generated__/graphql';
import { DataGrid } from '../../../components/data-grid';
import { useWithWatchColumn } from '../../../components/watch';
import { usePageTitle } from '../../../components/page-title';
import { STOCK_PRICE_COLUMNS } from '../components/stock-price-columns';
import { companyAnalysisPath, type CompanyAnalysisNavigationState } from '../components/company-link';
import { LOADING_MIN_HEIGHT, tradeDateNote } from '../components/trade-date-param';
import { usePageTradeDate } from '../components/use-trade-date';

export type StockPriceRow = StockPricesPageQuery['stockPrices'][number];

export default function StockPricesPage() {
  usePageTitle('Stock Prices');
  const columns = useWithWatchColumn(STOCK_PRICE_COLUMNS);
  const navigate = useNavigate();
  const { tradeDate, latestTradeDate, isLatest, tradingDays, picker } = usePageTradeDate('stock-prices-day');
  const { data, loading, error, refetch } = useStockPricesPageQuery({
    variables: { date: isLatest ? null : tradeDate },
    fetchPolicy: 'cache-and-network',
  });
  // the table draws its rows as a deferred value (DataGrid): the page holds its place until that same render, or the
  // footer would rise when the answer arrives and drop again when the rows are drawn (a layout shift)
  const drawn = useDeferredValue(data);
  // the trading day of the rows answered
  const answeredTradeDate = data?.stockPrices[0]?.date;
  // while the prices load, the trading day they are asked for (known from the trading days)
  const noteTradeDate = answeredTradeDate ?? (loading ? tradeDate : null);

  function openAnalysis(row: StockPriceRow) {
    const state: CompanyAnalysisNavigationState = { symbol: row.symbol, trend: DEFAULT_TREND };
    navigate(companyAnalysisPath(row.symbol), { state });
  }

  return (
    // until the first answer the page is a screen tall, so the footer below does not jump when the rows arrive
    <Stack gap="xs" mih={drawn ? undefined : LOADING_MIN_HEIGHT}>
      {/* the note's line and the picker hold their places while the day and the prices load, so the table below
          does not move when they arrive */}
      <Group justify="flex-end" align="flex-end" wrap="wrap" gap="xs">
        {noteTradeDate ? (
          <Text size="sm" c="dimmed" mr="auto" data-testid="stock-prices-as-of">
            {tradeDateNote('Prices of', noteTradeDate, latestTradeDate)}
          </Text>
        ) : (
          <Text size="sm" mr="auto" aria-hidden>
            {'\u00a0'}
          </Text>
        )}
        {picker}
      </Group>
      <DataGrid<StockPriceRow>
        title="Stock Prices"
        testId="stock-prices"
        rows={data?.stockPrices}
        columns={columns}
        getRowId={(row) => `${row.symbol}-${row.series}`}
        loading={loading}
        error={error && !data ? error : null}
        onRetry={() => {
          void refetch();
          // the trading days failed alike (same server): asked again too, so the day picker comes back with the rows
          if (tradingDays.error) void tradingDays.refetch();
        }}
        onRowClick={openAnalysis}
        exportFileName={answeredTradeDate ? `stock-prices-${answeredTradeDate}` : 'stock-prices'}
        emptyText="No stock prices have been uploaded yet."
      />
    </Stack>
  );
}
