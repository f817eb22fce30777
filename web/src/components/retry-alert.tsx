/**
 * A page's data could not be loaded: what went wrong (the server's words) and a button that asks
 * again. The same on every page that offers a retry.
 */
import type { ReactNode } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';

export interface RetryAlertProps {
  title: ReactNode;
  message: ReactNode;
  onRetry: () => void;
  /** The button's text. */
  retryLabel?: string;
  testId?: string;
  maw?: number;
}

export function RetryAlert({ title, message, onRetry, retryLabel = 'Retry', testId, maw }: RetryAlertProps) {
  return (
    <Alert color="red" icon={<IconAlertTriangle />} title={title} role="alert" data-testid={testId} maw={maw}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={onRetry}>
          {retryLabel}
        </Button>
      </Stack>
    </Alert>
  );
}
