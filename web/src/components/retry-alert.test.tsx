/**
 * RetryAlert, the one error state of every query screen (issue 33, "errors without a way back"): a failure is told in
 * words (a network failure or a 5xx in plain words, a GraphQL error in the server's own words), Retry asks the query
 * again, and the status, error code and request id wait folded under "Details for support". The failures are built
 * the way Apollo Client 4 builds them: a 502 from a proxy ("Bad Gateway", not GraphQL) is a ServerError, a
 * validation answer is a CombinedGraphQLErrors.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client';
import { RetryAlert } from './retry-alert';
import { UNREACHABLE_MESSAGE } from '../lib/errors';

afterEach(cleanup);

/** What Apollo's HttpLink throws for a 502 whose body is a proxy's text. */
function badGateway(): ServerError {
  return new ServerError('Response not successful: Received status code 502', {
    response: new Response('Bad Gateway', { status: 502, headers: { 'x-request-id': 'req-7f3a' } }),
    bodyText: 'Bad Gateway',
  });
}

function renderAlert(error: unknown, onRetry = vi.fn()) {
  render(
    <MantineProvider>
      <RetryAlert
        title="Your brokerage accounts could not be loaded"
        error={error}
        onRetry={onRetry}
        testId="failure"
      />
    </MantineProvider>,
  );
  return { alert: screen.getByTestId('failure'), onRetry };
}

describe('RetryAlert', () => {
  it('tells a 502 in words, not in Apollo’s words, under the page’s title', () => {
    const { alert } = renderAlert(badGateway());
    expect(alert.getAttribute('role')).toBe('alert');
    expect(within(alert).queryByText('Your brokerage accounts could not be loaded')).not.toBeNull();
    expect(within(alert).queryByText(UNREACHABLE_MESSAGE)).not.toBeNull();
    expect(UNREACHABLE_MESSAGE).toBe('The server could not be reached. Check your connection and try again.');
    // Apollo's text is for support only: it is inside the folded details, not in the words shown
    const details = within(alert).getByTestId('error-details');
    const words = alert.textContent!.replace(details.textContent!, '');
    expect(words).not.toContain('Response not successful');
  });

  it('tells a network failure (fetch refused) in the same words', () => {
    const { alert } = renderAlert(new TypeError('Failed to fetch'));
    expect(within(alert).queryByText(UNREACHABLE_MESSAGE)).not.toBeNull();
  });

  it('keeps the server’s own words for a GraphQL error (a validation message) and shows its code', () => {
    const error = new CombinedGraphQLErrors({
      data: null,
      errors: [{ message: 'Trade date must be YYYY-MM-DD', extensions: { code: 'BAD_USER_INPUT' } }],
    });
    const { alert } = renderAlert(error);
    expect(within(alert).queryByText('Trade date must be YYYY-MM-DD')).not.toBeNull();
    const details = within(alert).getByTestId('error-details');
    expect(details.textContent).toContain('Error code:BAD_USER_INPUT');
  });

  it('calls the query’s refetch once per click on Retry', () => {
    const { alert, onRetry } = renderAlert(badGateway());
    expect(onRetry).not.toHaveBeenCalled();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(2);
  });

  it('folds the status, the request id and Apollo’s message under "Details for support"', () => {
    const { alert } = renderAlert(badGateway());
    const details = within(alert).getByTestId('error-details');
    expect(details.tagName).toBe('DETAILS');
    // folded until asked for: the words above are for the person, these for support
    expect(details.hasAttribute('open')).toBe(false);
    expect(within(details).getByText('Details for support').tagName).toBe('SUMMARY');
    const facts = within(details)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(facts).toEqual(['502', 'req-7f3a', 'Response not successful: Received status code 502']);
    expect(details.textContent).toContain('Status:502');
    expect(details.textContent).toContain('Request id:req-7f3a');
  });

  it('has no Retry button where the page gives no way to ask again, and no details without an error', () => {
    render(
      <MantineProvider>
        <RetryAlert title="The chart could not be loaded" message="Please reload the page." testId="failure" />
      </MantineProvider>,
    );
    const alert = screen.getByTestId('failure');
    expect(within(alert).queryByText('Please reload the page.')).not.toBeNull();
    expect(within(alert).queryByRole('button')).toBeNull();
    expect(within(alert).queryByTestId('error-details')).toBeNull();
  });
});
