/**
 * DataGrid at a phone's width (docs/product/common.md#generic-tables): rows are cards with the key figures, the
 * optional columns under "More", labelled action buttons and the pager; one Back control; the title is the page's
 * h1 unless the page has its own.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router-dom';
import { IconCash } from '@tabler/icons-react';
import { onPhoneOfWidth } from '../../test/setup';
import { DataGrid, type DataGridColumn } from '.';

/** Called when the AG Grid part is imported: a phone's cards never need it. */
const gridLoaded = vi.hoisted(() => vi.fn());
vi.mock('./ag-grid-table', () => {
  gridLoaded();
  return { default: () => null };
});

interface Holding {
  id: string;
  symbol: string;
  quantity: number;
  net: string;
  exchange: string;
}

const COLUMNS: DataGridColumn<Holding>[] = [
  { field: 'symbol', headerName: 'Symbol' },
  { field: 'quantity', headerName: 'Qty', numeric: true },
  {
    field: 'net',
    headerName: 'Net P&L',
    numeric: true,
    format: (value) => `₹${String(value)}`,
    cellClass: () => 'gain',
  },
  { field: 'exchange', headerName: 'Exchange', optional: true },
];

const ROWS: Holding[] = Array.from({ length: 12 }, (_, index) => ({
  id: String(index + 1),
  symbol: `SYM${String(index + 1).padStart(2, '0')}`,
  quantity: index + 1,
  net: `${(index + 1) * 10}.00`,
  exchange: index % 2 ? 'BSE' : 'NSE',
}));

function renderGrid(props: Partial<Parameters<typeof DataGrid<Holding>>[0]> = {}) {
  return render(
    <MantineProvider>
      <MemoryRouter>
        <DataGrid<Holding> title="Holdings" rows={ROWS} columns={COLUMNS} getRowId={(row) => row.id} {...props} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

// a 390 px phone: the tables are card lists, drawn in jsdom (AG Grid's canvas is not)
onPhoneOfWidth(390);

describe('DataGrid on a phone', () => {
  it('shows 10 cards per page with the key figures, the rest under More, and pages on', () => {
    const sell = vi.fn();
    renderGrid({ actions: [{ label: 'Sell', icon: <IconCash size={16} />, onClick: sell }], showBack: true });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Holdings');
    expect(screen.getAllByRole('button', { name: 'Back' })).toHaveLength(1);
    const cards = screen.getAllByTestId('data-grid-card');
    expect(cards).toHaveLength(10);
    const first = within(cards[0]!);
    // the first column is the card's title
    expect(cards[0]!.firstElementChild?.textContent).toBe('SYM01');
    expect(first.getByText('Qty').nextElementSibling?.textContent).toBe('1');
    const net = first.getByText('₹10.00');
    expect(net.className).toContain('gain');
    // the optional column is inside the closed "More" details
    const more = first.getByText('Exchange').closest('details');
    expect(more?.open).toBe(false);
    expect(more?.querySelector('summary')?.textContent).toBe('More');
    fireEvent.click(first.getByRole('button', { name: 'Sell' }));
    expect(sell).toHaveBeenCalledWith(ROWS[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(
      screen.getAllByTestId('data-grid-card').map((card) => within(card).getAllByText(/^SYM/)[0]!.textContent),
    ).toEqual(['SYM11', 'SYM12']);
    expect(screen.queryByRole('button', { name: 'Columns' })).toBeNull();
  });

  it('opens a row from its title and keeps its heading at h2 inside a page that has an h1', () => {
    const open = vi.fn();
    renderGrid({ onRowClick: open, headingOrder: 2 });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Holdings');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'SYM02' }));
    expect(open).toHaveBeenCalledWith(ROWS[1]);
  });

  it('never loads the grid library, not even for a first render', async () => {
    renderGrid();
    await vi.dynamicImportSettled();
    expect(screen.getAllByTestId('data-grid-card')).toHaveLength(10);
    expect(gridLoaded).not.toHaveBeenCalled();
  });
});
