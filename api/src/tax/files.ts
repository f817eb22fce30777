/**
 * The capital-gains report as files (docs/product/tax.md#downloads): the tradewise exits as CSV,
 * Schedule 112A as CSV in the return's column order, and one workbook (Tradewise exits, Summary,
 * Charges, Schedule 112A). Files are for spreadsheets: amounts are plain numbers (a header says ₹),
 * dates are YYYY-MM-DD in CSV and date cells in the workbook, and a text cell that a spreadsheet
 * would run as a formula is neutralised (csvLine).
 */
import * as XLSX from '@e965/xlsx';
import Big from 'big.js';
import { csvFile, GRANDFATHERING_CUTOFF, toCsvExportCell, type TaxExit } from '@bazaar/shared';
import type { CapitalGainsReport } from './capital-gains.js';

const CATEGORY_WORDS: Record<TaxExit['category'], string> = {
  INTRADAY: 'Intraday (speculative)',
  SHORT_TERM: 'Short term',
  LONG_TERM: 'Long term',
};

const EXIT_HEADER = [
  'Brokerage firm',
  'Symbol',
  'ISIN',
  'Category',
  'Quantity',
  'Buy date',
  'Sell date',
  'Buy value (₹)',
  'Sell value (₹)',
  'Fair market value per share on 31-Jan-2018 (₹)',
  'Cost of acquisition (₹)',
  'Transfer expenses (₹)',
  'Gain (₹)',
  'Holding days',
  'Bonus shares',
];

function exitRow(exit: TaxExit): unknown[] {
  return [
    exit.brokerageFirm.name,
    exit.symbol,
    exit.isin ?? '',
    CATEGORY_WORDS[exit.category],
    exit.quantity,
    exit.buyDate,
    exit.sellDate,
    exit.buyValue,
    exit.sellValue,
    exit.fairMarketValue ?? '',
    exit.costOfAcquisition,
    exit.transferExpenses,
    exit.gain,
    exit.holdingDays,
    exit.bonus ? 'Yes' : 'No',
  ];
}

/** The columns of EXIT_HEADER that are amounts in rupees. */
const EXIT_MONEY_COLUMNS: ReadonlySet<number> = new Set([7, 8, 9, 10, 11, 12]);

/**
 * GET /user/tax/capital-gains.csv: one line per exit, amounts with 2 decimals (a sale's charges are computed to
 * more: 31.20773025 → 31.21) by the rule of every export (docs/product/common.md#csv-exports).
 */
export function capitalGainsCsv(report: CapitalGainsReport): string {
  const rows = report.exits.map((exit) =>
    exitRow(exit).map((cell, column) => (EXIT_MONEY_COLUMNS.has(column) ? toCsvExportCell(cell, 'money') : cell)),
  );
  return csvFile(EXIT_HEADER, rows);
}

/** Schedule 112A's columns, in the return's order. */
export const SCHEDULE_112A_HEADER = [
  'ISIN',
  'Name of the share',
  'No. of shares',
  'Sale price per share (₹)',
  'Full value of consideration (₹)',
  'Cost of acquisition without indexation (₹)',
  'Cost of acquisition (₹)',
  'Acquired before 01-02-2018',
  'Fair market value per share on 31-01-2018 (₹)',
  'Total fair market value (₹)',
  'Expenditure wholly and exclusively in connection with transfer (₹)',
  'Total deductions (₹)',
  'Balance (₹)',
];

interface ScheduleRow {
  isin: string;
  name: string;
  before: boolean;
  shares: Big;
  consideration: Big;
  costWithoutIndexation: Big;
  cost: Big;
  fairMarketValue: Big;
  transfer: Big;
}

/**
 * Schedule 112A: one row per ISIN of the year's long-term sales (two when some shares were acquired
 * before 1-Feb-2018 and some after: the return asks which). Col. 6 = shares × sale price; col. 7 is
 * the cost after grandfathering, col. 8 the actual cost; col. 12 = 7 + 11; col. 13 = 6 − 12.
 */
export function schedule112aRows(report: CapitalGainsReport): unknown[][] {
  const rows = new Map<string, ScheduleRow>();
  for (const exit of report.exits) {
    if (exit.category !== 'LONG_TERM') continue;
    const before = exit.buyDate < GRANDFATHERING_CUTOFF;
    const isin = exit.isin ?? `(no ISIN) ${exit.symbol}`;
    const key = `${isin}|${before}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        isin,
        name: report.names.get(exit.symbol) ?? exit.symbol,
        before,
        shares: new Big(0),
        consideration: new Big(0),
        costWithoutIndexation: new Big(0),
        cost: new Big(0),
        fairMarketValue: new Big(0),
        transfer: new Big(0),
      };
      rows.set(key, row);
    }
    row.shares = row.shares.plus(exit.quantity);
    row.consideration = row.consideration.plus(exit.sellValue);
    row.costWithoutIndexation = row.costWithoutIndexation.plus(exit.costOfAcquisition);
    row.cost = row.cost.plus(exit.actualCost);
    row.transfer = row.transfer.plus(exit.transferExpenses);
    if (exit.fairMarketValue !== null)
      row.fairMarketValue = row.fairMarketValue.plus(new Big(exit.fairMarketValue).times(exit.quantity));
  }
  const money = (value: Big) => toCsvExportCell(value, 'money');
  return [...rows.values()]
    .sort((a, b) => a.name.localeCompare(b.name) || Number(b.before) - Number(a.before))
    .map((row) => {
      const deductions = row.costWithoutIndexation.plus(row.transfer);
      return [
        row.isin,
        row.name,
        row.shares.toFixed(),
        money(row.consideration.div(row.shares)),
        money(row.consideration),
        money(row.costWithoutIndexation),
        money(row.cost),
        row.before ? 'Yes' : 'No',
        row.before && row.fairMarketValue.gt(0) ? money(row.fairMarketValue.div(row.shares)) : '',
        row.before && row.fairMarketValue.gt(0) ? money(row.fairMarketValue) : '',
        money(row.transfer),
        money(deductions),
        money(row.consideration.minus(deductions)),
      ];
    });
}

/** GET /user/tax/schedule-112a.csv. */
export function schedule112aCsv(report: CapitalGainsReport): string {
  return csvFile(SCHEDULE_112A_HEADER, schedule112aRows(report));
}

const MONEY_FORMAT = '#,##0.00';
const DATE_FORMAT = 'dd-mmm-yyyy';
const NUMBER = /^-?\d+(\.\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Excel's serial day of a YYYY-MM-DD date (no time zone involved). */
function serialDay(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / 86_400_000 + 25_569;
}

/**
 * A sheet from rows of plain values: decimal strings become number cells (money formatted, the
 * text neutralised where it is not a number), YYYY-MM-DD strings date cells.
 */
function sheetOf(
  header: readonly string[],
  rows: ReadonlyArray<readonly unknown[]>,
  moneyColumns: ReadonlySet<number>,
) {
  const sheet = XLSX.utils.aoa_to_sheet([header as string[]]);
  rows.forEach((row, r) => {
    row.forEach((value, c) => {
      const address = XLSX.utils.encode_cell({ r: r + 1, c });
      if (typeof value === 'number') sheet[address] = { t: 'n', v: value };
      else if (typeof value === 'string' && NUMBER.test(value))
        sheet[address] = moneyColumns.has(c)
          ? { t: 'n', v: Number(value), z: MONEY_FORMAT }
          : { t: 'n', v: Number(value) };
      else if (typeof value === 'string' && DATE.test(value))
        sheet[address] = { t: 'n', v: serialDay(value), z: DATE_FORMAT };
      else sheet[address] = { t: 's', v: String(value ?? '') };
    });
  });
  sheet['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows.length, c: header.length - 1 } });
  sheet['!cols'] = header.map((title) => ({ wch: Math.max(10, Math.min(28, title.length)) }));
  return sheet;
}

/** GET /user/tax/capital-gains.xlsx: Tradewise exits, Summary, Charges, Schedule 112A. */
export function capitalGainsWorkbook(report: CapitalGainsReport): Buffer {
  const { dto } = report;
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    sheetOf(EXIT_HEADER, report.exits.map(exitRow), EXIT_MONEY_COLUMNS),
    'Tradewise exits',
  );
  const s = dto.summary;
  const summaryRows: unknown[][] = [
    ['Financial year', dto.financialYear],
    ['Intraday profit (speculative business income, at your slab rate)', s.intradayProfit],
    ['Intraday turnover', s.intradayTurnover],
    ['Short-term gain (net of short-term losses)', s.shortTermGain],
    ['  of sales before 23-Jul-2024 (15 %)', s.shortTermGainBefore23Jul2024],
    ['  of sales from 23-Jul-2024 (20 %)', s.shortTermGainFrom23Jul2024],
    ['Long-term gain (net of long-term losses)', s.longTermGain],
    ['  of sales before 23-Jul-2024 (10 %)', s.longTermGainBefore23Jul2024],
    ['  of sales from 23-Jul-2024 (12.5 %)', s.longTermGainFrom23Jul2024],
    ['Long-term exemption used', s.longTermExemption],
    ['Loss carried forward', s.lossCarriedForward],
    ['Estimated tax (before surcharge and cess)', s.estimatedTax],
    ...dto.warnings.map((warning) => ['Warning', warning]),
  ];
  XLSX.utils.book_append_sheet(book, sheetOf(['Figure', 'Amount (₹)'], summaryRows, new Set([1])), 'Summary');
  const chargeRows = report.exits.map((exit) => [
    exit.sellDate,
    exit.brokerageFirm.name,
    exit.symbol,
    CATEGORY_WORDS[exit.category],
    // the actual cost less the buy value: the buy's charges (intraday: STT too)
    new Big(exit.actualCost).minus(exit.buyValue).toFixed(),
    exit.transferExpenses,
  ]);
  XLSX.utils.book_append_sheet(
    book,
    sheetOf(
      ['Sell date', 'Brokerage firm', 'Symbol', 'Category', 'Buy charges in the cost (₹)', 'Sale charges (₹)'],
      chargeRows,
      new Set([4, 5]),
    ),
    'Charges',
  );
  XLSX.utils.book_append_sheet(
    book,
    sheetOf(SCHEDULE_112A_HEADER, schedule112aRows(report), new Set([3, 4, 5, 6, 8, 9, 10, 11, 12])),
    'Schedule 112A',
  );
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
