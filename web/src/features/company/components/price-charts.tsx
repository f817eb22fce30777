/**
 * The price charts of Company Analysis: the five period line charts and the candlestick chart
 * 'Stock Price Candlestick Chart' (x-axis zoom, height 500). Mobile variants have fewer x ticks
 * and take the full width; a symbol without prices shows an empty state instead of a broken chart.
 * Each ex-date of a split, bonus, consolidation or dividend inside a chart's days is marked on it
 * (docs/product/company.md#adjusted-prices), and listed in words under the candlestick chart. A chart whose
 * window the loaded prices do not cover says so under its title, as the Technical Analysis lists do
 * (docs/product/market.md#short-history).
 */
import { Badge, Group, SimpleGrid, Text } from '@mantine/core';
import { formatMarketDate } from '../../../lib/dates';
import { TREND_PERIOD_LABELS, type PeriodCoverage, type TrendPeriod } from '@bazaar/shared';
import type { ApexOptions } from '../../../components/chart';
import { CoverageNote } from '../../../components/coverage-note';
import { DeferredChart } from '../../../components/chart/deferred-chart';
import {
  CANDLE_HEIGHT,
  datedPoints,
  exDateAnnotations,
  exDateMarks,
  lineTickAmount,
  PRICE_LINE_OPTIONS,
  priceLabel,
  toCandlePoints,
  trendColour,
  type CandleInput,
  type ChartEventInput,
  type ExDateMark,
} from './chart-data';
import { Section } from './section';

export interface PriceSeriesInput {
  period: TrendPeriod;
  dates: readonly string[];
  prices: readonly string[];
  /** Whether the loaded prices cover the window (absent: no note). */
  coverage?: PeriodCoverage | null;
}

/** The chart titles (docs/product/company.md): WEEKLY, MONTHLY, QUARTERLY, HALF YEARLY, YEARLY. */
export function periodTitle(period: TrendPeriod): string {
  return TREND_PERIOD_LABELS[period].toUpperCase();
}

function PeriodLineChart({
  series,
  mobile,
  highlighted,
  events,
  asOf,
}: {
  series: PriceSeriesInput;
  mobile: boolean;
  highlighted: boolean;
  events: readonly ChartEventInput[];
  asOf: string | null | undefined;
}) {
  const title = periodTitle(series.period);
  const colour = trendColour(series.prices);
  const marks = exDateMarks(events, series.dates[0], series.dates.at(-1));
  const options: ApexOptions = {
    chart: {
      id: `price-${series.period}`,
      toolbar: { show: false },
      zoom: { enabled: false },
      animations: { enabled: false },
    },
    colors: [colour],
    stroke: { width: 2, curve: 'straight' },
    dataLabels: { enabled: false },
    // the days as UTC midnights with UTC labels: the same dates under any browser time zone
    xaxis: {
      type: 'datetime',
      tickAmount: lineTickAmount(series.dates.length, mobile),
      labels: {
        datetimeUTC: true,
        rotate: 0,
        hideOverlappingLabels: true,
        style: { fontSize: mobile ? '10px' : '11px' },
      },
      tooltip: { enabled: false },
    },
    annotations: exDateAnnotations(marks, mobile),
    ...PRICE_LINE_OPTIONS,
  };
  return (
    <div
      data-testid={`price-chart-${series.period}`}
      data-marks={marks.map((mark) => `${mark.date} ${mark.label}`).join('; ')}
      style={{ minWidth: 0 }}
    >
      <Group gap="xs" mb={4}>
        <Text fw={600}>{title}</Text>
        {highlighted && (
          <Badge size="sm" variant="light">
            selected trend
          </Badge>
        )}
      </Group>
      <CoverageNote
        period={series.period}
        coverage={series.coverage}
        asOf={asOf}
        whatCovers="this chart covers"
        testId={`price-chart-${series.period}-coverage`}
      />
      <DeferredChart
        type="line"
        height={mobile ? 220 : 260}
        series={[{ name: 'Close', data: datedPoints(series.dates, series.prices.map(Number)) }]}
        options={options}
        empty={series.prices.length === 0}
        emptyText={`No prices in the ${TREND_PERIOD_LABELS[series.period].toLowerCase()} window.`}
      />
    </div>
  );
}

export function PeriodLineCharts({
  series,
  mobile,
  trend,
  events = [],
  asOf,
}: {
  series: readonly PriceSeriesInput[];
  mobile: boolean;
  trend?: TrendPeriod;
  /** The symbol's corporate actions: their ex-dates are marked. */
  events?: readonly ChartEventInput[];
  /** The day the windows end on (the symbol's latest trading day), for the short-history notes. */
  asOf?: string | null;
}) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="period-charts">
      {series.map((item) => (
        <PeriodLineChart
          key={item.period}
          series={item}
          mobile={mobile}
          highlighted={item.period === trend}
          events={events}
          asOf={asOf ?? item.dates.at(-1)}
        />
      ))}
    </SimpleGrid>
  );
}

/** The marked ex-dates in words (what the chart's labels say, readable without the chart). */
function MarksList({ marks }: { marks: readonly ExDateMark[] }) {
  if (marks.length === 0) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="ex-date-marks">
      Ex-dates marked:{' '}
      {marks.map((mark, index) => (
        <span key={mark.date} data-testid="ex-date-mark" data-date={mark.date}>
          {index > 0 && ', '}
          {mark.label} on {formatMarketDate(mark.date)}
        </span>
      ))}
    </Text>
  );
}

export function CandlestickChart({
  candles,
  mobile,
  events = [],
}: {
  candles: readonly CandleInput[];
  mobile: boolean;
  /** The symbol's corporate actions: their ex-dates are marked. */
  events?: readonly ChartEventInput[];
}) {
  const marks = exDateMarks(events, candles[0]?.date, candles.at(-1)?.date);
  const options: ApexOptions = {
    chart: {
      id: 'candles',
      zoom: { enabled: true, type: 'x', autoScaleYaxis: true },
      toolbar: {
        show: true,
        autoSelected: 'zoom',
        tools: { download: false, pan: true, reset: true, zoom: true, zoomin: true, zoomout: true, selection: false },
      },
      animations: { enabled: false },
    },
    // the days are UTC midnights drawn with UTC labels: the same dates under any browser time zone
    xaxis: { type: 'datetime', labels: { datetimeUTC: true }, tickAmount: mobile ? 4 : undefined },
    yaxis: { tooltip: { enabled: true }, labels: { formatter: priceLabel } },
    plotOptions: { candlestick: { colors: { upward: '#2f9e44', downward: '#e03131' } } },
    annotations: exDateAnnotations(marks, mobile),
  };
  return (
    <Section title="Stock Price Candlestick Chart" order={3} testId="candlestick-section">
      <DeferredChart
        testId="candlestick-chart"
        type="candlestick"
        height={CANDLE_HEIGHT}
        series={[{ name: 'Price', data: toCandlePoints(candles) }]}
        options={options}
        empty={candles.length === 0}
        emptyText="No prices to draw yet."
      />
      <MarksList marks={marks} />
    </Section>
  );
}
