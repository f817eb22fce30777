import { Link } from 'react-router-dom';
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';

/** A polite placeholder for a screen whose feature is not released yet. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Center py={60}>
      <Stack align="center" gap="sm" maw={460} ta="center" data-testid="coming-soon">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconHourglassHigh size={30} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">
          This part of Bazaar Insight is on its way. Until then, the market pages and your account are ready to use.
        </Text>
        <Button component={Link} to="/" variant="light">
          Go to the dashboard
        </Button>
      </Stack>
    </Center>
  );
}

/** A page component that shows ComingSoon with a title (for the route table). */
export function comingSoon(title: string) {
  return function ComingSoonPage() {
    return <ComingSoon title={title} />;
  };
}
