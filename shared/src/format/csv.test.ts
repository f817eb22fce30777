import { describe, expect, it } from 'vitest';
import { csvLine, escapeCsvCell, toCsvExportCell, toCsvExportHeader } from './csv.js';

describe('escapeCsvCell', () => {
  it('neutralises formula starts', () => {
    for (const text of ['=SUM(A1:A3)', '+91 98765', '-2+3', '@cmd', '\t=1'])
      expect(escapeCsvCell(text)).toBe(`'${text}`);
  });
  it('neutralises formula starts behind spaces, tabs and line breaks', () => {
    const cases = [' =1+1', '   =HYPERLINK("http://x")', '\n=1', '\r\n=cmd|x', ' \t\n@SUM(A1)', ' +1', '\n-1+1'];
    for (const text of cases) expect(escapeCsvCell(text)).toBe(`'${text}`);
    // non-breaking and ideographic spaces, and the full-width signs spreadsheets also read as formulas
    for (const text of ['\u00a0=1', '\u3000=1', '\uff1d1+1', '\ufeff=1']) expect(escapeCsvCell(text)).toBe(`'${text}`);
  });
  it('neutralises a leading line break or carriage return even without a formula', () => {
    expect(escapeCsvCell('\nnote')).toBe("'\nnote");
    expect(escapeCsvCell('\rnote')).toBe("'\rnote");
  });
  it.each([
    ['-12.50', '-12.50'],
    [-3, '-3'],
    ['RELIANCE', 'RELIANCE'],
    ['A = B', 'A = B'],
    [' text', ' text'],
    [null, ''],
    [undefined, ''],
  ])('keeps numbers, text and empties as they are: %j', (value, cell) => {
    expect(escapeCsvCell(value)).toBe(cell);
  });
});

describe('toCsvExportCell', () => {
  it.each([
    // a holding's charges as computed: 31.207|73025 → 31.21
    ['31.20773025', '31.21'],
    // exactly half a paisa goes up: 0.00|5 → 0.01; and away from zero below it, as the screens round
    ['0.005', '0.01'],
    ['-0.005', '-0.01'],
    // 1,117.58 on screen, 1117.58 in the file: no ₹, no grouping
    ['1117.575', '1117.58'],
    ['32000', '32000.00'],
    // a decimal string beyond a float's precision keeps its digits: 2^53 + 1 = 9007199254740993
    ['9007199254740993.125', '9007199254740993.13'],
    // a loss below half a paisa is 0.00, not -0.00
    ['-0.004', '0.00'],
  ])('writes money as a plain decimal with 2 decimals, rounded half up: %s is %s', (value, cell) => {
    expect(toCsvExportCell(value, 'money')).toBe(cell);
  });
  it('writes a negative amount as a number, with no apostrophe', () => {
    expect(toCsvExportCell('-63.25', 'money')).toBe('-63.25');
    expect(csvLine([toCsvExportCell('-63.25', 'money')])).toBe('-63.25');
  });
  it('writes quantities as integers, percentages and plain numbers as numbers', () => {
    expect(toCsvExportCell('10', 'integer')).toBe('10');
    expect(toCsvExportCell(1500, 'integer')).toBe('1500');
    expect(toCsvExportCell('-1.23456', 'percent')).toBe('-1.23');
    expect(toCsvExportCell('0.125', 'number')).toBe('0.125');
  });
  it('writes exchange dates as YYYY-MM-DD and moments as India time', () => {
    expect(toCsvExportCell('2019-01-02', 'date')).toBe('2019-01-02');
    // 10:30 UTC is 16:00 in India (UTC+5:30)
    expect(toCsvExportCell('2025-03-15T10:30:00.000Z', 'datetime')).toBe('2025-03-15 16:00');
  });
  it('leaves nothing empty and neutralises text that is not of its kind', () => {
    expect(toCsvExportCell(null, 'money')).toBe('');
    expect(toCsvExportCell(undefined, 'date')).toBe('');
    expect(toCsvExportCell('', 'integer')).toBe('');
    expect(toCsvExportCell('=1+1', 'money')).toBe("'=1+1");
    expect(toCsvExportCell('-cmd', 'date')).toBe("'-cmd");
  });
  it('neutralises formulas in text cells', () => {
    expect(toCsvExportCell('=HYPERLINK("http://x","click")', 'text')).toBe('\'=HYPERLINK("http://x","click")');
    expect(toCsvExportCell('-cmd', 'text')).toBe("'-cmd");
    expect(toCsvExportCell('@SUM(A1)', 'text')).toBe("'@SUM(A1)");
    expect(toCsvExportCell('RELIANCE', 'text')).toBe('RELIANCE');
  });
});

describe('toCsvExportHeader', () => {
  it('names the unit of money and percentage columns', () => {
    expect(toCsvExportHeader('Net P&L', 'money')).toBe('Net P&L (₹)');
    expect(toCsvExportHeader('Change %', 'percent')).toBe('Change (%)');
    expect(toCsvExportHeader('Day Change', 'percent')).toBe('Day Change (%)');
    expect(toCsvExportHeader('Qty', 'integer')).toBe('Qty');
  });
});
