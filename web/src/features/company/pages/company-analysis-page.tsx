/**
 * Company Analysis (/company-analysis/:symbol, docs/product/company.md): profile table, events, the five
 * period line charts, the moving-average chart, the candlestick chart, and the fundamentals
 * (Balance Sheet, Profit Loss, Profit chart), all from one `companyAnalysis` request.
 * Navigation state may carry the trend the user came from (its chart is marked); the symbol
 * always comes from the address. Unlike the old app, empty lists never break the page: each
 * section shows its own empty state, and a symbol nobody knows gets a clear not-found message.
 * The price windows end on the symbol's own latest trading day; when that is older than the
 * market's, the section says so (docs/product/company.md#price-windows). The charts show
 * split- and bonus-adjusted prices with each ex-date marked; the Adjusted / Raw toggle asks for the
 * raw ones again (docs/product/company.md#adjusted-prices), keeping the page shown while they load.
 */
import { useDeferredValue, useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { Skeleton, SimpleGrid, Stack, Text } from '@mantine/core';
import { isTrendPeriod, type TrendPeriod } from '@bazaar/shared';
import { useCompanyAnalysisPageQuery, type CompanyAnalysisPageQuery } from '../../../__generated__/graphql';
import { recentAnalysis, rememberAnalysis } from '../api/recent-analyses';
import { usePageTitle } from '../../../components/page-title';
import { WatchButton } from '../../../components/watch';
import { RetryAlert } from '../../../components/retry-alert';
import { formatMarketDate } from '../../../lib/dates';
import { errorCode, errorMessage } from '../../../lib/errors';
import { AverageChart } from '../components/average-chart';
import { CompanyAnalysisHeading } from '../components/company-analysis-heading';
import { CompanyProfile, EventsSection } from '../components/company-profile';
import { Fundamentals } from '../components/fundamentals';
import { CandlestickChart, PeriodLineCharts } from '../components/price-charts';
import { IndexComparison } from '../components/index-comparison';
import { NotFoundMessage, type CompanyAnalysisNavigationState } from '../components/not-found';
import { PriceBasisToggle, type PriceBasis } from '../components/price-basis-toggle';
import { Section } from '../components/section';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { companyNameBeforeAnswer, symbolOfAddress } from '../components/company-analysis-placeholder';

type Analysis = CompanyAnalysisPageQuery['companyAnalysis'];

/** Nothing at all is known about the symbol: no company record, no prices, no events, no statements. */
export function isUnknownSymbol(analysis: Analysis): boolean {
  return (
    !analysis.company &&
    analysis.candles.length === 0 &&
    analysis.events.pastEvents.length === 0 &&
    analysis.events.upcomingEvents.length === 0 &&
    analysis.profitAndLoss.length === 0 &&
    analysis.balanceSheets.length === 0
  );
}

function trendFromState(state: unknown): TrendPeriod | undefined {
  const trend = (state as CompanyAnalysisNavigationState | null)?.trend;
  return typeof trend === 'string' && isTrendPeriod(trend) ? trend : undefined;
}

function LoadingSkeleton() {
  return (
    <Stack gap="md" data-testid="company-analysis-loading" aria-busy="true" aria-label="Loading company analysis">
      <Skeleton h={36} w={260} />
      <Skeleton h={260} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Skeleton h={240} />
        <Skeleton h={240} />
      </SimpleGrid>
      <Skeleton h={500} />
    </Stack>
  );
}

export default function CompanyAnalysisPage() {
  const params = useParams<{ symbol: string }>();
  const location = useLocation();
  const symbol = symbolOfAddress(params.symbol);
  const trend = trendFromState(location.state);
  // the name another screen passed along, or the one the served page showed (no name → symbol → name flicker)
  const passedName = companyNameBeforeAnswer(symbol, location.state);
  const mobile = useIsMobile();
  usePageTitle(symbol ? `${symbol} · Company Analysis` : 'Company Analysis');
  const [basis, setBasis] = useState<PriceBasis>('adjusted');
  const adjusted = basis === 'adjusted';
  const {
    data: answer,
    previousData,
    loading,
    error,
    refetch,
  } = useCompanyAnalysisPageQuery({
    variables: { symbol, adjusted },
    skip: symbol === '',
    // not through the normalised cache: the answers this visit has seen are kept whole (recent-analyses.ts)
    fetchPolicy: 'no-cache',
    notifyOnNetworkStatusChange: true,
  });
  useEffect(() => {
    // only a settled answer: while the other basis loads, what is shown may still be the previous basis' answer
    if (answer && !loading) rememberAnalysis(answer.companyAnalysis.symbol, adjusted, answer);
  }, [answer, adjusted, loading]);
  // an answer seen before is shown at once while the server is asked again
  const current = answer ?? recentAnalysis(symbol, adjusted);
  // while the other basis loads, the page stays as it was (same symbol only)
  const latest = current ?? (previousData?.companyAnalysis.symbol === symbol ? previousData : undefined);
  // the analysis is drawn as a deferred value: React renders the whole page in slices instead of one long task
  // when the answer arrives (a phone's main thread stays free; docs/benchmarks.md#page-weight-and-speed); the skeleton
  // stays until then
  const data = useDeferredValue(latest);

  const headingName = data ? data.companyAnalysis.company?.companyName : passedName;
  const heading = (
    <CompanyAnalysisHeading symbol={symbol} companyName={headingName}>
      {symbol !== '' && <WatchButton symbol={symbol} />}
    </CompanyAnalysisHeading>
  );

  if (symbol === '') return <NotFoundMessage symbol="" detail="No symbol was given." />;
  if ((loading || latest) && !data) {
    return (
      <Stack gap="md">
        {heading}
        <LoadingSkeleton />
      </Stack>
    );
  }
  if (error && !data) {
    if (errorCode(error) === 'BAD_USER_INPUT' || errorCode(error) === 'NOT_FOUND') {
      return (
        <Stack gap="md">
          {heading}
          <NotFoundMessage symbol={symbol} detail={errorMessage(error)} />
        </Stack>
      );
    }
    return (
      <Stack gap="md">
        {heading}
        <RetryAlert
          title="The analysis could not be loaded"
          error={error}
          onRetry={() => void refetch()}
          testId="company-analysis-error"
          maw={640}
        />
      </Stack>
    );
  }
  if (!data) return null;
  const analysis = data.companyAnalysis;
  const events = [...analysis.events.pastEvents, ...analysis.events.upcomingEvents];
  if (isUnknownSymbol(analysis)) {
    return (
      <Stack gap="md">
        {heading}
        <NotFoundMessage symbol={symbol} />
      </Stack>
    );
  }

  return (
    <Stack gap="md" data-testid="company-analysis" style={{ minWidth: 0 }}>
      {heading}
      <CompanyProfile analysis={analysis} />
      <EventsSection
        symbol={analysis.symbol}
        past={analysis.events.pastEvents}
        upcoming={analysis.events.upcomingEvents}
      />
      <Section title="Technical Analysis" testId="technical-section">
        {analysis.candles.length === 0 && (
          <Text c="dimmed" data-testid="no-prices">
            There are no prices for {analysis.symbol} yet: the charts fill in once prices are uploaded.
          </Text>
        )}
        {analysis.pricesUpTo && analysis.marketLatestDate && analysis.pricesUpTo < analysis.marketLatestDate && (
          <Text size="sm" c="dimmed" data-testid="prices-up-to">
            Prices up to {formatMarketDate(analysis.pricesUpTo)}; the market&apos;s latest day is{' '}
            {formatMarketDate(analysis.marketLatestDate)}.
          </Text>
        )}
        {analysis.candles.length > 0 && (
          <PriceBasisToggle value={basis} onChange={setBasis} loading={loading && !current} />
        )}
        {error && !current && (
          <RetryAlert
            title="The prices could not be loaded"
            error={error}
            onRetry={() => void refetch()}
            testId="price-basis-error"
            maw={640}
          />
        )}
        <PeriodLineCharts
          series={analysis.priceSeries}
          mobile={mobile}
          trend={trend}
          events={events}
          asOf={analysis.pricesUpTo}
        />
        <IndexComparison
          key={`index-${analysis.symbol}`}
          symbol={analysis.symbol}
          yearly={analysis.priceSeries.find((item) => item.period === 'YEARLY')}
          mobile={mobile}
        />
        <AverageChart
          key={analysis.symbol}
          symbol={analysis.symbol}
          closes={analysis.candles}
          mobile={mobile}
          adjusted={adjusted}
        />
        <CandlestickChart candles={analysis.candles} mobile={mobile} events={events} />
      </Section>
      <Section title="Fundamental Analysis" testId="fundamental-section">
        <Fundamentals profitAndLoss={analysis.profitAndLoss} balanceSheets={analysis.balanceSheets} mobile={mobile} />
      </Section>
    </Stack>
  );
}
