/**
 * Corporate-action reads behind /public/corporate-actions: every action, or one symbol's events
 * split at a date, each with what its PURPOSE was understood as (docs/product/company.md#corporate-actions-understood):
 * read with the parser the upload and the price adjustment use, so the screen shows what adjusts.
 */
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { parsePurpose } from '@bazaar/shared';
import type { CorporateActionDto, CorporateEventsDto } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { corporateActions } from '../../schema/index.js';

const corporateActionColumns = {
  id: corporateActions.id,
  symbol: corporateActions.symbol,
  companyName: corporateActions.companyName,
  series: corporateActions.series,
  purpose: corporateActions.purpose,
  faceValue: corporateActions.faceValue,
  exDate: corporateActions.exDate,
  recordDate: corporateActions.recordDate,
  bookClosureStartDate: corporateActions.bookClosureStartDate,
  bookClosureEndDate: corporateActions.bookClosureEndDate,
};

type StoredAction = Omit<CorporateActionDto, 'kind' | 'factor' | 'dividendPerShare' | 'label'>;

/** An action with its PURPOSE understood: kind, factor, dividend per share, label. */
function understood(action: StoredAction): CorporateActionDto {
  const parsed = parsePurpose(action.purpose);
  return {
    ...action,
    kind: parsed.kind,
    factor: parsed.factor,
    dividendPerShare: parsed.dividendPerShare,
    label: parsed.events.length === 0 ? null : parsed.events.map((event) => event.label).join(' + '),
  };
}

/** Every corporate action, newest ex-date first (events without an ex-date last), then by symbol. */
export async function listCorporateActions(db: Database): Promise<CorporateActionDto[]> {
  const rows = await db
    .select(corporateActionColumns)
    .from(corporateActions)
    .orderBy(
      sql`${corporateActions.exDate} DESC NULLS LAST`,
      sql`${corporateActions.symbol} COLLATE "C"`,
      asc(corporateActions.id),
    );
  return rows.map(understood);
}

/**
 * A symbol's events split at `date`: past events have an ex-date before it (newest first);
 * upcoming events have an ex-date on or after it (soonest first).
 */
export async function getCorporateActionsOfSymbol(
  db: Database,
  symbol: string,
  date: string,
): Promise<CorporateEventsDto> {
  const [pastEvents, upcomingEvents] = await Promise.all([
    db
      .select(corporateActionColumns)
      .from(corporateActions)
      .where(and(eq(corporateActions.symbol, symbol), lt(corporateActions.exDate, date)))
      .orderBy(desc(corporateActions.exDate), asc(corporateActions.id)),
    db
      .select(corporateActionColumns)
      .from(corporateActions)
      .where(and(eq(corporateActions.symbol, symbol), gte(corporateActions.exDate, date)))
      .orderBy(asc(corporateActions.exDate), asc(corporateActions.id)),
  ]);
  return { pastEvents: pastEvents.map(understood), upcomingEvents: upcomingEvents.map(understood) };
}
