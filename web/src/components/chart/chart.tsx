/**
 * Charts for pages that need them: ApexCharts is loaded only when a chart is shown, follows the
 * light/dark theme, and shows a friendly empty state instead of breaking on empty data.
 */
import { lazy, Suspense } from 'react';
import { Center, Loader, Text, useComputedColorScheme } from '@mantine/core';
import type { ApexOptions } from 'apexcharts';
import type { ApexChartProps } from './apex-chart';

const ApexChart = lazy(() => import('./apex-chart'));

export interface ChartProps extends ApexChartProps {
  /** True when there is nothing to draw: shows `emptyText` instead. */
  empty?: boolean;
  emptyText?: string;
  testId?: string;
}

export function Chart({
  empty,
  emptyText = 'No data to show yet.',
  testId,
  height = 320,
  options,
  ...rest
}: ChartProps) {
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
  return (
    <div data-testid={testId}>
      <Suspense
        fallback={
          <Center h={height}>
            <Loader aria-label="Loading chart" />
          </Center>
        }
      >
        <ApexChart {...rest} options={themed} height={height} />
      </Suspense>
    </div>
  );
}

export type { ApexOptions };
