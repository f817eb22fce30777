/**
 * Technical Analysis (docs/product/market.md): two cards, High Trends and Low Trends, each with the sub-sections
 * Weekly, Monthly, Quarterly, Half Yearly and Yearly (search, tiles, pager). The ten lists arrive in one
 * `technicalAnalysis` GraphQL request (the old page made eleven REST calls); a loader shows until it
 * returns. The 12-month extremes are not shown on this page, so they are not requested.
 */
import { Card, Center, Divider, Loader, Stack, Title } from '@mantine/core';
import { TREND_PERIOD_LABELS, TREND_PERIODS, type TrendDirection, type TrendPeriod } from '@bazaar/shared';
import { useTechnicalAnalysisPageQuery, type TrendListsFieldsFragment } from '../../../__generated__/graphql';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../components/page-title';
import { RetryAlert } from '../../../components/retry-alert';
import { formatMarketDate } from '../../../lib/dates';
import { errorMessage } from '../../../lib/errors';
import { TrendSection } from '../components/trend-section';

/** Which field of TrendLists holds each period's list. */
const LIST_OF_PERIOD: Record<TrendPeriod, keyof TrendListsFieldsFragment> = {
  WEEKLY: 'weekly',
  MONTHLY: 'monthly',
  QUARTERLY: 'quarterly',
  HALFYEARLY: 'halfYearly',
  YEARLY: 'yearly',
};

function TrendCard({
  title,
  direction,
  lists,
}: {
  title: string;
  direction: TrendDirection;
  lists: TrendListsFieldsFragment;
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
            />
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

export default function TechnicalAnalysisPage() {
  usePageTitle('Technical Analysis');
  const { data, loading, error, refetch } = useTechnicalAnalysisPageQuery({ fetchPolicy: 'cache-and-network' });
  const analysis = data?.technicalAnalysis;

  if (!analysis) {
    if (error && !loading) {
      return (
        <RetryAlert
          title="Technical Analysis"
          message={errorMessage(error, 'The trend lists could not be loaded. Please try again.')}
          onRetry={() => void refetch()}
          retryLabel="Try again"
          testId="technical-analysis-error"
        />
      );
    }
    return (
      <Center py={60}>
        <Loader aria-label="Loading the trend lists" data-testid="technical-analysis-loader" />
      </Center>
    );
  }

  return (
    <Stack gap="md" data-testid="technical-analysis">
      <PageHeader title="Technical Analysis" noteTestId="technical-analysis-as-of">
        {analysis.asOf
          ? `Symbols at a new high or low for each period, as of ${formatMarketDate(analysis.asOf)}.`
          : 'No stock prices have been uploaded yet.'}
      </PageHeader>
      <TrendCard title="High Trends" direction="HIGH" lists={analysis.highs} />
      <TrendCard title="Low Trends" direction="LOW" lists={analysis.lows} />
    </Stack>
  );
}
