/**
 * The SMA chart of Company Analysis: inputs 'Enter Price Size' and 'Enter Window Size' (the chart
 * refetches when they change, after a short pause in typing), the product's six colour dots that colour
 * the average's line, and a selector for the other seven averages of the User Guide (EMA, WMA, HMA,
 * SMMA, KAMA, DEMA, TEMA through the movingAverage query; SMA through the product's sma call).
 * The closes the average is computed over are drawn beside it. Both are adjusted for splits and
 * bonuses, or both raw, as the page's Adjusted / Raw toggle says.
 */
import { useState } from 'react';
import {
  Alert,
  ColorSwatch,
  Group,
  Loader,
  NativeSelect,
  NumberInput,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';
import {
  isMovingAverageKind,
  MOVING_AVERAGE_KINDS,
  MOVING_AVERAGE_NAMES,
  SMA_DOT_COLOURS,
  type MovingAverageKind,
} from '@bazaar/shared';
import { useCompanyMovingAverageQuery, useCompanySmaQuery } from '../../../__generated__/graphql';
import { RetryAlert } from '../../../components/retry-alert';
import type { ApexOptions } from '../../../components/chart';
import { DeferredChart } from '../../../components/chart/deferred-chart';
import { Hint } from '../../../components/popup';
import {
  alignAverageToCloses,
  averageInputsProblem,
  datedPoints,
  defaultAverageSizes,
  lineTickAmount,
  PRICE_LINE_OPTIONS,
  SMA_DOT_CSS,
} from './chart-data';
import { Section } from './section';

type DotColour = (typeof SMA_DOT_COLOURS)[number];

const AVERAGE_CHOICES = MOVING_AVERAGE_KINDS.map((value) => ({
  value,
  label: `${value}: ${MOVING_AVERAGE_NAMES[value]}`,
}));

export interface AverageChartProps {
  symbol: string;
  closes: readonly { date: string; closePrice: string }[];
  mobile: boolean;
  /** Average the adjusted closes (the default) or the raw ones; `closes` must be the same kind. */
  adjusted?: boolean;
}

export function AverageChart({ symbol, closes, mobile, adjusted = true }: AverageChartProps) {
  const initial = defaultAverageSizes(closes.length);
  const [priceSize, setPriceSize] = useState<number | string>(initial.priceSize);
  const [windowSize, setWindowSize] = useState<number | string>(initial.windowSize);
  const [kind, setKind] = useState<MovingAverageKind>('SMA');
  const [colour, setColour] = useState<DotColour>('blue');
  // one value each: a new array every render would restart the timer for ever
  const [debouncedPrice] = useDebouncedValue(priceSize, 400);
  const [debouncedWindow] = useDebouncedValue(windowSize, 400);

  const problem =
    closes.length === 0 ? null : averageInputsProblem(symbol, debouncedPrice, debouncedWindow, closes.length);
  const sizes = { priceSize: Number(debouncedPrice), windowSize: Number(debouncedWindow) };
  const canAsk = closes.length > 0 && problem === null;
  const sma = useCompanySmaQuery({ variables: { symbol, ...sizes, adjusted }, skip: !canAsk || kind !== 'SMA' });
  const other = useCompanyMovingAverageQuery({
    variables: { symbol, kind, window: sizes.windowSize, priceSize: sizes.priceSize, adjusted },
    skip: !canAsk || kind === 'SMA',
  });
  const result =
    kind === 'SMA'
      ? { points: sma.data?.sma, loading: sma.loading, error: sma.error, refetch: sma.refetch }
      : { points: other.data?.movingAverage, loading: other.loading, error: other.error, refetch: other.refetch };
  const points = canAsk ? result.points : undefined;
  const aligned = points ? alignAverageToCloses(closes, points, sizes.priceSize) : null;
  const averageName = `${kind} (${sizes.windowSize})`;

  const options: ApexOptions = {
    chart: { id: 'moving-average', toolbar: { show: false }, zoom: { enabled: false }, animations: { enabled: false } },
    colors: ['#868e96', SMA_DOT_CSS[colour]],
    stroke: { width: [1.5, 2.5], curve: 'straight' },
    dataLabels: { enabled: false },
    legend: { show: true, position: 'top' },
    xaxis: {
      type: 'datetime',
      tickAmount: lineTickAmount(aligned?.dates.length ?? 0, mobile),
      labels: { datetimeUTC: true, rotate: 0, hideOverlappingLabels: true },
      tooltip: { enabled: false },
    },
    ...PRICE_LINE_OPTIONS,
  };

  return (
    <Section title="Moving Average" order={3} testId="average-section">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NumberInput
          label="Enter Price Size"
          value={priceSize}
          onChange={setPriceSize}
          min={1}
          max={closes.length || undefined}
          allowDecimal={false}
          allowNegative={false}
          w={mobile ? '100%' : 160}
        />
        <NumberInput
          label="Enter Window Size"
          value={windowSize}
          onChange={setWindowSize}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          w={mobile ? '100%' : 160}
        />
        {/* a native select, like the colour dots' hints without floating-ui: Mantine's Select and Tooltip measure
            the page when they mount (docs/decisions.md#pop-overs-and-hints-without-floating-ui) */}
        <NativeSelect
          label="Average"
          data={AVERAGE_CHOICES}
          value={kind}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isMovingAverageKind(value)) setKind(value);
          }}
          w={mobile ? '100%' : 300}
        />
      </Group>
      <Group gap={6} role="group" aria-label="Line colour">
        {SMA_DOT_COLOURS.map((dot) => (
          <Hint key={dot} label={dot}>
            <UnstyledButton aria-label={`Colour ${dot}`} aria-pressed={colour === dot} onClick={() => setColour(dot)}>
              <ColorSwatch color={SMA_DOT_CSS[dot]} size={22} style={{ color: '#fff', cursor: 'pointer' }}>
                {colour === dot && <IconCheck size={14} />}
              </ColorSwatch>
            </UnstyledButton>
          </Hint>
        ))}
      </Group>
      {closes.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg" data-testid="average-empty">
          No prices for {symbol} yet, so there is no average to draw.
        </Text>
      ) : problem ? (
        <Alert color="yellow" data-testid="average-problem">
          {problem}
        </Alert>
      ) : result.error ? (
        <RetryAlert
          title="The average could not be loaded"
          error={result.error}
          onRetry={() => void result.refetch()}
          testId="average-error"
        />
      ) : !aligned ? (
        <Group justify="center" h={280}>
          <Loader aria-label="Loading the average" />
        </Group>
      ) : (
        <Stack gap={4} data-testid="average-chart" data-points={points?.length ?? 0}>
          <Text size="sm" c="dimmed" data-testid="average-caption">
            {averageName} over the last {sizes.priceSize} closes: {points?.length ?? 0} points
          </Text>
          <DeferredChart
            type="line"
            height={mobile ? 240 : 300}
            series={[
              { name: 'Close', data: datedPoints(aligned.dates, aligned.closes) },
              { name: averageName, data: datedPoints(aligned.dates, aligned.average) },
            ]}
            options={options}
          />
        </Stack>
      )}
    </Section>
  );
}
