/**
 * Alert rules (docs/product/alerts.md#rules): what an investor asks to hear about after an upload, the one home
 * of their kinds, of what each kind's value means and which values are refused (the same words from the REST
 * API, GraphQL and the settings form), of a rule's identity (what "once per rule and day" counts) and of the
 * default rules every investor has without creating them. Not the portfolio alerts of the dashboard (computed on
 * every read, never stored or sent): those are `PortfolioAlert`.
 */
import Big from 'big.js';
import { TREND_PERIODS, type TrendPeriod } from '../constants.js';
import { formatRupees } from '../format/money.js';
import { TREND_PERIOD_PHRASES } from '../portfolio/dashboard.js';

export const ALERT_RULE_KINDS = [
  'CLOSE_ABOVE',
  'CLOSE_BELOW',
  'DAY_CHANGE_BEYOND',
  'TREND_ENTRY',
  'NEAR_YEAR_HIGH',
  'NEAR_YEAR_LOW',
  'STOP_LOSS',
  'TARGET',
  'CORPORATE_ACTION',
] as const;
export type AlertRuleKind = (typeof ALERT_RULE_KINDS)[number];

/** The most rules one investor keeps (the defaults not counted). */
export const MAX_ALERT_RULES_PER_USER = 200;
export const ALERT_RULES_FULL_MESSAGE = `You have ${MAX_ALERT_RULES_PER_USER} alert rules, the most an account keeps: delete one to add another.`;

/** A corporate action is announced once its ex-date is at most this many days after D. */
export const UPCOMING_ACTION_DAYS = 7;

/** What a kind's value is: a price in rupees, a percentage, a trend period, or nothing. */
export type AlertValueType = 'price' | 'percent' | 'period' | 'none';

interface KindRule {
  valueType: AlertValueType;
  /** How the value reads in messages ("Price", "Percentage"…). */
  label: string;
  /** Bounds of a percentage (inclusive upper, exclusive lower 0). */
  maxPercent?: number;
  /** Whether the rule needs an open holding of its symbol. */
  holdingsOnly?: boolean;
}

export const ALERT_KIND_RULES: Record<AlertRuleKind, KindRule> = {
  CLOSE_ABOVE: { valueType: 'price', label: 'Price' },
  CLOSE_BELOW: { valueType: 'price', label: 'Price' },
  DAY_CHANGE_BEYOND: { valueType: 'percent', label: 'Day’s change', maxPercent: 100 },
  TREND_ENTRY: { valueType: 'period', label: 'Trend period' },
  NEAR_YEAR_HIGH: { valueType: 'percent', label: 'Distance from the 12-month high', maxPercent: 50 },
  NEAR_YEAR_LOW: { valueType: 'percent', label: 'Distance from the 12-month low', maxPercent: 50 },
  STOP_LOSS: { valueType: 'percent', label: 'Stop-loss', maxPercent: 99, holdingsOnly: true },
  TARGET: { valueType: 'percent', label: 'Target', maxPercent: 1000, holdingsOnly: true },
  CORPORATE_ACTION: { valueType: 'none', label: 'Corporate action' },
};

const PRICE_PATTERN = /^\d{1,15}(\.\d+)?$/;
const PERCENT_PATTERN = /^\d{1,4}(\.\d+)?$/;

export function isAlertRuleKind(kind: string): kind is AlertRuleKind {
  return (ALERT_RULE_KINDS as readonly string[]).includes(kind);
}

/** The text of a value as sent (a JSON number, a string, or null/absent). */
function valueText(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'x') : value.trim();
}

/**
 * The problem of a rule's value for its kind, in words for people, or null when it is good:
 * CLOSE_ABOVE/CLOSE_BELOW a price above 0 with at most 4 decimals; DAY_CHANGE_BEYOND, NEAR_YEAR_HIGH/LOW,
 * STOP_LOSS and TARGET a percentage above 0 with at most 2 decimals, up to the kind's bound; TREND_ENTRY a
 * period (WEEKLY … YEARLY); CORPORATE_ACTION none.
 */
export function alertRuleValueProblem(kind: AlertRuleKind, value: string | number | null | undefined): string | null {
  const rule = ALERT_KIND_RULES[kind];
  const text = valueText(value);
  switch (rule.valueType) {
    case 'none':
      return text === '' ? null : `${kind} takes no value: leave value empty`;
    case 'period':
      if (text === '') return `${kind} needs a value: one of ${TREND_PERIODS.join(', ')}`;
      return (TREND_PERIODS as readonly string[]).includes(text.toUpperCase())
        ? null
        : `${kind} needs a trend period: one of ${TREND_PERIODS.join(', ')} (got ${text.slice(0, 20)})`;
    case 'price': {
      if (text === '') return `${kind} needs a value: the price in rupees`;
      if (!PRICE_PATTERN.test(text))
        return `${rule.label} must be a number above 0, in rupees (got ${text.slice(0, 20)})`;
      const [, fraction = ''] = text.split('.');
      if (fraction.replace(/0+$/, '').length > 4) return `${rule.label} may have at most 4 decimals`;
      if (new Big(text).lte(0)) return `${rule.label} must be greater than 0`;
      return null;
    }
    case 'percent': {
      if (text === '') return `${kind} needs a value: a percentage`;
      if (!PERCENT_PATTERN.test(text))
        return `${rule.label} must be a percentage above 0 and at most ${rule.maxPercent} (got ${text.slice(0, 20)})`;
      const [, fraction = ''] = text.split('.');
      if (fraction.replace(/0+$/, '').length > 2) return `${rule.label} may have at most 2 decimals`;
      const percent = new Big(text);
      if (percent.lte(0) || percent.gt(rule.maxPercent ?? 100))
        return `${rule.label} must be a percentage above 0 and at most ${rule.maxPercent}`;
      return null;
    }
  }
}

/** A good value in its one spelling: decimals without trailing zeros ("1500.50" → "1500.5"), a period upper case, null for none. */
export function normaliseAlertRuleValue(kind: AlertRuleKind, value: string | number | null | undefined): string | null {
  const text = valueText(value);
  switch (ALERT_KIND_RULES[kind].valueType) {
    case 'none':
      return null;
    case 'period':
      return text.toUpperCase();
    default:
      return new Big(text).toFixed();
  }
}

/**
 * A rule's identity in what it fires: the kind and its value ("CLOSE_ABOVE:1500.5", "CORPORATE_ACTION"). A
 * notification is kept once per user, identity, symbol, trading day and event, so two rules alike (a default
 * and the same rule made by hand, or a rule deleted and made again) never say the same thing twice.
 */
export function alertRuleKey(kind: AlertRuleKind, value: string | null): string {
  return value === null ? kind : `${kind}:${value}`;
}

/** A default rule: on every held and watched symbol unless the investor turns it off (alert settings). */
export interface DefaultAlertRule {
  /** The alert-settings field that turns it on and off. */
  setting: 'newYearHighLow' | 'upcomingCorporateActions';
  kind: AlertRuleKind;
  value: string | null;
  description: string;
}

export const DEFAULT_ALERT_RULES: readonly DefaultAlertRule[] = [
  {
    setting: 'newYearHighLow',
    kind: 'TREND_ENTRY',
    value: 'YEARLY',
    description: 'New 52-week high or low, on every held and watched symbol',
  },
  {
    setting: 'upcomingCorporateActions',
    kind: 'CORPORATE_ACTION',
    value: null,
    description: `Upcoming corporate actions (ex-date within ${UPCOMING_ACTION_DAYS} days), on every held and watched symbol`,
  },
];

/** A percentage as people write it: "5%", "2.5%". */
export function formatThresholdPercent(value: string): string {
  return `${new Big(value).toFixed()}%`;
}

/** What a rule asks, in words: "Close above ₹1,500.50", "Day’s change beyond ±5%", "Enters a 52-week high or low list". */
export function describeAlertCondition(kind: AlertRuleKind, value: string | null): string {
  switch (kind) {
    case 'CLOSE_ABOVE':
      return `Close crosses above ${formatRupees(value ?? '0')}`;
    case 'CLOSE_BELOW':
      return `Close crosses below ${formatRupees(value ?? '0')}`;
    case 'DAY_CHANGE_BEYOND':
      return `Day’s change beyond ±${formatThresholdPercent(value ?? '0')}`;
    case 'TREND_ENTRY':
      return `New ${TREND_PERIOD_PHRASES[(value ?? 'YEARLY') as TrendPeriod]} high or low`;
    case 'NEAR_YEAR_HIGH':
      return `Within ${formatThresholdPercent(value ?? '0')} of the 12-month high`;
    case 'NEAR_YEAR_LOW':
      return `Within ${formatThresholdPercent(value ?? '0')} of the 12-month low`;
    case 'STOP_LOSS':
      return `Close falls ${formatThresholdPercent(value ?? '0')} below the holding’s average price (stop-loss)`;
    case 'TARGET':
      return `Close rises ${formatThresholdPercent(value ?? '0')} above the holding’s average price (target)`;
    case 'CORPORATE_ACTION':
      return `Corporate action with an ex-date within ${UPCOMING_ACTION_DAYS} days`;
  }
}

/** A rule in words with what it watches: "TCS: close crosses above ₹3,000.00"; a rule for every symbol says so. */
export function describeAlertRule(rule: { symbol: string | null; kind: AlertRuleKind; value: string | null }): string {
  const condition = describeAlertCondition(rule.kind, rule.value);
  return rule.symbol === null
    ? `Every held and watched symbol: ${condition.charAt(0).toLowerCase()}${condition.slice(1)}`
    : `${rule.symbol}: ${condition.charAt(0).toLowerCase()}${condition.slice(1)}`;
}
