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
  it('keeps numbers, text and empties as they are', () => {
    expect(escapeCsvCell('-12.50')).toBe('-12.50');
    expect(escapeCsvCell(-3)).toBe('-3');
    expect(escapeCsvCell('RELIANCE')).toBe('RELIANCE');
    expect(escapeCsvCell(null)).toBe('');
    expect(escapeCsvCell(undefined)).toBe('');
  });
});
