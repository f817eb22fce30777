/**
 * "Against the market" on the investor's dashboard (docs/product/home.md#against-the-market): the holdings' value
 * and the same money in NIFTY 50 TRI day by day, the excess return, the money-weighted pair (XIRR against the
 * public-market equivalent's), the time-weighted pairs by period, and each holding against the index over its own
 * days. Asked apart from the dashboard (its key figures never wait for it) and drawn below them, in a block whose
 * height is held while it loads (docs/decisions.md#the-dashboard-holds-its-place); the chart is deferred like the
 * other charts (docs/decisions.md#charts-after-the-figures). When the index is missing or stale the server's warning
 * is shown in words and its figures are left out, never a wrong one.
 */
import { Alert, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { formatDatesInText, formatPercent, formatRupees, subtractDecimals } from '@bazaar/shared';
import {
  useDashboardBenchmarkQuery,
  type BenchmarkPeriod,
  type DashboardBenchmarkQuery,
} from '../../../__generated__/graphql';
import { DeferredChart, ON_SCREEN_MARGIN } from '../../../components/chart/deferred-chart';
import { RetryAlert } from '../../../components/retry-alert';
import { RowsTable, type RowsTableColumn } from '../../../components/rows-table';
import { formatMarketDate } from '../../../lib/dates';
import { toneClass } from '../../../lib/tone';

type Benchmark = DashboardBenchmarkQuery['benchmark'];
type PeriodRow = Benchmark['periods'][number];
type HoldingRow = Benchmark['holdings'][number];

export const PERIOD_LABELS: Record<BenchmarkPeriod, string> = {
  P1M: '1M',
  P3M: '3M',
  P6M: '6M',
  P1Y: '1Y',
  FY: 'FY',
  ALL: 'All',
};

/** The chart's height: the block holds it while the answer loads. */
const CHART_HEIGHT = 260;

/** The block's two tables: small type and narrow gaps between columns, so that they fit a phone. */
const TABLE_DENSITY = { fz: 'sm', horizontalSpacing: 6 } as const;

/** A signed percentage ("+2.10%"), or a dash where no figure exists. */
export function signedPercent(value: string | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const text = formatPercent(value);
  return toneClass(value) === 'gain' ? `+${text}` : text;
}

/**
 * The index's figures can be trusted up to its last close: a day (or a holding's period) after it would show the
 * index standing still. null: nothing of the index can be shown.
 */
export function indexValidThrough(benchmark: Pick<Benchmark, 'indexLastDate'>): string | null {
  return benchmark.indexLastDate;
}

/** The index is loaded through D: its whole-period figures hold. */
export function indexCurrent(benchmark: Pick<Benchmark, 'indexLastDate' | 'valuedOn'>): boolean {
  return (
    benchmark.indexLastDate !== null && (benchmark.valuedOn === null || benchmark.indexLastDate >= benchmark.valuedOn)
  );
}

/**
 * The chart's two lines as [time, value] points; a day without an index value, or after the index's last close, is
 * a gap, not a zero nor a flat line.
 */
export function chartSeries(benchmark: Pick<Benchmark, 'index' | 'series' | 'indexLastDate'>) {
  const through = indexValidThrough(benchmark);
  return [
    {
      name: 'Your portfolio',
      data: benchmark.series.map((day) => [Date.parse(day.date), Number(day.portfolioValue)] as [number, number]),
    },
    {
      name: `Same money in ${benchmark.index}`,
      data: benchmark.series.map(
        (day) =>
          [
            Date.parse(day.date),
            day.indexValue === null || through === null || day.date > through ? null : Number(day.indexValue),
          ] as [number, number | null],
      ),
    },
  ];
}

function Pair({
  label,
  yours,
  index,
  testId,
}: {
  label: string;
  yours: string | null;
  index: string | null;
  testId: string;
}) {
  return (
    <div data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} className={toneClass(yours)}>
        {signedPercent(yours)}
      </Text>
      <Text size="xs" c="dimmed">
        index {signedPercent(index)}
      </Text>
    </div>
  );
}

/** A return column: signed, right-aligned, coloured as a gain or a loss; a dash where there is no figure. */
function returnColumn<Row>(header: string, value: (row: Row) => string | null): RowsTableColumn<Row> {
  return {
    header,
    numeric: true,
    cell: (row) => signedPercent(value(row)),
    cellProps: (row) => ({ className: toneClass(value(row)) }),
  };
}

function Periods({ benchmark }: { benchmark: Benchmark }) {
  // one row per period: three narrow columns fit a phone
  return (
    <RowsTable
      {...TABLE_DENSITY}
      data-testid="benchmark-periods"
      rows={benchmark.periods}
      rowKey={(period) => period.period}
      columns={[
        {
          header: 'Time-weighted',
          cell: (period) => PERIOD_LABELS[period.period],
          cellProps: (period) => ({ title: `${formatMarketDate(period.from)} to ${formatMarketDate(period.to)}` }),
        },
        returnColumn('You', (period: PeriodRow) => period.portfolioTwr),
        returnColumn('Index', (period: PeriodRow) => period.indexTwr),
      ]}
    />
  );
}

function Holdings({ benchmark }: { benchmark: Benchmark }) {
  if (benchmark.holdings.length === 0) return null;
  // a holding held past the index's last close cannot be compared over its days
  const through = indexValidThrough(benchmark);
  return (
    <Table.ScrollContainer minWidth={300} mah={260}>
      <RowsTable
        {...TABLE_DENSITY}
        stickyHeader
        data-testid="benchmark-holdings"
        rows={benchmark.holdings}
        rowKey={(holding) => holding.id}
        columns={[
          { header: 'Holding', cell: (holding) => holding.symbol, cellProps: () => ({ fw: 600 }) },
          {
            header: 'Since',
            visibleFrom: 'xs',
            cell: (holding) => formatMarketDate(holding.buyDate),
            cellProps: () => ({ style: { whiteSpace: 'nowrap' } }),
          },
          returnColumn('Return', (holding: HoldingRow) => holding.holdingReturn),
          returnColumn('Index', (holding: HoldingRow) =>
            through === null || holding.endDate > through ? null : holding.indexReturn,
          ),
        ]}
      />
    </Table.ScrollContainer>
  );
}

function Comparison({ benchmark }: { benchmark: Benchmark }) {
  const excess = subtractDecimals(benchmark.portfolioTwr, benchmark.indexTwr);
  // a missing or stale index: its warning says so, and no figure of it is shown
  const comparable = indexCurrent(benchmark) && (benchmark.indexTwr !== null || benchmark.indexXirr !== null);
  return (
    <Stack gap="sm">
      {benchmark.warnings.map((warning) => (
        <Alert key={warning} color="yellow" variant="light" data-testid="benchmark-warning">
          {formatDatesInText(warning)}
        </Alert>
      ))}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <DeferredChart
          nearScreenMargin={ON_SCREEN_MARGIN}
          testId="benchmark-chart"
          type="line"
          height={CHART_HEIGHT}
          empty={benchmark.series.length === 0}
          emptyText="No day to compare yet."
          series={chartSeries(benchmark)}
          options={{
            xaxis: { type: 'datetime' },
            yaxis: { labels: { formatter: (value: number) => formatRupees(value, 0) } },
            stroke: { width: 2 },
            legend: { position: 'top' },
            tooltip: { x: { format: 'dd MMM yyyy' } },
          }}
        />
        <Stack gap="sm">
          {comparable && (
            <Group gap="lg" wrap="wrap" align="flex-start">
              <div data-testid="benchmark-excess">
                <Text size="xs" c="dimmed">
                  Excess return
                </Text>
                <Text fw={700} fz="lg" className={toneClass(excess)}>
                  {excess === null ? '—' : `${signedPercent(excess)}`}
                </Text>
                <Text size="xs" c="dimmed">
                  {benchmark.from && benchmark.to
                    ? `${formatMarketDate(benchmark.from)} to ${formatMarketDate(benchmark.to)}, time-weighted`
                    : 'time-weighted'}
                </Text>
              </div>
              <Pair
                label="XIRR (money-weighted)"
                yours={benchmark.portfolioXirr}
                index={benchmark.indexXirr}
                testId="benchmark-xirr"
              />
              <Pair
                label="Time-weighted"
                yours={benchmark.portfolioTwr}
                index={benchmark.indexTwr}
                testId="benchmark-twr"
              />
            </Group>
          )}
          {comparable && <Periods benchmark={benchmark} />}
          <Holdings benchmark={benchmark} />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

export function AgainstTheMarket() {
  const { data, error, refetch } = useDashboardBenchmarkQuery({ fetchPolicy: 'cache-and-network' });
  const benchmark = data?.benchmark;
  return (
    <Card withBorder padding="md" radius="md" data-testid="dashboard-benchmark">
      <Title order={2} size="h5" mb={4}>
        Against the market
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        {benchmark
          ? `Your holdings against the same rupees on the same days in ${benchmark.index}${
              benchmark.indexLastDate ? ` (loaded to ${formatMarketDate(benchmark.indexLastDate)})` : ''
            }.`
          : 'Your holdings against the same rupees on the same days in the index.'}
      </Text>
      {benchmark ? (
        <Comparison benchmark={benchmark} />
      ) : error ? (
        <RetryAlert
          title="The comparison could not be loaded"
          error={error}
          onRetry={() => void refetch()}
          testId="benchmark-error"
        />
      ) : (
        // the block's height while it loads, so nothing below it moves when it arrives
        <Skeleton h={CHART_HEIGHT + 15} aria-label="Loading the comparison" />
      )}
    </Card>
  );
}
