/**
 * Charts for pages that need them: ApexCharts is loaded only when a chart is shown, follows the
 * light/dark theme, and shows a friendly empty state instead of breaking on empty data.
 * Pages that show figures before their charts use DeferredChart (deferred-chart.tsx) instead.
 */
import { lazy } from 'react';
import { ChartFrame, type ChartProps } from './chart-frame';

const ApexChart = lazy(() => import('./apex-chart'));

export function Chart(props: ChartProps) {
  return <ChartFrame {...props} apex={ApexChart} />;
}

export type { ChartProps };
export type { ApexOptions } from 'apexcharts';
