/**
 * Columns of the Developer page's key list (docs/product/developer.md#developer): name, scopes, prefix, created,
 * expires (flagged within 7 days, or expired), last used at and from where. Times in India's format (shared/format).
 */
import { Badge, Code, Group, Stack, Text } from '@mantine/core';
import { formatDateTime } from '@bazaar/shared';
import type { DataGridColumn } from '../../../components/data-grid';
import { expiryState, lastUsedText, scopeNames, type ApiKeyRow } from './api-key-view';

function ExpiryCell({ row }: { row: ApiKeyRow }) {
  const state = expiryState(row);
  return (
    <Stack gap={0} data-testid="api-key-expiry">
      <Text size="sm">{formatDateTime(row.expiresAt)}</Text>
      {state.kind !== 'later' && (
        <Badge color={state.kind === 'expired' ? 'red' : 'orange'} variant="light" size="sm">
          {state.text}
        </Badge>
      )}
    </Stack>
  );
}

export const API_KEY_COLUMNS: DataGridColumn<ApiKeyRow>[] = [
  { field: 'name', headerName: 'Name', minWidth: 150, flex: 1, wrap: true },
  {
    field: 'scopes',
    headerName: 'Scopes',
    minWidth: 170,
    flex: 1,
    wrap: true,
    value: (row) => scopeNames(row).join(', '),
    render: (row) => (
      <Group gap={4}>
        {scopeNames(row).map((scope) => (
          <Badge key={scope} variant="outline" size="sm" tt="none">
            {scope}
          </Badge>
        ))}
      </Group>
    ),
  },
  {
    field: 'prefix',
    headerName: 'Prefix',
    minWidth: 130,
    render: (row) => <Code>{row.prefix}</Code>,
  },
  {
    field: 'expiresAt',
    headerName: 'Expires',
    minWidth: 160,
    wrap: true,
    format: (value) => formatDateTime(value as string),
    render: (row) => <ExpiryCell row={row} />,
  },
  {
    field: 'lastUsedAt',
    headerName: 'Last used',
    minWidth: 200,
    flex: 1,
    wrap: true,
    value: (row) => lastUsedText(row),
  },
  {
    field: 'createdAt',
    headerName: 'Created',
    minWidth: 140,
    optional: true,
    format: (value) => formatDateTime(value as string),
  },
];
