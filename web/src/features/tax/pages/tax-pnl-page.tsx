/**
 * Tax P&L (/tax-pnl, logged in; docs/product/tax.md#screen): a financial year's capital gains from every broker's
 * trades. The year comes from the address (?year=2024-25), so Back and a shared link keep it; without one the page
 * opens on the newest year with sales. Every figure is the server's (GraphQL `capitalGains`); the files are the REST
 * API's, streamed by the BFF for the session (docs/decisions.md#tax-files-through-the-bff).
 */
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { exchangeToday, formatCount, formatDatesInText, formatPercent, formatRupees } from '@bazaar/shared';
import { useTaxBeforeYouSellQuery, useTaxPnlPageQuery, type TaxExitCategory } from '../../../__generated__/graphql';
import { DataGrid, type DataGridColumn } from '../../../components/data-grid';
import { SYMBOL_MIN_WIDTH } from '../../../components/data-grid/columns';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../components/page-title';
import { RetryAlert } from '../../../components/retry-alert';
import { formatMarketDate } from '../../../lib/dates';
import { toneClass } from '../../../lib/tone';
import {
  CATEGORIES,
  CATEGORY_LABELS,
  daysToLongTermText,
  defaultYear,
  downloadHref,
  exitKey,
  filterExits,
  firmsOf,
  openLotsByCategory,
  spansRateChange,
  TAX_DOWNLOADS,
  turningLongTermWithin,
  yearChoices,
  type CapitalGains,
  type OpenLotRow,
  type TaxExitRow,
} from '../components/tax-view';

/** "Turning long term soon": within two months a wait may be worth it. */
const SOON_DAYS = 60;

type ExitGridRow = TaxExitRow & { key: string };
type LotGridRow = OpenLotRow & { key: string };

const money = (value: unknown) => formatRupees(value as string | null);
const date = (value: unknown) => formatMarketDate(value as string);

function ExitSymbol({ exit }: { exit: TaxExitRow }) {
  return (
    <Group gap={4} wrap="wrap">
      <span>{exit.symbol}</span>
      {exit.bonus && (
        <Badge size="xs" variant="light" color="grape" data-testid="tax-bonus-badge">
          Bonus lot
        </Badge>
      )}
      {exit.fairMarketValue !== null && (
        <Badge
          size="xs"
          variant="light"
          color="teal"
          data-testid="tax-grandfathered-badge"
          title="Acquired before 1-Feb-2018: the cost is at least the fair market value of 31-Jan-2018 (section 55(2)(ac))"
          style={{ textTransform: 'none' }}
        >
          FMV {formatRupees(exit.fairMarketValue)}
        </Badge>
      )}
    </Group>
  );
}

const EXIT_COLUMNS: DataGridColumn<ExitGridRow>[] = [
  {
    field: 'symbol',
    headerName: 'Symbol',
    minWidth: SYMBOL_MIN_WIDTH,
    wrap: true,
    render: (row) => <ExitSymbol exit={row} />,
  },
  { field: 'sellDate', headerName: 'Sold', width: 120, format: date },
  {
    field: 'category',
    headerName: 'Category',
    width: 120,
    format: (value) => CATEGORY_LABELS[value as TaxExitCategory],
  },
  { field: 'quantity', headerName: 'Qty', numeric: true, width: 90, format: (value) => formatCount(value as string) },
  { field: 'buyDate', headerName: 'Acquired', width: 120, format: date },
  { field: 'sellValue', headerName: 'Sale value', numeric: true, format: money },
  { field: 'costOfAcquisition', headerName: 'Cost', numeric: true, format: money },
  {
    field: 'gain',
    headerName: 'Gain',
    numeric: true,
    format: money,
    cellClass: (row) => toneClass(row.gain),
  },
  {
    field: 'firm',
    headerName: 'Firm',
    optional: true,
    minWidth: 130,
    value: (row) => row.brokerageFirm.name,
  },
  { field: 'buyValue', headerName: 'Buy value', numeric: true, optional: true, format: money },
  {
    field: 'fairMarketValue',
    headerName: 'FMV 31-Jan-2018',
    numeric: true,
    optional: true,
    minWidth: 140,
    format: money,
  },
  {
    field: 'transferExpenses',
    headerName: 'Transfer expenses',
    numeric: true,
    optional: true,
    minWidth: 140,
    format: money,
  },
  { field: 'holdingDays', headerName: 'Days held', numeric: true, optional: true, width: 100 },
  { field: 'isin', headerName: 'ISIN', optional: true, minWidth: 130 },
];

const LOT_COLUMNS: DataGridColumn<LotGridRow>[] = [
  {
    field: 'symbol',
    headerName: 'Symbol',
    minWidth: SYMBOL_MIN_WIDTH,
    wrap: true,
    render: (row) => (
      <Group gap={4}>
        <span>{row.symbol}</span>
        {row.bonus && (
          <Badge size="xs" variant="light" color="grape">
            Bonus lot
          </Badge>
        )}
      </Group>
    ),
  },
  { field: 'quantity', headerName: 'Qty', numeric: true, width: 90, format: (value) => formatCount(value as string) },
  { field: 'acquired', headerName: 'Acquired', width: 120, format: date },
  {
    field: 'daysToLongTerm',
    headerName: 'Long term from',
    minWidth: 150,
    format: (value, row) => `${formatMarketDate(row.longTermFrom)} (${daysToLongTermText(value as number)})`,
  },
  {
    field: 'categoryIfSold',
    headerName: 'Sold at the close',
    minWidth: 130,
    format: (value) => CATEGORY_LABELS[value as TaxExitCategory],
  },
  {
    field: 'gainIfSold',
    headerName: 'Gain at close',
    numeric: true,
    minWidth: 130,
    format: (value) => (value === null ? 'No price' : money(value)),
    cellClass: (row) => toneClass(row.gainIfSold),
  },
  { field: 'firm', headerName: 'Firm', optional: true, minWidth: 130, value: (row) => row.brokerageFirm.name },
  { field: 'cost', headerName: 'Cost', numeric: true, optional: true, format: money },
  {
    field: 'close',
    headerName: 'Latest close',
    numeric: true,
    optional: true,
    minWidth: 150,
    format: (value, row) => (value === null ? '' : `${money(value)} (${formatMarketDate(row.closeDate)})`),
  },
];

function SummaryCard({
  label,
  value,
  testId,
  tone,
  children,
}: {
  label: string;
  value: string;
  testId: string;
  tone?: string | undefined;
  children?: React.ReactNode;
}) {
  return (
    <Card withBorder padding="sm" radius="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg" className={tone} data-testid={`${testId}-value`}>
        {value}
      </Text>
      {children && (
        <Text size="xs" c="dimmed" component="div">
          {children}
        </Text>
      )}
    </Card>
  );
}

function Summary({ report }: { report: CapitalGains }) {
  const { summary } = report;
  const split = spansRateChange(report);
  return (
    <SimpleGrid cols={{ base: 2, md: 3, xl: 6 }} spacing="sm" data-testid="tax-summary">
      <SummaryCard
        label="Intraday profit"
        value={formatRupees(summary.intradayProfit)}
        tone={toneClass(summary.intradayProfit)}
        testId="tax-intraday"
      >
        Turnover {formatRupees(summary.intradayTurnover)} · taxed at your slab rate
      </SummaryCard>
      <GainCard term={SHORT_TERM} summary={summary} split={split} />
      <GainCard term={LONG_TERM} summary={summary} split={split} />
      <SummaryCard label="Exemption used" value={formatRupees(summary.longTermExemption)} testId="tax-exemption">
        {formatRupees(summary.longTermExemptionLeft)} left of this year&apos;s long-term exemption
      </SummaryCard>
      <SummaryCard label="Estimated tax" value={formatRupees(summary.estimatedTax)} testId="tax-estimated">
        {summary.taxableByRate.length === 0
          ? 'Nothing taxable on capital gains'
          : summary.taxableByRate
              .map((line) => `${formatRupees(line.taxable)} at ${formatPercent(line.rate, 1).replace('.0%', '%')}`)
              .join(' · ')}
        {' · before surcharge and cess'}
      </SummaryCard>
      <SummaryCard
        label="Loss carried forward"
        value={formatRupees(summary.lossCarriedForward)}
        testId="tax-loss-carried"
      >
        Short term {formatRupees(summary.shortTermLossCarriedForward)} · long term{' '}
        {formatRupees(summary.longTermLossCarriedForward)}
      </SummaryCard>
    </SimpleGrid>
  );
}

/** A category of gains as its card shows it: the summary's fields and the rates before and from 23-Jul-2024. */
interface GainTerm {
  label: string;
  testId: string;
  total: 'shortTermGain' | 'longTermGain';
  before: 'shortTermGainBefore23Jul2024' | 'longTermGainBefore23Jul2024';
  from: 'shortTermGainFrom23Jul2024' | 'longTermGainFrom23Jul2024';
  rates: [before: string, from: string];
  /** What the category holds, said when the year does not span the change of rates. */
  unsplit: string;
}

const SHORT_TERM: GainTerm = {
  label: 'Short-term gains',
  testId: 'tax-short-term',
  total: 'shortTermGain',
  before: 'shortTermGainBefore23Jul2024',
  from: 'shortTermGainFrom23Jul2024',
  rates: ['15%', '20%'],
  unsplit: 'Held 12 months or less (section 111A)',
};

const LONG_TERM: GainTerm = {
  label: 'Long-term gains',
  testId: 'tax-long-term',
  total: 'longTermGain',
  before: 'longTermGainBefore23Jul2024',
  from: 'longTermGainFrom23Jul2024',
  rates: ['10%', '12.5%'],
  unsplit: 'Held over 12 months (section 112A)',
};

/**
 * A gains card: the total, and in a year that spans 23-Jul-2024 the part before it and the part from it with
 * their rates (the rates changed that day), else what the category holds.
 */
function GainCard({ term, summary, split }: { term: GainTerm; summary: CapitalGains['summary']; split: boolean }) {
  const { label, testId, rates } = term;
  const total = summary[term.total];
  return (
    <SummaryCard label={label} value={formatRupees(total)} tone={toneClass(total)} testId={testId}>
      {split ? (
        <span data-testid={`${testId}-split`}>
          Before 23-Jul-2024 {formatRupees(summary[term.before])} ({rates[0]}) · from it{' '}
          {formatRupees(summary[term.from])} ({rates[1]})
        </span>
      ) : (
        term.unsplit
      )}
    </SummaryCard>
  );
}

function Downloads({ financialYear }: { financialYear: string }) {
  return (
    <Group gap="xs" data-testid="tax-downloads">
      {TAX_DOWNLOADS.map((download) => (
        <Button
          key={download.file}
          component="a"
          href={downloadHref(download.file, financialYear)}
          download
          variant="light"
          size="xs"
          data-testid={`tax-download-${download.file}`}
        >
          {download.label}
        </Button>
      ))}
    </Group>
  );
}

function Exits({ report }: { report: CapitalGains }) {
  const [category, setCategory] = useState<TaxExitCategory | null>(null);
  const [firmId, setFirmId] = useState<string | null>(null);
  const firms = useMemo(() => firmsOf(report.exits), [report.exits]);
  const rows = useMemo(
    () =>
      filterExits(report.exits, { category, firmId }).map((exit, index) => ({ ...exit, key: exitKey(exit, index) })),
    [report.exits, category, firmId],
  );
  return (
    <DataGrid
      title="Tradewise exits"
      headingOrder={2}
      testId="tax-exits"
      rows={rows}
      columns={EXIT_COLUMNS}
      getRowId={(row) => row.key}
      pageSize={20}
      emptyText={
        report.exits.length === 0 ? `No sales in FY ${report.financialYear}.` : 'No exit matches these filters.'
      }
      toolbar={
        <Group gap="xs" wrap="wrap">
          <NativeSelect
            aria-label="Category"
            size="xs"
            data-testid="tax-category-filter"
            value={category ?? ''}
            onChange={(event) => setCategory((event.currentTarget.value || null) as TaxExitCategory | null)}
            data={[
              { value: '', label: 'Every category' },
              ...CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] })),
            ]}
          />
          {firms.length > 1 && (
            <NativeSelect
              aria-label="Brokerage firm"
              size="xs"
              data-testid="tax-firm-filter"
              value={firmId ?? ''}
              onChange={(event) => setFirmId(event.currentTarget.value || null)}
              data={[
                { value: '', label: 'Every firm' },
                ...firms.map((firm) => ({ value: firm.id, label: firm.name })),
              ]}
            />
          )}
        </Group>
      }
    />
  );
}

function BeforeYouSell({
  lots,
  exemptionLeft,
  currentYear,
}: {
  lots: OpenLotRow[];
  exemptionLeft: string | null;
  currentYear: string;
}) {
  const byCategory = openLotsByCategory(lots);
  const soon = turningLongTermWithin(lots, SOON_DAYS);
  const rows = lots.map((lot, index) => ({
    ...lot,
    key: `${lot.brokerageFirm.id}|${lot.symbol}|${lot.acquired}|${lot.bonus}|${index}`,
  }));
  return (
    <Stack gap="sm" data-testid="tax-before-you-sell">
      <Title order={2} size="h4">
        Before you sell
      </Title>
      <Text size="sm" c="dimmed">
        The lots you hold now as the tax view holds them, the day each turns long term, and the gain if sold at the
        latest close (sale charges left out). Long-term exemption left in FY {currentYear}:{' '}
        <Text span fw={600} c="var(--mantine-color-text)" data-testid="tax-exemption-left">
          {formatRupees(exemptionLeft)}
        </Text>
        .
      </Text>
      {soon.length > 0 && (
        <Text size="sm" data-testid="tax-turning-long-term">
          Turning long term within {SOON_DAYS} days:{' '}
          {soon
            .map((lot) => `${lot.symbol} (${formatCount(lot.quantity)}) on ${formatMarketDate(lot.longTermFrom)}`)
            .join(', ')}
          . A sale before then is taxed as short term.
        </Text>
      )}
      {byCategory.length > 0 && (
        <Table.ScrollContainer minWidth={300}>
          <Table data-testid="tax-if-sold" fz="sm" horizontalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>If sold at the close</Table.Th>
                <Table.Th ta="right">Lots</Table.Th>
                <Table.Th ta="right">Gain</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {byCategory.map((line) => (
                <Table.Tr key={line.category}>
                  <Table.Td>{CATEGORY_LABELS[line.category]}</Table.Td>
                  <Table.Td ta="right">{line.lots}</Table.Td>
                  <Table.Td ta="right" className={toneClass(line.gain)}>
                    {formatRupees(line.gain)}
                    {line.withoutPrice > 0 && ` (${line.withoutPrice} without a price)`}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <DataGrid
        title="Open lots"
        headingOrder={2}
        testId="tax-open-lots"
        rows={rows}
        columns={LOT_COLUMNS}
        getRowId={(row) => row.key}
        pageSize={10}
        emptyText="You hold no shares now."
      />
    </Stack>
  );
}

function DiffersFromHoldings() {
  return (
    <Alert variant="light" color="blue" title="Where this differs from Holdings" data-testid="tax-differs-note">
      The tax view matches every sale first-in, first-out per brokerage firm and symbol, whatever lot a sale entered by
      hand closed in Holdings; and a bonus issue is a lot of its own, acquired on the ex-date at no cost, where Holdings
      spreads the cost over the larger quantity. So a lot&apos;s cost and date here can differ from Holdings&apos;. The
      rules, with examples, are in the <Link to="/guide#tax-pnl">User Guide</Link>.
    </Alert>
  );
}

function LoadingSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading your capital gains" data-testid="tax-loading">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 6 }}>
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} h={96} />
        ))}
      </SimpleGrid>
      <Skeleton h={320} />
    </Stack>
  );
}

export default function TaxPnlPage() {
  usePageTitle('Tax P&L');
  const [params, setParams] = useSearchParams();
  const today = exchangeToday();
  const currentYear = yearChoices([], today)[0]!;
  const asked = params.get('year');
  // the current year's open lots; their answer also tells the years with sales, the newest of which opens first
  const now = useTaxBeforeYouSellQuery({ variables: { financialYear: currentYear }, fetchPolicy: 'cache-and-network' });
  const yearsWithSales = now.data?.capitalGains.yearsWithSales ?? [];
  const year = asked ?? (now.data ? defaultYear(yearsWithSales, today) : null);
  const shown = useTaxPnlPageQuery({
    variables: { financialYear: year ?? currentYear },
    skip: year === null,
    fetchPolicy: 'cache-and-network',
  });
  const report = shown.data?.capitalGains;
  const failure = shown.error ?? (year === null ? now.error : undefined);
  const choices = yearChoices(yearsWithSales, today);
  if (year !== null && !choices.includes(year)) choices.push(year);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <PageHeader title="Tax P&L">
          Capital gains from every broker&apos;s trades, for your income-tax return (resident individual, listed shares,
          STT paid). An estimate to check, not tax advice.
        </PageHeader>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <NativeSelect
            label="Financial year"
            data-testid="tax-year"
            value={year ?? ''}
            disabled={year === null}
            onChange={(event) => setParams({ year: event.currentTarget.value })}
            data={
              year === null
                ? [{ value: '', label: 'Loading…' }]
                : choices.map((value) => ({ value, label: `FY ${value}` }))
            }
          />
          {report && <Downloads financialYear={report.financialYear} />}
        </Group>
      </Group>
      {failure && !report ? (
        <RetryAlert
          title="Your capital gains could not be loaded"
          error={failure}
          testId="tax-error"
          onRetry={() => void (shown.error ? shown.refetch() : now.refetch())}
        />
      ) : !report ? (
        <LoadingSkeleton />
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid="tax-period">
            FY {report.financialYear}: {formatMarketDate(report.from)} to {formatMarketDate(report.to)}
          </Text>
          {report.warnings.length > 0 && (
            <Stack gap="xs" data-testid="tax-warnings">
              {report.warnings.map((warning) => (
                <Alert key={warning} color="yellow" variant="light">
                  {formatDatesInText(warning)}
                </Alert>
              ))}
            </Stack>
          )}
          <Summary report={report} />
          <Exits key={report.financialYear} report={report} />
          <DiffersFromHoldings />
          {now.data ? (
            <BeforeYouSell
              lots={now.data.capitalGains.openLots}
              currentYear={currentYear}
              exemptionLeft={now.data.capitalGains.summary.longTermExemptionLeft}
            />
          ) : now.error ? (
            <RetryAlert
              title="Your open lots could not be loaded"
              error={now.error}
              onRetry={() => void now.refetch()}
            />
          ) : (
            <Skeleton h={240} aria-label="Loading your open lots" />
          )}
        </>
      )}
    </Stack>
  );
}
