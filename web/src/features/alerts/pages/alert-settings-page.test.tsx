/**
 * Alert settings in jsdom with mocked GraphQL (docs/product/alerts.md#screens, #rules): the three switches show the
 * settings and save a change at once; the rules read in words (every held and watched symbol, ₹ for prices, % for
 * percentages, the trend list's name); a rule is deleted after a confirmation; the add form checks the value as the
 * server does (shared rules, their words) and shows the server's refusal (the 200 rules an account keeps) as it says it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import type { MockLink } from '@apollo/client/testing';
import { ALERT_RULES_FULL_MESSAGE } from '@bazaar/shared';
import {
  AlertSettingsPageDocument,
  CreateAlertRuleDocument,
  DeleteAlertRuleDocument,
  UpdateAlertSettingsDocument,
  type AlertRuleFieldsFragment,
} from '../../../__generated__/graphql';
import { renderPage } from '../../../test/render-page';
import AlertSettingsPage from './alert-settings-page';

afterEach(cleanup);

function rule(id: string, fields: Pick<AlertRuleFieldsFragment, 'symbol' | 'kind' | 'value' | 'description'>) {
  return { __typename: 'AlertRule' as const, id, createdAt: '2025-01-13T10:30:00.000Z', ...fields };
}

const RULES = [
  rule('1', {
    symbol: null,
    kind: 'DAY_CHANGE_BEYOND',
    value: '5',
    description: 'Every held and watched symbol: day’s change beyond ±5%',
  }),
  rule('2', {
    symbol: 'TCS',
    kind: 'CLOSE_ABOVE',
    value: '3000',
    description: 'TCS: close crosses above ₹3,000.00',
  }),
  rule('3', { symbol: 'INFY', kind: 'TREND_ENTRY', value: 'YEARLY', description: 'INFY: new 52-week high or low' }),
];
const SETTINGS = {
  __typename: 'AlertSettings' as const,
  emailDigest: true,
  newYearHighLow: true,
  upcomingCorporateActions: true,
};

const page = (rules = RULES): MockLink.MockedResponse => ({
  request: { query: AlertSettingsPageDocument },
  result: { data: { alertSettings: SETTINGS, alertRules: rules } },
});

describe('Alert settings page', () => {
  it('shows the settings as switches and the rules in words', async () => {
    renderPage(<AlertSettingsPage />, { path: '/alert-settings', mocks: [page()] });
    const digest = (await screen.findByRole('switch', { name: /^E-mail digest/ })) as HTMLInputElement;
    expect(digest.checked).toBe(true);
    expect((screen.getByRole('switch', { name: /^New 52-week high or low/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('switch', { name: /^Upcoming corporate actions/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    const rows = within(screen.getByTestId('alert-rules')).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 3)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['All held and watched', 'Day’s change beyond ±x %', '5%'],
      ['TCS', 'Close crosses above a price', '₹3,000.00'],
      ['INFY', 'Enters a trend list (new high or low)', '52-week high or low'],
    ]);
    expect(screen.getByTestId('alert-rules-count').textContent).toContain('3 of the 200 alert rules');
  });

  it('saves a switch as soon as it changes', async () => {
    const update: MockLink.MockedResponse = {
      request: { query: UpdateAlertSettingsDocument, variables: { input: { emailDigest: false } } },
      result: { data: { updateAlertSettings: { ...SETTINGS, emailDigest: false } } },
    };
    renderPage(<AlertSettingsPage />, { path: '/alert-settings', mocks: [page(), update] });
    const digest = (await screen.findByRole('switch', { name: /^E-mail digest/ })) as HTMLInputElement;
    fireEvent.click(digest);
    await waitFor(() => expect(digest.checked).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('deletes a rule after a confirmation', async () => {
    const remove: MockLink.MockedResponse = {
      request: { query: DeleteAlertRuleDocument, variables: { id: '2' } },
      result: {
        data: { deleteAlertRule: { __typename: 'DeleteResult', id: '2', message: 'The alert rule was deleted' } },
      },
    };
    renderPage(<AlertSettingsPage />, {
      path: '/alert-settings',
      mocks: [page(), remove, page([RULES[0]!, RULES[2]!])],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete: TCS: close crosses above ₹3,000.00' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete alert' });
    expect(confirm.textContent).toContain('Delete the alert TCS: close crosses above ₹3,000.00?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Alert deleted: TCS: close crosses above ₹3,000.00');
    await waitFor(() => expect(within(screen.getByTestId('alert-rules')).getAllByRole('row')).toHaveLength(3));
  });

  it('checks the value as the server does, and shows the server’s refusal', async () => {
    const refused: MockLink.MockedResponse = {
      request: {
        query: CreateAlertRuleDocument,
        variables: { input: { symbol: 'WIPRO', kind: 'CLOSE_ABOVE', value: '450.5' } },
      },
      result: { errors: [new GraphQLError(ALERT_RULES_FULL_MESSAGE, { extensions: { code: 'BAD_USER_INPUT' } })] },
    };
    renderPage(<AlertSettingsPage />, { path: '/alert-settings', mocks: [page(), refused] });
    const form = await screen.findByTestId('alert-rule-form');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Symbol' }), { target: { value: 'wipro' } });
    const price = within(form).getByRole('textbox', { name: /Price/ });
    fireEvent.change(price, { target: { value: '0' } });
    fireEvent.blur(price);
    // shared/src/alerts/rules.ts: the server's words
    await waitFor(() => expect(within(form).queryByText('Price must be greater than 0')).not.toBeNull());
    const add = within(form).getByRole('button', { name: 'Add alert' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(price, { target: { value: '450.5' } });
    await waitFor(() => expect(add.disabled).toBe(false));
    fireEvent.click(add);
    const failure = await within(form).findByRole('alert');
    expect(failure.textContent).toContain(
      'You have 200 alert rules, the most an account keeps: delete one to add another.',
    );
    // what was typed stays
    expect((within(form).getByRole('textbox', { name: 'Symbol' }) as HTMLInputElement).value).toBe('wipro');
  });

  it('offers a trend list, not a number, for a trend rule', async () => {
    renderPage(<AlertSettingsPage />, { path: '/alert-settings', mocks: [page()] });
    const form = await screen.findByTestId('alert-rule-form');
    fireEvent.change(within(form).getByRole('combobox', { name: 'Alert when' }), { target: { value: 'TREND_ENTRY' } });
    const list = within(form).getByRole('combobox', { name: /Trend list/ }) as HTMLSelectElement;
    expect(list.value).toBe('YEARLY');
    expect([...list.options].map((option) => option.textContent)).toEqual([
      'New 52-week high or low',
      'New 6-month high or low',
      'New 3-month high or low',
      'New 1-month high or low',
      'New 1-week high or low',
    ]);
  });
});
