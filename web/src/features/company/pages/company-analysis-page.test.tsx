/**
 * Company Analysis states in jsdom (the data itself is checked end to end in web/e2e/analysis.e2e.ts):
 * the loading skeleton, the error with Retry, the not-found message for a symbol nobody knows, and
 * a company with no prices, events or statements, which the old app could not show (its balance
 * sheet length check broke on empty lists): every section shows its empty state instead.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
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
      priceSeries: PERIODS.map((period) => ({ __typename: 'PriceSeries' as const, period, dates: [], prices: [] })),
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
    expect(screen.getByTestId('company-analysis-loading')).toBeTruthy();
    expect(await screen.findByText('The analysis could not be loaded')).toBeTruthy();
    expect(screen.getByText('The server cannot be reached right now')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    // the second answer knows nothing about the symbol: the not-found message, with the symbol upper-cased
    expect(await screen.findByText('No company found for "NOSUCH"')).toBeTruthy();
    expect(screen.queryByTestId('company-analysis')).toBeNull();
  });

  it('shows every section of a company without market data with its empty state', async () => {
    renderAnalysis('NEWCO', [
      {
        request: { query: CompanyAnalysisPageDocument, variables: { symbol: 'NEWCO' } },
        result: { data: emptyAnalysis('NEWCO', NEWCO) },
      },
    ]);
    expect(await screen.findByTestId('company-analysis')).toBeTruthy();
    expect(screen.getByText('Newco Industries Limited (NEWCO) · Company Analysis')).toBeTruthy();
    // profile from the company record; no price rows without prices
    expect(screen.getByRole('cell', { name: 'INE000N01017' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '02-Jan-2025' })).toBeTruthy();
    expect(screen.queryByText('Close Price')).toBeNull();
    // events, the five period charts, the average, the candlestick and the statements: each empty, none broken
    expect(screen.getByText('No upcoming corporate actions for NEWCO.')).toBeTruthy();
    expect(screen.getByText('No past corporate actions for NEWCO.')).toBeTruthy();
    expect(screen.getByTestId('no-prices')).toBeTruthy();
    expect(screen.getByText('No prices in the half yearly window.')).toBeTruthy();
    expect(screen.getByTestId('average-empty')).toBeTruthy();
    expect(screen.getByText('No prices to draw yet.')).toBeTruthy();
    expect(screen.getByTestId('balance-sheet-empty')).toBeTruthy();
    expect(screen.getByTestId('profit-loss-empty')).toBeTruthy();
    expect(screen.getAllByText('No quarterly results filed yet.')).toHaveLength(2);
  });

  it("shows an analysis seen before at once on a return visit, and the server's new answer after it", async () => {
    const request = { query: CompanyAnalysisPageDocument, variables: { symbol: 'RETCO' } };
    const first = { ...NEWCO, symbol: 'RETCO', companyName: 'Retco Limited' };
    renderAnalysis('RETCO', [{ request, result: { data: emptyAnalysis('RETCO', first) } }]);
    expect(await screen.findByText('Retco Limited (RETCO) · Company Analysis')).toBeTruthy();
    cleanup();

    // back on the page: the answer of the first visit is drawn in the first render, no skeleton, while the
    // server is asked again; its answer (the company renamed meanwhile) then replaces it
    const renamed = { ...first, companyName: 'Retco Industries Limited' };
    renderAnalysis('RETCO', [{ request, result: { data: emptyAnalysis('RETCO', renamed) }, delay: 50 }]);
    expect(screen.queryByTestId('company-analysis-loading')).toBeNull();
    expect(screen.getByText('Retco Limited (RETCO) · Company Analysis')).toBeTruthy();
    expect(await screen.findByText('Retco Industries Limited (RETCO) · Company Analysis')).toBeTruthy();
  });
});
