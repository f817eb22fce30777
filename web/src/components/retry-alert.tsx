/**
 * Data could not be loaded: what went wrong in words (lib/errors.ts: the server's words, or plain words for a network
 * failure or a 5xx), a button that asks again, and the technical facts for support folded away below. The one error
 * state of every query screen (QueryGate and DataGrid draw it too), so a failure looks and works the same everywhere.
 */
import type { ReactNode } from 'react';
import { Alert, Box, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { errorDetails, errorMessage, type ErrorDetails } from '../lib/errors';

export interface RetryAlertProps {
  title: ReactNode;
  /** The failure itself (an Apollo error): gives the words when `message` is absent, and the details for support. */
  error?: unknown;
  /** Words of the page's own; by default the error's (errorMessage). */
  message?: ReactNode;
  /** Asks again (a query's refetch); no button where asking again cannot help. */
  onRetry?: (() => void) | undefined;
  /** Another way forward beside (or instead of) Retry, e.g. a link to log in. */
  action?: ReactNode;
  testId?: string;
  maw?: number;
}

export function RetryAlert({ title, error, message, onRetry, action, testId, maw }: RetryAlertProps) {
  const details = error === undefined ? {} : errorDetails(error);
  return (
    <Alert color="red" icon={<IconAlertTriangle />} title={title} role="alert" data-testid={testId} maw={maw}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message ?? errorMessage(error)}</Text>
        {(onRetry || action) && (
          <Group gap="xs">
            {onRetry && (
              <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={onRetry}>
                Retry
              </Button>
            )}
            {action}
          </Group>
        )}
        <SupportDetails details={details} />
      </Stack>
    </Alert>
  );
}

/** Label and value of each fact support may ask for, in the order they read them. */
function detailRows(details: ErrorDetails): [string, string][] {
  const rows: [string, string][] = [];
  if (details.status !== undefined) rows.push(['Status', String(details.status)]);
  if (details.code) rows.push(['Error code', details.code]);
  if (details.requestId) rows.push(['Request id', details.requestId]);
  if (details.technical) rows.push(['Technical message', details.technical]);
  return rows;
}

/** Folded by default (a native <details>: keyboard and screen readers know it): the words above are for the person. */
function SupportDetails({ details }: { details: ErrorDetails }) {
  const rows = detailRows(details);
  if (rows.length === 0) return null;
  return (
    <Box component="details" data-testid="error-details" fz="xs">
      <Box component="summary" style={{ cursor: 'pointer' }}>
        Details for support
      </Box>
      <Box component="dl" m={0} mt={4}>
        {rows.map(([label, value]) => (
          <Box key={label} style={{ display: 'flex', gap: 6 }}>
            <Box component="dt" fw={600}>
              {label}:
            </Box>
            <Box component="dd" m={0}>
              <Code>{value}</Code>
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
