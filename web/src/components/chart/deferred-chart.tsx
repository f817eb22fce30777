/**
 * A chart whose library (ApexCharts, about 150 KiB gzip) starts loading only once the page around it has been
 * drawn and the browser is idle, so the page's figures and tables come first and answer at once; a placeholder
 * of the chart's height holds its place meanwhile (docs/decisions.md#charts-after-the-figures). Company Analysis
 * uses it: its profile, events and statements need no chart library.
 */
import { lazy, useEffect, useSyncExternalStore } from 'react';
import { ChartFrame, type ChartProps } from './chart-frame';

const ApexChart = lazy(() => import('./apex-chart.deferred'));

/** Once started, charts load at once for the rest of the visit (the library is in the browser then). */
let started = false;
let scheduled = false;
const listeners = new Set<() => void>();

function start() {
  started = true;
  for (const listener of listeners) listener();
}

/** After the first commit: when the browser is idle (at most 1.5 s later), or on the next tick where idle callbacks are missing. */
function scheduleStart() {
  if (scheduled) return;
  scheduled = true;
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(start, { timeout: 1500 });
  else window.setTimeout(start, 50);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function useStarted(): boolean {
  const ready = useSyncExternalStore(
    subscribe,
    () => started,
    () => false,
  );
  useEffect(scheduleStart, []);
  return ready;
}

export function DeferredChart(props: ChartProps) {
  const ready = useStarted();
  return <ChartFrame {...props} apex={ApexChart} ready={ready} />;
}
