/**
 * The Holdings CSV adds up in a spreadsheet (docs/product/common.md#csv-exports): the grid with the page's columns is
 * exported through its Export CSV button and read back. Every money column is a plain number with 2 decimals (no ₹,
 * no grouping, no apostrophe before a loss), its header says ₹, quantities are integers, dates YYYY-MM-DD; the
 * screen keeps ₹ and Indian grouping.
 *
 * The rows' amounts, each rounded half up to the paisa, and the column totals, worked by hand:
 *   Avg Price   700.5 → 700.50   300 → 300.00     1000.005 → 1000.01        total 2000.51
 *   LTP         742.35           290 → 290.00     1117.575 → 1117.58        total 2149.93
 *   Gross P&L   418.5 → 418.50   -40 → -40.00     117.57                    total  496.07
 *   Charges     31.20773025 → 31.21   23.25       0.005 → 0.01              total   54.47
 *   Dividends   0 → 0.00         0 → 0.00         15 → 15.00                total   15.00
 *   Net P&L     387.29226975 → 387.29   -63.25    132.565 → 132.57          total  456.61
 *   Sell Price  (open: empty)    290 → 290.00     (open: empty)             total  290.00
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router-dom';
import { DataGrid } from '../../../components/data-grid';
import type { HoldingRow } from '../components/holding-form';
import { HOLDINGS_COLUMNS } from './holdings-page';

function holding(
  fields: Pick<
    HoldingRow,
    'id' | 'symbol' | 'quantity' | 'price' | 'currentPrice' | 'status' | 'creationDate' | 'sellPrice' | 'sellingDate'
  >,
  profitLoss: Pick<HoldingRow['profitLoss'], 'gross' | 'charges' | 'dividends' | 'net'>,
  changePercent: string | null,
): HoldingRow {
  return {
    ...fields,
    priceDate: '2020-01-03',
    exchange: 'NSE',
    segmentName: 'Equity',
    tradedQuantity: fields.quantity,
    tradedPrice: fields.price,
    adjustments: [],
    brokerageFirm: { id: '1', name: 'Zerodha' },
    profitLoss: { ...profitLoss, sellChargesEstimated: false, breakdown: [], dividendPayments: [] },
    quote: changePercent === null ? null : { tradeDate: '2020-01-03', change: '1', changePercent },
  };
}

const ROWS: HoldingRow[] = [
  holding(
    {
      id: '1',
      symbol: 'INFY',
      quantity: 10,
      price: '700.5',
      currentPrice: '742.35',
      status: 'UNREALIZED',
      creationDate: '2019-01-02',
      sellPrice: null,
      sellingDate: null,
    },
    { gross: '418.5', charges: '31.20773025', dividends: '0', net: '387.29226975' },
    '1.2345',
  ),
  holding(
    {
      id: '2',
      symbol: 'SBIN',
      quantity: 4,
      price: '300',
      currentPrice: '290',
      status: 'REALIZED',
      creationDate: '2019-01-03',
      sellPrice: '290',
      sellingDate: '2020-01-03',
    },
    { gross: '-40', charges: '23.25', dividends: '0', net: '-63.25' },
    '-0.5',
  ),
  holding(
    {
      id: '3',
      symbol: 'TCS',
      quantity: 1,
      price: '1000.005',
      currentPrice: '1117.575',
      status: 'UNREALIZED',
      creationDate: '2019-06-03',
      sellPrice: null,
      sellingDate: null,
    },
    { gross: '117.57', charges: '0.005', dividends: '15', net: '132.565' },
    null,
  ),
];

/** RFC 4180 fields: commas separate, quotes wrap a field, two quotes are one; CRLF ends a record. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      index++;
    } else field += char;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}

/** Exports the grid through its button and returns the file's text. */
async function exportHoldings(): Promise<string> {
  const blobs: Blob[] = [];
  Object.assign(URL, {
    createObjectURL: vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:csv';
    }),
    revokeObjectURL: vi.fn(),
  });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  render(
    <MantineProvider>
      <MemoryRouter>
        <DataGrid<HoldingRow>
          title="Zerodha Equity Holdings"
          rows={ROWS}
          columns={HOLDINGS_COLUMNS}
          getRowId={(row) => row.id}
          exportFileName="Zerodha-Equity-holdings"
        />
      </MemoryRouter>
    </MantineProvider>,
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
  await waitFor(() => expect(blobs).toHaveLength(1));
  click.mockRestore();
  // jsdom's Blob has no text(): read it as a browser's FileReader does
  return new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blobs[0]!);
  });
}

/** A column of the file by its header: the cells of every row. */
function column(records: string[][], header: string): string[] {
  const index = records[0]!.indexOf(header);
  expect(index, `a column "${header}" in ${records[0]!.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return records.slice(1).map((record) => record[index]!);
}

/** A column's total in paise, added as integers (so no float error hides in the check). */
function totalPaise(cells: readonly string[]): number {
  return cells.filter((cell) => cell !== '').reduce((sum, cell) => sum + Math.round(Number(cell) * 100), 0);
}

afterEach(cleanup);

describe('the Holdings CSV', () => {
  it('has money as plain numbers with 2 decimals that add up to the totals worked by hand', async () => {
    const records = parseCsv(await exportHoldings());
    expect(records).toHaveLength(1 + ROWS.length);
    const totals: Record<string, number> = {
      'Avg Price (₹)': 2000_51,
      'LTP (₹)': 2149_93,
      'Gross P&L (₹)': 496_07,
      'Charges (₹)': 54_47,
      'Dividends (₹)': 15_00,
      'Net P&L (₹)': 456_61,
      'Sell Price (₹)': 290_00,
    };
    for (const [header, paise] of Object.entries(totals)) {
      const cells = column(records, header);
      for (const cell of cells) {
        // a number a spreadsheet reads: 2 decimals, no ₹, no grouping, no apostrophe; empty where there is none
        if (cell !== '') expect(cell, header).toMatch(/^-?\d+\.\d{2}$/);
        expect(Number.isFinite(Number(cell)), `${header}: ${cell}`).toBe(true);
      }
      expect(totalPaise(cells), header).toBe(paise);
    }
    expect(column(records, 'Charges (₹)')).toEqual(['31.21', '23.25', '0.01']);
    expect(column(records, 'Net P&L (₹)')).toEqual(['387.29', '-63.25', '132.57']);
    expect(column(records, 'Sell Price (₹)')).toEqual(['', '290.00', '']);
  });

  it('has quantities as integers, the day change as a number, dates as YYYY-MM-DD and text as on screen', async () => {
    const records = parseCsv(await exportHoldings());
    expect(column(records, 'Symbol')).toEqual(['INFY', 'SBIN', 'TCS']);
    expect(column(records, 'Status')).toEqual(['Unrealized', 'Realized', 'Unrealized']);
    expect(column(records, 'Qty')).toEqual(['10', '4', '1']);
    expect(column(records, 'Day Change (%)')).toEqual(['1.23', '-0.50', '']);
    expect(column(records, 'Buying Date')).toEqual(['2019-01-02', '2019-01-03', '2019-06-03']);
    expect(column(records, 'Selling Date')).toEqual(['', '2020-01-03', '']);
    expect(column(records, 'Exchange')).toEqual(['NSE', 'NSE', 'NSE']);
  });

  it('declares how every numeric column is exported (none falls back to its display text)', () => {
    const undeclared = HOLDINGS_COLUMNS.filter((holdingColumn) => holdingColumn.numeric && !holdingColumn.exportAs);
    expect(undeclared.map((holdingColumn) => holdingColumn.field)).toEqual([]);
  });
});
