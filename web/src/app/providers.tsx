/**
 * Everything the app needs around its routes: theme (light/dark), GraphQL client, session. No toast container: no
 * page shows toasts (results are confirmed in the page), and @mantine/notifications was 7 KiB gzip in every page's
 * load (docs/decisions.md#bundle-size).
 */
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ApolloProvider } from '@apollo/client/react';
import { createApolloClient } from '../lib/apollo';
import { SessionProvider } from '../lib/session';
import { cssVariablesResolver, theme } from './theme';

const client = createApolloClient();

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
