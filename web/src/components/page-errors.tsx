import { Component, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Alert, Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** What a route shows when its page failed to load or to render. */
export function RouteError({ error }: { error: unknown }) {
  const chunkFailed =
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);
  return (
    <Center py={40}>
      <Alert
        color="red"
        icon={<IconAlertTriangle />}
        title={chunkFailed ? 'A new version is available' : 'This page failed to load'}
        maw={560}
        data-testid="route-error"
      >
        <Stack gap="sm">
          <Text size="sm">
            {chunkFailed
              ? 'The app was updated while you were using it. Reload to continue.'
              : 'Something went wrong while showing this page. You can reload it or go back to the dashboard.'}
          </Text>
          <Group>
            <Button size="xs" onClick={() => window.location.reload()}>
              Reload
            </Button>
            <Button size="xs" variant="default" component={Link} to="/">
              Dashboard
            </Button>
          </Group>
        </Stack>
      </Alert>
    </Center>
  );
}

class ErrorBoundary extends Component<
  { children: ReactNode; resetKey?: string },
  { error: unknown; resetKey?: string }
> {
  state: { error: unknown; resetKey?: string } = { error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  /** Another address clears a caught error, keeping the children mounted (ShellErrorBoundary). */
  static getDerivedStateFromProps(props: { resetKey?: string }, state: { resetKey?: string }) {
    return props.resetKey === state.resetKey ? null : { error: undefined, resetKey: props.resetKey };
  }

  render() {
    return this.state.error === undefined ? this.props.children : <RouteError error={this.state.error} />;
  }
}

/** Per-route error boundary: one broken page never takes the app down; another address starts afresh. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary key={pathname}>{children}</ErrorBoundary>;
}

/**
 * The boundary around the shell (header, sidebar, page): another address clears an error it caught, but the shell
 * is not drawn anew on every navigation (keyed by the address, it was: the sidebar's state was lost, and the focus
 * could not be moved to the new page's heading: docs/product/common.md#keyboard).
 */
export function ShellErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}

export function NotFoundPage() {
  return (
    <Center py={60}>
      <Stack align="center" gap="sm" data-testid="not-found">
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text c="dimmed">There is no page at this address.</Text>
        <Button component={Link} to="/" variant="light">
          Go to the dashboard
        </Button>
      </Stack>
    </Center>
  );
}
