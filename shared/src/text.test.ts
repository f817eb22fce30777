import { describe, expect, it } from 'vitest';
import { toDisplayWords, withIndefiniteArticle } from './text.js';

describe('toDisplayWords', () => {
  it('splits camel case', () => {
    expect(toDisplayWords('profitLossForPeriod')).toBe('Profit Loss For Period');
    expect(toDisplayWords('dateOfEndOfReportingPeriod')).toBe('Date Of End Of Reporting Period');
  });
  it('splits snake and upper case', () => {
    expect(toDisplayWords('UPLOAD_STOCK_PRICE')).toBe('Upload Stock Price');
    expect(toDisplayWords('book_closure_start_date')).toBe('Book Closure Start Date');
  });
  it('keeps single words and trims separators', () => {
    expect(toDisplayWords('symbol')).toBe('Symbol');
    expect(toDisplayWords('  __HALFYEARLY__ ')).toBe('Halfyearly');
    expect(toDisplayWords('')).toBe('');
  });
  it('handles leading acronyms', () => {
    expect(toDisplayWords('ISINCode')).toBe('Isin Code');
  });
});

describe('withIndefiniteArticle', () => {
  it('reads an initialism letter by letter: "en", "ess", "aitch" and "ex" take an; "dee", "tee", "kay" take a', () => {
    expect(withIndefiniteArticle('NSE equity bhavcopy')).toBe('an NSE equity bhavcopy');
    expect(withIndefiniteArticle('SMA', true)).toBe('An SMA');
    expect(withIndefiniteArticle('HMA')).toBe('an HMA');
    expect(withIndefiniteArticle('XBRL element/fact sheet')).toBe('an XBRL element/fact sheet');
    expect(withIndefiniteArticle('DEMA', true)).toBe('A DEMA');
    expect(withIndefiniteArticle('TEMA')).toBe('a TEMA');
  });
  it('takes an before a word starting with a vowel, else a', () => {
    expect(withIndefiniteArticle('export')).toBe('an export');
    expect(withIndefiniteArticle('quarterly profit and EPS table')).toBe('a quarterly profit and EPS table');
    expect(withIndefiniteArticle('niftyindices.com Total Return Index export')).toBe(
      'a niftyindices.com Total Return Index export',
    );
    expect(withIndefiniteArticle('holding', true)).toBe('A holding');
  });
});
