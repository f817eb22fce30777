/**
 * QueryGate's failure: a page whose query failed before any answer shows the shared error state (RetryAlert: words,
 * Retry, details for support) instead of its content, and Retry asks the page's query again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ServerError } from '@apollo/client';
import { QueryGate } from './query-gate';

afterEach(cleanup);

describe('QueryGate', () => {
  it('shows the error in words with Retry, not the content, when the query failed before answering', () => {
    const refetch = vi.fn();
    const error = new ServerError('Response not successful: Received status code 502', {
      response: new Response('Bad Gateway', { status: 502 }),
      bodyText: 'Bad Gateway',
    });
    render(
      <MantineProvider>
        <QueryGate
          query={{ error, loading: false, refetch }}
          loadingLabel="Loading your portfolio"
          errorTitle="Your portfolio could not be loaded"
          errorTestId="dashboard-error"
        >
          {() => <p>the content</p>}
        </QueryGate>
      </MantineProvider>,
    );
    const alert = screen.getByTestId('dashboard-error');
    expect(within(alert).queryByText('Your portfolio could not be loaded')).not.toBeNull();
    expect(
      within(alert).queryByText('The server could not be reached. Check your connection and try again.'),
    ).not.toBeNull();
    expect(within(alert).getByTestId('error-details').textContent).toContain('Status:502');
    expect(screen.queryByText('the content')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
