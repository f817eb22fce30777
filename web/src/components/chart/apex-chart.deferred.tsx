/**
 * ApexCharts as a page loads it after its figures are drawn (deferred-chart.tsx). A module of its own so that
 * `npm run bench:bundle` can tell this import from the immediate one: modules named `*.deferred.tsx` are loaded
 * after the page is interactive and are reported apart (docs/decisions.md#charts-after-the-figures).
 */
export { default } from './apex-chart';
