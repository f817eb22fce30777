/** A page's heading (h1, at the size of h2) with an optional dimmed note under it. */
import type { ReactNode } from 'react';
import { Text, Title } from '@mantine/core';

export interface PageHeaderProps {
  title: ReactNode;
  /** The note under the heading. */
  children?: ReactNode;
  noteTestId?: string;
}

export function PageHeader({ title, children, noteTestId }: PageHeaderProps) {
  return (
    <div>
      <Title order={1} size="h2">
        {title}
      </Title>
      {children !== undefined && (
        <Text size="sm" c="dimmed" data-testid={noteTestId}>
          {children}
        </Text>
      )}
    </div>
  );
}
