/**
 * Everything the app needs around its routes: theme (light/dark), GraphQL client, session. No toast container: no
 * page shows toasts (results are confirmed in the page), and @mantine/notifications was 7 KiB gzip in every page's
 * load (docs/decisions.md#bundle-size).
 */
import type { ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';
import { SERVED_PAGE } from '@bazaar/shared';
import { MantineProvider } from '@mantine/core';
import { ApolloProvider } from '@apollo/client/react';
import { MarketDataStatusDocument, type MarketDataStatusQuery } from '../__generated__/graphql';
import { createApolloClient } from '../lib/apollo';
import { SessionProvider } from '../lib/session';
import { cssVariablesResolver, theme } from './theme';

/** The last market-data status this browser was told (public, not per user). */
const STATUS_KEY = 'marketDataStatus';

/**
 * The demo banner sits above every page: arriving with its query after the first paint, it pushed the page down
 * (a layout shift of 0.13 on every page). The served page says the status of now when the BFF could tell it
 * (bff/src/http/web-app.ts): that goes into the cache before the first render and draws the banner the page already
 * shows (docs/decisions.md#the-first-paint-from-the-html). Without it, the status of the last visit is put in the
 * cache and asked again at the same time: the answer replaces it, and is kept for the next visit
 * (docs/decisions.md#the-demo-banner-from-the-last-visit).
 */
function restoreMarketDataStatus(client: ApolloClient) {
  try {
    const served = document.getElementById(SERVED_PAGE.statusScriptId)?.textContent;
    if (served) {
      // the BFF's answer of a moment ago: not asked again (a second request and ~40 ms of a phone's main thread
      // while the app starts; docs/benchmarks.md#page-weight-and-speed), kept for a visit whose page carries none
      const data: MarketDataStatusQuery = {
        marketDataStatus: {
          __typename: 'MarketDataStatus',
          ...(JSON.parse(served) as MarketDataStatusQuery['marketDataStatus']),
        } as MarketDataStatusQuery['marketDataStatus'],
      };
      client.writeQuery({ query: MarketDataStatusDocument, data });
      window.localStorage.setItem(STATUS_KEY, JSON.stringify(data));
      return;
    }
    const stored = window.localStorage.getItem(STATUS_KEY);
    if (stored)
      client.writeQuery({ query: MarketDataStatusDocument, data: JSON.parse(stored) as MarketDataStatusQuery });
  } catch {
    // no storage or an old shape: the banner waits for the answer, as on a first visit
  }
  client
    .query({ query: MarketDataStatusDocument, fetchPolicy: 'network-only' })
    .then(({ data }) => {
      if (data) window.localStorage.setItem(STATUS_KEY, JSON.stringify(data));
    })
    .catch(() => {
      // the banner's own query reports the failure (connectivity)
    });
}

const client = createApolloClient();
restoreMarketDataStatus(client);

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    // "auto" follows the system setting until the user picks light or dark with the toggle
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <ApolloProvider client={client}>
        <SessionProvider>{children}</SessionProvider>
      </ApolloProvider>
    </MantineProvider>
  );
}
