/**
 * Company Analysis: the stock against NIFTY 50 (docs/product/home.md#against-the-market): the yearly window's closes
 * and the index's, both rebased to 100 at the chart's first day (the index on a day is its latest close on or before
 * it, `indexValueOn`), and the one-year beta and correlation of daily returns. Defined in the User Guide
 * (/guide#beta-and-correlation). Asked apart from the analysis, after it; an index not loaded is said in words.
 */
import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatIndianNumber, indexValueOn, MARKET_INDEX } from '@bazaar/shared';
import { useCompanyIndexComparisonQuery } from '../../../__generated__/graphql';
import { DeferredChart } from '../../../components/chart/deferred-chart';
import { formatMarketDate } from '../../../lib/dates';
import { datedPoints, lineTickAmount } from './chart-data';
import type { PriceSeriesInput } from './price-charts';

/** Values as points of 100 at the first one (a chart of two lines on one scale); empty without a first value. */
export function rebaseTo100(values: readonly (number | null)[]): (number | null)[] {
  const first = values.find((value) => value !== null && value !== 0);
  if (first === undefined || first === null) return values.map(() => null);
  return values.map((value) => (value === null ? null : Math.round((value / first) * 10_000) / 100));
}

export function IndexComparison({
  symbol,
  yearly,
  mobile,
}: {
  symbol: string;
  yearly: PriceSeriesInput | undefined;
  mobile: boolean;
}) {
  const from = yearly?.dates[0];
  const to = yearly?.dates.at(-1);
  const { data, error, loading } = useCompanyIndexComparisonQuery({
    variables: { symbol, from: from ?? null, to: to ?? null },
    errorPolicy: 'all',
  });
  const comparison = data?.indexComparison;
  const closes = data?.indexCloses ?? [];
  const dates = yearly?.dates ?? [];
  const stock = rebaseTo100((yearly?.prices ?? []).map(Number));
  const index = rebaseTo100(
    dates.map((date) => {
      const close = indexValueOn(closes, date);
      return close === null ? null : Number(close.close);
    }),
  );
  const missing = !loading && (!comparison || closes.length === 0);
  return (
    <div data-testid="index-comparison" style={{ minWidth: 0 }}>
      <Group justify="space-between" gap="xs" mb={4} wrap="wrap">
        <Text fw={600}>
          AGAINST {MARKET_INDEX} (100 = {from ? formatMarketDate(from) : 'the first day'})
        </Text>
        {comparison && (
          <Text size="sm" data-testid="index-beta">
            1-year beta <b>{comparison.beta === null ? '—' : formatIndianNumber(comparison.beta)}</b> · correlation{' '}
            <b>{comparison.correlation === null ? '—' : formatIndianNumber(comparison.correlation)}</b> (
            {comparison.days} days) ·{' '}
            <Anchor component={Link} to="/guide#beta-and-correlation" size="sm">
              what these mean
            </Anchor>
          </Text>
        )}
      </Group>
      {missing ? (
        <Text size="sm" c="dimmed" data-testid="index-missing">
          {error
            ? `${MARKET_INDEX} is not loaded yet, so the stock cannot be compared with it.`
            : 'No index days to compare.'}
        </Text>
      ) : (
        <DeferredChart
          type="line"
          testId="index-chart"
          height={mobile ? 220 : 260}
          empty={dates.length === 0}
          emptyText="No prices in the yearly window."
          series={[
            { name: symbol, data: datedPoints(dates, stock) },
            { name: MARKET_INDEX, data: datedPoints(dates, index) },
          ]}
          options={{
            chart: { toolbar: { show: false }, zoom: { enabled: false }, animations: { enabled: false } },
            stroke: { width: 2, curve: 'straight' },
            dataLabels: { enabled: false },
            xaxis: {
              type: 'datetime',
              tickAmount: lineTickAmount(dates.length, mobile),
              labels: { datetimeUTC: true, rotate: 0, hideOverlappingLabels: true },
            },
            yaxis: { labels: { formatter: (value: number) => value.toFixed(0) } },
            legend: { position: 'top' },
          }}
        />
      )}
    </div>
  );
}
