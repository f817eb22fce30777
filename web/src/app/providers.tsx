/** Everything the app needs around its routes: theme (light/dark), GraphQL client, session, notifications. */
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { ApolloProvider } from '@apollo/client/react';
import { createApolloClient } from '../lib/apollo';
import { SessionProvider } from '../lib/session';
import { cssVariablesResolver, theme } from './theme';

const client = createApolloClient();

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    // "auto" follows the system setting until the user picks light or dark with the toggle
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      {/* at the bottom: a toast at the top covered the header */}
      <Notifications position="bottom-right" />
      <ApolloProvider client={client}>
        <SessionProvider>{children}</SessionProvider>
      </ApolloProvider>
    </MantineProvider>
  );
}
