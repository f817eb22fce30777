/** Financial instrument types (/admin/financial-instruments; staff read them to name segments). */
import { asc, eq, sql } from 'drizzle-orm';
import type { FinancialInstrumentDto } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { financialInstrumentTypes } from '../../schema/index.js';
import { NotFoundError } from '../../../errors.js';
import { uniqueName } from './write-guards.js';

export interface FinancialInstrumentInput {
  type: string;
  description?: string | undefined;
}

const instrumentColumns = {
  id: financialInstrumentTypes.id,
  type: financialInstrumentTypes.type,
  description: financialInstrumentTypes.description,
};

export async function listFinancialInstruments(db: Database): Promise<FinancialInstrumentDto[]> {
  return db
    .select(instrumentColumns)
    .from(financialInstrumentTypes)
    .orderBy(asc(sql`lower(${financialInstrumentTypes.type})`), asc(financialInstrumentTypes.id));
}

export async function getFinancialInstrument(db: Database, id: number): Promise<FinancialInstrumentDto> {
  const [row] = await db
    .select(instrumentColumns)
    .from(financialInstrumentTypes)
    .where(eq(financialInstrumentTypes.id, id));
  if (!row) throw new NotFoundError(`Financial instrument type ${id} was not found`);
  return row;
}

export async function createFinancialInstrument(
  db: Database,
  input: FinancialInstrumentInput,
): Promise<FinancialInstrumentDto> {
  const [row] = await uniqueName(
    db
      .insert(financialInstrumentTypes)
      .values({ type: input.type, description: input.description ?? null })
      .returning(instrumentColumns),
    'A financial instrument type',
    input.type,
  );
  return row as FinancialInstrumentDto;
}

export async function updateFinancialInstrument(
  db: Database,
  id: number,
  input: FinancialInstrumentInput,
): Promise<FinancialInstrumentDto> {
  const [row] = await uniqueName(
    db
      .update(financialInstrumentTypes)
      .set({ type: input.type, description: input.description ?? null, updatedAt: new Date() })
      .where(eq(financialInstrumentTypes.id, id))
      .returning(instrumentColumns),
    'A financial instrument type',
    input.type,
  );
  if (!row) throw new NotFoundError(`Financial instrument type ${id} was not found`);
  return row;
}

export async function deleteFinancialInstrument(db: Database, id: number): Promise<FinancialInstrumentDto> {
  const [row] = await db
    .delete(financialInstrumentTypes)
    .where(eq(financialInstrumentTypes.id, id))
    .returning(instrumentColumns);
  if (!row) throw new NotFoundError(`Financial instrument type ${id} was not found`);
  return row;
}
