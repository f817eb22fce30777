/**
 * The Adjusted / Raw toggle of Company Analysis (docs/product/company.md#adjusted-prices): adjusted
 * prices (the default) divide every day before a split, bonus or consolidation by its factor, so the
 * charts run on through ex-dates; raw prices are the bhavcopy's as traded, with the cliff on the
 * ex-date. A Mantine SegmentedControl: radio inputs, reached with Tab and changed with the arrow keys.
 */
import { Group, Loader, SegmentedControl, Text } from '@mantine/core';

export type PriceBasis = 'adjusted' | 'raw';

const BASES = [
  { label: 'Adjusted', value: 'adjusted' },
  { label: 'Raw', value: 'raw' },
];

export const BASIS_HINTS: Record<PriceBasis, string> = {
  adjusted: 'Prices before a split, bonus or consolidation are divided by its factor, so days compare across ex-dates.',
  raw: 'Prices as traded: a split or bonus shows as a drop on its ex-date.',
};

export function PriceBasisToggle({
  value,
  onChange,
  loading = false,
}: {
  value: PriceBasis;
  onChange: (value: PriceBasis) => void;
  /** The charts of the new choice are on their way. */
  loading?: boolean;
}) {
  return (
    <Group gap="xs" wrap="wrap" data-testid="price-basis">
      <Text size="sm" fw={500} id="price-basis-label">
        Prices
      </Text>
      <SegmentedControl
        size="xs"
        aria-labelledby="price-basis-label"
        data={BASES}
        value={value}
        onChange={(next) => onChange(next === 'raw' ? 'raw' : 'adjusted')}
      />
      {loading && <Loader size="xs" aria-label="Loading prices" />}
      <Text size="xs" c="dimmed" data-testid="price-basis-hint" style={{ flexBasis: '100%' }}>
        {BASIS_HINTS[value]}
      </Text>
    </Group>
  );
}
