/**
 * RowsTable in jsdom: headers and cells from the columns, numbers aligned right, phone-hidden columns, long text, a
 * cell's own props from its row.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { RowsTable, type RowsTableColumn } from './rows-table';

afterEach(cleanup);

const UPLOADS = [
  { id: 'u1', file: 'cm03JAN2019bhav.csv', rows: 1_650, by: 'staff' },
  { id: 'u2', file: 'EQUITY_L.csv', rows: 120, by: 'admin' },
];
type Upload = (typeof UPLOADS)[number];

/** The uploads in a RowsTable of these columns; the table's element. */
function renderUploads(columns: RowsTableColumn<Upload>[]): HTMLElement {
  render(
    <MantineProvider>
      <RowsTable data-testid="uploads" rows={UPLOADS} rowKey={(upload) => upload.id} columns={columns} />
    </MantineProvider>,
  );
  return screen.getByTestId('uploads');
}

describe('RowsTable', () => {
  it('draws a header and a row per item, each column alike in its header and cells', () => {
    const table = renderUploads([
      { header: 'File', breakAll: true, width: 200, cell: (upload) => upload.file },
      { header: 'Rows', numeric: true, cell: (upload) => String(upload.rows) },
      { header: 'By', visibleFrom: 'sm', cell: (upload) => upload.by },
    ]);
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['File', 'Rows', 'By']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['cm03JAN2019bhav.csv', '1650', 'staff'],
      ['EQUITY_L.csv', '120', 'admin'],
    ]);
    const [file, count, by] = within(rows[0]!).getAllByRole('cell');
    expect(file!.style.wordBreak).toBe('break-all');
    expect(headers[0]!.style.width).toBe('calc(12.5rem * var(--mantine-scale))');
    expect(count!.style.textAlign).toBe('right');
    expect(headers[1]!.style.textAlign).toBe('right');
    expect(file!.style.textAlign).toBe('');
    expect(by!.className).toContain('mantine-visible-from-sm');
    expect(headers[2]!.className).toContain('mantine-visible-from-sm');
  });

  it("gives each cell the props its column reads from the row, beside the column's own", () => {
    const table = renderUploads([
      { header: 'File', cell: (upload) => upload.file, cellProps: (upload) => ({ title: `by ${upload.by}` }) },
      {
        header: 'Rows',
        numeric: true,
        visibleFrom: 'sm',
        cell: (upload) => String(upload.rows),
        cellProps: (upload) => ({ className: upload.rows > 1_000 ? 'many' : undefined }),
      },
    ]);
    const [big, small] = within(table).getAllByRole('row').slice(1);
    const [bigFile, bigCount] = within(big!).getAllByRole('cell');
    const [smallFile, smallCount] = within(small!).getAllByRole('cell');
    expect([bigFile!.title, smallFile!.title]).toEqual(['by staff', 'by admin']);
    expect(bigCount!.className).toContain('many');
    expect(smallCount!.className).not.toContain('many');
    // the column's alignment and breakpoint stay
    expect(bigCount!.style.textAlign).toBe('right');
    expect(bigCount!.className).toContain('mantine-visible-from-sm');
  });
});
