/**
 * The staff and admin dashboard's market snapshot (docs/product/home.md#dashboard): the latest trading day,
 * symbols loaded, advances and declines, the day's top movers, the indices loaded with their last day (`indices`,
 * docs/product/market.md#indices) and the last uploads (GraphQL `marketSnapshot`).
 */
import { Link } from 'react-router-dom';
import { Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatCount, formatPercent, formatRupees, toDisplayWords } from '@bazaar/shared';
import { useMarketSnapshotPageQuery, type MarketSnapshotPageQuery } from '../../../__generated__/graphql';
import { QueryGate, SCREEN_TALL } from '../../../components/query-gate';
import { RowsTable } from '../../../components/rows-table';
import { formatMarketDate, formatMediumDateTime } from '../../../lib/dates';

type Snapshot = MarketSnapshotPageQuery['marketSnapshot'];
type LoadedIndex = MarketSnapshotPageQuery['indices'][number];

function Indices({ indices, latestTradingDay }: { indices: LoadedIndex[]; latestTradingDay: string | null }) {
  return (
    <Card withBorder padding="md" radius="md" data-testid="snapshot-indices">
      <Title order={2} size="h5" mb="xs">
        Indices loaded
      </Title>
      {indices.length === 0 ? (
        <Text size="sm" c="dimmed">
          None yet: investors&apos; comparison with the market needs NIFTY 50 TRI, Company Analysis NIFTY 50 (
          <Link to="/upload">Upload Index Prices</Link>).
        </Text>
      ) : (
        <Table fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Index</Table.Th>
              <Table.Th>Last day</Table.Th>
              <Table.Th ta="right">Days</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {indices.map((index) => (
              <Table.Tr key={index.name}>
                <Table.Td>{index.name}</Table.Td>
                <Table.Td className={latestTradingDay && index.lastDate < latestTradingDay ? 'loss' : undefined}>
                  {formatMarketDate(index.lastDate)}
                  {latestTradingDay && index.lastDate < latestTradingDay ? ' (behind the prices)' : ''}
                </Table.Td>
                <Table.Td ta="right">{formatCount(index.days)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card withBorder padding="md" radius="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {value}
      </Text>
    </Card>
  );
}

function MoverTable({ title, rows, className }: { title: string; rows: Snapshot['gainers']; className: string }) {
  return (
    <Card withBorder padding="md" radius="md">
      <Title order={2} size="h5" mb="xs">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          None.
        </Text>
      ) : (
        <Table>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.symbol}>
                <Table.Td>
                  <Link to={`/company-analysis/${encodeURIComponent(row.symbol)}`}>{row.symbol}</Link>
                </Table.Td>
                <Table.Td ta="right">{formatRupees(row.closePrice)}</Table.Td>
                <Table.Td ta="right" className={className}>
                  {formatPercent(row.changePercent)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

export function MarketSnapshot() {
  const { data, loading, error, refetch } = useMarketSnapshotPageQuery({ fetchPolicy: 'cache-and-network' });
  return (
    <QueryGate
      query={{ data, loading, error, refetch }}
      loadingLabel="Loading the market snapshot"
      errorTitle="The market snapshot could not be loaded"
      errorTestId="market-snapshot-error"
      loadingMinHeight={SCREEN_TALL}
    >
      {() => {
        const snapshot = data?.marketSnapshot;
        if (!snapshot) return null;
        if (!snapshot.latestTradingDay)
          return (
            <Card withBorder padding="lg" data-testid="snapshot-empty">
              <Text>
                No market data is loaded yet. <Link to="/upload">Upload a bhavcopy</Link> to start.
              </Text>
            </Card>
          );
        return (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 2, md: 4 }}>
              <Stat
                label="Latest trading day"
                value={formatMarketDate(snapshot.latestTradingDay)}
                testId="snapshot-day"
              />
              <Stat label="Symbols loaded" value={formatCount(snapshot.symbols)} testId="snapshot-symbols" />
              <Stat label="Advances" value={formatCount(snapshot.advances)} testId="snapshot-advances" />
              <Stat
                label="Declines (unchanged)"
                value={`${formatCount(snapshot.declines)} (${formatCount(snapshot.unchanged)})`}
                testId="snapshot-declines"
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <MoverTable title="Top gainers" rows={snapshot.gainers} className="gain" />
              <MoverTable title="Top losers" rows={snapshot.losers} className="loss" />
            </SimpleGrid>
            <Indices indices={data.indices} latestTradingDay={snapshot.latestTradingDay} />
            <Card withBorder padding="md" radius="md">
              <Title order={2} size="h5" mb="xs">
                Last uploads
              </Title>
              {snapshot.lastUploads.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No uploads yet.
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={300}>
                  <RowsTable
                    data-testid="snapshot-uploads"
                    rows={snapshot.lastUploads}
                    rowKey={(upload) => upload.id}
                    columns={[
                      { header: 'File', breakAll: true, cell: (upload) => upload.fileName },
                      { header: 'Type', visibleFrom: 'sm', cell: (upload) => toDisplayWords(upload.type) },
                      { header: 'Rows', numeric: true, cell: (upload) => formatCount(upload.rowsInFile) },
                      { header: 'By', visibleFrom: 'sm', cell: (upload) => upload.uploadedBy },
                      { header: 'When', cell: (upload) => formatMediumDateTime(upload.uploadedAt) },
                    ]}
                  />
                </Table.ScrollContainer>
              )}
            </Card>
          </Stack>
        );
      }}
    </QueryGate>
  );
}
