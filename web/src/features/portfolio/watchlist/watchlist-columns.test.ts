/**
 * The Stock Watch List CSV (docs/product/common.md#csv-exports): closes, changes and the 12-month range as plain
 * numbers with 2 decimals (₹ in the header), percentages as numbers (% in the header), a loss with no apostrophe, an
 * empty cell where there is no value, and the trend lists as text. Worked by hand: 293.9 → 293.90; −5.7 → −5.70;
 * −1.9025… → −1.90; 2.005 → 2.01 (half up).
 */
import { describe, expect, it } from 'vitest';
import { tableCsv } from '../../../components/data-grid/csv';
import { WATCHLIST_COLUMNS } from './watchlist-columns';

describe('the Stock Watch List CSV', () => {
  it('has prices and percentages as numbers a spreadsheet adds up', () => {
    const csv = tableCsv(
      [
        {
          symbol: 'SBIN',
          companyName: 'State Bank of India',
          closePrice: '293.9',
          priceDate: '2019-01-02',
          changePerDay: '-5.7',
          changePercent: '-1.90253671562082777',
          yearHigh: '310',
          yearLow: '232.7',
          fromHighPercent: '-5.19354838709677419',
          fromLowPercent: '26.3',
          addedAt: '2019-01-02T10:00:00.000Z',
          trends: [],
          yearCoverage: null,
        },
        {
          symbol: 'NEWCO',
          companyName: null,
          closePrice: null,
          priceDate: null,
          changePerDay: null,
          changePercent: null,
          yearHigh: null,
          yearLow: null,
          fromHighPercent: '2.005',
          fromLowPercent: null,
          addedAt: '2019-01-02T10:00:00.000Z',
          trends: [{ direction: 'HIGH', period: 'MONTHLY', label: '1-month high' }],
          yearCoverage: null,
        },
      ],
      WATCHLIST_COLUMNS,
    );
    expect(csv.split('\r\n')).toEqual([
      "Symbol,Company,Close (₹),Change (₹),Change (%),12M High (₹),From High (%),12M Low (₹),From Low (%),Today's Lists",
      'SBIN,State Bank of India,293.90,-5.70,-1.90,310.00,-5.19,232.70,26.30,—',
      'NEWCO,,,,,,2.01,,,1-month high',
      '',
    ]);
  });
});
