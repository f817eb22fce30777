/** Home page (docs/product/home.md#home-page): the heading 'Home Page' and a welcome line, with ways in. */
import { Link } from 'react-router-dom';
import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBriefcase, IconChartCandle, IconTrendingUp } from '@tabler/icons-react';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../components/page-title';

const FEATURES = [
  {
    icon: IconTrendingUp,
    title: 'Trends',
    text: 'New highs and lows of the week, month, quarter, half year and year, every trading day.',
    to: '/technical-analysis',
  },
  {
    icon: IconChartCandle,
    title: 'Company analysis',
    text: 'Price charts, moving averages, corporate actions, results and balance sheets.',
    to: '/stock-price',
  },
  {
    icon: IconBriefcase,
    title: 'Your portfolio',
    text: 'Holdings per broker and segment, with profit and loss after every charge.',
    to: '/accounts',
  },
];

export default function HomePage() {
  usePageTitle('Home');
  const { isLoggedIn } = useSession();
  return (
    <Stack gap="lg" maw={1000}>
      <div>
        <Title order={1}>Home Page</Title>
        <Text size="lg" c="dimmed" mt="xs" data-testid="home-welcome">
          Welcome to Bazaar Insight: add your holdings and follow the Indian market in one place.
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {FEATURES.map((feature) => (
          <Card key={feature.title} withBorder padding="lg" component={Link} to={feature.to}>
            <ThemeIcon variant="light" size="lg" mb="sm">
              <feature.icon size={20} />
            </ThemeIcon>
            <Text fw={600}>{feature.title}</Text>
            <Text size="sm" c="dimmed">
              {feature.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {!isLoggedIn && (
        <Group>
          <Button component={Link} to="/signup">
            Create your free account
          </Button>
          <Button component={Link} to="/login" variant="default">
            Log in
          </Button>
        </Group>
      )}
    </Stack>
  );
}
