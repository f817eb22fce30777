/**
 * The database side of the tradebook import (docs/product/portfolio.md#tradebook-import; the
 * import itself is api/src/tradebook/import.ts): what a plan needs to know — the trades imported
 * before, the caller's open lots at the firm and segment, the symbols with prices, their splits
 * and bonuses, D — and the plan's writes: new lots, sold parts split off as a partial sale splits
 * them, and a ledger row per trade (imported_trades), each table in a few statements whatever the
 * size (rows travel as one JSON parameter, docs/decisions.md#tradebook-fifo-in-linear-time).
 */
import { sql } from 'drizzle-orm';
import {
  eventsBySymbol,
  type Exchange,
  type HoldingEvent,
  type OpenLot,
  type PlannedLot,
  type TradebookTrade,
} from '@bazaar/shared';
import { queryRows, type Database } from '../../client.js';
import { UNIQUE_VIOLATION } from '../../errors.js';
import { loadLatestPrices } from './quotes.js';
import { LATEST_TRADE_DATE } from '../market/equity-series.js';
import { conflictOn } from './write-guards.js';

/** Rows per statement: one JSON parameter each, a few MB at most. */
const CHUNK = 5_000;

function chunks<T>(rows: readonly T[], size = CHUNK): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < rows.length; start += size) result.push(rows.slice(start, start + size));
  return result;
}

const textList = (values: readonly string[]) =>
  sql`(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/** The keys among `keys` this owner imported before at this firm. */
export async function importedKeys(
  db: Database,
  userId: number,
  firmId: number,
  keys: readonly string[],
): Promise<Set<string>> {
  const known = new Set<string>();
  for (const batch of chunks([...new Set(keys)])) {
    const rows = await queryRows<{ key: string }>(
      db,
      sql`SELECT import_key AS key FROM imported_trades
          WHERE user_id = ${userId} AND brokerage_firm_id = ${firmId} AND import_key IN ${textList(batch)}`,
    );
    for (const row of rows) known.add(row.key);
  }
  return known;
}

export interface ImportContext {
  openLots: OpenLot[];
  /** Symbols with prices loaded. */
  priced: Set<string>;
  /** Their splits, consolidations and bonuses (any D). */
  events: Map<string, HoldingEvent[]>;
  /** D, the latest equity price date (null before any prices). */
  latestTradeDate: string | null;
}

/**
 * What the plan reads, the open lots locked for the transaction (a concurrent sale or import of the
 * same lots waits): every open lot of the owner at the firm and segment in the symbols.
 */
export async function loadImportContext(
  db: Database,
  owner: { userId: number; firmId: number; segmentId: number },
  symbols: readonly string[],
): Promise<ImportContext> {
  if (symbols.length === 0) return { openLots: [], priced: new Set(), events: new Map(), latestTradeDate: null };
  const priced = new Set((await loadLatestPrices(db, symbols)).keys());
  const openLots = await queryRows<OpenLot & { exchange: Exchange }>(
    db,
    sql`SELECT id, symbol, exchange, quantity, lot_quantity AS "lotQuantity", price::text AS price,
          creation_date::text AS "creationDate", basis_date::text AS "basisDate"
        FROM holdings
        WHERE user_id = ${owner.userId} AND brokerage_firm_id = ${owner.firmId}
          AND segment_id = ${owner.segmentId} AND status = 'UNREALIZED' AND symbol IN ${textList(symbols)}
        ORDER BY creation_date, id
        FOR UPDATE`,
  );
  // the splits, consolidations and bonuses whatever D: a sell dated after an ex-date whose prices
  // are not loaded yet still sold the shares of its date (docs/decisions.md#tradebook-fifo-in-the-sell-dates-shares)
  const eventRows = await queryRows<HoldingEvent & { symbol: string }>(
    db,
    sql`SELECT symbol, ex_date::text AS "exDate", kind, factor::text AS factor, amount::text AS amount
        FROM corporate_action_events
        WHERE factor IS NOT NULL AND symbol IN ${textList(symbols)}
        ORDER BY symbol, ex_date, action_id, seq`,
  );
  const [latest] = await queryRows<{ latestTradeDate: string | null }>(
    db,
    sql`SELECT ${LATEST_TRADE_DATE}::text AS "latestTradeDate"`,
  );
  return { openLots, priced, events: eventsBySymbol(eventRows), latestTradeDate: latest?.latestTradeDate ?? null };
}

/** A holding row a plan writes (columns by their SQL names: they travel as JSON). */
export interface HoldingRowInput {
  symbol: string;
  exchange: string;
  quantity: number;
  lot_quantity: number;
  price: string;
  sell_price: string | null;
  status: 'REALIZED' | 'UNREALIZED';
  creation_date: string;
  selling_date: string | null;
  basis_date: string | null;
}

/**
 * The rows a planned lot becomes: each sale a REALIZED row, the rest an open row, all keeping the
 * buy order's quantity. A stored lot keeps its id for its first sale (as a partial sale does).
 */
export function lotRows(lot: PlannedLot): { update?: HoldingRowInput & { id: number }; inserts: HoldingRowInput[] } {
  const base = {
    symbol: lot.symbol,
    exchange: lot.exchange,
    lot_quantity: lot.lotQuantity,
    price: lot.price,
    creation_date: lot.creationDate,
  };
  const parts: HoldingRowInput[] = lot.sales.map((sale) => ({
    ...base,
    quantity: sale.quantity,
    basis_date: sale.basisDate,
    sell_price: sale.sellPrice,
    selling_date: sale.sellingDate,
    status: 'REALIZED',
  }));
  if (lot.openQuantity > 0)
    parts.push({
      ...base,
      quantity: lot.openQuantity,
      basis_date: lot.basisDate,
      sell_price: null,
      selling_date: null,
      status: 'UNREALIZED',
    });
  if (lot.existingId === null) return { inserts: parts };
  const [first, ...rest] = parts;
  return { update: { ...first!, id: lot.existingId }, inserts: rest };
}

/** How many holding rows a plan adds (new lots, and the parts sales split off stored lots). */
export function rowsAdded(lots: readonly PlannedLot[]): number {
  let added = 0;
  for (const lot of lots) {
    const parts = lot.sales.length + (lot.openQuantity > 0 ? 1 : 0);
    added += lot.existingId === null ? parts : parts - 1;
  }
  return added;
}

/** A plan's rows: the stored lots it changes (by id) and the rows it adds, in plan order. */
export interface PlanRows {
  updates: Array<HoldingRowInput & { id: number }>;
  inserts: HoldingRowInput[];
}

export function planRows(lots: readonly PlannedLot[]): PlanRows {
  const updates: PlanRows['updates'] = [];
  const inserts: HoldingRowInput[] = [];
  for (const lot of lots) {
    const rows = lotRows(lot);
    if (rows.update) updates.push(rows.update);
    for (const row of rows.inserts) inserts.push(row);
  }
  return { updates, inserts };
}

/**
 * Writes a plan's rows and the ledger of its trades; answers the ids of the inserted rows in the
 * order of `rows.inserts` (an identity takes its values in insertion order within a statement). A
 * trade key imported at the same moment by another request is a 409 (the unique ledger key).
 */
export async function writeImportPlan(
  tx: Database,
  owner: { userId: number; firmId: number; segmentId: number },
  rows: PlanRows,
  ledger: ReadonlyArray<{ trade: TradebookTrade; key: string }>,
): Promise<number[]> {
  for (const batch of chunks(rows.updates)) {
    await queryRows(
      tx,
      sql`UPDATE holdings h SET quantity = r.quantity, basis_date = r.basis_date, sell_price = r.sell_price,
            selling_date = r.selling_date, status = r.status, updated_at = now()
          FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
            AS r(id integer, quantity integer, basis_date date, sell_price numeric, selling_date date, status varchar)
          WHERE h.id = r.id AND h.user_id = ${owner.userId}`,
    );
  }
  const insertedIds: number[] = [];
  for (const batch of chunks(rows.inserts)) {
    const inserted = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO holdings (user_id, brokerage_firm_id, segment_id, symbol, exchange, quantity, lot_quantity,
            price, sell_price, status, creation_date, selling_date, basis_date)
          SELECT ${owner.userId}, ${owner.firmId}, ${owner.segmentId}, r.symbol, r.exchange, r.quantity,
            r.lot_quantity, r.price, r.sell_price, r.status, r.creation_date, r.selling_date, r.basis_date
          FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
            AS r(symbol varchar, exchange varchar, quantity integer, lot_quantity integer, price numeric,
                 sell_price numeric, status varchar, creation_date date, selling_date date, basis_date date)
          RETURNING id`,
    );
    for (const { id } of inserted.sort((a, b) => a.id - b.id)) insertedIds.push(id);
  }
  const ledgerRows = ledger.map(({ trade, key }) => ({
    import_key: key,
    side: trade.side,
    symbol: trade.symbol,
    trade_date: trade.date,
    quantity: trade.quantity,
    price: trade.price,
  }));
  for (const batch of chunks(ledgerRows)) {
    await conflictOn(
      UNIQUE_VIOLATION,
      queryRows(
        tx,
        sql`INSERT INTO imported_trades (user_id, brokerage_firm_id, import_key, side, symbol, trade_date, quantity, price)
            SELECT ${owner.userId}, ${owner.firmId}, r.import_key, r.side, r.symbol, r.trade_date, r.quantity, r.price
            FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
              AS r(import_key varchar, side varchar, symbol varchar, trade_date date, quantity integer, price numeric)`,
      ),
      'Some of these trades were imported at the same moment by another request; import the file again to see what is left',
    );
  }
  return insertedIds;
}

/**
 * One import at a time per owner, on every instance: a transaction-scoped advisory lock (released
 * with the transaction). False when another import of the owner holds it.
 */
export async function tryImportLock(tx: Database, userId: number, timeoutMs: number): Promise<boolean> {
  // every statement of the import's transaction within the import's time: past it the server
  // stops the statement (57014) and the transaction rolls back, on PostgreSQL; PGlite ignores it
  const [row] = await queryRows<{ locked: boolean }>(
    tx,
    sql`SELECT pg_try_advisory_xact_lock(hashtext('tradebook-import'), ${userId}) AS locked,
          set_config('statement_timeout', ${String(Math.max(1, Math.round(timeoutMs)))}, true)`,
  );
  return row?.locked === true;
}

/** PostgreSQL's "canceling statement due to statement timeout". */
export const QUERY_CANCELED = '57014';
