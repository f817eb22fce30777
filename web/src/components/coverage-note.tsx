/**
 * The short-history note under a figure whose window the loaded prices do not cover
 * (docs/product/market.md#short-history), e.g. "Only 40 trading days loaded: this chart covers 03-Feb-2020 to
 * 31-Mar-2020, not the full year." One wording (shared `coverageNote`, the one rule `periodCoverage` behind it) and
 * one colour (the theme's caution text, contrast checked in app/theme.ts) on every screen: the Technical Analysis
 * lists, the watch list, Company Analysis' charts and 12-month high and low. Nothing when the window is covered.
 */
import { Text } from '@mantine/core';
import { coverageNote, type PeriodCoverage, type TrendPeriod } from '@bazaar/shared';

export interface CoverageNoteProps {
  period: TrendPeriod;
  /** Whether the loaded prices cover the figure's window; absent or null: no note. */
  coverage: PeriodCoverage | null | undefined;
  /** The trading day the window ends on. */
  asOf: string | null | undefined;
  /** The figure with its verb, e.g. "this chart covers" (default "this list covers"). */
  whatCovers?: string;
  testId?: string;
}

export function CoverageNote({ period, coverage, asOf, whatCovers, testId }: CoverageNoteProps) {
  const note = coverage && asOf ? coverageNote(period, coverage, asOf, whatCovers) : null;
  if (!note) return null;
  return (
    <Text size="sm" c="var(--bazaar-caution)" data-testid={testId}>
      {note}.
    </Text>
  );
}
