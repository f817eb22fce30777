/**
 * The market pages in jsdom with Apollo's MockedProvider: the Technical Analysis page's loader, its two
 * cards with five sections each, its error state; the User Guide's toggle between overview and the SMA
 * article; the Stock Prices row formatting.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import {
  TechnicalAnalysisPageDocument,
  TradingDaysDocument,
  type TrendTileFieldsFragment,
} from '../../../__generated__/graphql';
import { renderPage } from '../../../test/render-page';
import TechnicalAnalysisPage from './technical-analysis-page';
import GuidePage from './guide-page';
import { STOCK_PRICE_COLUMNS, changeTone } from '../components/stock-price-columns';

afterEach(cleanup);

const tile = (symbol: string, change: string): TrendTileFieldsFragment & { __typename: 'TrendItem' } => ({
  __typename: 'TrendItem',
  symbol,
  presentClose: '100.00',
  previousClose: '99.00',
  change,
  changePercent: '1.01',
  presentDate: '2025-03-14',
  previousDate: '2025-03-13',
});

const lists = (prefix: string, direction: 'h' | 'l') => ({
  __typename: 'TrendLists' as const,
  weekly: [tile(`${prefix}W`, direction === 'h' ? '1.00' : '-1.00')],
  monthly: [tile(`${prefix}M`, '1.00'), tile(`${prefix}M2`, '2.00')],
  quarterly: [],
  halfYearly: [tile(`${prefix}H`, '1.00')],
  yearly: [tile(`${prefix}Y`, '0.00')],
});

/** The trading days the picker offers. */
const tradingDays = (days: string[]): MockLink.MockedResponse => ({
  request: { query: TradingDaysDocument },
  result: { data: { tradingDays: days } },
});

/** The latest day's lists (no day asked for): HI… symbols at highs, LO… at lows. */
const technicalAnalysis: MockLink.MockedResponse = {
  request: { query: TechnicalAnalysisPageDocument, variables: { asOf: null } },
  result: {
    data: {
      technicalAnalysis: {
        __typename: 'TechnicalAnalysis',
        asOf: '2025-03-14',
        highs: lists('HI', 'h'),
        lows: lists('LO', 'l'),
        coverage: [],
      },
    },
  },
};

describe('technical analysis page', () => {
  it('shows a loader, then High Trends and Low Trends with five sections each', async () => {
    const mocks: MockLink.MockedResponse[] = [tradingDays(['2025-03-13', '2025-03-14']), technicalAnalysis];
    renderPage(<TechnicalAnalysisPage />, { path: '/technical-analysis', mocks });
    expect(screen.getByTestId('technical-analysis-loader').getAttribute('aria-label')).toBe('Loading the trend lists');
    // the page's heading and the picker's place are there while the lists load (the picker disabled until the
    // trading days arrive)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Technical Analysis');
    expect(screen.getByTestId('technical-analysis-day').hasAttribute('disabled')).toBe(true);
    await screen.findByTestId('technical-analysis');
    expect(screen.getByTestId('technical-analysis-day').hasAttribute('disabled')).toBe(false);
    expect(screen.getByTestId('technical-analysis-as-of').textContent).toBe(
      'Symbols at a new high or low for each period, as of 14-Mar-2025.',
    );
    for (const [card, title] of [
      ['trend-card-high', 'High Trends'],
      ['trend-card-low', 'Low Trends'],
    ] as const) {
      const element = screen.getByTestId(card);
      expect(within(element).getByRole('heading', { level: 2 }).textContent).toBe(title);
      expect(
        within(element)
          .getAllByRole('heading', { level: 4 })
          .map((heading) => heading.textContent),
      ).toEqual(['Weekly', 'Monthly', 'Quarterly', 'Half Yearly', 'Yearly']);
      expect(within(element).getAllByPlaceholderText('Search')).toHaveLength(5);
    }
    expect(
      within(screen.getByTestId('trend-high-monthly'))
        .getAllByTestId('trend-tile')
        .map((t) => t.getAttribute('data-symbol')),
    ).toEqual(['HIM', 'HIM2']);
    expect(screen.getByTestId('trend-low-quarterly-empty').textContent).toBe('No symbols made a new quarterly low.');
    // a zero change: green in the high list, red in the low list (docs/product/market.md)
    expect(within(screen.getByTestId('trend-high-yearly')).getByTestId('trend-tile').getAttribute('data-tone')).toBe(
      'gain',
    );
    expect(within(screen.getByTestId('trend-low-yearly')).getByTestId('trend-tile').getAttribute('data-tone')).toBe(
      'loss',
    );
  });

  it('shows the error and a way to try again when the request fails', async () => {
    const mocks: MockLink.MockedResponse[] = [
      tradingDays([]),
      {
        request: { query: TechnicalAnalysisPageDocument, variables: { asOf: null } },
        error: new Error('Failed to fetch'),
      },
      technicalAnalysis,
    ];
    renderPage(<TechnicalAnalysisPage />, { path: '/technical-analysis', mocks });
    const alert = await screen.findByTestId('technical-analysis-error');
    expect(alert.textContent).toContain('The server could not be reached. Check your connection and try again.');
    // trying again asks once more: the lists replace the error
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByTestId('technical-analysis');
    expect(screen.queryByTestId('technical-analysis-error')).toBeNull();
    expect(
      within(screen.getByTestId('trend-high-weekly'))
        .getAllByTestId('trend-tile')
        .map((t) => t.getAttribute('data-symbol')),
    ).toEqual(['HIW']);
  });
});

describe('technical analysis page as of a past day', () => {
  it('asks for the day in the address and says which day it shows and which is the latest', async () => {
    const mocks: MockLink.MockedResponse[] = [
      tradingDays(['2025-03-13', '2025-03-14']),
      {
        request: { query: TechnicalAnalysisPageDocument, variables: { asOf: '2025-03-13' } },
        result: {
          data: {
            technicalAnalysis: {
              __typename: 'TechnicalAnalysis',
              asOf: '2025-03-13',
              highs: lists('HI', 'h'),
              lows: lists('LO', 'l'),
              coverage: [],
            },
          },
        },
      },
    ];
    renderPage(<TechnicalAnalysisPage />, { path: '/technical-analysis?asOf=2025-03-13', mocks });
    await screen.findByTestId('technical-analysis');
    await screen.findByTestId('technical-analysis-day');
    expect(screen.getByTestId('technical-analysis-as-of').textContent).toBe(
      'Symbols at a new high or low for each period, as of 13-Mar-2025; the latest trading day is 14-Mar-2025.',
    );
  });
});

describe('user guide page', () => {
  it('lists the eight averages and toggles to the SMA article and back', () => {
    renderPage(<GuidePage />, { path: '/guide' });
    const overview = screen.getByTestId('guide-overview');
    expect(within(overview).getAllByRole('article')).toHaveLength(8);
    // one article per average, in this order, each with its abbreviation
    const abbreviations = ['SMA', 'EMA', 'WMA', 'HMA', 'SMMA', 'AMA / KAMA', 'DEMA', 'TEMA'];
    expect(
      within(overview)
        .getAllByRole('article')
        .map((card) => abbreviations.find((name) => within(card).queryByText(name) !== null)),
    ).toEqual(abbreviations);

    fireEvent.click(screen.getByRole('button', { name: 'In-depth' }));
    const article = screen.getByTestId('guide-sma-article');
    expect(within(article).getByRole('heading', { level: 1 }).textContent).toBe('Simple Moving Average (SMA)');
    const periods = within(screen.getByTestId('guide-sma-periods'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => [row.children[0]?.textContent, row.children[1]?.textContent]);
    expect(periods).toEqual([
      ['Short term', '5, 10'],
      ['Mid term', '20, 50'],
      ['Long term', '100, 200'],
    ]);
    expect(article.textContent).toContain('515 ÷ 5 = ₹103.00');
    // its sections, in order, ending with the limitations and the comparison with the EMA
    expect(
      within(article)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(['Formula', 'A worked 5-day example', 'Which period to use', 'Limitations', 'SMA vs EMA']);

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.queryByTestId('guide-sma-article')).toBeNull();
    expect(within(screen.getByTestId('guide-overview')).getAllByRole('article')).toHaveLength(8);
  });
});

describe('stock prices columns', () => {
  const row = {
    symbol: 'RELIANCE',
    series: 'EQ',
    date: '2025-03-14',
    openPrice: '1234.5',
    highPrice: '1250',
    lowPrice: '1220.05',
    closePrice: '1245.125',
    previousClose: '1230',
    changePerDay: '15.13',
    changePercent: '1.23',
    volume: '12345678',
  };
  const shown = (field: string) => {
    const column = STOCK_PRICE_COLUMNS.find((c) => c.field === field);
    if (!column) throw new Error(`no column ${field}`);
    const value = (row as Record<string, unknown>)[field];
    return column.format ? column.format(value, row) : String(value);
  };

  it('shows prices with ₹ and 2 decimals, dates as DD-Mon-YYYY and volume with Indian grouping', () => {
    // 1245.125 rounds half up to 1,245.13; 12345678 groups as 1,23,45,678
    expect([
      shown('date'),
      shown('openPrice'),
      shown('closePrice'),
      shown('changePerDay'),
      shown('changePercent'),
      shown('volume'),
    ]).toEqual(['14-Mar-2025', '₹1,234.50', '₹1,245.13', '₹15.13', '1.23%', '1,23,45,678']);
  });

  it('colours gains green and losses red, and leaves unchanged prices plain', () => {
    expect([changeTone('15.13'), changeTone('-0.05'), changeTone('0.00'), changeTone(null)]).toEqual([
      'gain',
      'loss',
      undefined,
      undefined,
    ]);
  });
});
