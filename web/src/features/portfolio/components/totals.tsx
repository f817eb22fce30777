/** A firm's or segment's totals: invested, current value, realized, unrealized, charges, dividends and net. */
import { Group, SimpleGrid, Text, Title } from '@mantine/core';
import { formatRupees } from '@bazaar/shared';
import type { PortfolioTotalsFieldsFragment } from '../../../__generated__/graphql';

import { toneClass } from '../../../lib/tone';

// one home for the colour of an amount (web/src/lib/tone.ts); the portfolio's pages import it from here
export { toneClass };

const ROWS: Array<{
  key: keyof Omit<PortfolioTotalsFieldsFragment, '__typename' | 'holdings'>;
  label: string;
  signed?: boolean;
}> = [
  { key: 'invested', label: 'Invested' },
  { key: 'currentValue', label: 'Current value' },
  { key: 'realized', label: 'Realized P&L', signed: true },
  { key: 'unrealized', label: 'Unrealized P&L', signed: true },
  { key: 'charges', label: 'Charges' },
  { key: 'dividends', label: 'Dividends' },
  { key: 'net', label: 'Net P&L', signed: true },
];

/** A card's heading (a firm's or segment's name, with its number of holdings) over its totals. */
export function NamedTotals({ name, totals }: { name: string; totals: PortfolioTotalsFieldsFragment }) {
  return (
    <>
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h4">
          {name}
        </Title>
        <Text size="xs" c="dimmed">
          {totals.holdings} {totals.holdings === 1 ? 'holding' : 'holdings'}
        </Text>
      </Group>
      <TotalsList totals={totals} />
    </>
  );
}

export function TotalsList({ totals, testId }: { totals: PortfolioTotalsFieldsFragment; testId?: string }) {
  return (
    <SimpleGrid cols={2} spacing={4} verticalSpacing={2} data-testid={testId}>
      {ROWS.map((row) => (
        <div key={row.key} style={{ display: 'contents' }}>
          <Text size="sm" c="dimmed">
            {row.label}
          </Text>
          <Text
            size="sm"
            ta="right"
            fw={row.key === 'net' ? 700 : 500}
            className={row.signed ? toneClass(totals[row.key]) : undefined}
            data-testid={testId ? `${testId}-${row.key}` : undefined}
          >
            {formatRupees(totals[row.key])}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
