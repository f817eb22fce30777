/**
 * Brokerage accounts (docs/product/portfolio.md#brokerage-accounts): a card per brokerage firm titled with its name,
 * linking to /investment/{the firm's name}, with the investor's totals at that firm; below, alerts computed from the
 * holdings (the old app showed fixed placeholder cards here).
 */
import { Link } from 'react-router-dom';
import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatMarketDate } from '../../../lib/dates';
import { useAccountsPageQuery } from '../../../__generated__/graphql';
import { usePageTitle } from '../../../components/page-title';
import { QueryGate } from '../../../components/query-gate';
import { useMarketDataStatus } from '../../../components/market-data';
import { AlertCards } from '../components/alert-cards';
import { NamedTotals, TotalsList } from '../components/totals';
import { ImportTradebookButton } from '../import/import-tradebook';

export default function AccountsPage() {
  usePageTitle('Brokerage Accounts');
  const { data, loading, error, refetch } = useAccountsPageQuery({ fetchPolicy: 'cache-and-network' });
  const summary = data?.portfolioSummary;
  // the closes' own trading day, not the summary's asOf (today): docs/product/common.md#honest-data
  const status = useMarketDataStatus();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="baseline">
        <Title order={1} size="h2" data-testid="accounts-title">
          Brokerage Accounts
        </Title>
        <Group gap="sm" align="baseline">
          {summary && status?.latestPriceDate && (
            <Text size="sm" c="dimmed" data-testid="accounts-as-of">
              Valued at the latest closes, as of {formatMarketDate(status.latestPriceDate)}
            </Text>
          )}
          <ImportTradebookButton onImported={() => void refetch()} />
        </Group>
      </Group>
      <QueryGate
        query={{ data, loading, error, refetch }}
        loadingLabel="Loading brokerage accounts"
        errorTitle="Your brokerage accounts could not be loaded"
        errorTestId="accounts-error"
      >
        {() =>
          summary && (
            <>
              {summary.firms.length === 0 ? (
                <Text c="dimmed">No brokerage firms yet. Staff add them under Brokers.</Text>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                  {summary.firms.map(({ brokerageFirm: firm, totals }) => (
                    <Card
                      key={firm.id}
                      withBorder
                      radius="md"
                      padding="md"
                      component={Link}
                      to={`/investment/${encodeURIComponent(firm.name)}`}
                      data-testid="firm-card"
                    >
                      <NamedTotals name={firm.name} totals={totals} />
                    </Card>
                  ))}
                </SimpleGrid>
              )}
              <Card withBorder radius="md" padding="md">
                <Title order={3} size="h5" mb="xs">
                  All accounts
                </Title>
                <TotalsList totals={summary.totals} testId="portfolio-totals" />
              </Card>
              <AlertCards alerts={data?.portfolioAlerts} />
            </>
          )
        }
      </QueryGate>
    </Stack>
  );
}
