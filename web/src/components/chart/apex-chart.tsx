/**
 * The one place that imports react-apexcharts (ApexCharts 4.7, the last MIT release). Its default
 * export arrives as the CommonJS module object under Vite 8, hence the unwrapping.
 */
import ChartModule from 'react-apexcharts';
import type { ComponentType } from 'react';
import type { ApexOptions } from 'apexcharts';

export interface ApexChartProps {
  type: 'line' | 'area' | 'bar' | 'candlestick' | 'scatter';
  series: ApexOptions['series'];
  options: ApexOptions;
  height?: number | string;
  width?: number | string;
}

const Chart = ((ChartModule as unknown as { default?: ComponentType<ApexChartProps> }).default ??
  (ChartModule as unknown as ComponentType<ApexChartProps>)) as ComponentType<ApexChartProps>;

export default function ApexChart(props: ApexChartProps) {
  return <Chart {...props} />;
}
