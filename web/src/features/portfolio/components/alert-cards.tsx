/**
 * Alerts computed from the investor's holdings (new 52-week highs and lows, the segment that moved
 * most, concentration), in place of the old app's fixed placeholder cards.
 */
import { Alert, SimpleGrid, Text } from '@mantine/core';
import { IconAlertTriangle, IconScale, IconTrendingDown, IconTrendingUp } from '@tabler/icons-react';
import { formatDatesInText } from '@bazaar/shared';
import type { PortfolioAlertFieldsFragment } from '../../../__generated__/graphql';

const COLORS = { POSITIVE: 'green', NEGATIVE: 'red', NEUTRAL: 'blue' } as const;

function icon(alert: PortfolioAlertFieldsFragment) {
  if (alert.kind === 'CONCENTRATION') return <IconScale size={18} />;
  if (alert.tone === 'POSITIVE') return <IconTrendingUp size={18} />;
  if (alert.tone === 'NEGATIVE') return <IconTrendingDown size={18} />;
  return <IconAlertTriangle size={18} />;
}

export function AlertCards({ alerts }: { alerts: readonly PortfolioAlertFieldsFragment[] | undefined }) {
  if (!alerts) return null;
  if (alerts.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="portfolio-alerts-none">
        No alerts: none of your open holdings is at a 52-week high or low, and no segment or holding stands out.
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="portfolio-alerts">
      {alerts.map((alert) => (
        <Alert
          key={`${alert.kind}-${alert.symbol ?? alert.segment ?? ''}`}
          color={COLORS[alert.tone]}
          title={alert.title}
          icon={icon(alert)}
          data-testid="portfolio-alert"
        >
          {formatDatesInText(alert.message)}
        </Alert>
      ))}
    </SimpleGrid>
  );
}
