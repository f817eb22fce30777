/**
 * "Watch" / "Watching" toggle for a symbol (docs/product/portfolio.md#stock-watch-list): used by
 * Company Analysis and the Stock Prices rows, so it lives with the shared components. Logged-in users
 * only (renders nothing otherwise); the watch list is read once and kept in Apollo's cache.
 */
import { useState } from 'react';
import { ActionIcon, Button } from '@mantine/core';
import {
  useUnwatchSymbolMutation,
  useWatchedSymbolsQuery,
  useWatchSymbolMutation,
  WatchedSymbolsDocument,
} from '../../__generated__/graphql';
import { useOptionalSession } from '../../lib/session';
import { errorMessage } from '../../lib/errors';
import { Hint } from '../popup';

export interface WatchButtonProps {
  symbol: string;
  /** A small star icon (table rows) instead of a labelled button. */
  compact?: boolean;
}

export function WatchButton({ symbol, compact = false }: WatchButtonProps) {
  const isLoggedIn = useOptionalSession()?.isLoggedIn ?? false;
  const watched = useWatchedSymbolsQuery({ skip: !isLoggedIn });
  const options = { refetchQueries: [{ query: WatchedSymbolsDocument }], awaitRefetchQueries: true };
  const [watch, watching] = useWatchSymbolMutation(options);
  const [unwatch, unwatching] = useUnwatchSymbolMutation(options);
  const [problem, setProblem] = useState<string | null>(null);
  if (!isLoggedIn) return null;
  const on = watched.data?.watchlist.some((row) => row.symbol === symbol) ?? false;
  const busy = watched.loading || watching.loading || unwatching.loading;
  const toggle = async () => {
    setProblem(null);
    try {
      if (on) await unwatch({ variables: { symbol } });
      else await watch({ variables: { symbol } });
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  const label = on ? `Stop watching ${symbol}` : `Add ${symbol} to the watch list`;
  if (compact) {
    return (
      <Hint label={problem ?? label} tone={problem ? 'error' : undefined} opened={problem ? true : undefined} multiline>
        <ActionIcon
          variant={on ? 'filled' : 'subtle'}
          aria-label={label}
          aria-pressed={on}
          loading={busy}
          onClick={(event) => {
            event.stopPropagation();
            void toggle();
          }}
          data-testid={`watch-${symbol}`}
        >
          {on ? '★' : '☆'}
        </ActionIcon>
      </Hint>
    );
  }
  return (
    <Hint label={problem ?? ''} tone="error" opened={Boolean(problem)} disabled={!problem} multiline>
      <Button
        variant={on ? 'filled' : 'light'}
        size="xs"
        aria-pressed={on}
        loading={busy}
        onClick={() => void toggle()}
        data-testid="watch-toggle"
      >
        {on ? '★ Watching' : '☆ Watch'}
      </Button>
    </Hint>
  );
}
