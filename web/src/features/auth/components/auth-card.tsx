/**
 * The card of the signed-out forms (log in, sign up, forgot and reset password): centred, a heading (with an
 * optional link beside it) above the page's messages, fields, submit button and links, in one column.
 */
import type { FormEventHandler, ReactNode } from 'react';
import { Card, Center, Group, Stack, Title } from '@mantine/core';

export interface AuthCardProps {
  /** The card's greatest width in pixels. */
  width: number;
  title: string;
  /** Shown beside the heading (e.g. the link to log in instead). */
  titleAside?: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}

export function AuthCard(props: AuthCardProps) {
  const heading = (
    <Title order={1} size="h2">
      {props.title}
    </Title>
  );
  return (
    <Center py="xl">
      <Card withBorder shadow="sm" padding="xl" radius="md" w="100%" maw={props.width}>
        <form onSubmit={props.onSubmit} noValidate>
          <Stack gap="md">
            {props.titleAside ? (
              <Group justify="space-between" align="baseline">
                {heading}
                {props.titleAside}
              </Group>
            ) : (
              heading
            )}
            {props.children}
          </Stack>
        </form>
      </Card>
    </Center>
  );
}
