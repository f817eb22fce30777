/**
 * DataGrid at a laptop's width (docs/product/common.md#generic-tables): AG Grid draws the page shown, DataGrid sorts
 * and pages every row itself; a header click sorts all rows and shows the first page; custom cells and the action
 * buttons are React (portals into AG Grid's cells); the CSV holds every row found,
 * in the order shown.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router-dom';
import { IconTrash } from '@tabler/icons-react';
import { DataGrid, type DataGridColumn } from '.';

interface Price {
  id: string;
  symbol: string;
  close: number;
}

// closes in a shuffled order: 12 rows, two pages
const CLOSES = [50, 10, 120, 30, 5, 75, 60, 15, 90, 20, 110, 40];
const ROWS: Price[] = CLOSES.map((close, index) => ({ id: String(index), symbol: `SYM${index}`, close }));

const COLUMNS: DataGridColumn<Price>[] = [
  { field: 'symbol', headerName: 'Symbol', render: (row) => <a href={`/company/${row.symbol}`}>{row.symbol}</a> },
  { field: 'close', headerName: 'Close', numeric: true, format: (value) => `₹${String(value)}` },
];

function renderGrid(props: Partial<Parameters<typeof DataGrid<Price>>[0]> = {}) {
  return render(
    <MantineProvider>
      <MemoryRouter>
        <DataGrid<Price> title="Prices" rows={ROWS} columns={COLUMNS} getRowId={(row) => row.id} {...props} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

/** The Close cells of the rows shown, in row order. */
function closesShown(): string[] {
  return [...document.querySelectorAll('.ag-row[row-index]')]
    .sort((a, b) => Number(a.getAttribute('row-index')) - Number(b.getAttribute('row-index')))
    .map((row) => row.querySelector('[col-id="close"]')?.textContent ?? '');
}

afterEach(cleanup);

describe('DataGrid on a laptop', () => {
  it('draws one page, sorts every row from a header click and pages on', async () => {
    renderGrid();
    await waitFor(() => expect(closesShown()).toHaveLength(10));
    expect(closesShown()).toEqual(CLOSES.slice(0, 10).map((close) => `₹${close}`));
    // the Symbol cells are React: links drawn into AG Grid's cells
    await waitFor(() => expect(screen.getByRole('link', { name: 'SYM0' }).getAttribute('href')).toBe('/company/SYM0'));

    fireEvent.click(document.querySelector('.ag-header-cell[col-id="close"] .ag-header-cell-label')!);
    const ascending = [...CLOSES].sort((a, b) => a - b);
    await waitFor(() => expect(closesShown()).toEqual(ascending.slice(0, 10).map((close) => `₹${close}`)));
    expect(document.querySelector('.ag-header-cell[col-id="close"]')?.getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(closesShown()).toEqual(ascending.slice(10).map((close) => `₹${close}`)));
    await waitFor(() => expect(screen.getByRole('link', { name: 'SYM2' }).getAttribute('href')).toBe('/company/SYM2'));
  });

  it('sorts from the Sort by list too, descending on a second pick', async () => {
    renderGrid();
    await waitFor(() => expect(closesShown()).toHaveLength(10));
    for (let pick = 0; pick < 2; pick++) {
      fireEvent.click(screen.getByRole('button', { name: 'Sort by' }));
      const list = await screen.findByRole('group', { name: 'Sort by' });
      fireEvent.click(within(list).getByText('Close'));
    }
    const descending = [...CLOSES].sort((a, b) => b - a);
    await waitFor(() => expect(closesShown()).toEqual(descending.slice(0, 10).map((close) => `₹${close}`)));
    await waitFor(() =>
      expect(document.querySelector('.ag-header-cell[col-id="close"]')?.getAttribute('aria-sort')).toBe('descending'),
    );
  });

  // a row click (AG Grid's cell click) is checked in the browser (web/e2e/market.e2e.ts): jsdom does not raise it
  it('draws the action buttons as React cells and runs an action on its row', async () => {
    const remove = vi.fn();
    renderGrid({ actions: [{ label: 'Delete', icon: <IconTrash size={16} />, onClick: remove }] });
    const buttons = await screen.findAllByRole('button', { name: 'Delete' });
    expect(buttons).toHaveLength(10);
    fireEvent.click(buttons[2]!);
    expect(remove).toHaveBeenCalledWith(ROWS[2]);
  });

  it('exports every row found, in the order shown, as CSV', async () => {
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:csv';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderGrid({ exportFileName: 'prices' });
    await waitFor(() => expect(closesShown()).toHaveLength(10));
    fireEvent.click(document.querySelector('.ag-header-cell[col-id="close"] .ag-header-cell-label')!);
    // the first page of every row sorted (not only the ten rows shown sorted among themselves)
    const ascending = [...CLOSES].sort((a, b) => a - b);
    await waitFor(() => expect(closesShown()).toEqual(ascending.slice(0, 10).map((close) => `₹${close}`)));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(click).toHaveBeenCalledTimes(1);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Symbol,Close');
    // the Close column declares no export kind: its display text, as on screen (a money column, web/src/features/
    // portfolio/pages/holdings-export.test.tsx, exports plain numbers); the file ends with a line break
    expect(lines.slice(1)).toEqual([
      ...[...ROWS].sort((a, b) => a.close - b.close).map((row) => `${row.symbol},₹${row.close}`),
      '',
    ]);
    click.mockRestore();
  });
});
