import { describe, expect, it } from 'vitest';
import { escapeCsvCell } from './csv.js';

describe('escapeCsvCell', () => {
  it('neutralises formula starts', () => {
    expect(escapeCsvCell('=SUM(A1:A3)')).toBe("'=SUM(A1:A3)");
    expect(escapeCsvCell('+91 98765')).toBe("'+91 98765");
    expect(escapeCsvCell('-2+3')).toBe("'-2+3");
    expect(escapeCsvCell('@cmd')).toBe("'@cmd");
    expect(escapeCsvCell('\t=1')).toBe("'\t=1");
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
  it('keeps numbers, text and empties as they are', () => {
    expect(escapeCsvCell('-12.50')).toBe('-12.50');
    expect(escapeCsvCell(-3)).toBe('-3');
    expect(escapeCsvCell('RELIANCE')).toBe('RELIANCE');
    expect(escapeCsvCell('A = B')).toBe('A = B');
    expect(escapeCsvCell(' text')).toBe(' text');
    expect(escapeCsvCell(null)).toBe('');
    expect(escapeCsvCell(undefined)).toBe('');
  });
});
