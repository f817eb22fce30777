/**
 * One alert job (docs/product/alerts.md#when-alerts-fire), inside the transaction that holds its row: check that
 * its day D is still the latest trading day (else it is superseded: a backfill never alerts) and that D's
 * analysis is computed (else it waits); gather the day's facts (closes and the day's change from the quotes,
 * the trend lists and 12-month extremes of the analysis, the corporate actions with an ex-date within 7 days, the
 * average prices of watched holdings); find what fires (on the database server), write the words of what fired
 * (each distinct message once), store it with the digests it joins. The log line carries each stage's time.
 */
import { ALERT_RULE_KINDS, percentOf, type AlertRuleKind } from '@bazaar/shared';
import type { Database } from '../db/client.js';
import {
  alertEvaluationDays,
  findFiredAlerts,
  followedSymbols,
  holdingCostsForRules,
  settingsForEvaluation,
  storeFiredAlerts,
  upcomingActions,
  type SymbolFacts,
  type UpcomingAction,
} from '../db/queries/alerts/evaluation.js';
import type { AlertJob } from '../db/queries/alerts/jobs.js';
import { getCurrentPeriodCoverages, getCurrentTrendLists, getPriceExtremes } from '../db/queries/market/trend-lists.js';
import { loadLatestPrices } from '../db/queries/portfolio/quotes.js';
import { notificationMessage } from './messages.js';

export type EvaluationOutcome =
  | {
      status: 'done';
      notifications: number;
      investors: number;
      digests: number;
      ms: number;
      /** Milliseconds per stage, in order (the log line's breakdown of `ms`). */
      stages: Record<string, number>;
      text: string;
    }
  | { status: 'superseded'; text: string }
  | { status: 'waiting'; text: string };

/** A corporate-actions job evaluates only what corporate actions fire. */
const KINDS_OF_SCOPE: Record<AlertJob['scope'], readonly AlertRuleKind[]> = {
  PRICES: ALERT_RULE_KINDS,
  CORPORATE_ACTIONS: ['CORPORATE_ACTION'],
};

/** The facts of D of the followed symbols traded on D. */
async function symbolFacts(tx: Database, tradeDate: string, symbols: readonly string[]): Promise<SymbolFacts[]> {
  const [quotes, lists, extremes, coverages] = await Promise.all([
    loadLatestPrices(tx, symbols),
    getCurrentTrendLists(tx),
    getPriceExtremes(tx),
    getCurrentPeriodCoverages(tx),
  ]);
  const trends = new Map<string, string[]>();
  for (const [list, entries] of lists)
    for (const symbol of Object.keys(entries)) trends.set(symbol, [...(trends.get(symbol) ?? []), list]);
  const facts: SymbolFacts[] = [];
  for (const symbol of symbols) {
    const quote = quotes.get(symbol);
    // a symbol that did not trade on D says nothing new today
    if (!quote || quote.tradeDate !== tradeDate) continue;
    const extreme = Object.hasOwn(extremes, symbol) ? extremes[symbol] : undefined;
    facts.push({
      symbol,
      close: quote.closePrice,
      previousClose: quote.previousClose,
      changePercent: percentOf(quote.change, quote.previousClose),
      yearHigh: extreme?.highPrice ?? null,
      yearLow: extreme?.lowPrice ?? null,
      trends: trends.get(symbol) ?? [],
      coverages,
    });
  }
  return facts;
}

export async function evaluateAlertJob(tx: Database, job: AlertJob): Promise<EvaluationOutcome> {
  const started = performance.now();
  const stages: Record<string, number> = {};
  let mark = started;
  const stage = (name: string) => {
    const now = performance.now();
    stages[name] = Math.round(now - mark);
    mark = now;
  };
  const { latestTradeDate, analysedTradeDate } = await alertEvaluationDays(tx);
  if (latestTradeDate !== job.tradeDate)
    return { status: 'superseded', text: `not the latest trading day any more (now ${latestTradeDate ?? 'none'})` };
  if (job.scope === 'PRICES' && analysedTradeDate !== job.tradeDate)
    return { status: 'waiting', text: `waiting for the analysis of ${job.tradeDate}` };

  const kinds = KINDS_OF_SCOPE[job.scope];
  await settingsForEvaluation(tx);
  const symbols = await followedSymbols(tx);
  stage('followedMs');
  const [facts, actions, costs] = await Promise.all([
    job.scope === 'PRICES' ? symbolFacts(tx, job.tradeDate, symbols) : Promise.resolve([]),
    upcomingActions(tx, job.tradeDate, symbols),
    kinds.includes('STOP_LOSS') || kinds.includes('TARGET') ? holdingCostsForRules(tx) : Promise.resolve([]),
  ]);
  stage('factsMs');
  const words = await findFiredAlerts(tx, { tradeDate: job.tradeDate, kinds, facts, actions, costs });
  stage('firedMs');
  const factsBySymbol = new Map(facts.map((fact) => [fact.symbol, fact]));
  const actionsByKey = new Map<string, UpcomingAction>(
    actions.map((action) => [`${action.symbol} ${action.eventKey}`, action]),
  );
  // many investors' alerts share their words (the same symbol, kind and value): each written once
  const messages = new Map(
    words.map((alert) => [alert.wordsKey, notificationMessage(alert, job.tradeDate, factsBySymbol, actionsByKey)]),
  );
  stage('messagesMs');
  const stored = await storeFiredAlerts(tx, job.tradeDate, messages);
  stage('storeMs');
  return {
    status: 'done',
    ...stored,
    ms: Math.round(performance.now() - started),
    stages,
    text: `${stored.notifications} notifications for ${stored.investors} investors, ${stored.digests} digests queued`,
  };
}
