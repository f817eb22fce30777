/**
 * The trading-day picker in jsdom: the first paint is a plain button with the day (dd-Mmm-yyyy) and no calendar;
 * opening it loads the calendar, which enables only the uploaded days and picks one; the clear button goes back
 * to the latest day; the keyboard opens it too.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { TradeDatePicker } from './trade-date-picker';

afterEach(cleanup);

// 13 and 14 Mar 2025 (Thursday, Friday) have prices; 12 Mar is a weekday without an upload
const TRADE_DATES = ['2025-02-28', '2025-03-13', '2025-03-14'];

function renderPicker(value: string, isLatest: boolean) {
  const onChange = vi.fn<(tradeDate: string | null) => void>();
  render(
    <MantineProvider>
      <TradeDatePicker tradeDates={TRADE_DATES} value={value} onChange={onChange} isLatest={isLatest} testId="day" />
    </MantineProvider>,
  );
  return onChange;
}

describe('trading-day picker', () => {
  it('shows the day as a button, opens the calendar on click and picks only uploaded days', async () => {
    const user = userEvent.setup();
    const onChange = renderPicker('2025-03-14', true);
    const button = screen.getByTestId('day');
    expect(button.tagName).toBe('BUTTON');
    expect(button.textContent).toBe('14-Mar-2025');
    expect(screen.getByRole('button', { name: /Trading day/ })).toBe(button);
    // its description, as a screen reader reads it with the button
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Only days with uploaded prices can be picked',
    );
    // nothing to clear on the latest day, and no calendar before it is opened
    expect(screen.queryByRole('button', { name: 'Back to the latest trading day' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Previous month' })).toBeNull();

    await user.click(button);
    // jsdom has no layout: floating-ui finds the button of zero size "detached" and Mantine hides the dropdown
    // (display: none) once placed, so the calendar's buttons are queried with `hidden`
    const day = (name: string) => screen.getByRole('button', { name, hidden: true });
    await screen.findByRole('button', { name: 'Previous month', hidden: true });
    expect(day('12 March 2025').getAttribute('data-disabled')).toBe('true');
    expect(day('14 March 2025').getAttribute('data-selected')).toBe('true');
    // the calendar opens on the day shown's month: its header reads it between the arrows
    expect(day('Previous month').parentElement?.textContent).toBe('March 2025');
    await user.click(day('13 March 2025'));
    expect(onChange).toHaveBeenCalledWith('2025-03-13');
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
  });

  it('is disabled, without a day, while the trading days load', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <TradeDatePicker tradeDates={undefined} value={null} onChange={vi.fn()} isLatest testId="day" />
      </MantineProvider>,
    );
    const button = screen.getByTestId('day');
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.textContent).toBe('');
    await user.click(button);
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
  });

  it('goes back to the latest day with the clear button on a past day', async () => {
    const user = userEvent.setup();
    const onChange = renderPicker('2025-02-28', false);
    expect(screen.getByTestId('day').textContent).toBe('28-Feb-2025');
    await user.click(screen.getByRole('button', { name: 'Back to the latest trading day' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('opens with the keyboard and moves focus into the calendar', async () => {
    const user = userEvent.setup();
    renderPicker('2025-03-14', true);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByTestId('day'));
    await user.keyboard('{Enter}');
    const dropdown = await screen.findByRole('dialog', { hidden: true });
    // focus goes to the day shown
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('14 March 2025'));
    expect(dropdown.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    expect(document.activeElement).toBe(screen.getByTestId('day'));
  });
});
