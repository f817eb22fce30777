/**
 * A chart whose library (ApexCharts, about 150 KiB gzip) starts loading only once the page around it has been
 * drawn and the browser is idle, so the page's figures and tables come first and answer at once; a placeholder
 * of the chart's height holds its place meanwhile (docs/decisions.md#charts-after-the-figures). Company Analysis
 * uses it (its profile, events and statements need no chart library), and so does the investor dashboard.
 *
 * A chart draws only once it comes near the screen (a screen's height ahead of it, so the reader scrolling down
 * finds it drawn): the charts below the fold of a phone were most of the page's blocking work at load, for charts
 * nobody had looked at yet. The charts near the screen then draw one at a time, in the order they came near (the
 * page's order, top first, at load), each in a task of its own after the one before it has been drawn: drawing an
 * ApexCharts chart is one long synchronous piece of work, and all of a page's charts drawn together were one task
 * of over a second on a phone, during which the page answered nothing.
 */
import { Component, createContext, lazy, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { ChartFrame, type ChartProps } from './chart-frame';
import type { ApexChartProps } from './apex-chart';
import { RetryAlert } from '../retry-alert';

const importApexChart = () => import('./apex-chart.deferred');
/** React.lazy keeps a failed import for good: Retry makes a fresh one, which asks for the file again. */
let ApexChart = lazy(importApexChart);

/** How far below (or above) the screen a chart starts drawing: one screen's height, unless the page says otherwise. */
const NEAR_SCREEN_MARGIN = '100% 0px';

/**
 * A chart that draws only once it is on the screen. The investor dashboard's charts sit within a phone screen's
 * height below the fold, so with the usual margin ApexCharts was loaded, evaluated and drawn during the page's
 * start, most of its blocking time (docs/benchmarks.md#page-weight-and-speed).
 */
export const ON_SCREEN_MARGIN = '0px';

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

/** The charts waiting to draw, first in first out, and whether one is drawing now. */
const waiting: Array<() => void> = [];
let drawing = false;

function giveNextTurn() {
  const next = waiting.shift();
  drawing = next !== undefined;
  next?.();
}

/**
 * The chart's turn to draw: false until the charts mounted before it have been drawn. `drawn` ends the turn; the
 * next chart starts in a task of its own (a timer), so the browser can paint and answer input in between.
 */
function useTurn(wanted: boolean): { turn: boolean; drawn: () => void } {
  const [turn, setTurn] = useState(false);
  const [ended] = useState(() => ({ done: false }));
  useEffect(() => {
    if (!wanted || turn) return;
    const grant = () => setTurn(true);
    waiting.push(grant);
    if (!drawing) giveNextTurn();
    return () => {
      const index = waiting.indexOf(grant);
      if (index >= 0) waiting.splice(index, 1);
    };
  }, [wanted, turn]);
  const [drawn] = useState(() => () => {
    if (ended.done) return;
    ended.done = true;
    window.setTimeout(giveNextTurn, 0);
  });
  // a chart that leaves the page during its turn (another route, an empty state) passes the turn on
  useEffect(() => (turn ? drawn : undefined), [turn, drawn]);
  return { turn, drawn };
}

/**
 * Whether the element has come within `margin` of the screen (it stays true: a drawn chart stays drawn).
 * Without IntersectionObserver every chart is near.
 */
function useNearScreen(margin: string): [(element: HTMLDivElement | null) => void, boolean] {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver !== 'function');
  useEffect(() => {
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near, margin]);
  return [setElement, near];
}

/**
 * A chart whose library failed to load (offline, a new deployment): says so with a Retry, in the chart's place,
 * instead of taking the page down; the chart's turn ends all the same (ReportingApexChart's effect runs with this
 * fallback), so the charts after it still draw.
 */
class ChartLoadBoundary extends Component<{ chart: ApexChartProps }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  retry = () => {
    ApexChart = lazy(importApexChart);
    this.setState({ failed: false });
  };

  render() {
    // the current ApexChart, read at each render: after a Retry, the fresh import
    if (!this.state.failed) return <ApexChart {...this.props.chart} />;
    return (
      <RetryAlert
        title="The chart could not be loaded"
        message="Check the connection and retry."
        onRetry={this.retry}
        testId="chart-load-error"
      />
    );
  }
}

const ChartDrawn = createContext<() => void>(() => undefined);

/** ApexCharts, telling its frame once it has drawn (its own effect, which draws the chart, runs before this one). */
function ReportingApexChart(props: ApexChartProps) {
  const drawn = useContext(ChartDrawn);
  useEffect(drawn, [drawn]);
  return <ChartLoadBoundary chart={props} />;
}

export interface DeferredChartProps extends ChartProps {
  /** How far from the screen the chart starts drawing (a rootMargin); a screen's height if not given. */
  nearScreenMargin?: string;
}

export function DeferredChart({ nearScreenMargin = NEAR_SCREEN_MARGIN, ...props }: DeferredChartProps) {
  const started = useStarted();
  const [observe, near] = useNearScreen(nearScreenMargin);
  const { turn, drawn } = useTurn(started && near && !props.empty);
  return (
    <div ref={observe}>
      <ChartDrawn.Provider value={drawn}>
        <ChartFrame {...props} apex={ReportingApexChart} ready={turn} />
      </ChartDrawn.Provider>
    </div>
  );
}
