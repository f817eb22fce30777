/**
 * The Stock Prices CSV (docs/product/common.md#csv-exports) from rows of NSE's bhavcopy of 02-Jan-2019
 * (data/nse/bhavcopy/legacy/02JAN2019.csv of the team's data): prices as plain numbers with 2 decimals, the date as
 * YYYY-MM-DD, the volume an integer. Worked by hand: SBIN closed at 293.9 after 299.6, a change of −5.70, −1.90%
 * (5.7 / 299.6 = 0.019025…); INFY 669.05 after 665.05, +4.00, +0.60% (4 / 665.05 = 0.0060145…).
 */
import { describe, expect, it } from 'vitest';
import { tableCsv } from '../../../components/data-grid/csv';
import { STOCK_PRICE_COLUMNS } from './stock-price-columns';

describe('the Stock Prices CSV', () => {
  it('has prices, changes and volumes as numbers a spreadsheet adds up, and the date as a date', () => {
    const csv = tableCsv(
      [
        {
          symbol: 'INFY',
          series: 'EQ',
          date: '2019-01-02',
          openPrice: '666',
          highPrice: '674',
          lowPrice: '662.05',
          closePrice: '669.05',
          previousClose: '665.05',
          changePerDay: '4',
          changePercent: '0.60145853695210886',
          volume: '7416655',
        },
        {
          symbol: 'SBIN',
          series: 'EQ',
          date: '2019-01-02',
          openPrice: '299.1',
          highPrice: '302.5',
          lowPrice: '293.1',
          closePrice: '293.9',
          previousClose: '299.6',
          changePerDay: '-5.7',
          changePercent: '-1.90253671562082777',
          volume: '25559853',
        },
      ],
      STOCK_PRICE_COLUMNS,
    );
    expect(csv.split('\r\n')).toEqual([
      'Symbol,Series,Date,Open (₹),High (₹),Low (₹),Close (₹),Previous Close (₹),Change Per Day (₹),Change (%),Volume',
      'INFY,EQ,2019-01-02,666.00,674.00,662.05,669.05,665.05,4.00,0.60,7416655',
      'SBIN,EQ,2019-01-02,299.10,302.50,293.10,293.90,299.60,-5.70,-1.90,25559853',
      '',
    ]);
  });
});
