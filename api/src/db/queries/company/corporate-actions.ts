/**
 * Corporate-action reads behind /public/corporate-actions: every action (or a year's, whole or a
 * page at a time), or one symbol's events
 * split at a date, each with what its PURPOSE was understood as (docs/product/company.md#corporate-actions-understood):
 * read with the parser the upload and the price adjustment use, so the screen shows what adjusts.
 */
import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
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

/** The list's order: newest ex-date first (actions without an ex-date last), then by symbol and id. */
const LIST_ORDER = [
  sql`${corporateActions.exDate} DESC NULLS LAST`,
  sql`${corporateActions.symbol} COLLATE "C"`,
  asc(corporateActions.id),
];

/** The actions with an ex-date in the calendar year, or every action (no year). */
function ofYear(year: number | undefined): SQL | undefined {
  if (year === undefined) return undefined;
  return and(gte(corporateActions.exDate, `${year}-01-01`), lt(corporateActions.exDate, `${year + 1}-01-01`));
}

/** Every corporate action (or those with an ex-date in `year`), in the list's order. */
export async function listCorporateActions(db: Database, year?: number): Promise<CorporateActionDto[]> {
  const rows = await db
    .select(corporateActionColumns)
    .from(corporateActions)
    .where(ofYear(year))
    .orderBy(...LIST_ORDER);
  return rows.map(understood);
}

/** The list's sort key as a page's cursor carries it: the ex-date ('' for none), the symbol, the id. */
export type CorporateActionSortKey = [exDate: string, symbol: string, id: number];

/**
 * One page of listCorporateActions' list: at most `limit` actions after `after` (keyset: an action
 * keeps its id when a later upload names it again, so none is repeated or skipped), with how many
 * the whole list holds.
 */
export async function listCorporateActionsPage(
  db: Database,
  year: number | undefined,
  page: { limit: number; after: CorporateActionSortKey | null },
): Promise<{ items: CorporateActionDto[]; total: number; more: boolean }> {
  const conditions: SQL[] = [];
  const inYear = ofYear(year);
  if (inYear) conditions.push(inYear);
  if (page.after) {
    const [exDate, symbol, id] = page.after;
    const sameDateAfter = sql`(${corporateActions.symbol} COLLATE "C", ${corporateActions.id}) > (${symbol} COLLATE "C", ${id})`;
    // ex-dates descend, then the actions without one
    conditions.push(
      exDate === ''
        ? sql`(${corporateActions.exDate} IS NULL AND ${sameDateAfter})`
        : sql`(${corporateActions.exDate} < ${exDate}::date OR ${corporateActions.exDate} IS NULL
               OR (${corporateActions.exDate} = ${exDate}::date AND ${sameDateAfter}))`,
    );
  }
  const [counted] = await db
    .select({ total: sql<number | string>`count(*)` })
    .from(corporateActions)
    .where(inYear);
  const rows = await db
    .select(corporateActionColumns)
    .from(corporateActions)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(...LIST_ORDER)
    .limit(page.limit + 1);
  return {
    items: rows.slice(0, page.limit).map(understood),
    total: Number(counted?.total ?? 0),
    more: rows.length > page.limit,
  };
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
