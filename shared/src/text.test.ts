import { describe, expect, it } from 'vitest';
import { toDisplayWords, withIndefiniteArticle } from './text.js';

describe('toDisplayWords', () => {
  it.each([
    // camel case is split
    ['profitLossForPeriod', 'Profit Loss For Period'],
    ['dateOfEndOfReportingPeriod', 'Date Of End Of Reporting Period'],
    // so are snake and upper case
    ['UPLOAD_STOCK_PRICE', 'Upload Stock Price'],
    ['book_closure_start_date', 'Book Closure Start Date'],
    // single words are kept, separators trimmed
    ['symbol', 'Symbol'],
    ['  __HALFYEARLY__ ', 'Halfyearly'],
    ['', ''],
    // a leading acronym is one word
    ['ISINCode', 'Isin Code'],
  ])('%j reads %j', (name, words) => {
    expect(toDisplayWords(name)).toBe(words);
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
