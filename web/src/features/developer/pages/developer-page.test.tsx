/**
 * The Developer page in jsdom with the real Mantine form, modals and mocked GraphQL (docs/product/developer.md):
 * the list with a key expiring within 7 days flagged; a new key made with the scopes and lifetime picked, its
 * secret shown once and gone when the owner says it is kept; the server's refusal shown in the form; a revoke after
 * a confirmation. The grid is a plain list of its cells here (AG Grid is tested in the browser: web/e2e).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import type { MockLink } from '@apollo/client/testing';
import {
  CreateApiKeyDocument,
  DeveloperPageDocument,
  RevokeApiKeyDocument,
  type ApiKeyFieldsFragment,
  type CreateApiKeyInput,
} from '../../../__generated__/graphql';
import { renderPage } from '../../../test/render-page';
import DeveloperPage from './developer-page';

vi.mock('../../../components/data-grid', async () => ({
  DataGrid: (await import('../../../test/plain-data-grid')).PlainDataGrid,
}));

afterEach(cleanup);

const DAY_MS = 24 * 60 * 60 * 1000;

function apiKey(overrides: Partial<ApiKeyFieldsFragment>): ApiKeyFieldsFragment & { __typename: 'ApiKey' } {
  return {
    __typename: 'ApiKey',
    id: '1',
    name: 'nightly sync',
    scopes: ['MARKET_READ'],
    prefix: 'bzk_a1b2c3',
    createdAt: '2026-01-05T04:30:00.000Z',
    expiresAt: new Date(Date.now() + 60 * DAY_MS).toISOString(),
    lastUsedAt: '2026-02-01T05:00:00.000Z',
    lastUsedFrom: '203.0.113.7',
    expiresSoon: false,
    expired: false,
    ...overrides,
  };
}

const listed = (keys: ApiKeyFieldsFragment[]): MockLink.MockedResponse => ({
  request: { query: DeveloperPageDocument },
  result: { data: { apiKeys: keys } },
});

/** The answer to creating a key with this input: the key made, or the server's refusal. */
const creating = (input: CreateApiKeyInput, result: MockLink.MockedResponse['result']): MockLink.MockedResponse => ({
  request: { query: CreateApiKeyDocument, variables: { input } },
  result,
});

/** Opens the form to create a key once the page has listed none; its dialog. */
async function openCreateForm(): Promise<HTMLElement> {
  await screen.findByText(/You have no API keys/);
  fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
  return screen.findByRole('dialog', { name: 'Create an API key' });
}

describe('Developer page', () => {
  it('lists the keys and flags the one expiring within 7 days', async () => {
    // 3 days less a minute: the page rounds up to 3 days
    const soon = apiKey({
      id: '2',
      name: 'old script',
      expiresSoon: true,
      expiresAt: new Date(Date.now() + 3 * DAY_MS - 60_000).toISOString(),
      lastUsedAt: null,
      lastUsedFrom: null,
    });
    renderPage(<DeveloperPage />, { path: '/developer', mocks: [listed([apiKey({}), soon])] });
    const rows = await screen.findAllByTestId('row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('nightly sync');
    expect(rows[0]!.textContent).toContain('market:read');
    expect(rows[0]!.textContent).toContain('bzk_a1b2c3');
    // 05:00 UTC is 10:30 in India
    expect(rows[0]!.textContent).toContain('01-Feb-2026 10:30 from 203.0.113.7');
    expect(rows[0]!.textContent).not.toContain('Expires in');
    expect(rows[1]!.textContent).toContain('Expires in 3 days');
    expect(rows[1]!.textContent).toContain('Never used');
    expect(screen.getByTestId('api-keys-attention').textContent).toContain('1 key expires within 7 days');
  });

  it('marks an expired key and says what to do with it', async () => {
    const expired = apiKey({ expired: true, expiresAt: new Date(Date.now() - DAY_MS).toISOString() });
    renderPage(<DeveloperPage />, { path: '/developer', mocks: [listed([expired])] });
    expect((await screen.findByTestId('row')).textContent).toContain('Expired');
    expect(screen.getByTestId('api-keys-attention').textContent).toBe(
      'Keys that need you1 key has expired and is refused: revoke it to tidy the list.',
    );
  });

  it('says how to start when there are no keys', async () => {
    renderPage(<DeveloperPage />, { path: '/developer', mocks: [listed([])] });
    await waitFor(() => expect(screen.queryByText(/You have no API keys/)).not.toBeNull());
    expect(screen.queryByTestId('api-keys-attention')).toBeNull();
  });

  it('makes a key with the scopes and lifetime picked and shows its secret once', async () => {
    const made = apiKey({ id: '9', name: 'portfolio export', scopes: ['MARKET_READ', 'PORTFOLIO_READ'] });
    renderPage(<DeveloperPage />, {
      path: '/developer',
      mocks: [
        listed([]),
        creating(
          { name: 'portfolio export', scopes: ['MARKET_READ', 'PORTFOLIO_READ'], expiresInDays: 30 },
          {
            data: {
              createApiKey: {
                __typename: 'CreatedApiKey',
                id: '9',
                name: 'portfolio export',
                scopes: ['MARKET_READ', 'PORTFOLIO_READ'],
                prefix: 'bzk_a1b2c3',
                key: 'bzk_a1b2c3_SECRETSECRETSECRET',
                createdAt: made.createdAt,
                expiresAt: made.expiresAt,
              },
            },
          },
        ),
        listed([made]),
      ],
    });
    const dialog = await openCreateForm();
    // the offered lifetime and the least scope
    expect(within(dialog).getByLabelText(/Expires in days/)).toHaveProperty('value', '90');
    expect(within(dialog).getByRole('checkbox', { name: /market:read/ })).toHaveProperty('checked', true);
    expect(dialog.textContent).toContain('Your holdings, dashboard, watch list, tax report and benchmark');
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: ' portfolio export ' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /portfolio:read/ }));
    fireEvent.change(within(dialog).getByLabelText(/Expires in days/), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const secret = await screen.findByTestId('api-key-secret');
    expect(within(secret).getByTestId('api-key-secret-value').textContent).toBe('bzk_a1b2c3_SECRETSECRETSECRET');
    expect(secret.textContent).toContain('it will not be shown again');
    expect(within(secret).queryByRole('button', { name: 'Copy key' })).not.toBeNull();
    expect((await screen.findAllByTestId('row'))[0]!.textContent).toContain('portfolio export');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(secret).getByRole('button', { name: 'I have stored it' }));
    expect(screen.queryByTestId('api-key-secret')).toBeNull();
    expect(document.body.textContent).not.toContain('SECRETSECRETSECRET');
  });

  it("keeps the form open with the server's refusal", async () => {
    renderPage(<DeveloperPage />, {
      path: '/developer',
      mocks: [
        listed([]),
        creating(
          { name: 'one too many', scopes: ['MARKET_READ'], expiresInDays: 90 },
          { errors: [new GraphQLError('You have 20 API keys already: revoke one before creating another')] },
        ),
      ],
    });
    const dialog = await openCreateForm();
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'one too many' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'You have 20 API keys already: revoke one before creating another',
    );
    expect(screen.queryByTestId('api-key-secret')).toBeNull();
  });

  it('does not offer to create a key without a scope or with a lifetime out of range', async () => {
    renderPage(<DeveloperPage />, { path: '/developer', mocks: [listed([])] });
    const dialog = await openCreateForm();
    const create = within(dialog).getByRole('button', { name: 'Create key' });
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'x' } });
    await waitFor(() => expect(create).toHaveProperty('disabled', false));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /market:read/ }));
    await waitFor(() => expect(create).toHaveProperty('disabled', true));
    expect(dialog.textContent).toContain('Choose at least one scope');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /market:read/ }));
    fireEvent.change(within(dialog).getByLabelText(/Expires in days/), { target: { value: '400' } });
    await waitFor(() => expect(create).toHaveProperty('disabled', true));
    expect(dialog.textContent).toContain('Expires in days must be at most 365');
  });

  it('revokes a key after a confirmation', async () => {
    renderPage(<DeveloperPage />, {
      path: '/developer',
      mocks: [
        listed([apiKey({})]),
        {
          request: { query: RevokeApiKeyDocument, variables: { id: '1' } },
          result: { data: { revokeApiKey: { __typename: 'DeleteResult', id: '1', message: 'API key revoked' } } },
        },
        listed([]),
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke 1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke API key' });
    expect(confirm.textContent).toContain('Revoke the key nightly sync (bzk_a1b2c3)?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect((await screen.findByRole('status')).textContent).toContain('The key "nightly sync" was revoked');
    await waitFor(() => expect(screen.queryByText(/You have no API keys/)).not.toBeNull());
  });
});
