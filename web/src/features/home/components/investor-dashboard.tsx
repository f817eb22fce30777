/**
 * The investor's dashboard (docs/product/home.md#dashboard): every figure comes from the server
 * (GraphQL `dashboard`), computed from the holdings and the latest closes; shown through shared/format.
 * An investor without holdings sees a short welcome instead of empty charts. The allocation charts come after the
 * figures (DeferredChart: ApexCharts loads once the page is drawn and a chart is on the screen), so the charts'
 * library is no part of the page's start on a phone (docs/benchmarks.md#page-weight-and-speed).
 */
import { Link, useNavigate } from 'react-router-dom';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  useComputedColorScheme,
} from '@mantine/core';
import { formatDatesInText, formatPercent, formatRupees } from '@bazaar/shared';
import { useDashboardPageQuery, type DashboardPageQuery } from '../../../__generated__/graphql';
import { DeferredChart, ON_SCREEN_MARGIN } from '../../../components/chart/deferred-chart';
import { QueryGate, SCREEN_TALL } from '../../../components/query-gate';
import { formatMarketDate } from '../../../lib/dates';
import { AgainstTheMarket } from './against-the-market';

type Dashboard = DashboardPageQuery['dashboard'];
type Mover = Dashboard['gainers'][number];
type Slice = Dashboard['allocationByIndustry'][number];

function tone(value: string | null | undefined): string | undefined {
  if (!value || /^[-+]?0*(\.0*)?$/.test(value)) return undefined;
  return value.startsWith('-') ? 'loss' : 'gain';
}

const signed = (value: string | null | undefined, text: string) =>
  value && !value.startsWith('-') && tone(value) ? `+${text}` : text;

function Figure({
  label,
  value,
  note,
  testId,
  className,
}: {
  label: string;
  value: string;
  note?: string;
  testId: string;
  className?: string | undefined;
}) {
  return (
    <Card withBorder padding="md" radius="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl" className={className}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Card>
  );
}

/** The industry of a stock whose company has none loaded (the REST answer's name for it). */
const UNCLASSIFIED = 'Unclassified';

/**
 * What the industry chart says of stocks without an industry (docs/product/home.md): the exchange's equity list has
 * none, so until staff upload an industry list every stock is Unclassified; one full bar would look like a finding.
 */
export function IndustryAllocation({ slices }: { slices: Slice[] }) {
  const unclassified = slices.find((slice) => slice.name === UNCLASSIFIED);
  if (unclassified && slices.length === 1) {
    return (
      <Card withBorder padding="md" radius="md">
        <Title order={2} size="h5" mb="xs">
          By industry
        </Title>
        <Text size="sm" c="dimmed" data-testid="dashboard-industry-missing">
          No industry is loaded yet for the stocks you hold, so they cannot be grouped by industry.
        </Text>
      </Card>
    );
  }
  return (
    <Allocation
      title="By industry"
      slices={slices}
      testId="dashboard-industry"
      note={unclassified ? 'Unclassified: stocks whose industry is not loaded yet.' : undefined}
    />
  );
}

function Allocation({
  title,
  slices,
  testId,
  note,
}: {
  title: string;
  slices: Slice[];
  testId: string;
  note?: string;
}) {
  const scheme = useComputedColorScheme('light');
  return (
    <Card withBorder padding="md" radius="md">
      <Title order={2} size="h5" mb="xs">
        {title}
      </Title>
      <DeferredChart
        nearScreenMargin={ON_SCREEN_MARGIN}
        testId={testId}
        type="bar"
        height={Math.max(140, 44 * slices.length + 60)}
        empty={slices.length === 0}
        emptyText="No open holding has a price yet."
        series={[{ name: 'Share of current value', data: slices.map((slice) => Number(slice.percent)) }]}
        options={{
          // each share's label starts just past the end of its bar: centred on the bar's end in white, a short bar's
          // label was cut to "3." by the page behind it. ApexCharts moves a label that would leave the plot back
          // over its bar, so it sits on a box of the page's colour and reads the same on the bar and beside it.
          plotOptions: {
            bar: { horizontal: true, borderRadius: 3, distributed: true, dataLabels: { position: 'top' } },
          },
          legend: { show: false },
          xaxis: {
            categories: slices.map((slice) => slice.name),
            max: 100,
            labels: { formatter: (value: string) => `${value}%` },
          },
          dataLabels: {
            formatter: (value: number) => `${value.toFixed(2)}%`,
            textAnchor: 'start',
            offsetX: 6,
            background: {
              enabled: true,
              foreColor: scheme === 'dark' ? '#e9ecef' : '#212529',
              backgroundColor: scheme === 'dark' ? '#242424' : '#ffffff',
              borderWidth: 0,
              borderRadius: 2,
              padding: 4,
              opacity: 0.9,
              dropShadow: { enabled: false },
            },
          },
          tooltip: {
            y: {
              formatter: (_value: number, context: { dataPointIndex: number }) => {
                const slice = slices[context.dataPointIndex];
                return slice ? `${formatRupees(slice.value)} (${formatPercent(slice.percent)})` : '';
              },
            },
          },
        }}
      />
      {note && (
        <Text size="xs" c="dimmed" mt={4} data-testid={`${testId}-note`}>
          {note}
        </Text>
      )}
    </Card>
  );
}

function Movers({ title, movers, testId }: { title: string; movers: Mover[]; testId: string }) {
  const navigate = useNavigate();
  return (
    <Card withBorder padding="md" radius="md" data-testid={testId}>
      <Title order={2} size="h5" mb="xs">
        {title}
      </Title>
      {movers.length === 0 ? (
        <Text size="sm" c="dimmed">
          None today.
        </Text>
      ) : (
        <Table highlightOnHover>
          <Table.Tbody>
            {movers.map((mover) => (
              <Table.Tr
                key={mover.symbol}
                style={{ cursor: 'pointer' }}
                onClick={() => navigate(`/company-analysis/${encodeURIComponent(mover.symbol)}`)}
              >
                <Table.Td>
                  <Text fw={600} size="sm">
                    {mover.symbol}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {mover.companyName ?? ''}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" visibleFrom="xs" style={{ whiteSpace: 'nowrap' }}>
                  {formatRupees(mover.closePrice)}
                </Table.Td>
                <Table.Td ta="right" className={tone(mover.changePercent)} style={{ whiteSpace: 'nowrap' }}>
                  {signed(mover.changePercent, formatPercent(mover.changePercent))}
                </Table.Td>
                <Table.Td ta="right" className={tone(mover.valueChange)} style={{ whiteSpace: 'nowrap' }}>
                  {signed(mover.valueChange, formatRupees(mover.valueChange))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

function Welcome() {
  return (
    <Card withBorder padding="lg" radius="md" data-testid="dashboard-welcome">
      <Title order={2} size="h4">
        Your portfolio starts here
      </Title>
      <Text mt="xs">
        Add the shares you hold, or import your broker’s tradebook, and this page shows what they are worth today, your
        profit and loss net of charges, your yearly return (XIRR) and how the day moved them.
      </Text>
      <Group mt="md">
        <Button component={Link} to="/accounts">
          Add a holding
        </Button>
        <Button component={Link} to="/accounts" variant="light">
          Import a tradebook
        </Button>
        <Button component={Link} to="/stock-watch-list" variant="subtle">
          Watch stocks
        </Button>
      </Group>
    </Card>
  );
}

function Figures({ dashboard }: { dashboard: Dashboard }) {
  const { totals } = dashboard;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }}>
      <Figure
        label="Current value"
        value={formatRupees(totals.currentValue)}
        testId="dashboard-current-value"
        note={`${dashboard.openHoldings} open holding${dashboard.openHoldings === 1 ? '' : 's'}`}
      />
      <Figure
        label="Invested"
        value={formatRupees(totals.invested)}
        testId="dashboard-invested"
        note="In open holdings"
      />
      <Figure
        label="Today's change"
        testId="dashboard-day-change"
        value={dashboard.dayChange === null ? '—' : signed(dashboard.dayChange, formatRupees(dashboard.dayChange))}
        className={tone(dashboard.dayChange)}
        note={
          dashboard.dayChangePercent === null
            ? undefined
            : signed(dashboard.dayChangePercent, formatPercent(dashboard.dayChangePercent))
        }
      />
      <Figure
        label="Net P&L"
        testId="dashboard-net"
        value={signed(dashboard.netProfitLoss, formatRupees(dashboard.netProfitLoss))}
        className={tone(dashboard.netProfitLoss)}
        note={`Realized ${formatRupees(totals.realized)} · unrealized ${formatRupees(totals.unrealized)} · dividends ${formatRupees(dashboard.dividends)} · charges ${formatRupees(totals.charges)}`}
      />
      <Figure
        label="XIRR"
        testId="dashboard-xirr"
        value={dashboard.xirr === null ? '—' : formatPercent(dashboard.xirr)}
        className={tone(dashboard.xirr)}
        note="Yearly return of your buys, sells, dividends and today's value"
      />
    </SimpleGrid>
  );
}

function Firms({ dashboard }: { dashboard: Dashboard }) {
  return (
    <Card withBorder padding="md" radius="md">
      <Title order={2} size="h5" mb="xs">
        By brokerage firm
      </Title>
      {/* narrow cells, so that the four columns fit a phone's card without scrolling sideways */}
      <Table.ScrollContainer minWidth={300}>
        <Table data-testid="dashboard-firms" horizontalSpacing={6} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Firm</Table.Th>
              <Table.Th ta="right">Current value</Table.Th>
              <Table.Th ta="right">Net P&L</Table.Th>
              <Table.Th ta="right">XIRR</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {dashboard.firms.map((firm) => (
              <Table.Tr key={firm.brokerageFirm.id}>
                <Table.Td>
                  <Link to={`/investment/${encodeURIComponent(firm.brokerageFirm.name)}`}>
                    {firm.brokerageFirm.name}
                  </Link>
                </Table.Td>
                <Table.Td ta="right">{formatRupees(firm.totals.currentValue)}</Table.Td>
                <Table.Td ta="right" className={tone(firm.netProfitLoss)}>
                  {formatRupees(firm.netProfitLoss)}
                </Table.Td>
                <Table.Td ta="right" className={tone(firm.xirr)}>
                  {firm.xirr === null ? '—' : formatPercent(firm.xirr)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function TodaysLists({ dashboard }: { dashboard: Dashboard }) {
  return (
    <Card withBorder padding="md" radius="md" data-testid="dashboard-lists">
      <Title order={2} size="h5" mb="xs">
        In today&apos;s lists
      </Title>
      {dashboard.inTodaysLists.length === 0 ? (
        <Text size="sm" c="dimmed">
          None of your holdings or watched stocks made a trend list today.
        </Text>
      ) : (
        <Stack gap={6}>
          {dashboard.inTodaysLists.map((item) => (
            <Group key={item.symbol} gap="xs" wrap="nowrap">
              <Text size="sm" component={Link} to={`/company-analysis/${encodeURIComponent(item.symbol)}`} fw={600}>
                {item.headline}
              </Text>
              {item.held && (
                <Badge size="xs" variant="light">
                  held
                </Badge>
              )}
              {item.watched && (
                <Badge size="xs" variant="outline">
                  watched
                </Badge>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function Alerts({ dashboard }: { dashboard: Dashboard }) {
  if (dashboard.alerts.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="dashboard-alerts">
      {dashboard.alerts.map((alert) => (
        <Alert
          key={`${alert.kind}-${alert.symbol ?? alert.title}`}
          title={alert.title}
          color={alert.tone === 'POSITIVE' ? 'teal' : alert.tone === 'NEGATIVE' ? 'red' : 'blue'}
          variant="light"
        >
          {/* the server's messages carry ISO dates; shown as dd-Mmm-yyyy like every date on screen */}
          {formatDatesInText(alert.message)}
        </Alert>
      ))}
    </SimpleGrid>
  );
}

export function InvestorDashboard() {
  const { data, loading, error, refetch } = useDashboardPageQuery({ fetchPolicy: 'cache-and-network' });
  return (
    <QueryGate
      query={{ data, loading, error, refetch }}
      loadingLabel="Loading your portfolio"
      errorTitle="Your portfolio could not be loaded"
      errorTestId="dashboard-error"
      loadingMinHeight={SCREEN_TALL}
    >
      {() => {
        const dashboard = data?.dashboard;
        if (!dashboard) return null;
        if (dashboard.totals.holdings === 0) return <Welcome />;
        return (
          <Stack gap="md">
            <Group justify="space-between" gap="xs" wrap="wrap">
              {dashboard.priceDate ? (
                <Text size="sm" c="dimmed" data-testid="dashboard-price-date">
                  Valued at the closes of {formatMarketDate(dashboard.priceDate)}
                </Text>
              ) : (
                <span />
              )}
              <Button
                component={Link}
                to="/tax-pnl"
                variant="subtle"
                size="compact-sm"
                data-testid="dashboard-tax-link"
              >
                Tax P&amp;L
              </Button>
            </Group>
            <Figures dashboard={dashboard} />
            <Alerts dashboard={dashboard} />
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <Movers title="Top gainers today" movers={dashboard.gainers} testId="dashboard-gainers" />
              <Movers title="Top losers today" movers={dashboard.losers} testId="dashboard-losers" />
            </SimpleGrid>
            <AgainstTheMarket />
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <IndustryAllocation slices={dashboard.allocationByIndustry} />
              <Allocation title="By firm" slices={dashboard.allocationByFirm} testId="dashboard-firm-allocation" />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <Firms dashboard={dashboard} />
              <TodaysLists dashboard={dashboard} />
            </SimpleGrid>
          </Stack>
        );
      }}
    </QueryGate>
  );
}
