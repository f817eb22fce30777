/**
 * The downloadable template of the balance-sheet table layout: the header and two example rows
 * (standalone and consolidated) whose figures balance, so a staff member can fill it in and the
 * unchanged template itself uploads cleanly.
 */
import { BALANCE_SHEET_ELEMENTS } from './parse.js';

export const BALANCE_SHEET_TEMPLATE_FILE_NAME = 'balance-sheet-template.csv';

/**
 * Example figures in rupees. Standalone: 600 + 400 = 1,000 assets; 50 + 450 = 500 equity;
 * 300 + 200 = 500 liabilities; 500 + 500 = 1,000. Consolidated adds 20 of non-controlling interest.
 */
const EXAMPLES = [
  {
    symbol: 'EXAMPLE',
    nature: 'Standalone',
    date: '2025-03-31',
    amounts: {
      NonCurrentAssets: '60000000000',
      CurrentAssets: '40000000000',
      Assets: '100000000000',
      EquityShareCapital: '5000000000',
      OtherEquity: '45000000000',
      Equity: '50000000000',
      NonControllingInterest: '',
      NonCurrentLiabilities: '30000000000',
      CurrentLiabilities: '20000000000',
      Liabilities: '50000000000',
      EquityAndLiabilities: '100000000000',
    },
  },
  {
    symbol: 'EXAMPLE',
    nature: 'Consolidated',
    date: '2025-03-31',
    amounts: {
      NonCurrentAssets: '62000000000',
      CurrentAssets: '40000000000',
      Assets: '102000000000',
      EquityShareCapital: '5000000000',
      OtherEquity: '45000000000',
      Equity: '50000000000',
      NonControllingInterest: '2000000000',
      NonCurrentLiabilities: '30000000000',
      CurrentLiabilities: '20000000000',
      Liabilities: '50000000000',
      EquityAndLiabilities: '102000000000',
    },
  },
];

export function balanceSheetTemplateCsv(): string {
  const header = [
    'Symbol',
    'NatureOfReportStandaloneConsolidated',
    'DateOfEndOfReportingPeriod',
    ...BALANCE_SHEET_ELEMENTS.map((item) => item.element),
  ];
  const rows = EXAMPLES.map((example) => [
    example.symbol,
    example.nature,
    example.date,
    ...BALANCE_SHEET_ELEMENTS.map((item) => example.amounts[item.element]),
  ]);
  return [header, ...rows].map((row) => row.join(',')).join('\n') + '\n';
}
