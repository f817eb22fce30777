/**
 * The events corporate actions mean (corporate_action_events): derived from corporate_actions by
 * parsePurpose (@bazaar/shared), read by the price adjustment and the holdings
 * (docs/product/company.md, Corporate actions understood).
 *
 * Deriving is all-or-nothing over every action (a few thousand rows, well under a second): the
 * result depends only on the actions loaded, never on the order of uploads.
 */
import { and, asc, inArray, lte, sql } from 'drizzle-orm';
import { parsePurpose, type CorporateEventKind } from '@bazaar/shared';
import type { Database } from '../../client.js';
import { queryRows } from '../../client.js';
import { corporateActionEvents } from '../../schema/index.js';
import type { SqlSession } from '../../sql-session.js';

export interface CorporateActionEvent {
  symbol: string;
  exDate: string;
  kind: CorporateEventKind;
  /** Shares after ÷ shares before (split, consolidation, bonus); null for a dividend. */
  factor: string | null;
  /** Rupees per share (dividend); null otherwise or when the text names no amount. */
  amount: string | null;
  label: string;
}

/** What a derivation found over all actions with an ex-date. */
export interface DerivedEventCounts {
  adjustingEvents: number;
  dividends: number;
  /** PURPOSE texts that name a split, bonus or consolidation the parser could not read. */
  unclassified: string[];
}

const COPY_NULL = '\\N';

/** Re-derives every event from the actions loaded (inside the caller's transaction). */
export async function deriveCorporateActionEvents(session: SqlSession): Promise<DerivedEventCounts> {
  const actions = await session.query<{ id: number; symbol: string; purpose: string; ex_date: string }>(
    `SELECT id, symbol, purpose, ex_date::text AS ex_date FROM corporate_actions
      WHERE ex_date IS NOT NULL ORDER BY id`,
  );
  const seen = new Set<string>();
  const unclassified = new Set<string>();
  const lines: string[] = [];
  let adjustingEvents = 0;
  let dividends = 0;
  for (const action of actions) {
    const parsed = parsePurpose(action.purpose);
    if (parsed.unclassified) unclassified.add(action.purpose);
    parsed.events.forEach((event, seq) => {
      // one event announced for several series (EQ and BE…) adjusts and pays once
      const key = [action.symbol, action.ex_date, event.kind, event.factor, event.amount].join('|');
      if (seen.has(key)) return;
      seen.add(key);
      if (event.kind === 'dividend') dividends += 1;
      else adjustingEvents += 1;
      const cells = [
        action.id,
        seq,
        action.symbol,
        action.ex_date,
        event.kind,
        event.factor,
        event.amount,
        event.label,
      ];
      lines.push(`${cells.map((cell) => (cell === null ? COPY_NULL : String(cell))).join('\t')}\n`);
    });
  }
  await session.query('DELETE FROM corporate_action_events');
  await session.copyIn(
    'corporate_action_events',
    ['action_id', 'seq', 'symbol', 'ex_date', 'kind', 'factor', 'amount', 'label'],
    lines,
  );
  return { adjustingEvents, dividends, unclassified: [...unclassified].sort() };
}

/** Whether actions with an ex-date exist but no event was derived yet (a database from before the table). */
export async function needsEventDerivation(db: Database): Promise<boolean> {
  const rows = await queryRows<{ pending: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM corporate_actions WHERE ex_date IS NOT NULL)
           AND NOT EXISTS (SELECT 1 FROM corporate_action_events) AS pending`,
  );
  return rows[0]?.pending === true;
}

/**
 * The events in effect on `latestTradeDate` (D, the latest trading day: ex-date on or before it), of the
 * given symbols or of all, by symbol and ex-date.
 */
export async function listEffectiveEvents(
  db: Database,
  { latestTradeDate, symbols }: { latestTradeDate: string; symbols?: readonly string[] },
): Promise<CorporateActionEvent[]> {
  if (symbols && symbols.length === 0) return [];
  const conditions = [lte(corporateActionEvents.exDate, latestTradeDate)];
  if (symbols) conditions.push(inArray(corporateActionEvents.symbol, [...symbols]));
  return db
    .select({
      symbol: corporateActionEvents.symbol,
      exDate: corporateActionEvents.exDate,
      kind: corporateActionEvents.kind,
      factor: corporateActionEvents.factor,
      amount: corporateActionEvents.amount,
      label: corporateActionEvents.label,
    })
    .from(corporateActionEvents)
    .where(and(...conditions))
    .orderBy(
      asc(corporateActionEvents.symbol),
      asc(corporateActionEvents.exDate),
      asc(corporateActionEvents.actionId),
      asc(corporateActionEvents.seq),
    );
}
