/**
 * A row's bell dialog in jsdom with mocked GraphQL (docs/product/alerts.md#screens): it lists only that symbol's
 * rules (the rules for every symbol are named in the reminder), offers the stop-loss and the target on a holding and
 * not on the watch list, and deletes a rule after a confirmation in place.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import { AlertRulesDocument, DeleteAlertRuleDocument } from '../../__generated__/graphql';
import { renderPage } from '../../test/render-page';
import SymbolAlertsDialog from './symbol-alerts-dialog.deferred';

afterEach(cleanup);

const rule = (id: string, symbol: string | null, description: string) => ({
  __typename: 'AlertRule' as const,
  id,
  symbol,
  kind: 'CLOSE_ABOVE' as const,
  value: '3000',
  description,
  createdAt: '2025-01-13T10:30:00.000Z',
});
const RULES = [
  rule('1', null, 'Every held and watched symbol: close crosses above ₹3,000.00'),
  rule('2', 'TCS', 'TCS: close crosses above ₹3,000.00'),
  rule('3', 'INFY', 'INFY: close crosses above ₹3,000.00'),
];
const rules = (list = RULES): MockLink.MockedResponse => ({
  request: { query: AlertRulesDocument },
  result: { data: { alertRules: list } },
});

describe('SymbolAlertsDialog', () => {
  it("lists the symbol's own rules and offers a stop-loss and a target on a holding only", async () => {
    renderPage(<SymbolAlertsDialog symbol="TCS" held onClose={() => undefined} />, { path: '/', mocks: [rules()] });
    const dialog = await screen.findByRole('dialog', { name: 'Alerts for TCS' });
    await within(dialog).findByText('TCS: close crosses above ₹3,000.00');
    expect(within(dialog).queryByText('INFY: close crosses above ₹3,000.00')).toBeNull();
    expect(dialog.textContent).toContain('and your alert for every held and watched symbol');
    const kinds = within(dialog).getByRole('combobox', { name: 'Alert when' }) as HTMLSelectElement;
    expect([...kinds.options].map((option) => option.value)).toContain('STOP_LOSS');
    expect([...kinds.options].map((option) => option.value)).toContain('TARGET');
    cleanup();
    renderPage(<SymbolAlertsDialog symbol="INFY" held={false} onClose={() => undefined} />, {
      path: '/',
      mocks: [rules()],
    });
    const watched = await screen.findByRole('dialog', { name: 'Alerts for INFY' });
    const offered = [...(within(watched).getByRole('combobox', { name: 'Alert when' }) as HTMLSelectElement).options];
    expect(offered.map((option) => option.value)).not.toContain('STOP_LOSS');
    expect(offered.map((option) => option.value)).not.toContain('TARGET');
  });

  it('deletes a rule after a confirmation in place', async () => {
    const remove: MockLink.MockedResponse = {
      request: { query: DeleteAlertRuleDocument, variables: { id: '2' } },
      result: {
        data: { deleteAlertRule: { __typename: 'DeleteResult', id: '2', message: 'The alert rule was deleted' } },
      },
    };
    renderPage(<SymbolAlertsDialog symbol="TCS" held onClose={() => undefined} />, {
      path: '/',
      mocks: [rules(), remove, rules([RULES[0]!, RULES[2]!])],
    });
    const dialog = await screen.findByRole('dialog', { name: 'Alerts for TCS' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Delete TCS: close crosses above ₹3,000.00' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm: delete TCS: close crosses above ₹3,000.00' }));
    await waitFor(() => expect(within(dialog).queryByText('None yet.')).not.toBeNull());
  });
});
