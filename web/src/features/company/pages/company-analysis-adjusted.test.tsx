/**
 * The Adjusted / Raw toggle of Company Analysis in jsdom (docs/product/company.md#adjusted-prices):
 * the charts start on adjusted prices with the split's ex-date marked; choosing Raw (a radio of a
 * labelled group, reached by keyboard) asks for `adjusted: false` and the charts draw the raw
 * prices, with the split still marked. ApexCharts is replaced by a stub that shows what each chart
 * was given; the real charts are checked in the browser (web/e2e/analysis.e2e.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { CompanyAnalysisPageDocument, CompanySmaDocument } from '../../../__generated__/graphql';
import { renderPage } from '../../../test/render-page';
import CompanyAnalysisPage from './company-analysis-page';

// Company Analysis draws its charts with DeferredChart (ApexCharts once the figures are drawn)
vi.mock('../../../components/chart/deferred-chart', () => ({
  DeferredChart: (props: { testId?: string; series: unknown; options: { annotations?: unknown }; type: string }) => (
    <div
      data-testid={props.testId ?? `stub-${props.type}`}
      data-series={JSON.stringify(props.series)}
      data-annotations={JSON.stringify(props.options.annotations ?? null)}
    />
  ),
}));

afterEach(cleanup);

// user-event walks a radio group with CSS.escape, which jsdom lacks (the names here need no escaping)
if (!globalThis.CSS?.escape) {
  (globalThis as unknown as { CSS: { escape: (value: string) => string } }).CSS = { escape: (value) => value };
}

const PERIODS = ['WEEKLY', 'MONTHLY', 'QUARTERLY', 'HALFYEARLY', 'YEARLY'] as const;
const DATES = ['2019-09-17', '2019-09-18', '2019-09-19', '2019-09-20'];
// HDFCBANK's real closes around its 2-for-1 split of 19-Sep-2019
const RAW = ['2211.35', '2187.75', '1101.05', '1199.6'];
const ADJUSTED = ['1105.675', '1093.875', '1101.05', '1199.6'];

const SPLIT = {
  __typename: 'CorporateAction' as const,
  id: '11',
  symbol: 'HDFCBANK',
  companyName: 'HDFC Bank Limited',
  series: 'EQ',
  purpose: 'Face Value Split (Sub-Division) - From Rs 2 Per Share To Rs 1 Per Share',
  faceValue: '1',
  exDate: '2019-09-19',
  recordDate: '2019-09-20',
  kind: 'SPLIT' as const,
  factor: '2',
  dividendPerShare: null,
  label: '1:2 split',
};

/** The page's answer (with the __typename fields the cache wants) for these closes. */
function analysis(closes: readonly string[]) {
  return {
    companyAnalysis: {
      __typename: 'CompanyAnalysis',
      symbol: 'HDFCBANK',
      company: null,
      pricesUpTo: '2019-09-20',
      marketLatestDate: '2019-09-20',
      latestPrice: null,
      yearRange: null,
      events: { __typename: 'CorporateEvents', pastEvents: [SPLIT], upcomingEvents: [] },
      priceSeries: PERIODS.map((period) => ({
        __typename: 'PriceSeries' as const,
        period,
        dates: DATES,
        prices: [...closes],
        coverage: null,
      })),
      candles: DATES.map((date, index) => ({
        __typename: 'Candle' as const,
        date,
        openPrice: closes[index]!,
        highPrice: closes[index]!,
        lowPrice: closes[index]!,
        closePrice: closes[index]!,
      })),
      profitAndLoss: [],
      balanceSheets: [],
    },
  };
}

function sma(adjusted: boolean, closes: readonly string[]): MockLink.MockedResponse {
  const mean = closes.reduce((sum, close) => sum + Number(close), 0) / closes.length;
  return {
    request: { query: CompanySmaDocument, variables: { symbol: 'HDFCBANK', priceSize: 4, windowSize: 4, adjusted } },
    result: { data: { sma: [{ __typename: 'AveragePoint', date: '2019-09-20', value: mean.toFixed(4) }] } },
  };
}

/** The y values of the candlestick chart's stub (the closes). */
function candleCloses(): number[] {
  const series = JSON.parse(screen.getByTestId('candlestick-chart').dataset.series!) as Array<{
    data: Array<{ y: number[] }>;
  }>;
  return series[0]!.data.map((point) => point.y[3]!);
}

describe('the Adjusted / Raw toggle', () => {
  it('marks the split and re-asks for raw prices when Raw is chosen', async () => {
    const mocks: MockLink.MockedResponse[] = [
      {
        request: { query: CompanyAnalysisPageDocument, variables: { symbol: 'HDFCBANK', adjusted: true } },
        result: { data: analysis(ADJUSTED) },
      },
      {
        request: { query: CompanyAnalysisPageDocument, variables: { symbol: 'HDFCBANK', adjusted: false } },
        result: { data: analysis(RAW) },
        delay: 50,
      },
      sma(true, ADJUSTED),
      sma(false, RAW),
    ];
    renderPage(<CompanyAnalysisPage />, {
      path: '/company-analysis/HDFCBANK',
      route: '/company-analysis/:symbol',
      mocks,
    });
    await screen.findByTestId('company-analysis');
    expect(candleCloses()).toEqual(ADJUSTED.map(Number));
    // the split's ex-date marked on the candlestick chart and every period chart, and listed in words
    const annotations = JSON.parse(screen.getByTestId('candlestick-chart').dataset.annotations!) as {
      xaxis: Array<{ x: number; label: { text: string } }>;
    };
    expect(annotations.xaxis).toEqual([
      expect.objectContaining({ x: Date.UTC(2019, 8, 19), label: expect.objectContaining({ text: '1:2 split' }) }),
    ]);
    expect(screen.getByTestId('price-chart-MONTHLY').dataset.marks).toBe('2019-09-19 1:2 split');
    expect(screen.getByTestId('ex-date-marks').textContent).toBe('Ex-dates marked: 1:2 split on 19-Sep-2019');

    // a labelled group of two radios: Adjusted chosen
    const group = screen.getByTestId('price-basis');
    const adjusted = within(group).getByRole('radio', { name: 'Adjusted' });
    const raw = within(group).getByRole('radio', { name: 'Raw' });
    expect((adjusted as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('price-basis-hint').textContent).toMatch(/divided by its factor/);

    // by keyboard: Tab reaches the chosen radio, the arrow key moves to Raw
    const user = userEvent.setup();
    adjusted.focus();
    expect(document.activeElement).toBe(adjusted);
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect((raw as HTMLInputElement).checked).toBe(true));
    expect(screen.getByTestId('price-basis-hint').textContent).toMatch(/as traded/);
    // the page stays shown while the raw prices load (no skeleton, the adjusted candles still drawn), then draws
    // them: the cliff on the ex-date
    expect(screen.queryByTestId('company-analysis-loading')).toBeNull();
    expect(candleCloses()).toEqual(ADJUSTED.map(Number));
    await waitFor(() => expect(candleCloses()).toEqual(RAW.map(Number)));
    expect(screen.getByTestId('ex-date-marks').textContent).toBe('Ex-dates marked: 1:2 split on 19-Sep-2019');
  });
});
