/**
 * What a page shows until its query has answered: the error with Retry (RetryAlert) when it failed
 * and nothing arrived, a loader while loading, then the page's content.
 */
import { useDeferredValue, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { RetryAlert } from './retry-alert';

/** A loader's height for content taller than a screen (see CenteredLoader). */
export const SCREEN_TALL = '100vh';

/**
 * A loader in the middle of where the content will be; `label` names it for screen readers. `minHeight` holds the
 * content's place meanwhile (e.g. '100vh' for content taller than a screen: the footer then waits below the screen
 * instead of being pushed off it when the content arrives, docs/decisions.md#the-dashboard-holds-its-place).
 */
export function CenteredLoader({ label, minHeight }: { label: string; minHeight?: string | number | undefined }) {
  return (
    <Center py="xl" mih={minHeight} style={minHeight === undefined ? undefined : { alignItems: 'flex-start' }}>
      <Loader aria-label={label} />
    </Center>
  );
}

/** What the gate reads of the page's query (Apollo's result): its data once there, and refetch for Retry. */
export interface GatedQuery {
  data?: unknown;
  loading: boolean;
  error?: unknown;
  refetch: () => unknown;
}

export interface QueryGateProps {
  query: GatedQuery;
  loadingLabel: string;
  /** The error's heading, e.g. 'Your accounts could not be loaded'. */
  errorTitle: string;
  errorTestId?: string;
  /** The loader's height while loading (CenteredLoader's `minHeight`). */
  loadingMinHeight?: string | number;
  /** The content, built only once the data is there. */
  children: () => ReactNode;
}

export function QueryGate({
  query,
  loadingLabel,
  errorTitle,
  errorTestId,
  loadingMinHeight,
  children,
}: QueryGateProps) {
  const { error, loading } = query;
  // ready once data is there (a refetch keeps showing it)
  const ready = query.data !== undefined && query.data !== null;
  // the content is drawn as a deferred value: when the answer arrives React renders it in slices instead of one
  // long task (a phone's main thread stays free; docs/benchmarks.md#page-weight-and-speed); the loader stays until then
  const shown = useDeferredValue(ready);
  if (error && !ready)
    return (
      <RetryAlert
        title={errorTitle}
        error={error}
        onRetry={() => void query.refetch()}
        testId={errorTestId}
        maw={640}
      />
    );
  if ((loading || ready) && !shown) return <CenteredLoader label={loadingLabel} minHeight={loadingMinHeight} />;
  return <>{children()}</>;
}
