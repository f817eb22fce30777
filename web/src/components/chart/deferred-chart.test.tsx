/**
 * DeferredChart (docs/decisions.md#charts-after-the-figures): the page is drawn with a placeholder as tall as
 * ApexCharts' block will be (the chart's height plus its parent offset, 15 px unless the options say otherwise),
 * and the library is asked for only after that first render; a chart far below the screen waits until it comes
 * near. ApexCharts is replaced by a stub.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { useEffect } from 'react';
import type { ApexChartProps } from './apex-chart';

const loaded = vi.fn();
/** Called as each stub chart is drawn, with how many charts were still placeholders then. */
const drawn = vi.fn<(placeholdersLeft: number) => void>();
function StubChart(props: ApexChartProps) {
  loaded();
  useEffect(() => drawn(document.querySelectorAll('[data-chart-placeholder]').length), []);
  return <div data-testid="apex-stub" data-height={String(props.height)} />;
}
vi.mock('./apex-chart', () => ({ default: StubChart }));

const { DeferredChart, ON_SCREEN_MARGIN } = await import('./deferred-chart');

afterEach(() => {
  cleanup();
  drawn.mockClear();
  vi.unstubAllGlobals();
});

/** An IntersectionObserver under the test's control: `show(testId)` brings that chart near the screen. */
function stubIntersectionObserver() {
  const observers: Array<{ element: Element; callback: IntersectionObserverCallback; margin?: string }> = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(
        private readonly callback: IntersectionObserverCallback,
        private readonly options?: IntersectionObserverInit,
      ) {}
      observe(element: Element) {
        observers.push({ element, callback: this.callback, margin: this.options?.rootMargin });
      }
      disconnect() {
        // the observers list is the test's record
      }
    },
  );
  return {
    marginOf(testId: string) {
      const frame = screen.getByTestId(testId);
      return observers.find((observer) => observer.element.contains(frame))?.margin;
    },
    show(testId: string) {
      const frame = screen.getByTestId(testId);
      for (const { element, callback } of observers.filter((observer) => observer.element.contains(frame)))
        act(() =>
          callback(
            [{ isIntersecting: true, target: element } as IntersectionObserverEntry],
            {} as IntersectionObserver,
          ),
        );
    },
  };
}

describe('DeferredChart', () => {
  it('draws a placeholder of the chart block height first, then the chart', async () => {
    render(
      <MantineProvider>
        <DeferredChart type="line" series={[]} options={{}} height={300} testId="chart" />
      </MantineProvider>,
    );
    // first render: no chart library yet, the space held (300 px SVG + 15 px)
    expect(loaded).not.toHaveBeenCalled();
    expect(screen.getByRole('status').getAttribute('aria-label')).toBe('Loading chart');
    expect(screen.getByTestId('chart').style.minHeight).toBe('315px');

    const chart = await screen.findByTestId('apex-stub');
    expect(chart.dataset.height).toBe('300');
    expect(screen.getByTestId('chart').style.minHeight).toBe('315px');
  });

  it('keeps the given parent offset and shows the empty state without loading anything', async () => {
    render(
      <MantineProvider>
        <DeferredChart type="bar" series={[]} options={{ chart: { parentHeightOffset: 0 } }} height={240} testId="a" />
        <DeferredChart type="bar" series={[]} options={{}} height={240} testId="b" empty emptyText="Nothing yet" />
      </MantineProvider>,
    );
    expect(screen.getByTestId('a').style.minHeight).toBe('240px');
    expect(screen.getByTestId('b-empty').textContent).toBe('Nothing yet');
    await screen.findByTestId('apex-stub');
    expect(screen.getAllByTestId('apex-stub')).toHaveLength(1);
  });

  it('draws the charts one at a time, top first, each after the one before it', async () => {
    render(
      <MantineProvider>
        {['first', 'second', 'third'].map((id) => (
          <DeferredChart key={id} type="line" series={[]} options={{}} height={200} testId={id} />
        ))}
      </MantineProvider>,
    );
    // each chart reports in its effect, which a busy machine runs a while after the chart is in the page: the wait
    // is for the three reports
    await waitFor(() => expect(drawn).toHaveBeenCalledTimes(3));
    expect(screen.getAllByTestId('apex-stub')).toHaveLength(3);
    // drawn together, each would have seen no placeholder left
    expect(drawn.mock.calls.map(([left]) => left)).toEqual([2, 1, 0]);
    expect(screen.getByTestId('first').querySelector('[data-testid="apex-stub"]')).toBeTruthy();
  });

  it('draws a chart far below the screen only once it comes near, after the charts near the screen', async () => {
    const observer = stubIntersectionObserver();
    render(
      <MantineProvider>
        {['top', 'below'].map((id) => (
          <DeferredChart key={id} type="line" series={[]} options={{}} height={200} testId={id} />
        ))}
      </MantineProvider>,
    );
    observer.show('top');
    await waitFor(() => expect(screen.getByTestId('top').querySelector('[data-testid="apex-stub"]')).toBeTruthy());
    expect(screen.getByTestId('below').querySelector('[data-chart-placeholder]')).toBeTruthy();
    expect(screen.getAllByTestId('apex-stub')).toHaveLength(1);

    observer.show('below');
    await waitFor(() => expect(screen.getAllByTestId('apex-stub')).toHaveLength(2));
  });

  it('starts drawing a screen ahead by default, and only on the screen when the page asks so', () => {
    const observer = stubIntersectionObserver();
    render(
      <MantineProvider>
        <DeferredChart type="line" series={[]} options={{}} height={200} testId="ahead" />
        <DeferredChart
          type="line"
          series={[]}
          options={{}}
          height={200}
          testId="on-screen"
          nearScreenMargin={ON_SCREEN_MARGIN}
        />
      </MantineProvider>,
    );
    expect(observer.marginOf('ahead')).toBe('100% 0px');
    expect(observer.marginOf('on-screen')).toBe('0px');
  });
});
