/**
 * Company Analysis on a short history (docs/product/company.md#short-history-on-the-charts): with the 40 trading days of
 * February and March 2020 loaded (03-Feb-2020 to 31-Mar-2020), RELIANCE's week (after 24-Mar) and month (after
 * 29-Feb) are covered, its quarter, half year and year are not; each uncovered chart, and the profile's 12-month high
 * and low, say "Only 40 trading days loaded: … not the full <period>" in the words of the Technical Analysis lists.
 * A company without an industry reads "Not classified yet". ApexCharts is replaced by a stub (the real charts are
 * drawn in web/e2e/analysis.e2e.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { CompanyAnalysisPageDocument } from '../../../__generated__/graphql';
import { renderPage } from '../../../test/render-page';
import CompanyAnalysisPage from './company-analysis-page';

vi.mock('../../../components/chart/deferred-chart', () => ({
  DeferredChart: (props: { testId?: string; type: string }) => (
    <div data-testid={props.testId ?? `stub-${props.type}`} />
  ),
}));

afterEach(cleanup);

// the windows of 31-Mar-2020 by hand: exclusive starts, and the trading days loaded after each (from the files)
const WINDOWS = {
  WEEKLY: { windowStart: '2020-03-24', covered: true, tradingDaysLoaded: 5 },
  MONTHLY: { windowStart: '2020-02-29', covered: true, tradingDaysLoaded: 22 },
  QUARTERLY: { windowStart: '2019-12-31', covered: false, tradingDaysLoaded: 40 },
  HALFYEARLY: { windowStart: '2019-09-30', covered: false, tradingDaysLoaded: 40 },
  YEARLY: { windowStart: '2019-03-31', covered: false, tradingDaysLoaded: 40 },
} as const;

const RELIANCE = {
  __typename: 'Company' as const,
  id: '1',
  companyName: 'Reliance Industries Limited',
  industry: null,
  symbol: 'RELIANCE',
  series: 'EQ',
  isinCode: 'INE002A01018',
  paidUpValue: '10',
  dateOfListing: '1995-11-29',
  marketLot: 1,
  faceValue: '10',
};

function answer(symbol = 'RELIANCE') {
  return {
    companyAnalysis: {
      __typename: 'CompanyAnalysis',
      symbol,
      company: { ...RELIANCE, symbol },
      pricesUpTo: '2020-03-31',
      marketLatestDate: '2020-03-31',
      latestPrice: null,
      yearRange: {
        __typename: 'PriceExtreme',
        symbol,
        highPrice: '1617.55',
        highDate: '2020-02-04',
        lowPrice: '867.82',
        lowDate: '2020-03-23',
      },
      events: { __typename: 'CorporateEvents', pastEvents: [], upcomingEvents: [] },
      priceSeries: Object.entries(WINDOWS).map(([period, window]) => ({
        __typename: 'PriceSeries' as const,
        period,
        dates: ['2020-03-30', '2020-03-31'],
        prices: ['1082.4', '1112.7'],
        coverage: { __typename: 'PeriodCoverage' as const, period, firstLoadedDate: '2020-02-03', ...window },
      })),
      candles: [],
      profitAndLoss: [],
      balanceSheets: [],
    },
  };
}

describe('company analysis on a short history', () => {
  it('says under each uncovered chart and the 12-month high and low that only 40 days are loaded', async () => {
    renderPage(<CompanyAnalysisPage />, {
      path: '/company-analysis/RELIANCE',
      route: '/company-analysis/:symbol',
      mocks: [
        {
          request: { query: CompanyAnalysisPageDocument, variables: { symbol: 'RELIANCE', adjusted: true } },
          result: { data: answer() },
        },
      ],
    });
    await screen.findByTestId('company-analysis');
    expect(screen.queryByTestId('price-chart-WEEKLY-coverage')).toBeNull();
    expect(screen.queryByTestId('price-chart-MONTHLY-coverage')).toBeNull();
    expect(screen.getByTestId('price-chart-QUARTERLY-coverage').textContent).toBe(
      'Only 40 trading days loaded: this chart covers 03-Feb-2020 to 31-Mar-2020, not the full quarter.',
    );
    expect(screen.getByTestId('price-chart-HALFYEARLY-coverage').textContent).toBe(
      'Only 40 trading days loaded: this chart covers 03-Feb-2020 to 31-Mar-2020, not the full half year.',
    );
    expect(screen.getByTestId('price-chart-YEARLY-coverage').textContent).toBe(
      'Only 40 trading days loaded: this chart covers 03-Feb-2020 to 31-Mar-2020, not the full year.',
    );
    // the note sits in its chart's box, under the title
    expect(
      within(screen.getByTestId('price-chart-YEARLY')).queryByTestId('price-chart-YEARLY-coverage'),
    ).not.toBeNull();
    expect(screen.getByTestId('year-range-coverage').textContent).toBe(
      'Only 40 trading days loaded: the 12-Month High and Low cover 03-Feb-2020 to 31-Mar-2020, not the full year.',
    );
    const profile = within(screen.getByRole('table', { name: 'Company Profile' }));
    expect(profile.getByRole('rowheader', { name: 'Industry' }).nextElementSibling?.textContent).toBe(
      'Not classified yet',
    );
  });

  it('says nothing when every window is covered', async () => {
    // another symbol: the page shows an answer it has seen at once (recent-analyses.ts)
    const covered = answer('TCS');
    for (const series of covered.companyAnalysis.priceSeries) series.coverage.covered = true;
    renderPage(<CompanyAnalysisPage />, {
      path: '/company-analysis/TCS',
      route: '/company-analysis/:symbol',
      mocks: [
        {
          request: { query: CompanyAnalysisPageDocument, variables: { symbol: 'TCS', adjusted: true } },
          result: { data: covered },
        },
      ],
    });
    await screen.findByTestId('company-analysis');
    expect(screen.queryByTestId('price-chart-YEARLY')).not.toBeNull();
    expect(screen.queryByText(/trading days loaded/)).toBeNull();
  });
});
