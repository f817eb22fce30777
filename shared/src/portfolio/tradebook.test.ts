import { describe, expect, it } from 'vitest';
import {
  parseTradeDate,
  parseTradePrice,
  parseTradeQuantity,
  readTradeRecord,
  TradeProblem,
  tradeImportKeys,
  type TradebookTrade,
} from './tradebook.js';

const TODAY = '2020-03-31';

describe('tradebook values', () => {
  it.each([
    ['2020-03-02', '2020-03-02'],
    ['2020-03-02 09:15:01', '2020-03-02'],
    ['02-03-2020', '2020-03-02'],
    ['02/03/2020', '2020-03-02'],
    ['02-Mar-2020', '2020-03-02'],
    ['2019-02-29', null],
    ['31-Apr-2020', null],
    ['yesterday', null],
  ])('reads the date %j of the three layouts as %j (null: a day that does not exist)', (text, date) => {
    expect(parseTradeDate(text)).toBe(date);
  });

  it.each([
    ['₹1,23,456.70', '123456.7'],
    ['2001.35', '2001.35'],
    ['0', null],
    ['-5', null],
    ['1e3', null],
  ])('reads the price %j with rupee signs and Indian grouping exactly: %j', (text, price) => {
    expect(parseTradePrice(text)).toBe(price);
  });

  it.each([
    ['10', 10],
    ['10.000000', 10],
    ['1,000', 1000],
    ['2.5', null],
    ['0', null],
  ])('reads the quantity %j as a whole number, also written with zero decimals: %j', (text, quantity) => {
    expect(parseTradeQuantity(text)).toBe(quantity);
  });
});

describe('readTradeRecord', () => {
  const zerodha = {
    symbol: 'SBIN-BE',
    series: 'BE',
    trade_date: '2020-03-02',
    exchange: 'NSE',
    trade_type: 'buy',
    quantity: '5.000000',
    price: '300.5',
    trade_id: '10001',
  };

  it('reads a Zerodha row, the series suffix taken off the symbol', () => {
    expect(readTradeRecord('ZERODHA_TRADEBOOK', zerodha, 2, TODAY)).toEqual({
      line: 2,
      date: '2020-03-02',
      symbol: 'SBIN',
      side: 'BUY',
      quantity: 5,
      price: '300.5',
      exchange: 'NSE',
      tradeId: '10001',
    });
  });

  it('says what is wrong, with the line, the column and an excerpt of the cell', () => {
    const problem = (cells: Record<string, string>) => {
      try {
        readTradeRecord('ZERODHA_TRADEBOOK', { ...zerodha, ...cells }, 9, TODAY);
      } catch (error) {
        expect(error).toBeInstanceOf(TradeProblem);
        const { line, column, value, message } = error as TradeProblem;
        return `${line} ${column} '${value}': ${message}`;
      }
      return 'no problem';
    };
    expect(problem({ trade_date: '2020-04-01' })).toBe(
      "9 trade_date '2020-04-01': The buying date cannot be in the future",
    );
    expect(problem({ trade_type: 'sell', trade_date: '2020-04-01' })).toBe(
      "9 trade_date '2020-04-01': The selling date cannot be in the future",
    );
    expect(problem({ trade_date: '32/01/2020' })).toBe(
      "9 trade_date '32/01/2020': trade_date is not a date (YYYY-MM-DD)",
    );
    expect(problem({ quantity: 'ten' })).toBe("9 quantity 'ten': Quantity must be a whole number");
    expect(problem({ price: 'abc' })).toBe("9 price 'abc': Price must be a number");
    expect(problem({ trade_type: 'hold' })).toBe("9 trade_type 'hold': trade_type is not buy or sell");
    expect(problem({ exchange: 'MCX' })).toBe("9 exchange 'MCX': Exchange is not NSE or BSE");
    expect(problem({ trade_id: '' })).toBe("9 trade_id '': trade_id is empty");
  });

  it('refuses what no other write path accepts, in the same words, quoting at most 40 characters', () => {
    const problem = (cells: Record<string, string>) => {
      try {
        readTradeRecord('ZERODHA_TRADEBOOK', { ...zerodha, ...cells }, 9, TODAY);
      } catch (error) {
        return { message: (error as TradeProblem).message, value: (error as TradeProblem).value };
      }
      return null;
    };
    expect(problem({ quantity: '2000000000' })?.message).toBe('Quantity must be at most 1000000000');
    expect(problem({ quantity: '3000000000.000000' })?.message).toBe('Quantity must be at most 1000000000');
    expect(problem({ price: `1.${'1'.repeat(150)}` })?.message).toBe('Price may have at most 4 decimals');
    expect(problem({ price: '9'.repeat(300) })?.message).toBe(
      'Price may have at most 15 digits before the decimal point',
    );
    expect(problem({ quantity: '9'.repeat(300) })?.message).toBe('Quantity must be at most 1000000000');
    expect(problem({ price: '1.12345' })?.message).toBe('Price may have at most 4 decimals');
    // brokers write 6 decimals of which the last are zeros: the value has 2
    expect(problem({ price: '2001.350000' })).toBeNull();
    expect(problem({ price: '9'.repeat(16) })?.message).toBe(
      'Price may have at most 15 digits before the decimal point',
    );
    const huge = problem({ price: '9'.repeat(131_000) });
    expect(huge?.message).toBe('price is longer than 1,000 characters');
    expect(huge?.value).toBe(`${'9'.repeat(39)}…`);
    expect(problem({ symbol: '<script>' })?.message).toBe(
      'Symbol must be an NSE symbol (letters, digits, & - _ . up to 50 characters)',
    );
  });

  it('reads a generic row without a trade id', () => {
    const trade = readTradeRecord(
      'GENERIC_TRADES',
      { date: '2020-03-02', symbol: 'tcs', side: 'SELL', quantity: '3', price: '1,710.60', exchange: 'bse' },
      4,
      TODAY,
    );
    expect(trade).toMatchObject({ symbol: 'TCS', side: 'SELL', price: '1710.6', exchange: 'BSE', tradeId: null });
  });

  it('reads a row of our holdings export, a sold row with its sale', () => {
    const cells = {
      symbol: 'INFY',
      exchange: 'NSE',
      quantity: '4',
      price: '₹735.50',
      status: 'REALIZED',
      buyingDate: '02-Jan-2020',
      sellPrice: '₹790.00',
      sellingDate: '03-Feb-2020',
    };
    expect(readTradeRecord('HOLDINGS_EXPORT', cells, 3, TODAY)).toMatchObject({
      side: 'BUY',
      price: '735.5',
      date: '2020-01-02',
      sale: { price: '790', date: '2020-02-03' },
    });
    const open = readTradeRecord(
      'HOLDINGS_EXPORT',
      { ...cells, status: 'UNREALIZED', sellPrice: '', sellingDate: '' },
      3,
      TODAY,
    );
    expect(open.sale).toBeUndefined();
  });
});

describe('tradeImportKeys', () => {
  const base: TradebookTrade = {
    line: 2,
    date: '2020-03-02',
    symbol: 'TCS',
    side: 'BUY',
    quantity: 1,
    price: '2001.35',
    exchange: 'NSE',
    tradeId: null,
  };
  it('keys by trade id, else by content and occurrence among identical rows', () => {
    expect(tradeImportKeys([{ ...base, tradeId: 'T1' }, base, { ...base, line: 3 }])).toEqual([
      'id:T1',
      'row:2020-03-02|TCS|BUY|1|2001.35|NSE#1',
      'row:2020-03-02|TCS|BUY|1|2001.35|NSE#2',
    ]);
  });
});
