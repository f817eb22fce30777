/**
 * Against the market's two tables in jsdom (docs/product/home.md#against-the-market): the time-weighted periods (a
 * period's dates in its label's hint) and each holding against the index over its own days, returns signed and toned
 * as a gain or a loss. The index is loaded to 31-Dec-2019: TCS, held to 03-Jan-2020, is past its last close, so its
 * index return is a dash (and no tone), while INFY, held to 01-Aug-2019, is compared. Worked by hand: 2.1 → +2.10%,
 * -0.5 → -0.50%, 12.5 → +12.50%, 3 → +3.00%, -1.25 → -1.25%. ApexCharts is replaced by a stub.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { DashboardBenchmarkDocument } from '../../../__generated__/graphql';
import { renderPage } from '../../../test/render-page';
import { AgainstTheMarket } from './against-the-market';

vi.mock('../../../components/chart/deferred-chart', async (original) => ({
  ...(await original<object>()),
  DeferredChart: (props: { testId?: string }) => <div data-testid={props.testId} />,
}));

afterEach(cleanup);

const holding = (id: string, symbol: string, endDate: string, holdingReturn: string, indexReturn: string) => ({
  __typename: 'BenchmarkHolding' as const,
  id,
  symbol,
  buyDate: '2019-01-02',
  endDate,
  holdingReturn,
  indexReturn,
});

const BENCHMARK = {
  __typename: 'Benchmark' as const,
  index: 'NIFTY 50 TRI',
  indexLastDate: '2019-12-31',
  valuedOn: '2019-12-31',
  from: '2019-01-02',
  to: '2019-12-31',
  portfolioXirr: '10',
  indexXirr: '8',
  portfolioTwr: '9',
  indexTwr: '7',
  periods: [
    {
      __typename: 'BenchmarkPeriodReturn' as const,
      period: 'P1M' as const,
      from: '2019-07-01',
      to: '2019-08-01',
      portfolioTwr: '2.1',
      indexTwr: '-0.5',
    },
  ],
  series: [],
  holdings: [holding('h1', 'INFY', '2019-08-01', '12.5', '3'), holding('h2', 'TCS', '2020-01-03', '-1.25', '4')],
  warnings: [],
};

/** The table's header texts and its rows' cells. */
function tableOf(testId: string) {
  const table = screen.getByTestId(testId);
  const [, ...rows] = within(table).getAllByRole('row');
  return {
    headers: within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent),
    cells: rows.map((row) => within(row).getAllByRole('cell')),
  };
}

describe('against the market: the tables', () => {
  it('shows the periods and the holdings, signed and toned, and a dash for a holding past the index', async () => {
    renderPage(<AgainstTheMarket />, {
      path: '/',
      mocks: [{ request: { query: DashboardBenchmarkDocument }, result: { data: { benchmark: BENCHMARK } } }],
    });
    await screen.findByTestId('benchmark-periods');

    const periods = tableOf('benchmark-periods');
    expect(periods.headers).toEqual(['Time-weighted', 'You', 'Index']);
    expect(periods.cells.map((row) => row.map((cell) => cell.textContent))).toEqual([['1M', '+2.10%', '-0.50%']]);
    const [label, yours, index] = periods.cells[0]!;
    expect(label!.title).toBe('01-Jul-2019 to 01-Aug-2019');
    expect(yours!.className).toContain('gain');
    expect(index!.className).toContain('loss');
    expect(yours!.style.textAlign).toBe('right');

    const holdings = tableOf('benchmark-holdings');
    expect(holdings.headers).toEqual(['Holding', 'Since', 'Return', 'Index']);
    expect(holdings.cells.map((row) => row.map((cell) => cell.textContent))).toEqual([
      ['INFY', '02-Jan-2019', '+12.50%', '+3.00%'],
      ['TCS', '02-Jan-2019', '-1.25%', '—'],
    ]);
    const [infy, tcs] = holdings.cells;
    expect(infy![0]!.style.fontWeight).toBe('600');
    expect(infy![1]!.style.whiteSpace).toBe('nowrap');
    expect(infy![1]!.className).toContain('mantine-visible-from-xs');
    expect(infy![3]!.className).toContain('gain');
    expect(tcs![2]!.className).toContain('loss');
    expect(tcs![3]!.className).not.toMatch(/gain|loss/);
    expect(tcs![3]!.style.textAlign).toBe('right');
  });
});
