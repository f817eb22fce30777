/**
 * A symbol tile of a trend list: symbol, close, change and change % (2 decimals, ₹). Colour rule of
 * docs/product/market.md: in the high lists a negative change is a loss (red), in the low lists a change of 0
 * or less is; everything else is green. The tile is a link to the company's analysis (with the navigation state
 * {symbol, trend}), so it is reachable with the keyboard and opens in a new tab too.
 */
import { Link } from 'react-router-dom';
import { Group, Text, UnstyledButton } from '@mantine/core';
import { formatPercent, formatRupees, isLossTrend, type TrendDirection, type TrendPeriod } from '@bazaar/shared';
import type { TrendTileFieldsFragment } from '../../../__generated__/graphql';
import { formatMarketDate } from '../../../lib/dates';
import { companyAnalysisPath, type CompanyAnalysisNavigationState } from './company-link';
import classes from './trend-tile.module.css';

export interface TrendTileProps {
  item: TrendTileFieldsFragment;
  direction: TrendDirection;
  /** The trend list's period, passed on to Company Analysis. */
  period: TrendPeriod;
}

/** "+₹1.50" / "-₹1.50" / "₹0.00": the sign makes the direction readable without colour. */
export function formatSignedRupees(value: string): string {
  const text = formatRupees(value);
  return text.startsWith('-') || /^₹0\.00$/.test(text) ? text : `+${text}`;
}

export function TrendTile({ item, direction, period }: TrendTileProps) {
  const state: CompanyAnalysisNavigationState = { symbol: item.symbol, trend: period };
  const tone = isLossTrend(direction, item.change) ? 'loss' : 'gain';
  const percent = item.changePercent === null ? '—' : formatPercent(item.changePercent);
  return (
    <UnstyledButton
      component={Link}
      to={companyAnalysisPath(item.symbol)}
      state={state}
      className={classes.tile}
      data-tone={tone}
      data-testid="trend-tile"
      data-symbol={item.symbol}
      title={`Close ${formatRupees(item.presentClose)} on ${formatMarketDate(item.presentDate)}; previous close ${formatRupees(item.previousClose)} on ${formatMarketDate(item.previousDate)}`}
    >
      <Text fw={700} size="sm" truncate data-testid="trend-tile-symbol">
        {item.symbol}
      </Text>
      <Text size="sm" data-testid="trend-tile-close">
        {formatRupees(item.presentClose)}
      </Text>
      <Group justify="space-between" gap={4} wrap="nowrap" className={tone} data-testid="trend-tile-change">
        <Text size="sm" className={tone}>
          {formatSignedRupees(item.change)}
        </Text>
        <Text size="sm" fw={600} className={tone}>
          {percent}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
