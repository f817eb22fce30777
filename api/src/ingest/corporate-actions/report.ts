/**
 * What a corporate-actions file was understood as, for the upload's answer
 * (docs/product/company.md#corporate-actions-understood): the adjusting events (splits,
 * consolidations, bonuses) and dividends its rows with an ex-date mean, each event once (one event
 * announced for several series counts once, as corporate_action_events stores it), and the PURPOSE
 * texts that mention a split, bonus or consolidation but were not understood, so a new wording
 * never silently goes unadjusted.
 */
import { parsePurpose } from '@bazaar/shared';

export interface CorporateActionsReport {
  adjustingEvents: number;
  dividends: number;
  unclassified: string[];
}

export function corporateActionsReport(
  actions: ReadonlyArray<{ symbol: string; purpose: string; exDate: string | null }>,
): CorporateActionsReport {
  const seen = new Set<string>();
  const unclassified = new Set<string>();
  let adjustingEvents = 0;
  let dividends = 0;
  for (const action of actions) {
    const parsed = parsePurpose(action.purpose);
    if (parsed.unclassified) unclassified.add(action.purpose);
    // only an event with an ex-date adjusts prices or pays holders (the derived events' rule)
    if (!action.exDate) continue;
    for (const event of parsed.events) {
      const key = [action.symbol, action.exDate, event.kind, event.factor, event.amount].join('|');
      if (seen.has(key)) continue;
      seen.add(key);
      if (event.kind === 'dividend') dividends += 1;
      else adjustingEvents += 1;
    }
  }
  return { adjustingEvents, dividends, unclassified: [...unclassified].sort() };
}
