/**
 * What every chart shares, whichever way ApexCharts is loaded (chart.tsx at once, deferred-chart.tsx after the
 * page is drawn): the empty state, the light/dark theme, and a placeholder of the chart's own height while the
 * library loads, so nothing below it moves when the chart appears (docs/decisions.md#charts-after-the-figures).
 */
import { Suspense, type ComponentType } from 'react';
import { Center, Loader, Text, useComputedColorScheme } from '@mantine/core';
import type { ApexOptions } from 'apexcharts';
import type { ApexChartProps } from './apex-chart';

export interface ChartProps extends ApexChartProps {
  /** True when there is nothing to draw: shows `emptyText` instead. */
  empty?: boolean;
  emptyText?: string;
  testId?: string;
}

interface ChartFrameProps extends ChartProps {
  /** The ApexCharts component (React.lazy). */
  apex: ComponentType<ApexChartProps>;
  /** False while the chart waits to start loading: the placeholder shows. */
  ready?: boolean;
}

/** ApexCharts' `chart.parentHeightOffset` when not given: its block is that much taller than the SVG. */
const APEX_PARENT_HEIGHT_OFFSET = 15;

/**
 * The placeholder: the height ApexCharts' block will take (the SVG's height and its parent offset). The loader is a
 * status (a label on a span without a role is not announced; axe counts it serious): a chart below the screen
 * keeps its placeholder until the reader scrolls to it.
 */
function Placeholder({ height }: { height: number | string }) {
  return (
    <Center h={height} data-chart-placeholder="">
      <Loader role="status" aria-label="Loading chart" />
    </Center>
  );
}

export function ChartFrame({
  apex: ApexChart,
  ready = true,
  empty,
  emptyText = 'No data to show yet.',
  testId,
  height = 320,
  options,
  ...rest
}: ChartFrameProps) {
  const scheme = useComputedColorScheme('light');
  if (empty) {
    return (
      <Center
        h={typeof height === 'number' ? Math.min(height, 200) : 200}
        data-testid={testId ? `${testId}-empty` : undefined}
      >
        <Text c="dimmed">{emptyText}</Text>
      </Center>
    );
  }
  const themed: ApexOptions = {
    ...options,
    chart: { background: 'transparent', fontFamily: 'inherit', ...options.chart },
    theme: { mode: scheme, ...options.theme },
  };
  const space =
    typeof height === 'number' ? height + (options.chart?.parentHeightOffset ?? APEX_PARENT_HEIGHT_OFFSET) : height;
  return (
    <div data-testid={testId} style={{ minHeight: space }}>
      {ready ? (
        <Suspense fallback={<Placeholder height={space} />}>
          <ApexChart {...rest} options={themed} height={height} />
        </Suspense>
      ) : (
        <Placeholder height={space} />
      )}
    </div>
  );
}
