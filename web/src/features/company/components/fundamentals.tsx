/**
 * Fundamental Analysis: the Balance Sheet and Profit Loss tables and the 'Profit' bar chart, shared
 * by the Company Analysis and Fundamental Analysis pages. The tables are the product's vertical table
 * variant: a first column headed 'End Of Reporting Period' with the field names, one column per
 * period dated in its header. Amounts stay decimal strings and are formatted only for display: statement figures in
 * crores (₹746.32 Cr, as Indian readers expect them), earnings per share in rupees (docs/product/company.md).
 * The old app broke when a company had no statements; here an empty list shows an empty state.
 */
import { Table } from '@mantine/core';
import { formatCrore, formatIndianNumber, formatRupees } from '@bazaar/shared';
import type { BalanceSheetFieldsFragment, ProfitAndLossFieldsFragment } from '../../../__generated__/graphql';
import type { ApexOptions } from '../../../components/chart';
import { DeferredChart } from '../../../components/chart/deferred-chart';
import { formatMarketDate } from '../../../lib/dates';
import { EmptyState, Section } from './section';
import { FALLING_COLOUR, RISING_COLOUR } from './chart-data';
import classes from './statement-table.module.css';

interface StatementRow<Item> {
  label: string;
  value: (item: Item) => string;
}

const rupees = (value: string | null | undefined) =>
  value === null || value === undefined ? '—' : formatRupees(value);
const crores = (value: string | null | undefined) => (value === null || value === undefined ? '—' : formatCrore(value));
/** Rupees → crores for the Profit chart's axis and tooltip (display only). */
const CRORE = 10_000_000;

const PROFIT_LOSS_ROWS: StatementRow<ProfitAndLossFieldsFragment>[] = [
  { label: 'Reporting Quarter', value: (item) => item.reportingQuarter },
  { label: 'Revenue From Operations', value: (item) => crores(item.revenueFromOperations) },
  { label: 'Income', value: (item) => crores(item.income) },
  { label: 'Expenses', value: (item) => crores(item.expenses) },
  { label: 'Profit Before Tax', value: (item) => crores(item.profitBeforeTax) },
  { label: 'Profit Loss For Period', value: (item) => crores(item.profitLossForPeriod) },
  { label: 'Basic Earnings Per Share', value: (item) => rupees(item.basicEarningsPerShare) },
];

const BALANCE_SHEET_ROWS: StatementRow<BalanceSheetFieldsFragment>[] = [
  { label: 'Non Current Assets', value: (item) => crores(item.nonCurrentAssets) },
  { label: 'Current Assets', value: (item) => crores(item.currentAssets) },
  { label: 'Total Assets', value: (item) => crores(item.totalAssets) },
  { label: 'Equity Share Capital', value: (item) => crores(item.equityShareCapital) },
  { label: 'Other Equity', value: (item) => crores(item.otherEquity) },
  { label: 'Total Equity', value: (item) => crores(item.totalEquity) },
  { label: 'Non Current Liabilities', value: (item) => crores(item.nonCurrentLiabilities) },
  { label: 'Current Liabilities', value: (item) => crores(item.currentLiabilities) },
  { label: 'Total Liabilities', value: (item) => crores(item.totalLiabilities) },
  { label: 'Total Equity And Liabilities', value: (item) => crores(item.totalEquityAndLiabilities) },
];

function VerticalStatementTable<Item extends { dateOfEndOfReportingPeriod: string }>({
  items,
  rows,
  label,
}: {
  items: readonly Item[];
  rows: StatementRow<Item>[];
  label: string;
}) {
  return (
    // focusable, so the keyboard can scroll it (WCAG 2.1.1); named by its table
    <div className={classes.scroller} tabIndex={0} role="region" aria-label={label}>
      <Table
        striped
        withTableBorder
        withColumnBorders
        fz="sm"
        horizontalSpacing={6}
        className={classes.table}
        aria-label={label}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.label}>End Of Reporting Period</Table.Th>
            {items.map((item) => (
              <Table.Th key={item.dateOfEndOfReportingPeriod} className={classes.figure}>
                {formatMarketDate(item.dateOfEndOfReportingPeriod)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.label}>
              <Table.Th scope="row" fw={500} className={classes.label}>
                {row.label}
              </Table.Th>
              {items.map((item) => (
                <Table.Td key={item.dateOfEndOfReportingPeriod} className={classes.figure}>
                  {row.value(item)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** The 'Profit' bar chart: profit (loss) for the period per quarter, losses in red. */
export function ProfitChart({
  profitAndLoss,
  mobile,
}: {
  profitAndLoss: readonly ProfitAndLossFieldsFragment[];
  mobile: boolean;
}) {
  const options: ApexOptions = {
    chart: { id: 'profit', toolbar: { show: false }, animations: { enabled: false } },
    plotOptions: {
      bar: {
        columnWidth: '55%',
        colors: { ranges: [{ from: -Number.MAX_VALUE, to: -Number.MIN_VALUE, color: FALLING_COLOUR }] },
      },
    },
    colors: [RISING_COLOUR],
    dataLabels: { enabled: false },
    xaxis: {
      categories: profitAndLoss.map((item) => formatMarketDate(item.dateOfEndOfReportingPeriod)),
      labels: { rotate: mobile ? -45 : 0, hideOverlappingLabels: true },
    },
    yaxis: {
      title: { text: '₹ Cr' },
      labels: { formatter: (value: number) => (Number.isFinite(value) ? formatIndianNumber(value / CRORE, 0) : '') },
    },
    tooltip: { y: { formatter: (value: number) => (Number.isFinite(value) ? formatCrore(value) : '') } },
  };
  return (
    <Section title="Profit" order={3} testId="profit-section">
      <DeferredChart
        testId="profit-chart"
        type="bar"
        height={mobile ? 240 : 300}
        series={[{ name: 'Profit', data: profitAndLoss.map((item) => Number(item.profitLossForPeriod)) }]}
        options={options}
        empty={profitAndLoss.length === 0}
        emptyText="No quarterly results filed yet."
      />
    </Section>
  );
}

export interface FundamentalsProps {
  profitAndLoss: readonly ProfitAndLossFieldsFragment[];
  balanceSheets: readonly BalanceSheetFieldsFragment[];
  mobile: boolean;
}

/** Balance Sheet table, Profit Loss table and the Profit chart. */
export function Fundamentals({ profitAndLoss, balanceSheets, mobile }: FundamentalsProps) {
  return (
    <>
      <Section title="Balance Sheet" order={3} testId="balance-sheet-section">
        {balanceSheets.length === 0 ? (
          <EmptyState text="No balance sheets filed yet." testId="balance-sheet-empty" />
        ) : (
          <VerticalStatementTable items={balanceSheets} rows={BALANCE_SHEET_ROWS} label="Balance Sheet" />
        )}
      </Section>
      <Section title="Profit Loss" order={3} testId="profit-loss-section">
        {profitAndLoss.length === 0 ? (
          <EmptyState text="No quarterly results filed yet." testId="profit-loss-empty" />
        ) : (
          <VerticalStatementTable items={profitAndLoss} rows={PROFIT_LOSS_ROWS} label="Profit Loss" />
        )}
      </Section>
      <ProfitChart profitAndLoss={profitAndLoss} mobile={mobile} />
    </>
  );
}
