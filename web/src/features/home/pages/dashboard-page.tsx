/** The dashboard (root path, logged in): a greeting and the way to each part the role can use. */
import { Link } from 'react-router-dom';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSession } from '../../../lib/session';
import { sidebarEntries } from '../../../components/layout/sidebar-entries';
import { usePageTitle } from '../../../components/page-title';

export default function DashboardPage() {
  usePageTitle('Dashboard');
  const { user, role } = useSession();
  const shortcuts = sidebarEntries(role).filter((entry) => entry.to !== '/');
  return (
    <Stack gap="lg">
      <div>
        <Title order={2} data-testid="dashboard-title">
          Dashboard
        </Title>
        <Text c="dimmed">Welcome back, {user?.firstName ?? user?.username}.</Text>
      </div>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }}>
        {shortcuts.map((entry) => (
          <Card key={entry.to} withBorder padding="md" component={Link} to={entry.to}>
            <Text fw={600}>{entry.label}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
