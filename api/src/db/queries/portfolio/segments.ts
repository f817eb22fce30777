/** Segments (/staff/segments; read-only list under /user/). A holding's instrument type is its segment's name. */
import { eq, sql } from 'drizzle-orm';
import type { SegmentDto } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { charges, holdings, segments } from '../../schema/index.js';
import { createNamed, getNamed, listNamed, updateNamed } from './named-entities.js';
import { countRows, deleteUnlessUsed } from './write-guards.js';

export const listSegments = (db: Database): Promise<SegmentDto[]> => listNamed(db, 'segment');
export const getSegment = (db: Database, id: number): Promise<SegmentDto> => getNamed(db, 'segment', id);
export const createSegment = (db: Database, name: string): Promise<SegmentDto> => createNamed(db, 'segment', name);
export const updateSegment = (db: Database, id: number, name: string): Promise<SegmentDto> =>
  updateNamed(db, 'segment', id, name);

/** Deletes a segment that no holding or charge uses (409 naming how many do). */
export async function deleteSegment(db: Database, id: number): Promise<SegmentDto> {
  return db.transaction(async (tx) => {
    const segment = await getNamed(tx, 'segment', id);
    const uses: Array<[number, string]> = [
      [await countRows(tx, holdings, eq(holdings.segmentId, id)), 'holding'],
      [await countRows(tx, charges, eq(charges.segmentId, id)), 'charge'],
    ];
    await deleteUnlessUsed(tx, `Segment '${segment.name}'`, uses, () => tx.delete(segments).where(eq(segments.id, id)));
    return segment;
  });
}

/** Whether a segment of this name exists, any case (GET /user/holding/{segmentName} answers 404 otherwise). */
export async function segmentExists(db: Database, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: segments.id })
    .from(segments)
    .where(sql`lower(${segments.name}) = lower(${name.trim()})`);
  return row !== undefined;
}
