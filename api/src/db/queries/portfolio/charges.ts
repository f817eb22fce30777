/** Charge rules (/staff/charges) and the rules the P&L of holdings needs. */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ChargeRule, ChargeSide, Exchange } from '@bazaar/shared';
import type { ChargeDto } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { brokerageFirms, chargeTypes, charges, segments } from '../../schema/index.js';
import { NotFoundError } from '../../../errors.js';
import { UNIQUE_VIOLATION } from '../../errors.js';
import { firmDto, resolveFirm } from './brokerage-firms.js';
import { resolveNamed } from './named-entities.js';
import { conflictOn, type Reference } from './write-guards.js';

export interface ChargeInput {
  brokerageFirm: Reference;
  chargeType: Reference;
  segment: Reference;
  amount: string;
  percentage: string;
  description?: string | undefined;
  exchange: string;
  onBuySell: ChargeSide;
  effectiveDate: string;
}

function chargeQuery(db: Database) {
  return db
    .select({
      charge: charges,
      firm: brokerageFirms,
      chargeType: { id: chargeTypes.id, name: chargeTypes.name, stt: chargeTypes.stt },
      segment: { id: segments.id, name: segments.name },
    })
    .from(charges)
    .innerJoin(brokerageFirms, eq(brokerageFirms.id, charges.brokerageFirmId))
    .innerJoin(chargeTypes, eq(chargeTypes.id, charges.chargeTypeId))
    .innerJoin(segments, eq(segments.id, charges.segmentId));
}

type ChargeRow = Awaited<ReturnType<ReturnType<typeof chargeQuery>['execute']>>[number];

function chargeDto(row: ChargeRow): ChargeDto {
  return {
    id: row.charge.id,
    brokerageFirm: firmDto(row.firm),
    chargeType: row.chargeType,
    segment: row.segment,
    amount: row.charge.amount,
    percentage: row.charge.percentage,
    description: row.charge.description,
    exchange: row.charge.exchange as Exchange,
    onBuySell: row.charge.onBuySell as ChargeSide,
    effectiveDate: row.charge.effectiveDate,
  };
}

export async function listCharges(db: Database): Promise<ChargeDto[]> {
  const rows = await chargeQuery(db).orderBy(
    asc(sql`lower(${brokerageFirms.name})`),
    asc(sql`lower(${segments.name})`),
    asc(charges.exchange),
    asc(sql`lower(${chargeTypes.name})`),
    desc(charges.effectiveDate),
    asc(charges.id),
  );
  return rows.map(chargeDto);
}

export async function getCharge(db: Database, id: number): Promise<ChargeDto> {
  const [row] = await chargeQuery(db).where(eq(charges.id, id));
  if (!row) throw new NotFoundError(`Charge ${id} was not found`);
  return chargeDto(row);
}

async function chargeValues(db: Database, input: ChargeInput) {
  const firm = await resolveFirm(db, input.brokerageFirm);
  const chargeType = await resolveNamed(db, 'chargeType', input.chargeType);
  const segment = await resolveNamed(db, 'segment', input.segment);
  return {
    brokerageFirmId: firm.id,
    chargeTypeId: chargeType.id,
    segmentId: segment.id,
    amount: input.amount,
    percentage: input.percentage,
    description: input.description ?? null,
    exchange: input.exchange,
    onBuySell: input.onBuySell,
    effectiveDate: input.effectiveDate,
  };
}

function uniqueCharge<T>(work: Promise<T>): Promise<T> {
  return conflictOn(
    UNIQUE_VIOLATION,
    work,
    'A charge of this type for this firm, segment, exchange and side already starts on this effective date; edit that one instead',
  );
}

export async function createCharge(db: Database, input: ChargeInput): Promise<ChargeDto> {
  const values = await chargeValues(db, input);
  const [row] = await uniqueCharge(db.insert(charges).values(values).returning({ id: charges.id }));
  return getCharge(db, (row as { id: number }).id);
}

export async function updateCharge(db: Database, id: number, input: ChargeInput): Promise<ChargeDto> {
  const values = await chargeValues(db, input);
  const [row] = await uniqueCharge(
    db
      .update(charges)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(charges.id, id))
      .returning({ id: charges.id }),
  );
  if (!row) throw new NotFoundError(`Charge ${id} was not found`);
  return getCharge(db, id);
}

export async function deleteCharge(db: Database, id: number): Promise<void> {
  const deleted = await db.delete(charges).where(eq(charges.id, id)).returning({ id: charges.id });
  if (deleted.length === 0) throw new NotFoundError(`Charge ${id} was not found`);
}

/** The charge rules that can apply to holdings of these firms and segments. */
export async function chargeRulesFor(db: Database, firmIds: number[], segmentIds: number[]): Promise<ChargeRule[]> {
  if (firmIds.length === 0 || segmentIds.length === 0) return [];
  const rows = await db
    .select({
      id: charges.id,
      chargeTypeId: charges.chargeTypeId,
      chargeTypeName: chargeTypes.name,
      brokerageFirmId: charges.brokerageFirmId,
      segmentId: charges.segmentId,
      exchange: charges.exchange,
      onBuySell: charges.onBuySell,
      amount: charges.amount,
      percentage: charges.percentage,
      effectiveDate: charges.effectiveDate,
    })
    .from(charges)
    .innerJoin(chargeTypes, eq(chargeTypes.id, charges.chargeTypeId))
    .where(
      and(
        inArray(charges.brokerageFirmId, [...new Set(firmIds)]),
        inArray(charges.segmentId, [...new Set(segmentIds)]),
      ),
    );
  return rows.map((row) => ({ ...row, onBuySell: row.onBuySell as ChargeSide }));
}
