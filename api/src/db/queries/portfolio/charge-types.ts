/**
 * Charge types (/staff/charge-types): Brokerage, STT, GST…, each with its `stt` mark (the securities
 * transaction tax, which the tax report leaves out of cost and transfer expenses).
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { ChargeTypeDto } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { charges, chargeTypes } from '../../schema/index.js';
import { NotFoundError } from '../../../errors.js';
import { countRows, deleteUnlessUsed, uniqueName } from './write-guards.js';

const COLUMNS = { id: chargeTypes.id, name: chargeTypes.name, stt: chargeTypes.stt };
const ARTICLE = 'A charge type named';

export function listChargeTypes(db: Database): Promise<ChargeTypeDto[]> {
  return db
    .select(COLUMNS)
    .from(chargeTypes)
    .orderBy(asc(sql`lower(${chargeTypes.name})`), asc(chargeTypes.id));
}

export async function getChargeType(db: Database, id: number): Promise<ChargeTypeDto> {
  const [row] = await db.select(COLUMNS).from(chargeTypes).where(eq(chargeTypes.id, id));
  if (!row) throw new NotFoundError(`Charge type ${id} was not found`);
  return row;
}

export async function createChargeType(
  db: Database,
  body: { name: string; stt?: boolean | undefined },
): Promise<ChargeTypeDto> {
  const [row] = await uniqueName(
    db
      .insert(chargeTypes)
      .values({ name: body.name, stt: body.stt ?? false })
      .returning(COLUMNS),
    ARTICLE,
    body.name,
  );
  return row as ChargeTypeDto;
}

/** Renames a charge type; `stt`, when given, marks it as STT or not (absent: unchanged). */
export async function updateChargeType(
  db: Database,
  id: number,
  body: { name: string; stt?: boolean | undefined },
): Promise<ChargeTypeDto> {
  const [row] = await uniqueName(
    db
      .update(chargeTypes)
      .set({ name: body.name, ...(body.stt === undefined ? {} : { stt: body.stt }), updatedAt: new Date() })
      .where(eq(chargeTypes.id, id))
      .returning(COLUMNS),
    ARTICLE,
    body.name,
  );
  if (!row) throw new NotFoundError(`Charge type ${id} was not found`);
  return row;
}

/** Deletes a charge type that no charge uses (409 naming how many do). */
export async function deleteChargeType(db: Database, id: number): Promise<ChargeTypeDto> {
  return db.transaction(async (tx) => {
    const chargeType = await getChargeType(tx, id);
    const uses: Array<[number, string]> = [[await countRows(tx, charges, eq(charges.chargeTypeId, id)), 'charge']];
    await deleteUnlessUsed(tx, `Charge type '${chargeType.name}'`, uses, () =>
      tx.delete(chargeTypes).where(eq(chargeTypes.id, id)),
    );
    return chargeType;
  });
}
