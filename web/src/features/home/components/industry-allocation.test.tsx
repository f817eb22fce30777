/**
 * The dashboard's industry card when industries are missing (docs/product/uploads.md#industries): the exchange's
 * equity list has none, so every held stock is 'Unclassified' until staff upload an index constituent list. One
 * full bar would read as a finding; the card says what is missing instead. With some industries, the bars show and
 * a line says what 'Unclassified' means. ApexCharts is replaced by a stub.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router-dom';
import { IndustryAllocation } from './investor-dashboard';

vi.mock('../../../components/chart/deferred-chart', async (original) => ({
  ...(await original<object>()),
  DeferredChart: (props: { testId?: string; series: Array<{ data: number[] }> }) => (
    <div data-testid={props.testId} data-bars={props.series[0]?.data.length} />
  ),
}));

afterEach(cleanup);

const slice = (name: string, value: string, percent: string) => ({
  __typename: 'AllocationSlice' as const,
  name,
  value,
  percent,
});

function renderCard(slices: ReturnType<typeof slice>[]) {
  render(
    <MantineProvider>
      <MemoryRouter>
        <IndustryAllocation slices={slices} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('the dashboard industry card', () => {
  it('says no industry is loaded instead of one Unclassified bar', () => {
    renderCard([slice('Unclassified', '1280', '100.00')]);
    expect(screen.queryByTestId('dashboard-industry')).toBeNull();
    expect(screen.getByTestId('dashboard-industry-missing').textContent).toBe(
      'No industry is loaded yet for the stocks you hold, so they cannot be grouped by industry.',
    );
  });

  it('draws the industries and says what Unclassified means beside them', () => {
    renderCard([slice('Financial Services', '1100', '85.94'), slice('Unclassified', '180', '14.06')]);
    expect(screen.getByTestId('dashboard-industry').dataset.bars).toBe('2');
    expect(screen.getByTestId('dashboard-industry-note').textContent).toBe(
      'Unclassified: stocks whose industry is not loaded yet.',
    );
  });

  it('adds no line when every stock has an industry', () => {
    renderCard([slice('Financial Services', '1280', '100.00')]);
    expect(screen.queryByTestId('dashboard-industry')).not.toBeNull();
    expect(screen.queryByTestId('dashboard-industry-note')).toBeNull();
  });
});
