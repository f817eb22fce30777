// DeferredChart is imported from './deferred-chart' itself, not from here: a page that imports this file has both
// modules in its graph, and the build would put ApexCharts' immediate import into that page's chunks
export { Chart } from './chart';
export type { ChartProps, ApexOptions } from './chart';
