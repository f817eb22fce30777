/**
 * Company Analysis' heading: "<name> (<symbol>) · Company Analysis", the symbol alone while the name is unknown,
 * and beside it what the page puts there (the watch button). The served page draws the same heading before the
 * app's script runs (web/src/app/first-paint.tsx, docs/decisions.md#the-first-paint-from-the-html).
 */
import type { ReactNode } from 'react';
import { Group, Title } from '@mantine/core';

export function CompanyAnalysisHeading({
  symbol,
  companyName,
  children,
}: {
  symbol: string;
  companyName?: string | undefined;
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Title order={1} size="h2" data-testid="company-analysis-title">
        {companyName ? `${companyName} (${symbol})` : symbol} · Company Analysis
      </Title>
      {children}
    </Group>
  );
}
