/**
 * The dashboard (root path, logged in; docs/product/home.md#dashboard): for an investor their portfolio at a
 * glance; for staff and administrators the market snapshot and a shortcut to each part their role can use.
 */
import { Link } from 'react-router-dom';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ROLE_USER } from '@bazaar/shared';
import { useSession } from '../../../lib/session';
import { sidebarEntries } from '../../../components/layout/sidebar-entries';
import { usePageTitle } from '../../../components/page-title';
import { InvestorDashboard } from '../components/investor-dashboard';
import { MarketSnapshot } from '../components/market-snapshot';

export default function DashboardPage() {
  usePageTitle('Dashboard');
  const { user, role } = useSession();
  const investor = role === ROLE_USER;
  const shortcuts = sidebarEntries(role).filter((entry) => entry.to !== '/');
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" data-testid="dashboard-title">
          Dashboard
        </Title>
        <Text c="dimmed">Welcome, {user?.firstName ?? user?.username}.</Text>
      </div>
      {investor ? (
        <InvestorDashboard />
      ) : (
        <>
          <MarketSnapshot />
          <Title order={2} size="h4">
            Shortcuts
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} data-testid="dashboard-shortcuts">
            {shortcuts.map((entry) => (
              <Card key={entry.to} withBorder padding="md" component={Link} to={entry.to}>
                <Text fw={600}>{entry.label}</Text>
              </Card>
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
