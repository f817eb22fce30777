/**
 * What came of an action (a save, a send, a delete): green and announced politely (role status)
 * when it worked, red and announced at once (role alert) when it did not. A close button when the
 * page lets the reader dismiss it, named for a screen reader ("Dismiss message", the theme's default).
 */
import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';

export interface ResultAlertProps {
  ok: boolean;
  onClose?: () => void;
  testId?: string;
  children: ReactNode;
}

export function ResultAlert({ ok, onClose, testId, children }: ResultAlertProps) {
  return (
    <Alert
      color={ok ? 'green' : 'red'}
      role={ok ? 'status' : 'alert'}
      withCloseButton={Boolean(onClose)}
      onClose={onClose}
      data-testid={testId}
    >
      {children}
    </Alert>
  );
}
