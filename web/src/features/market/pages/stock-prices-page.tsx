/**
 * Stock Prices (docs/product/market.md): the table 'Stock Prices' of every equity symbol's row on the latest
 * trading day, with the generic table's search, sort, 10 rows per page and CSV export. Clicking a
 * row opens /company-analysis/{symbol} with the navigation state {symbol, trend: 'YEARLY'}.
 * The old app read the symbol from the row's second cell; here it comes from the row's data, so a
 * reordered or hidden column cannot send the visitor to the wrong company.
 */
import { useNavigate } from 'react-router-dom';
import { Stack, Text } from '@mantine/core';
import { DEFAULT_TREND } from '@bazaar/shared';
import { useStockPricesPageQuery, type StockPricesPageQuery } from '../../../__generated__/graphql';
import { DataGrid } from '../../../components/data-grid';
import { useWithWatchColumn } from '../../../components/watch';
import { usePageTitle } from '../../../components/page-title';
import { formatMarketDate } from '../../../lib/dates';
import { errorMessage } from '../../../lib/errors';
import { STOCK_PRICE_COLUMNS } from '../components/stock-price-columns';
import { companyAnalysisPath, type CompanyAnalysisNavigationState } from '../components/company-link';

export type StockPriceRow = StockPricesPageQuery['stockPrices'][number];

export default function StockPricesPage() {
  usePageTitle('Stock Prices');
  const columns = useWithWatchColumn(STOCK_PRICE_COLUMNS);
  const navigate = useNavigate();
  const { data, loading, error } = useStockPricesPageQuery({ fetchPolicy: 'cache-and-network' });
  const tradingDay = data?.stockPrices[0]?.date;

  function openAnalysis(row: StockPriceRow) {
    const state: CompanyAnalysisNavigationState = { symbol: row.symbol, trend: DEFAULT_TREND };
    navigate(companyAnalysisPath(row.symbol), { state });
  }

  return (
    <Stack gap="xs">
      {tradingDay && (
        <Text size="sm" c="dimmed" data-testid="stock-prices-as-of">
          Prices of {formatMarketDate(tradingDay)}
        </Text>
      )}
      <DataGrid<StockPriceRow>
        title="Stock Prices"
        testId="stock-prices"
        rows={data?.stockPrices}
        columns={columns}
        getRowId={(row) => `${row.symbol}-${row.series}`}
        loading={loading}
        error={error && !data ? errorMessage(error) : null}
        onRowClick={openAnalysis}
        exportFileName="stock-prices"
        emptyText="No stock prices have been uploaded yet."
      />
    </Stack>
  );
}
