import { describe, expect, it } from 'vitest';
import { toDisplayWords } from './text.js';

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
