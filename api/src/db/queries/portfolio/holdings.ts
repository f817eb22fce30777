/**
 * The caller's holdings (/user/holding…) with their quotes and P&L net of charges (the maths
 * lives in @bazaar/shared/portfolio), following the splits, bonuses and dividends of the corporate
 * actions in effect on D, the latest price date (docs/product/portfolio.md#corporate-actions).
 * Every query takes the owner's user id: a holding of someone else is "not found", never visible
 * and never changed.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import Big from 'big.js';
import {
  computeProfitLoss,
  eventsBySymbol,
  exchangeToday,
  holdingEventEffects,
  type HoldingEvent,
  holdingDateProblems,
  holdingStatus,
  MAX_HOLDING_ROWS_PER_USER,
  OversellError,
  sellFromLot,
  sharesOnSellDate,
  type Exchange,
  type ProfitLossOptions,
} from '@bazaar/shared';
import type { HoldingDto } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { queryRows } from '../../client.js';
import { dataVersions, type VersionedTable } from '../data-versions.js';
import { brokerageFirms, holdings, segments } from '../../schema/index.js';
import { BadRequestError, NotFoundError } from '../../../errors.js';
import { firmDto, resolveFirm } from './brokerage-firms.js';
import { chargeRulesFor } from './charges.js';
import { resolveNamed } from './named-entities.js';
import { latestPrices, loadLatestPrices, normaliseSymbol } from './quotes.js';
import { LATEST_TRADE_DATE } from '../market/equity-series.js';
import { KeptPerDatabase } from '../kept-per-database.js';
import type { Reference } from './write-guards.js';

export interface HoldingInput {
  symbol: string;
  price: string;
  sellPrice?: string | undefined;
  exchange: string;
  quantity: number;
  creationDate: string;
  sellingDate?: string | undefined;
  brokerageFirm: Reference;
  /** The segment's name. */
  instrumentType: string;
}

export interface HoldingFilter {
  segmentName?: string | undefined;
  firmName?: string | undefined;
  /** Only this holding. */
  id?: number | undefined;
}

export interface HoldingRow {
  holding: {
    id: number;
    brokerageFirmId: number;
    segmentId: number;
    symbol: string;
    exchange: string;
    quantity: number;
    lotQuantity: number;
    price: string;
    sellPrice: string | null;
    status: string;
    creationDate: string;
    sellingDate: string | null;
    basisDate: string | null;
  };
  firm: { id: number; name: string; address: string; contactNumber: string };
  segmentName: string;
}

/** One holding's columns as holdingRows' JSON array carries them. */
type HoldingTuple = [
  number,
  number,
  number,
  string,
  string,
  number,
  number,
  string,
  string | null,
  string,
  string,
  string | null,
  string | null,
  string,
  string,
  string,
  string,
];

/**
 * The holdings matching `where` (over holdings, brokerage_firms and segments) with their firm and
 * segment, by symbol, buying date and id. The rows come as ONE JSON text value (numerics and dates
 * as text, so exact): decoding a protocol value per column per row cost more than everything else
 * a 500-holding dashboard computes (docs/decisions.md#holdings-read-as-one-json-value).
 */
async function holdingRows(db: Database, where: SQL, limit?: number): Promise<HoldingRow[]> {
  const [row] = await queryRows<{ rows: string }>(
    db,
    sql`SELECT coalesce(json_agg(json_build_array(h.id, h.brokerage_firm_id, h.segment_id, h.symbol, h.exchange,
          h.quantity, h.lot_quantity, h.price::text, h.sell_price::text, h.status, h.creation_date::text,
          h.selling_date::text, h.basis_date::text, f.name, f.address, f.contact_number, s.name)
          ORDER BY h.symbol, h.creation_date, h.id), '[]')::text AS rows
        FROM (
          SELECT h.* FROM ${holdings} h
          INNER JOIN ${brokerageFirms} f ON f.id = h.brokerage_firm_id
          INNER JOIN ${segments} s ON s.id = h.segment_id
          WHERE ${where}
          ORDER BY h.symbol, h.creation_date, h.id
          ${limit === undefined ? sql`` : sql`LIMIT ${limit}`}
        ) h
        INNER JOIN ${brokerageFirms} f ON f.id = h.brokerage_firm_id
        INNER JOIN ${segments} s ON s.id = h.segment_id`,
  );
  const tuples = JSON.parse(row?.rows ?? '[]') as HoldingTuple[];
  return tuples.map((t) => ({
    holding: {
      id: t[0],
      brokerageFirmId: t[1],
      segmentId: t[2],
      symbol: t[3],
      exchange: t[4],
      quantity: t[5],
      lotQuantity: t[6],
      price: t[7],
      sellPrice: t[8],
      status: t[9],
      creationDate: t[10],
      sellingDate: t[11],
      basisDate: t[12],
    },
    firm: { id: t[1], name: t[13], address: t[14], contactNumber: t[15] },
    segmentName: t[16],
  }));
}

/**
 * The events loaded of the symbols, by symbol, and D (the latest equity price date), in one
 * statement: holdingEventEffects keeps an open holding to the events in effect on D and counts a
 * sold one, and a row's basis, in the shares of their dates (every event loaded up to them).
 */
export async function holdingEvents(
  db: Database,
  symbols: readonly string[],
): Promise<{ latestTradeDate: string; events: Map<string, HoldingEvent[]> }> {
  const wanted = [...new Set(symbols)];
  const rows = await queryRows<HoldingEvent & { symbol: string | null; latestTradeDate: string | null }>(
    db,
    sql`SELECT d."latestTradeDate", e.symbol, e.ex_date::text AS "exDate", e.kind, e.factor::text AS factor, e.amount::text AS amount
        FROM (SELECT ${LATEST_TRADE_DATE}::text AS "latestTradeDate") d
        LEFT JOIN corporate_action_events e ON e.symbol IN (${
          wanted.length === 0
            ? sql`NULL`
            : sql.join(
                wanted.map((symbol) => sql`${symbol}`),
                sql`, `,
              )
        })
        ORDER BY e.symbol, e.ex_date, e.action_id, e.seq`,
  );
  // no prices yet: no open holding takes part in anything
  const latestTradeDate = rows[0]?.latestTradeDate ?? '0000-00-00';
  const events = rows.filter(
    (row): row is HoldingEvent & { symbol: string; latestTradeDate: string | null } => row.symbol !== null,
  );
  return { latestTradeDate, events: eventsBySymbol(events) };
}

/** Rows computed between two turns of the event loop: about 10 ms of P&L maths. */
const SLICE = 500;

/**
 * `rows.map(compute)` in slices, the event loop served between them, so that a long list (an
 * account's 20,000 holdings) never holds other clients' requests for its whole time. Stops with an
 * AbortError when the caller has gone (`signal`): no one is waiting for the rest.
 */
export async function mapInSlices<T, R>(
  rows: readonly T[],
  signal: AbortSignal | undefined,
  compute: (row: T) => R,
): Promise<R[]> {
  if (rows.length <= SLICE) return rows.map(compute);
  const result: R[] = new Array<R>(rows.length);
  for (let start = 0; start < rows.length; start += SLICE) {
    if (start > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    signal?.throwIfAborted();
    const end = Math.min(rows.length, start + SLICE);
    for (let index = start; index < end; index++) result[index] = compute(rows[index]!);
  }
  return result;
}

/** A JS number of an exact quantity (whole shares but for a bonus ratio that does not divide them). */
function shareCount(quantity: Big): number {
  return Number(quantity.toFixed());
}

/**
 * Rows → DTOs with current prices, the corporate actions' effects and P&L: one price query, one
 * events query and one charges query for all rows.
 */
async function toHoldingDtos(
  db: Database,
  rows: HoldingRow[],
  today = exchangeToday(),
  options: ProfitLossOptions = {},
  signal?: AbortSignal,
): Promise<HoldingDto[]> {
  if (rows.length === 0) return [];
  const symbols = rows.map((row) => row.holding.symbol);
  // independent reads: on PostgreSQL they run at once on the pool's connections
  const [prices, { latestTradeDate, events }, rules] = await Promise.all([
    latestPrices(db, symbols),
    holdingEvents(db, symbols),
    chargeRulesFor(
      db,
      rows.map((row) => row.holding.brokerageFirmId),
      rows.map((row) => row.holding.segmentId),
    ),
  ]);
  const dtos = await mapInSlices(rows, signal, (row) => {
    const h = row.holding;
    const price = prices.get(h.symbol);
    // most symbols have no event: the row as stored, its whole shares as they are
    const symbolEvents = events.get(h.symbol);
    const effects = symbolEvents ? holdingEventEffects(h, symbolEvents, latestTradeDate) : null;
    const tradedQuantity = effects ? shareCount(effects.tradedQuantity) : h.quantity;
    const pnl = computeProfitLoss(
      {
        brokerageFirmId: h.brokerageFirmId,
        segmentId: h.segmentId,
        exchange: h.exchange,
        quantity: tradedQuantity,
        lotQuantity: h.lotQuantity,
        price: h.price,
        creationDate: h.creationDate,
        sellPrice: h.sellPrice,
        sellingDate: h.sellingDate,
        currentPrice: price?.closePrice ?? null,
        factor: effects ? effects.factor.toFixed() : '1',
        dividends: effects?.dividends ?? [],
      },
      rules,
      today,
      options,
    );
    return {
      id: h.id,
      symbol: h.symbol,
      currentPrice: price?.closePrice ?? null,
      priceDate: price?.tradeDate ?? null,
      priceSeries: price?.series ?? null,
      previousClose: price?.previousClose ?? null,
      priceChange: price?.change ?? null,
      price: !effects || effects.adjustments.length === 0 ? h.price : new Big(h.price).div(effects.factor).toFixed(),
      tradedPrice: h.price,
      sellPrice: h.sellPrice,
      exchange: h.exchange as Exchange,
      instrumentType: row.segmentName,
      segmentId: h.segmentId,
      quantity: effects ? shareCount(effects.quantity) : h.quantity,
      tradedQuantity,
      adjustments: effects?.adjustments ?? [],
      lotQuantity: h.lotQuantity,
      status: h.status as HoldingDto['status'],
      creationDate: h.creationDate,
      sellingDate: h.sellingDate,
      brokerageFirm: firmDto(row.firm),
      // pnl is this row's own object: the alias added to it, not a spread copy (a copy per row costs)
      profitLoss: Object.assign(pnl, { profitLoss: pnl.net }),
    };
  });
  listEvents.set(dtos, events);
  return dtos;
}

/** The corporate-action events each computed list was adjusted with, by symbol (listEventsOf). */
const listEvents = new WeakMap<readonly HoldingDto[], ReadonlyMap<string, HoldingEvent[]>>();

/**
 * The events (by symbol, in ex-date order) a list of listHoldings or listAllHoldingsShared was computed with,
 * read in the same query as its prices: a reader of the list that follows its lots day by day (the comparison
 * with an index) needs no second read. Undefined for an empty list or one not computed here.
 */
export function listEventsOf(list: readonly HoldingDto[]): ReadonlyMap<string, HoldingEvent[]> | undefined {
  return listEvents.get(list);
}

/**
 * Holding rows held in memory (a tradebook import's plan, before or after it is written) → DTOs
 * with quotes, the corporate actions' effects and P&L, exactly as the holdings list computes them.
 */
export async function holdingDtosOf(db: Database, rows: HoldingRow[], today = exchangeToday()): Promise<HoldingDto[]> {
  return toHoldingDtos(db, rows, today);
}

/** Everything an answer of listHoldings depends on, besides the caller, the filter and the day. */
export const HOLDINGS_LIST_INPUTS: readonly VersionedTable[] = [
  'holdings',
  'stock_prices',
  'corporate_action_events',
  'charges',
  'charge_types',
  'brokerage_firms',
  'segments',
];

/**
 * The entity tag of listHoldings' answer for this caller, filter and exchange day: it changes
 * whenever any row the answer is computed from may have changed (data_versions), so a client
 * holding the same tag may reuse its copy (GET /user/holding… answers 304). Opaque: a digest.
 */
export async function holdingsListTag(
  db: Database,
  userId: number,
  filter: HoldingFilter,
  today: string,
  /** The page asked for (limit and cursor text), when one is. */
  page: readonly unknown[] = [],
): Promise<string> {
  const versions = await dataVersions(db, HOLDINGS_LIST_INPUTS);
  const counters = HOLDINGS_LIST_INPUTS.map((table) => `${table}:${versions.get(table) ?? '?'}`);
  const inputs = [
    userId,
    filter.segmentName?.trim().toLowerCase() ?? null,
    filter.firmName?.trim().toLowerCase() ?? null,
    filter.id ?? null,
    today,
    counters,
    ...page,
  ];
  return `"${createHash('sha256').update(JSON.stringify(inputs)).digest('base64url').slice(0, 32)}"`;
}

function filterConditions(userId: number, filter: HoldingFilter): SQL[] {
  const conditions: SQL[] = [sql`h.user_id = ${userId}`];
  if (filter.segmentName !== undefined) conditions.push(sql`lower(s.name) = lower(${filter.segmentName.trim()})`);
  if (filter.firmName !== undefined) conditions.push(sql`lower(f.name) = lower(${filter.firmName.trim()})`);
  if (filter.id !== undefined) conditions.push(sql`h.id = ${filter.id}`);
  return conditions;
}

/**
 * The caller's holdings matching the filter, every one (at most MAX_HOLDING_ROWS_PER_USER).
 * options.breakdown false: no P&L breakdown per charge type (ProfitLossOptions), for a reader
 * that shows none. `signal`: the caller has gone, stop.
 */
export async function listHoldings(
  db: Database,
  userId: number,
  filter: HoldingFilter = {},
  today = exchangeToday(),
  options: ProfitLossOptions = {},
  signal?: AbortSignal,
): Promise<HoldingDto[]> {
  const rows = await holdingRows(db, sql.join(filterConditions(userId, filter), sql` AND `));
  signal?.throwIfAborted();
  return toHoldingDtos(db, rows, today, options, signal);
}

/** The whole lists kept per database handle and user under their tag; the least recently used go first. */
const MAX_SHARED_LISTS = 200;
const sharedLists = new KeptPerDatabase<number, { tag: string; list: Promise<readonly HoldingDto[]> }>(
  MAX_SHARED_LISTS,
);

/**
 * The caller's holdings, every one, without the breakdown per charge type: the list the dashboard and its
 * comparison with an index both read, computed once for both. Kept per user under holdingsListTag (read first):
 * a write to anything the list is computed from changes the tag, so a kept list is never older than a committed
 * write (docs/decisions.md#dashboard-cache); the page's two requests, arriving together, share one computation.
 * Read-only: callers must not change the rows.
 */
export async function listAllHoldingsShared(
  db: Database,
  userId: number,
  today = exchangeToday(),
): Promise<readonly HoldingDto[]> {
  const tag = await holdingsListTag(db, userId, {}, today);
  const kept = sharedLists.get(db, userId);
  if (kept?.tag === tag) return kept.list;
  const list = listHoldings(db, userId, {}, today, { breakdown: false });
  if (!tag.includes('?')) {
    sharedLists.set(db, userId, { tag, list });
    // a failed computation is not kept
    list.catch(() => {
      if (sharedLists.get(db, userId)?.list === list) sharedLists.delete(db, userId);
    });
  }
  return list;
}

/** The sort key of the holdings lists, as cursors carry it: symbol, buying date, id. */
export type HoldingSortKey = [string, string, number];
export const HOLDING_CURSOR_KINDS = ['string', 'date', 'int'] as const;

export interface HoldingPage {
  items: HoldingDto[];
  /** Holdings matching the filter, every page. */
  total: number;
  /** The sort key of the last item when more follow; null on the last page. */
  next: HoldingSortKey | null;
}

/** One page of listHoldings' list: at most `limit` holdings after `after` (keyset paging). */
export async function listHoldingsPage(
  db: Database,
  userId: number,
  filter: HoldingFilter,
  page: { limit: number; after: HoldingSortKey | null },
  today = exchangeToday(),
  signal?: AbortSignal,
): Promise<HoldingPage> {
  const conditions = filterConditions(userId, filter);
  const [counted] = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*) AS total FROM ${holdings} h
        INNER JOIN ${brokerageFirms} f ON f.id = h.brokerage_firm_id
        INNER JOIN ${segments} s ON s.id = h.segment_id
        WHERE ${sql.join(conditions, sql` AND `)}`,
  );
  if (page.after) {
    const [symbol, creationDate, id] = page.after;
    conditions.push(sql`(h.symbol, h.creation_date, h.id) > (${symbol}, ${creationDate}::date, ${id})`);
  }
  const rows = await holdingRows(db, sql.join(conditions, sql` AND `), page.limit + 1);
  signal?.throwIfAborted();
  const more = rows.length > page.limit;
  const kept = more ? rows.slice(0, page.limit) : rows;
  const last = kept[kept.length - 1]?.holding;
  return {
    items: await toHoldingDtos(db, kept, today, {}, signal),
    total: Number(counted?.total ?? 0),
    next: more && last ? [last.symbol, last.creationDate, last.id] : null,
  };
}

/** The caller's holding, or 404 (another user's holding is indistinguishable from a missing one). */
async function ownHoldingRow(
  db: Database,
  userId: number,
  id: number,
  lock = false,
): Promise<typeof holdings.$inferSelect> {
  const query = db
    .select()
    .from(holdings)
    .where(and(eq(holdings.id, id), eq(holdings.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new NotFoundError(`Holding ${id} was not found`);
  return row;
}

export async function getHolding(db: Database, userId: number, id: number): Promise<HoldingDto> {
  const rows = await holdingRows(db, sql`h.id = ${id} AND h.user_id = ${userId}`);
  if (rows.length === 0) throw new NotFoundError(`Holding ${id} was not found`);
  const [dto] = await toHoldingDtos(db, rows);
  return dto as HoldingDto;
}

/** Holding rows (open and sold) the owner keeps, every firm and segment. */
export async function countHoldingRows(db: Database, userId: number): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*) AS count FROM ${holdings} WHERE user_id = ${userId}`,
  );
  return Number(row?.count ?? 0);
}

/** The words of the per-account cap (MAX_HOLDING_ROWS_PER_USER) when a write would pass it. */
export function holdingsFullMessage(): string {
  return `You keep ${MAX_HOLDING_ROWS_PER_USER.toLocaleString('en-IN')} holdings (open and sold), the most an account keeps: delete sold holdings you no longer need first`;
}

/** Refuses a write that would add a row to an account already at the cap. */
async function requireRoomForRow(tx: Database, userId: number): Promise<void> {
  if ((await countHoldingRows(tx, userId)) >= MAX_HOLDING_ROWS_PER_USER)
    throw new BadRequestError(holdingsFullMessage());
}

/** The holding date rules, shared with the holding form: the first broken one is a 400. */
function checkHoldingDates(input: HoldingInput, today: string): void {
  const sold = holdingStatus(input.sellPrice) === 'REALIZED';
  const problems = holdingDateProblems({ ...input, sold }, today);
  if (problems[0]) throw new BadRequestError(problems[0].message);
}

async function requirePrices(tx: Database, symbol: string): Promise<void> {
  const prices = await loadLatestPrices(tx, [symbol]);
  if (!prices.has(symbol))
    throw new BadRequestError(`No prices are loaded for symbol ${symbol}; choose a symbol from the list`);
}

export async function createHolding(db: Database, userId: number, input: HoldingInput): Promise<HoldingDto> {
  const today = exchangeToday();
  checkHoldingDates(input, today);
  const symbol = normaliseSymbol(input.symbol);
  const id = await db.transaction(async (tx) => {
    const firm = await resolveFirm(tx, input.brokerageFirm);
    const segment = await resolveNamed(tx, 'segment', { name: input.instrumentType });
    await requirePrices(tx, symbol);
    await requireRoomForRow(tx, userId);
    const status = holdingStatus(input.sellPrice);
    const [row] = await tx
      .insert(holdings)
      .values({
        userId,
        brokerageFirmId: firm.id,
        segmentId: segment.id,
        symbol,
        exchange: input.exchange,
        quantity: input.quantity,
        lotQuantity: input.quantity,
        price: input.price,
        sellPrice: status === 'REALIZED' ? (input.sellPrice ?? null) : null,
        status,
        creationDate: input.creationDate,
        sellingDate: status === 'REALIZED' ? (input.sellingDate ?? null) : null,
      })
      .returning({ id: holdings.id });
    return (row as { id: number }).id;
  });
  return getHolding(db, userId, id);
}

/** What the corporate actions did to a stored row. */
async function storedEffects(
  db: Database,
  row: Pick<typeof holdings.$inferSelect, 'symbol' | 'creationDate' | 'quantity' | 'basisDate' | 'sellingDate'>,
) {
  const { latestTradeDate, events } = await holdingEvents(db, [row.symbol]);
  return holdingEventEffects(row, events.get(row.symbol) ?? [], latestTradeDate);
}

export interface HoldingUpdateResult {
  holding: HoldingDto;
  /** The open rest of a partial sale, as a new holding. */
  remainingHolding: HoldingDto | null;
}

/**
 * Edits a holding, or sells it. A sale (an open holding given a sell price other than 0) changes
 * only the sell side: the buy side (symbol, exchange, price, buying date, firm, segment) stays as
 * stored. The quantity sold counts the shares held on the selling date (after the splits and
 * bonuses before it); both parts are stored in those shares (basisDate). Selling fewer shares than
 * held splits the row: this id becomes the sold part and a new open row keeps the rest. Selling
 * more than held is refused, and so is a sale that would leave a fraction of a share a bonus left.
 * An edit works on the trade as entered (tradedQuantity, tradedPrice).
 */
export async function updateHolding(
  db: Database,
  userId: number,
  id: number,
  input: HoldingInput,
): Promise<HoldingUpdateResult> {
  const today = exchangeToday();
  const remainingId = await db.transaction(async (tx) => {
    const stored = await ownHoldingRow(tx, userId, id, true);
    const status = holdingStatus(input.sellPrice);
    const isSale = stored.status === 'UNREALIZED' && status === 'REALIZED';

    if (isSale) {
      checkHoldingDates({ ...input, creationDate: stored.creationDate }, today);
      const sellingDate = input.sellingDate ?? today;
      // the sale counts in the shares of the selling date, as a tradebook sell does (sale.ts): the
      // splits and bonuses loaded up to it, even those whose ex-date is after D
      const { events } = await holdingEvents(tx, [stored.symbol]);
      const counted = sharesOnSellDate(stored, events.get(stored.symbol) ?? [], sellingDate);
      if (input.quantity > counted.whole)
        throw new BadRequestError(new OversellError(shareCount(counted.shares), input.quantity).message);
      const parts = sellFromLot(stored, counted, sellingDate, input.quantity);
      if (parts === null)
        throw new BadRequestError(
          `After its splits and bonuses this holding is ${counted.shares.toFixed()} shares: a sale must leave whole shares, so sell all ${counted.whole}`,
        );
      const split = {
        sold: parts.sold.quantity,
        remaining: parts.rest.quantity,
        basisDate: parts.sold.basisDate,
        restBasis: parts.rest.basisDate,
      };
      await tx
        .update(holdings)
        .set({
          quantity: split.sold,
          basisDate: split.basisDate,
          sellPrice: input.sellPrice ?? null,
          sellingDate: input.sellingDate ?? null,
          status: 'REALIZED',
          updatedAt: new Date(),
        })
        .where(eq(holdings.id, id));
      if (split.remaining === 0) return null;
      await requireRoomForRow(tx, userId);
      const [rest] = await tx
        .insert(holdings)
        .values({
          userId,
          brokerageFirmId: stored.brokerageFirmId,
          segmentId: stored.segmentId,
          symbol: stored.symbol,
          exchange: stored.exchange,
          quantity: split.remaining,
          lotQuantity: stored.lotQuantity,
          price: stored.price,
          sellPrice: null,
          status: 'UNREALIZED',
          creationDate: stored.creationDate,
          sellingDate: null,
          basisDate: split.restBasis,
        })
        .returning({ id: holdings.id });
      return (rest as { id: number }).id;
    }

    checkHoldingDates(input, today);
    const symbol = normaliseSymbol(input.symbol);
    if (symbol !== stored.symbol) await requirePrices(tx, symbol);
    const firm = await resolveFirm(tx, input.brokerageFirm);
    const segment = await resolveNamed(tx, 'segment', { name: input.instrumentType });
    // the form edits the trade as entered: an unchanged quantity keeps the row as stored (a row
    // counted in a later day's shares stays so); a new one is a trade as entered again
    const tradedQuantity = shareCount((await storedEffects(tx, stored)).tradedQuantity);
    const unchanged = input.quantity === tradedQuantity;
    // a row never split follows its quantity; a split row keeps its order's quantity (never below its own)
    const lotQuantity = unchanged
      ? stored.lotQuantity
      : stored.lotQuantity === tradedQuantity
        ? input.quantity
        : Math.max(stored.lotQuantity, input.quantity);
    await tx
      .update(holdings)
      .set({
        brokerageFirmId: firm.id,
        segmentId: segment.id,
        symbol,
        exchange: input.exchange,
        quantity: unchanged ? stored.quantity : input.quantity,
        basisDate: unchanged ? stored.basisDate : null,
        lotQuantity,
        price: input.price,
        sellPrice: status === 'REALIZED' ? (input.sellPrice ?? null) : null,
        status,
        creationDate: input.creationDate,
        sellingDate: status === 'REALIZED' ? (input.sellingDate ?? null) : null,
        updatedAt: new Date(),
      })
      .where(eq(holdings.id, id));
    return null;
  });
  const holding = await getHolding(db, userId, id);
  const remainingHolding = remainingId === null ? null : await getHolding(db, userId, remainingId);
  return { holding, remainingHolding };
}

export async function deleteHolding(db: Database, userId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(holdings)
    .where(and(eq(holdings.id, id), eq(holdings.userId, userId)))
    .returning({ id: holdings.id });
  if (deleted.length === 0) throw new NotFoundError(`Holding ${id} was not found`);
}
