/**
 * Company Analysis states in jsdom (the data itself is checked end to end in web/e2e/analysis.e2e.ts):
 * the loading skeleton, the error with Retry, the not-found message for a symbol nobody knows, and
 * a company with no prices, events or statements, which the old app could not show (its balance
 * sheet length check broke on empty lists): every section shows its empty state instead.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import { CompanyAnalysisPageDocument, type CompanyAnalysisPageQuery } from '../../../__generated__/graphql';
import { renderPage } from '../../../test/render-page';
import CompanyAnalysisPage from './company-analysis-page';

afterEach(cleanup);

function renderAnalysis(symbol: string, mocks: MockLink.MockedResponse[]) {
  return renderPage(<CompanyAnalysisPage />, {
    path: `/company-analysis/${symbol}`,
    route: '/company-analysis/:symbol',
    mocks,
  });
}

const PERIODS = ['WEEKLY', 'MONTHLY', 'QUARTERLY', 'HALFYEARLY', 'YEARLY'] as const;
/** How each period's empty chart names its window (docs/product/company.md). */
const PERIOD_WORDS = {
  WEEKLY: 'weekly',
  MONTHLY: 'monthly',
  QUARTERLY: 'quarterly',
  HALFYEARLY: 'half yearly',
  YEARLY: 'yearly',
} as const;

/** The page's heading as the user reads it. */
const title = () => screen.getByRole('heading', { level: 1 }).textContent;

/** What an empty events table says. */
const emptyText = (gridTestId: string) =>
  within(screen.getByTestId(gridTestId)).getByTestId('data-grid-empty').textContent;

/** What the BFF answers for a symbol without market data: empty lists, nulls, five empty series (with the __typename fields the cache wants). */
function emptyAnalysis(symbol: string, company: CompanyAnalysisPageQuery['companyAnalysis']['company']) {
  return {
    companyAnalysis: {
      __typename: 'CompanyAnalysis',
      symbol,
      company,
      latestPrice: null,
      yearRange: null,
      events: { __typename: 'CorporateEvents', pastEvents: [], upcomingEvents: [] },
      priceSeries: PERIODS.map((period) => ({
        __typename: 'PriceSeries' as const,
        period,
        dates: [],
        prices: [],
        coverage: null,
      })),
      candles: [],
      profitAndLoss: [],
      balanceSheets: [],
    },
  };
}

const NEWCO = {
  __typename: 'Company' as const,
  id: '7',
  companyName: 'Newco Industries Limited',
  industry: 'Capital Goods',
  symbol: 'NEWCO',
  series: 'EQ',
  isinCode: 'INE000N01017',
  paidUpValue: '10',
  dateOfListing: '2025-01-02',
  marketLot: 1,
  faceValue: '10',
};

describe('company analysis page', () => {
  it('shows a skeleton while loading, then the error with Retry, and retries', async () => {
    const request = { query: CompanyAnalysisPageDocument, variables: { symbol: 'NOSUCH' } };
    renderAnalysis('nosuch', [
      { request, error: new Error('The server cannot be reached right now') },
      { request, result: { data: emptyAnalysis('NOSUCH', null) } },
    ]);
    expect(screen.getByTestId('company-analysis-loading').getAttribute('aria-busy')).toBe('true');
    expect(title()).toBe('NOSUCH · Company Analysis');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The analysis could not be loaded');
    expect(alert.textContent).toContain('The server cannot be reached right now');
    expect(screen.queryByTestId('company-analysis-loading')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    // the second answer knows nothing about the symbol: the not-found message, with the symbol upper-cased
    const notFound = await screen.findByTestId('company-not-found');
    expect(notFound.textContent).toContain('No company found for "NOSUCH"');
    expect(screen.queryByTestId('company-analysis-error')).toBeNull();
    expect(screen.queryByTestId('company-analysis')).toBeNull();
  });

  it('shows every section of a company without market data with its empty state', async () => {
    renderAnalysis('NEWCO', [
      {
        request: { query: CompanyAnalysisPageDocument, variables: { symbol: 'NEWCO' } },
        result: { data: emptyAnalysis('NEWCO', NEWCO) },
      },
    ]);
    await screen.findByTestId('company-analysis');
    expect(title()).toBe('Newco Industries Limited (NEWCO) · Company Analysis');
    // profile from the company record; no price rows without prices
    const profile = within(screen.getByRole('table', { name: 'Company Profile' }));
    expect(profile.getByRole('rowheader', { name: 'Isin Code' }).nextElementSibling?.textContent).toBe('INE000N01017');
    expect(profile.getByRole('rowheader', { name: 'Date Of Listing' }).nextElementSibling?.textContent).toBe(
      '02-Jan-2025',
    );
    expect(screen.queryByText('Close Price')).toBeNull();
    // events, the five period charts, the average, the candlestick and the statements: each empty, none broken
    expect(emptyText('upcoming-events')).toBe('No upcoming corporate actions for NEWCO.');
    expect(emptyText('past-events')).toBe('No past corporate actions for NEWCO.');
    expect(screen.getByTestId('no-prices').textContent).toBe(
      'There are no prices for NEWCO yet: the charts fill in once prices are uploaded.',
    );
    expect(PERIODS.map((period) => screen.getByTestId(`price-chart-${period}`).textContent)).toEqual(
      PERIODS.map((period) => expect.stringContaining(`No prices in the ${PERIOD_WORDS[period]} window.`)),
    );
    expect(screen.getByTestId('average-empty').textContent).toBe(
      'No prices for NEWCO yet, so there is no average to draw.',
    );
    expect(screen.getByTestId('candlestick-chart-empty').textContent).toBe('No prices to draw yet.');
    expect(screen.getByTestId('balance-sheet-empty').textContent).toBe('No balance sheets filed yet.');
    expect(screen.getByTestId('profit-loss-empty').textContent).toBe('No quarterly results filed yet.');
    expect(screen.getAllByText('No quarterly results filed yet.')).toHaveLength(2);
  });

  it("shows an analysis seen before at once on a return visit, and the server's new answer after it", async () => {
    const request = { query: CompanyAnalysisPageDocument, variables: { symbol: 'RETCO' } };
    const first = { ...NEWCO, symbol: 'RETCO', companyName: 'Retco Limited' };
    renderAnalysis('RETCO', [{ request, result: { data: emptyAnalysis('RETCO', first) } }]);
    // the page draws the answer as a deferred value: on a busy machine that takes a while (the wait is for the
    // state, test/setup.ts)
    await waitFor(() => expect(title()).toBe('Retco Limited (RETCO) · Company Analysis'));
    cleanup();

    // back on the page: the answer of the first visit is drawn in the first render, no skeleton, while the
    // server is asked again; its answer (the company renamed meanwhile) then replaces it
    const renamed = { ...first, companyName: 'Retco Industries Limited' };
    renderAnalysis('RETCO', [{ request, result: { data: emptyAnalysis('RETCO', renamed) }, delay: 50 }]);
    expect(screen.queryByTestId('company-analysis-loading')).toBeNull();
    expect(title()).toBe('Retco Limited (RETCO) · Company Analysis');
    await waitFor(() => expect(title()).toBe('Retco Industries Limited (RETCO) · Company Analysis'));
  });
});
