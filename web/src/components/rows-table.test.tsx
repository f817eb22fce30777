/** RowsTable in jsdom: headers and cells from the columns, numbers aligned right, phone-hidden columns, long text. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { RowsTable } from './rows-table';

afterEach(cleanup);

const UPLOADS = [
  { id: 'u1', file: 'cm03JAN2019bhav.csv', rows: 1_650, by: 'staff' },
  { id: 'u2', file: 'EQUITY_L.csv', rows: 120, by: 'admin' },
];

describe('RowsTable', () => {
  it('draws a header and a row per item, each column alike in its header and cells', () => {
    render(
      <MantineProvider>
        <RowsTable
          data-testid="uploads"
          rows={UPLOADS}
          rowKey={(upload) => upload.id}
          columns={[
            { header: 'File', breakAll: true, width: 200, cell: (upload) => upload.file },
            { header: 'Rows', numeric: true, cell: (upload) => String(upload.rows) },
            { header: 'By', visibleFrom: 'sm', cell: (upload) => upload.by },
          ]}
        />
      </MantineProvider>,
    );
    const table = screen.getByTestId('uploads');
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
});
