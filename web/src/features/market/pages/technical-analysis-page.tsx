/**
 * Technical Analysis (docs/product/market.md): two cards, High Trends and Low Trends, each with the sub-sections
 * Weekly, Monthly, Quarterly, Half Yearly and Yearly (search, tiles, pager). The ten lists arrive in one
 * `technicalAnalysis` GraphQL request (the old page made eleven REST calls); a loader shows until it
 * returns. The 12-month extremes are not shown on this page, so they are not requested. The lists
 * are those of the latest trading day unless a past day is picked (docs/product/market.md#any-day):
 * the day travels in the address (`?asOf=YYYY-MM-DD`) and the note under the heading names it.
 */
import { useDeferredValue } from 'react';
import { Card, Center, Divider, Group, Loader, Stack, Title } from '@mantine/core';
import { TREND_PERIOD_LABELS, TREND_PERIODS, type TrendDirection, type TrendPeriod } from '@bazaar/shared';
import {
  useTechnicalAnalysisPageQuery,
  type PeriodCoverageFieldsFragment,
  type TrendListsFieldsFragment,
} from '../../../__generated__/graphql';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../components/page-title';
import { RetryAlert } from '../../../components/retry-alert';
import { LOADING_MIN_HEIGHT, tradeDateNote } from '../components/trade-date-param';
import { usePageTradeDate } from '../components/use-trade-date';
import { TrendSection } from '../components/trend-section';

/** Which field of TrendLists holds each period's list. */
const LIST_OF_PERIOD: Record<TrendPeriod, keyof TrendListsFieldsFragment> = {
  WEEKLY: 'weekly',
  MONTHLY: 'monthly',
  QUARTERLY: 'quarterly',
  HALFYEARLY: 'halfYearly',
  YEARLY: 'yearly',
};

/** The page's two cards, highs first, and which lists of the answer each shows. */
const TREND_CARDS = [
  { title: 'High Trends', direction: 'HIGH', lists: 'highs' },
  { title: 'Low Trends', direction: 'LOW', lists: 'lows' },
] as const;

function TrendCard({
  title,
  direction,
  lists,
  coverage,
  asOf,
}: {
  title: string;
  direction: TrendDirection;
  lists: TrendListsFieldsFragment;
  coverage: readonly PeriodCoverageFieldsFragment[];
  asOf: string | null;
}) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={`trend-card-${direction.toLowerCase()}`}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {title}
        </Title>
        {TREND_PERIODS.map((period, index) => (
          <Stack key={period} gap="md">
            {index > 0 && <Divider />}
            <TrendSection
              direction={direction}
              period={period}
              label={TREND_PERIOD_LABELS[period]}
              items={lists[LIST_OF_PERIOD[period]]}
              coverage={windowCoverage(coverage, period, asOf)}
            />
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

/** A period's coverage with the day its window ends on, for the list's short-history note. */
function windowCoverage(
  coverage: readonly PeriodCoverageFieldsFragment[],
  period: TrendPeriod,
  asOf: string | null,
): { window: PeriodCoverageFieldsFragment; asOf: string } | null {
  const window = coverage.find((entry) => entry.period === period);
  return window && asOf ? { window, asOf } : null;
}

export default function TechnicalAnalysisPage() {
  usePageTitle('Technical Analysis');
  const { tradeDate, latestTradeDate, isLatest, picker } = usePageTradeDate('technical-analysis-day');
  const { data, loading, error, refetch } = useTechnicalAnalysisPageQuery({
    variables: { asOf: isLatest ? null : tradeDate },
    fetchPolicy: 'cache-and-network',
  });
  // the lists (up to 250 tiles) are drawn as a deferred value: React renders them in slices between which the
  // browser stays responsive, not in one long task when the answer arrives
  // (docs/decisions.md#trend-tiles-as-plain-elements)
  const analysis = useDeferredValue(data?.technicalAnalysis);
  // the trading day of the lists; while they load, the one they are asked for (known from the trading days)
  const noteTradeDate = analysis ? analysis.asOf : tradeDate;

  // the heading, its note's line and the picker in every state: the page's h1 is there at once, and nothing above
  // the lists moves when they arrive
  const header = (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
      <PageHeader title="Technical Analysis" noteTestId="technical-analysis-as-of">
        {noteTradeDate
          ? `${tradeDateNote('Symbols at a new high or low for each period, as of', noteTradeDate, latestTradeDate)}.`
          : analysis
            ? 'No stock prices have been uploaded yet.'
            : '\u00a0'}
      </PageHeader>
      {picker}
    </Group>
  );

  if (!analysis) {
    return (
      // a screen tall until the lists arrive, so the footer below does not jump when they do
      <Stack gap="md" mih={LOADING_MIN_HEIGHT}>
        {header}
        {error && !loading ? (
          <RetryAlert
            title="The trend lists could not be loaded"
            error={error}
            onRetry={() => void refetch()}
            testId="technical-analysis-error"
          />
        ) : (
          <Center py={60}>
            <Loader aria-label="Loading the trend lists" data-testid="technical-analysis-loader" />
          </Center>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md" data-testid="technical-analysis">
      {header}
      {TREND_CARDS.map(({ title, direction, lists }) => (
        <TrendCard
          key={direction}
          title={title}
          direction={direction}
          lists={analysis[lists]}
          coverage={analysis.coverage}
          asOf={analysis.asOf ?? null}
        />
      ))}
    </Stack>
  );
}
