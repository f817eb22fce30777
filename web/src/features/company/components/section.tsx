/** A titled card for one section of the analysis pages, with a friendly empty state. */
import type { ReactNode } from 'react';
import { Card, Center, Stack, Text, Title } from '@mantine/core';

export function Section({
  title,
  testId,
  children,
  order = 2,
}: {
  title: string;
  testId?: string;
  children: ReactNode;
  order?: 2 | 3;
}) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId} style={{ minWidth: 0 }}>
      <Stack gap="sm">
        <Title order={order} size={order === 2 ? 'h3' : 'h4'}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

export function EmptyState({ text, testId }: { text: string; testId?: string }) {
  return (
    <Center py="lg" data-testid={testId}>
      <Text c="dimmed" ta="center">
        {text}
      </Text>
    </Center>
  );
}
