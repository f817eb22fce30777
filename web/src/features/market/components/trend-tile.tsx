/**
 * A symbol tile of a trend list: symbol, close, change and change % (2 decimals, ₹). Colour rule of
 * docs/product/market.md: in the high lists a negative change is a loss (red), in the low lists a change of 0
 * or less is; everything else is green. The tile is a link to the company's analysis (with the navigation state
 * {symbol, trend}), so it is reachable with the keyboard and opens in a new tab too.
 */
import { Link } from 'react-router-dom';
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

// Plain elements with the module's classes, not Mantine components: the page draws up to 250 tiles at once, and
// Mantine's style props cost about ten components per tile (docs/decisions.md#trend-tiles-as-plain-elements).
export function TrendTile({ item, direction, period }: TrendTileProps) {
  const state: CompanyAnalysisNavigationState = { symbol: item.symbol, trend: period };
  const tone = isLossTrend(direction, item.change) ? 'loss' : 'gain';
  const percent = item.changePercent === null ? '—' : formatPercent(item.changePercent);
  return (
    <Link
      to={companyAnalysisPath(item.symbol)}
      state={state}
      className={classes.tile}
      data-tone={tone}
      data-testid="trend-tile"
      data-symbol={item.symbol}
      title={`Close ${formatRupees(item.presentClose)} on ${formatMarketDate(item.presentDate)}; previous close ${formatRupees(item.previousClose)} on ${formatMarketDate(item.previousDate)}`}
    >
      <span className={classes.symbol} data-testid="trend-tile-symbol">
        {item.symbol}
      </span>
      <span className={classes.line} data-testid="trend-tile-close">
        {formatRupees(item.presentClose)}
      </span>
      <span className={`${classes.change} ${tone}`} data-testid="trend-tile-change">
        <span className={tone}>{formatSignedRupees(item.change)}</span>
        <span className={`${classes.percent} ${tone}`}>{percent}</span>
      </span>
    </Link>
  );
}
