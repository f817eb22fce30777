/**
 * The alert rules' kinds in the screens' words (docs/product/alerts.md#rules): what each kind is called in the
 * settings table and the forms, which kinds a row's bell offers (a stop-loss and a target only on a holding), and a
 * rule's value as people read it (₹ for prices, % for percentages, the list for a trend period). The kinds, their
 * values and the refusals are shared/src/alerts/rules.ts; this file only names them for people.
 */
import {
  ALERT_KIND_RULES,
  ALERT_RULE_KINDS,
  formatRupees,
  formatThresholdPercent,
  TREND_PERIOD_PHRASES,
  TREND_PERIODS,
  type AlertRuleKind,
  type TrendPeriod,
} from '@bazaar/shared';

/** A kind in words, as the settings table and the forms' kind list say it. */
export const ALERT_KIND_NAMES: Record<AlertRuleKind, string> = {
  CLOSE_ABOVE: 'Close crosses above a price',
  CLOSE_BELOW: 'Close crosses below a price',
  DAY_CHANGE_BEYOND: 'Day’s change beyond ±x %',
  TREND_ENTRY: 'Enters a trend list (new high or low)',
  NEAR_YEAR_HIGH: 'Within y % of the 12-month high',
  NEAR_YEAR_LOW: 'Within y % of the 12-month low',
  STOP_LOSS: 'Stop-loss on the holding’s price',
  TARGET: 'Target on the holding’s price',
  CORPORATE_ACTION: 'Upcoming corporate action',
};

/** What the value field asks for, by the kind's value type. */
export function alertValueLabel(kind: AlertRuleKind): string {
  switch (ALERT_KIND_RULES[kind].valueType) {
    case 'price':
      return 'Price (₹)';
    case 'percent':
      return kind === 'STOP_LOSS'
        ? 'Fall below the average price (%)'
        : kind === 'TARGET'
          ? 'Rise above the average price (%)'
          : 'Percentage (%)';
    case 'period':
      return 'Trend list';
    case 'none':
      return '';
  }
}

/** The bounds a percentage takes, for the field's hint: "above 0 and at most 50". */
export function alertValueHint(kind: AlertRuleKind): string {
  const rule = ALERT_KIND_RULES[kind];
  switch (rule.valueType) {
    case 'price':
      return 'In rupees, above 0, at most 4 decimals';
    case 'percent':
      return `Above 0 and at most ${rule.maxPercent}, at most 2 decimals`;
    case 'period':
      return 'A new high or low of that period';
    case 'none':
      return '';
  }
}

/** A trend period as its list's name: YEARLY → "52-week high or low". */
export function trendListName(period: string): string {
  const phrase = TREND_PERIOD_PHRASES[period as TrendPeriod];
  return phrase ? `${phrase} high or low` : period;
}

/** The trend lists a TREND_ENTRY rule may name, longest first (the default is the 52-week list). */
export const TREND_LIST_CHOICES = [...TREND_PERIODS].reverse().map((period) => ({
  value: period,
  label: `New ${trendListName(period)}`,
}));

/** A rule's value as the table shows it: "₹3,000.00", "5%", "52-week high or low", or "—" for none. */
export function formatAlertValue(kind: AlertRuleKind, value: string | null): string {
  if (value === null) return '—';
  switch (ALERT_KIND_RULES[kind].valueType) {
    case 'price':
      return formatRupees(value);
    case 'percent':
      return formatThresholdPercent(value);
    case 'period':
      return trendListName(value);
    case 'none':
      return '—';
  }
}

/** The kinds a form offers: all of them on a holding, all but the stop-loss and target elsewhere. */
export function offeredAlertKinds(held: boolean): AlertRuleKind[] {
  return ALERT_RULE_KINDS.filter((kind) => held || !ALERT_KIND_RULES[kind].holdingsOnly);
}

/** What a rule's symbol column says: the symbol, or that it watches every held and watched symbol. */
export function alertRuleTarget(symbol: string | null): string {
  return symbol ?? 'All held and watched';
}
