/** Brokerage firms (/staff/brokerage-firms; read-only list under /user/). */
import { asc, eq, sql } from 'drizzle-orm';
import type { BrokerageFirmDto } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { brokerageFirms, charges, holdings } from '../../schema/index.js';
import { BadRequestError, NotFoundError } from '../../../errors.js';
import { countRows, deleteUnlessUsed, uniqueName, type Reference } from './write-guards.js';

export interface BrokerageFirmInput {
  name: string;
  address: string;
  contactNumber: string;
}

export function firmDto(
  row: Pick<typeof brokerageFirms.$inferSelect, 'id' | 'name' | 'address' | 'contactNumber'>,
): BrokerageFirmDto {
  return { id: row.id, name: row.name, address: row.address, contactNumber: row.contactNumber };
}

export async function listBrokerageFirms(db: Database): Promise<BrokerageFirmDto[]> {
  const rows = await db
    .select()
    .from(brokerageFirms)
    .orderBy(asc(sql`lower(${brokerageFirms.name})`), asc(brokerageFirms.id));
  return rows.map(firmDto);
}

export async function getBrokerageFirm(db: Database, id: number): Promise<BrokerageFirmDto> {
  const [row] = await db.select().from(brokerageFirms).where(eq(brokerageFirms.id, id));
  if (!row) throw new NotFoundError(`Brokerage firm ${id} was not found`);
  return firmDto(row);
}

export async function createBrokerageFirm(db: Database, input: BrokerageFirmInput): Promise<BrokerageFirmDto> {
  const [row] = await uniqueName(
    db.insert(brokerageFirms).values(input).returning(),
    'A brokerage firm named',
    input.name,
  );
  return firmDto(row as typeof brokerageFirms.$inferSelect);
}

export async function updateBrokerageFirm(
  db: Database,
  id: number,
  input: BrokerageFirmInput,
): Promise<BrokerageFirmDto> {
  const [row] = await uniqueName(
    db
      .update(brokerageFirms)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(brokerageFirms.id, id))
      .returning(),
    'A brokerage firm named',
    input.name,
  );
  if (!row) throw new NotFoundError(`Brokerage firm ${id} was not found`);
  return firmDto(row);
}

/** Deletes a firm that no holding or charge uses (409 naming how many do). */
export async function deleteBrokerageFirm(db: Database, id: number): Promise<BrokerageFirmDto> {
  return db.transaction(async (tx) => {
    const firm = await getBrokerageFirm(tx, id);
    const uses: Array<[number, string]> = [
      [await countRows(tx, holdings, eq(holdings.brokerageFirmId, id)), 'holding'],
      [await countRows(tx, charges, eq(charges.brokerageFirmId, id)), 'charge'],
    ];
    await deleteUnlessUsed(tx, `Brokerage firm '${firm.name}'`, uses, () =>
      tx.delete(brokerageFirms).where(eq(brokerageFirms.id, id)),
    );
    return firm;
  });
}

/** The firm a write names by id or by name (any case), or 400. */
export async function resolveFirm(db: Database, ref: Reference): Promise<BrokerageFirmDto> {
  const [row] = await db
    .select()
    .from(brokerageFirms)
    .where(
      ref.id !== undefined
        ? eq(brokerageFirms.id, ref.id)
        : sql`lower(${brokerageFirms.name}) = lower(${ref.name?.trim() ?? ''})`,
    );
  if (!row) throw new BadRequestError(`Brokerage firm ${ref.id ?? `'${ref.name}'`} does not exist`);
  return firmDto(row);
}
