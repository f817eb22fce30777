import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import { exchangeToday } from '@bazaar/shared';
import {
  TaxBeforeYouSellDocument,
  TaxPnlPageDocument,
  type TaxBeforeYouSellQuery,
  type TaxPnlPageQuery,
} from '../../../__generated__/graphql';
import { renderPage } from '../../../test/render-page';
import { onPhoneOfWidth } from '../../../test/setup';
import { currentFinancialYear } from '../components/tax-view';
import { openLot } from '../test-fixtures';
import TaxPnlPage from './tax-pnl-page';

type Report = TaxPnlPageQuery['capitalGains'];
const FIRM_A = { __typename: 'TaxFirm' as const, id: '1', name: 'Alpha Broking' };
const FIRM_B = { __typename: 'TaxFirm' as const, id: '2', name: 'Beta Broking' };

const ZERO_SUMMARY: Report['summary'] = {
  intradayProfit: '0',
  intradayTurnover: '0',
  shortTermGain: '0',
  longTermGain: '0',
  shortTermGainBefore23Jul2024: '0',
  shortTermGainFrom23Jul2024: '0',
  longTermGainBefore23Jul2024: '0',
  longTermGainFrom23Jul2024: '0',
  longTermExemption: '0',
  longTermExemptionLeft: '125000',
  lossCarriedForward: '0',
  shortTermLossCarriedForward: '0',
  longTermLossCarriedForward: '0',
  taxableByRate: [],
  estimatedTax: '0',
};

const exit = (overrides: Partial<Report['exits'][number]>): Report['exits'][number] => ({
  brokerageFirm: FIRM_A,
  symbol: 'HCLTECH',
  isin: 'INE860A01027',
  category: 'LONG_TERM',
  quantity: '10',
  buyDate: '2023-01-15',
  sellDate: '2024-08-03',
  buyValue: '10000',
  sellValue: '6000',
  fairMarketValue: null,
  costOfAcquisition: '10000',
  transferExpenses: '0',
  gain: '-4000',
  holdingDays: 566,
  bonus: false,
  ...overrides,
});

function report(year: string, overrides: Partial<Report>): Report {
  const start = Number(year.slice(0, 4));
  return {
    financialYear: year,
    from: `${start}-04-01`,
    to: `${start + 1}-03-31`,
    exits: [],
    summary: ZERO_SUMMARY,
    warnings: [],
    yearsWithSales: ['2024-25'],
    ...overrides,
  };
}

const answer = (year: string, capitalGains: Report): MockLink.MockedResponse => ({
  request: { query: TaxPnlPageDocument, variables: { financialYear: year } },
  result: { data: { capitalGains } },
});

/** The current year's open lots: 10 TCS turning long term in 30 days, a short-term gain of ₹200 at the close. */
function openLots(year: string): MockLink.MockedResponse {
  const capitalGains: TaxBeforeYouSellQuery['capitalGains'] = {
    financialYear: year,
    yearsWithSales: ['2024-25'],
    summary: { longTermExemptionLeft: '125000' },
    openLots: [openLot({ brokerageFirm: FIRM_A })],
  };
  return {
    request: { query: TaxBeforeYouSellDocument, variables: { financialYear: year } },
    result: { data: { capitalGains } },
  };
}

// FY 2024-25, the example of docs/product/tax.md#rules: HCLTECH's original lot and its bonus lot
const YEAR = report('2024-25', {
  exits: [
    exit({}),
    exit({
      category: 'SHORT_TERM',
      quantity: '5',
      buyDate: '2023-12-05',
      buyValue: '0',
      costOfAcquisition: '0',
      sellValue: '3000',
      gain: '3000',
      holdingDays: 242,
      bonus: true,
    }),
    exit({
      brokerageFirm: FIRM_B,
      symbol: 'HDFCBANK',
      buyDate: '2017-06-01',
      fairMarketValue: '1006.75',
      gain: '2000',
      sellValue: '12000',
      costOfAcquisition: '10067.5',
    }),
  ],
  summary: {
    ...ZERO_SUMMARY,
    shortTermGain: '3000',
    shortTermGainFrom23Jul2024: '3000',
    longTermGain: '-2000',
    longTermGainBefore23Jul2024: '0',
    longTermGainFrom23Jul2024: '-2000',
    estimatedTax: '600',
    taxableByRate: [{ category: 'SHORT_TERM', rate: '20', taxable: '3000' }],
  },
  warnings: ['31-Jan-2018 prices are not loaded for 2024-01-31: fair market values use the actual cost'],
});

// a 390 px phone: the tables are card lists, drawn in jsdom (AG Grid's canvas is not)
onPhoneOfWidth(390);

describe('Tax P&L page on a phone', () => {
  it('opens on the newest year with sales, splits 2024-25 at 23-Jul-2024, marks bonus and grandfathered lots', async () => {
    const current = currentFinancialYear(exchangeToday());
    const mocks = [openLots(current), answer('2024-25', YEAR)];
    renderPage(<TaxPnlPage />, { path: '/tax-pnl', mocks });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Tax P&L');
    expect(screen.queryByTestId('tax-loading')).not.toBeNull();
    await screen.findByTestId('tax-summary');
    const picker = screen.getByTestId('tax-year') as HTMLSelectElement;
    expect(picker.value).toBe('2024-25');
    expect([...picker.options].map((option) => option.value)).toEqual(['2024-25', current]);
    expect(screen.getByTestId('tax-short-term-value').textContent).toBe('₹3,000.00');
    expect(screen.getByTestId('tax-short-term-split').textContent).toBe(
      'Before 23-Jul-2024 ₹0.00 (15%) · from it ₹3,000.00 (20%)',
    );
    expect(screen.getByTestId('tax-long-term-value').textContent).toBe('-₹2,000.00');
    expect(screen.getByTestId('tax-estimated').textContent).toContain('₹3,000.00 at 20%');
    expect(screen.getByTestId('tax-warnings').textContent).toContain('31-Jan-2024');
    expect(screen.getAllByTestId(/^tax-download-/).map((link) => link.getAttribute('href'))).toEqual([
      '/downloads/tax/capital-gains.csv?financialYear=2024-25',
      '/downloads/tax/schedule-112a.csv?financialYear=2024-25',
      '/downloads/tax/capital-gains.xlsx?financialYear=2024-25',
    ]);
    const exits = screen.getByTestId('tax-exits');
    expect(within(exits).getAllByTestId('tax-bonus-badge')).toHaveLength(1);
    expect(within(exits).getByTestId('tax-grandfathered-badge').textContent).toBe('FMV ₹1,006.75');
    expect((await screen.findByTestId('tax-exemption-left')).textContent).toBe('₹1,25,000.00');
    expect(screen.getByTestId('tax-turning-long-term').textContent).toContain('TCS (10) on 11-Jan-2026');
    expect(screen.getByTestId('tax-if-sold').textContent).toContain('Short term1₹200.00');
  });

  it('filters the exits by firm and category', async () => {
    const current = currentFinancialYear(exchangeToday());
    renderPage(<TaxPnlPage />, {
      path: '/tax-pnl?year=2024-25',
      mocks: [openLots(current), answer('2024-25', YEAR)],
    });
    await screen.findByTestId('tax-summary');
    const exits = screen.getByTestId('tax-exits');
    fireEvent.change(within(exits).getByTestId('tax-firm-filter'), { target: { value: '2' } });
    expect(within(exits).queryAllByTestId('tax-bonus-badge')).toHaveLength(0);
    expect(within(exits).queryByTestId('tax-grandfathered-badge')).not.toBeNull();
    fireEvent.change(within(exits).getByTestId('tax-category-filter'), { target: { value: 'SHORT_TERM' } });
    expect(within(exits).queryByText('No exit matches these filters.')).not.toBeNull();
  });
});
