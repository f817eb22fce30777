/**
 * DeferredChart when ApexCharts fails to load (offline, a new deployment): each chart says so with a Retry in its
 * own place, the page stays, and the charts after a failed one still get their turn; Retry asks for the library
 * again. The first import of the library fails here, the next one loads a stub.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';

const imports = vi.hoisted(() => ({ count: 0 }));
vi.mock('./apex-chart.deferred', () => {
  imports.count += 1;
  if (imports.count === 1) throw new Error('Failed to fetch dynamically imported module');
  return { default: () => <div data-testid="apex-stub" /> };
});

const { DeferredChart } = await import('./deferred-chart');

afterEach(cleanup);

describe('DeferredChart whose library fails to load', () => {
  it('shows a Retry in each chart place without stalling the charts after it, and Retry draws the chart', async () => {
    render(
      <MantineProvider>
        {['first', 'second'].map((id) => (
          <DeferredChart key={id} type="line" series={[]} options={{}} height={200} testId={id} />
        ))}
      </MantineProvider>,
    );
    // the second chart had its turn after the first failed: both say so
    await waitFor(() => expect(screen.getAllByTestId('chart-load-error')).toHaveLength(2));
    expect(screen.getAllByText('The chart could not be loaded')).toHaveLength(2);

    fireEvent.click(screen.getAllByRole('button', { name: 'Retry' })[0]!);
    await screen.findByTestId('apex-stub');
    expect(screen.getAllByTestId('chart-load-error')).toHaveLength(1);
  });
});
