/**
 * What a page shows until its query has answered: the error (the server's words) when it failed
 * and nothing arrived, a loader while loading, then the page's content.
 */
import type { ReactNode } from 'react';
import { Alert, Center, Loader } from '@mantine/core';
import { errorMessage } from '../lib/errors';

/** A loader in the middle of where the content will be; `label` names it for screen readers. */
export function CenteredLoader({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Loader aria-label={label} />
    </Center>
  );
}

export interface QueryGateProps {
  error: unknown;
  loading: boolean;
  /** True once data is there (a refetch keeps showing it). */
  ready: boolean;
  loadingLabel: string;
  /** The content, built only once the data is there. */
  children: () => ReactNode;
}

export function QueryGate({ error, loading, ready, loadingLabel, children }: QueryGateProps) {
  if (error && !ready)
    return (
      <Alert color="red" role="alert">
        {errorMessage(error)}
      </Alert>
    );
  if (loading && !ready) return <CenteredLoader label={loadingLabel} />;
  return <>{children()}</>;
}
