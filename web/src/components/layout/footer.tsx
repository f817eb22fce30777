import { Link } from 'react-router-dom';
import { Anchor, Group, Text } from '@mantine/core';

/** Copyright notice, Privacy Policy and Terms of Service links; wraps on narrow screens. */
export function Footer() {
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" data-testid="app-footer">
      <Text size="xs" c="dimmed">
        © {new Date().getFullYear()} Bazaar Insight. Market data for information only; not investment advice.
      </Text>
      <Group gap="md">
        <Anchor component={Link} to="/privacy" size="xs">
          Privacy Policy
        </Anchor>
        <Anchor component={Link} to="/terms" size="xs">
          Terms of Service
        </Anchor>
      </Group>
    </Group>
  );
}
