/** The not-found message of the analysis pages, and the navigation state other screens pass to Company Analysis. */
import { Link } from 'react-router-dom';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TrendPeriod } from '@bazaar/shared';

/**
 * What other screens pass when they open Company Analysis (docs/product/company.md: symbol, trend, optionally the
 * company).
 */
export interface CompanyAnalysisNavigationState {
  symbol?: string;
  trend?: TrendPeriod;
  company?: unknown;
}

export function NotFoundMessage({ symbol, detail }: { symbol: string; detail?: string }) {
  return (
    <Alert
      color="yellow"
      icon={<IconAlertTriangle />}
      title={`No company found for "${symbol}"`}
      data-testid="company-not-found"
      maw={640}
    >
      <Stack gap="xs">
        <Text size="sm">
          {detail ??
            `There is no company, price, corporate action or financial statement for the symbol ${symbol}. Check the spelling, or pick a company from the lists.`}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="light" component={Link} to="/stock-price">
            Stock Prices
          </Button>
          <Button size="xs" variant="light" component={Link} to="/fundamental-analysis">
            Fundamental Analysis
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
