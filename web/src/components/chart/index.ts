export { Chart } from './chart';
export type { ChartProps, ApexOptions } from './chart';
