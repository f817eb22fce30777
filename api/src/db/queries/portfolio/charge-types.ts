/** Charge types (/staff/charge-types): Brokerage, STT, GST… */
import { eq } from 'drizzle-orm';
import type { ChargeTypeDto } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { charges, chargeTypes } from '../../schema/index.js';
import { createNamed, getNamed, listNamed, updateNamed } from './named-entities.js';
import { countRows, deleteUnlessUsed } from './write-guards.js';

export const listChargeTypes = (db: Database): Promise<ChargeTypeDto[]> => listNamed(db, 'chargeType');
export const getChargeType = (db: Database, id: number): Promise<ChargeTypeDto> => getNamed(db, 'chargeType', id);
export const createChargeType = (db: Database, name: string): Promise<ChargeTypeDto> =>
  createNamed(db, 'chargeType', name);
export const updateChargeType = (db: Database, id: number, name: string): Promise<ChargeTypeDto> =>
  updateNamed(db, 'chargeType', id, name);

/** Deletes a charge type that no charge uses (409 naming how many do). */
export async function deleteChargeType(db: Database, id: number): Promise<ChargeTypeDto> {
  return db.transaction(async (tx) => {
    const chargeType = await getNamed(tx, 'chargeType', id);
    const uses: Array<[number, string]> = [[await countRows(tx, charges, eq(charges.chargeTypeId, id)), 'charge']];
    await deleteUnlessUsed(tx, `Charge type '${chargeType.name}'`, uses, () =>
      tx.delete(chargeTypes).where(eq(chargeTypes.id, id)),
    );
    return chargeType;
  });
}
