import { describe, expect, it } from 'vitest';
import { batchFileProblem, fileProblem } from './file-check';

const file = (name: string, type: string) => new File(['x'], name, { type });

describe('upload file rule', () => {
  it('accepts csv and both spreadsheet MIME types', () => {
    expect(fileProblem(file('a.csv', 'text/csv'))).toBeNull();
    expect(fileProblem(file('a.xls', 'application/vnd.ms-excel'))).toBeNull();
    expect(fileProblem(file('a.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'))).toBeNull();
  });

  it('refuses other types with the spec message', () => {
    expect(fileProblem(file('a.pdf', 'application/pdf'))).toBe('Only .csv or .xlsx/.xls files are supported.');
    expect(fileProblem(file('a.csv.exe', 'application/x-msdownload'))).toBe(
      'Only .csv or .xlsx/.xls files are supported.',
    );
  });

  it('falls back to the extension only when the browser gives no MIME type', () => {
    expect(fileProblem(file('prices.CSV', ''))).toBeNull();
    expect(fileProblem(file('notes.txt', ''))).toBe('Only .csv or .xlsx/.xls files are supported.');
    expect(fileProblem(null)).toBeNull();
  });
});

describe('bulk backfill file rule', () => {
  it('takes what a single upload takes, and zip archives whatever MIME type the browser reports', () => {
    expect(batchFileProblem(file('02JAN2019.csv', 'text/csv'))).toBeNull();
    expect(batchFileProblem(file('cm02JAN2019bhav.csv.zip', 'application/zip'))).toBeNull();
    expect(batchFileProblem(file('2019.zip', 'application/x-zip-compressed'))).toBeNull();
    expect(batchFileProblem(file('2019.ZIP', ''))).toBeNull();
  });

  it('refuses anything else with its own message', () => {
    expect(batchFileProblem(file('a.pdf', 'application/pdf'))).toBe(
      'Only .csv, .xlsx/.xls or .zip files are supported.',
    );
    expect(batchFileProblem(file('notes.txt', ''))).toBe('Only .csv, .xlsx/.xls or .zip files are supported.');
  });
});
