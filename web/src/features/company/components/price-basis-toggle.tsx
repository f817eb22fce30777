/**
 * The Adjusted / Raw toggle of Company Analysis (docs/product/company.md#adjusted-prices): adjusted
 * prices (the default) divide every day before a split, bonus or consolidation by its factor, so the
 * charts run on through ex-dates; raw prices are the bhavcopy's as traded, with the cliff on the
 * ex-date. Two native radio inputs drawn as segments: Tab reaches the chosen one and the arrow keys change it. Not
 * Mantine's SegmentedControl: it measures its items when it mounts, a forced layout of the whole freshly drawn
 * analysis (~60 ms of a phone's main thread; docs/benchmarks.md#page-weight-and-speed).
 */
import { useId } from 'react';
import { Group, Loader, Text } from '@mantine/core';
import classes from './price-basis-toggle.module.css';

export type PriceBasis = 'adjusted' | 'raw';

const BASES: ReadonlyArray<{ label: string; value: PriceBasis }> = [
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
  const name = useId();
  return (
    <Group gap="xs" wrap="wrap" data-testid="price-basis">
      <Text size="sm" fw={500} id="price-basis-label">
        Prices
      </Text>
      <div role="radiogroup" aria-labelledby="price-basis-label" className={classes.group}>
        {BASES.map((basis) => (
          <label key={basis.value} className={classes.segment}>
            <input
              type="radio"
              className={classes.input}
              name={name}
              value={basis.value}
              checked={value === basis.value}
              onChange={() => onChange(basis.value)}
            />
            <span className={classes.label}>{basis.label}</span>
          </label>
        ))}
      </div>
      {loading && <Loader size="xs" aria-label="Loading prices" />}
      <Text size="xs" c="dimmed" data-testid="price-basis-hint" style={{ flexBasis: '100%' }}>
        {BASIS_HINTS[value]}
      </Text>
    </Group>
  );
}
