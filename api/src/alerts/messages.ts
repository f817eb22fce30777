/**
 * The words of a notification (docs/product/alerts.md#notifications), written when it fires and kept: rupees as
 * the app shows them (formatRupees), dates as YYYY-MM-DD (screens and e-mails show them as dd-Mmm-yyyy through
 * formatDatesInText, docs/product/common.md#dates).
 */
import Big from 'big.js';
import { formatRupees, formatThresholdPercent, roundDecimal, trendPhrase, type TrendPeriod } from '@bazaar/shared';
import type { FiredAlertWords, SymbolFacts, UpcomingAction } from '../db/queries/alerts/evaluation.js';

/**
 * The window a "12-month" figure really spans: "12-month", or "40-trading-day" when the loaded prices
 * do not cover the year (docs/product/market.md#short-history).
 */
function yearWords(fact: SymbolFacts | undefined): string {
  const yearly = fact?.coverages?.find((coverage) => coverage.period === 'YEARLY');
  return yearly && !yearly.covered ? `${yearly.tradingDaysLoaded}-trading-day` : '12-month';
}

/** A percentage of a difference, 2 decimals, no sign: "1.25%". */
function percent(value: Big): string {
  return `${roundDecimal(value.abs())}%`;
}

function levelOf(alert: FiredAlertWords): Big {
  const average = new Big(alert.averagePrice ?? '0');
  const value = new Big(alert.value ?? '0');
  return alert.kind === 'STOP_LOSS'
    ? average.times(new Big(100).minus(value)).div(100)
    : average.times(new Big(100).plus(value)).div(100);
}

export function notificationMessage(
  alert: FiredAlertWords,
  tradeDate: string,
  facts: ReadonlyMap<string, SymbolFacts>,
  actions: ReadonlyMap<string, UpcomingAction>,
): string {
  const { symbol } = alert;
  const fact = facts.get(symbol);
  const close = fact ? formatRupees(fact.close) : '';
  const previous = fact?.previousClose ? ` (previous close ${formatRupees(fact.previousClose)})` : '';
  switch (alert.kind) {
    case 'CLOSE_ABOVE':
      return `${symbol} closed at ${close} on ${tradeDate}, crossing above ${formatRupees(alert.value ?? '0')}${previous}.`;
    case 'CLOSE_BELOW':
      return `${symbol} closed at ${close} on ${tradeDate}, crossing below ${formatRupees(alert.value ?? '0')}${previous}.`;
    case 'DAY_CHANGE_BEYOND': {
      const change = new Big(fact?.changePercent ?? '0');
      return `${symbol} ${change.gte(0) ? 'rose' : 'fell'} ${percent(change)} on ${tradeDate} to ${close}${previous}, beyond your ±${formatThresholdPercent(alert.value ?? '0')}.`;
    }
    case 'TREND_ENTRY': {
      const period = (alert.value ?? 'YEARLY') as TrendPeriod;
      const coverage = fact?.coverages?.find((c) => c.period === period);
      return `${symbol} made a ${trendPhrase(alert.eventKey === 'LOW' ? 'LOW' : 'HIGH', period, coverage)} on ${tradeDate}, closing at ${close}.`;
    }
    case 'NEAR_YEAR_HIGH': {
      const high = new Big(fact?.yearHigh ?? '0');
      const below = high.gt(0)
        ? high
            .minus(fact?.close ?? '0')
            .div(high)
            .times(100)
        : new Big(0);
      return `${symbol} closed at ${close} on ${tradeDate}, ${percent(below)} below its ${yearWords(fact)} high of ${formatRupees(high)} (within your ${formatThresholdPercent(alert.value ?? '0')}).`;
    }
    case 'NEAR_YEAR_LOW': {
      const low = new Big(fact?.yearLow ?? '0');
      const above = low.gt(0) ? new Big(fact?.close ?? '0').minus(low).div(low).times(100) : new Big(0);
      return `${symbol} closed at ${close} on ${tradeDate}, ${percent(above)} above its ${yearWords(fact)} low of ${formatRupees(low)} (within your ${formatThresholdPercent(alert.value ?? '0')}).`;
    }
    case 'STOP_LOSS':
      return `${symbol} closed at ${close} on ${tradeDate}, at or below your stop-loss of ${formatRupees(levelOf(alert))} (${formatThresholdPercent(alert.value ?? '0')} below your average price of ${formatRupees(alert.averagePrice ?? '0')}).`;
    case 'TARGET':
      return `${symbol} closed at ${close} on ${tradeDate}, at or above your target of ${formatRupees(levelOf(alert))} (${formatThresholdPercent(alert.value ?? '0')} above your average price of ${formatRupees(alert.averagePrice ?? '0')}).`;
    case 'CORPORATE_ACTION': {
      const action = actions.get(`${symbol} ${alert.eventKey}`);
      if (!action) return `${symbol} has a corporate action coming.`;
      if (action.kind === 'dividend')
        return `${symbol} goes ex-dividend on ${action.exDate}${action.amount ? `: ${formatRupees(action.amount)} a share` : ''}.`;
      return `${symbol} goes ex-${action.kind} on ${action.exDate} (${action.label}).`;
    }
  }
}
