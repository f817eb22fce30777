/**
 * Portfolio queries: reference data (brokerage firms, segments, charge types, charges, financial
 * instrument types), current prices from stock_prices, and investors' holdings with P&L net of
 * charges (the maths lives in @bazaar/shared/portfolio). Every holding query takes the owner's
 * user id: a holding of someone else is "not found", never visible and never changed.
 */
import { createHash } from 'node:crypto';
import Big from 'big.js';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  computeProfitLoss,
  exchangeToday,
  formatRupees,
  holdingStatus,
  OversellError,
  splitForSale,
  sumPortfolio,
  type ChargeBreakdown,
  type ChargeRule,
  type ChargeSide,
  type Exchange,
  type PortfolioTotals,
  type ProfitLoss,
} from '@bazaar/shared';
import type { Database } from '../client.js';
import { queryRows } from '../client.js';
import { dataVersion, dataVersions, type VersionedTable } from './data-versions.js';
import { brokerageFirms, chargeTypes, charges, financialInstrumentTypes, holdings, segments } from '../schema/index.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors.js';
import { FOREIGN_KEY_VIOLATION, pgError, UNIQUE_VIOLATION } from '../errors.js';

/** The equity series whose close is a symbol's current price, in order of preference on one day. */
export const EQUITY_SERIES = ['EQ', 'BE', 'BZ', 'SM', 'ST'] as const;

// ---------------------------------------------------------------------------------------------
// DTOs (the REST shapes of spec section 3)

export interface BrokerageFirmDto {
  id: number;
  name: string;
  address: string;
  contactNumber: string;
}

export interface NamedDto {
  id: number;
  name: string;
}

export interface ChargeDto {
  id: number;
  brokerageFirm: BrokerageFirmDto;
  chargeType: NamedDto;
  segment: NamedDto;
  amount: string;
  percentage: string;
  description: string | null;
  exchange: Exchange;
  onBuySell: ChargeSide;
  effectiveDate: string;
}

export interface FinancialInstrumentDto {
  id: number;
  type: string;
  description: string | null;
}

/** The P&L of a holding: the spec's `profitLoss.profitLoss` value (net) and how it is made up. */
export interface ProfitLossDto extends Omit<ProfitLoss, 'breakdown'> {
  /** Net P&L (the spec's flattened value). */
  profitLoss: string | null;
  breakdown: ChargeBreakdown[];
}

export interface HoldingDto {
  id: number;
  symbol: string;
  /** The symbol's latest close (equity series); null when no prices are loaded. */
  currentPrice: string | null;
  /** The exchange date of currentPrice. */
  priceDate: string | null;
  /** The series currentPrice was traded in (EQ, BE, BZ, SM or ST). */
  priceSeries: string | null;
  /** The close of the trading day before priceDate, when loaded. */
  previousClose: string | null;
  /** currentPrice − previousClose: with the three above, the symbol's quote, so a list needs no second read. */
  priceChange: string | null;
  price: string;
  sellPrice: string | null;
  exchange: Exchange;
  /** The segment's name (read-only). */
  instrumentType: string;
  segmentId: number;
  quantity: number;
  /** The quantity of the buy order this row came from (larger after a partial sale). */
  lotQuantity: number;
  status: 'REALIZED' | 'UNREALIZED';
  creationDate: string;
  sellingDate: string | null;
  brokerageFirm: BrokerageFirmDto;
  profitLoss: ProfitLossDto;
}

export interface LatestPrice {
  symbol: string;
  closePrice: string;
  tradeDate: string;
  series: string;
  /** The close of the trading day before tradeDate, when loaded. */
  previousClose: string | null;
  /** closePrice − previousClose. */
  change: string | null;
}

export interface PortfolioSummaryDto {
  asOf: string;
  totals: PortfolioTotals;
  firms: Array<{
    brokerageFirm: BrokerageFirmDto;
    totals: PortfolioTotals;
    segments: Array<{ segment: NamedDto; totals: PortfolioTotals }>;
  }>;
  segments: Array<{ segment: NamedDto; totals: PortfolioTotals }>;
}

export type AlertKind = 'NEW_52_WEEK_HIGH' | 'NEW_52_WEEK_LOW' | 'SEGMENT_MOVE' | 'CONCENTRATION';

export interface PortfolioAlertDto {
  kind: AlertKind;
  title: string;
  message: string;
  tone: 'positive' | 'negative' | 'neutral';
  symbol: string | null;
  segment: string | null;
  brokerageFirm: string | null;
  /** The exchange date the alert is about. */
  date: string | null;
}

// ---------------------------------------------------------------------------------------------
// shared helpers

function firmDto(
  row: Pick<typeof brokerageFirms.$inferSelect, 'id' | 'name' | 'address' | 'contactNumber'>,
): BrokerageFirmDto {
  return { id: row.id, name: row.name, address: row.address, contactNumber: row.contactNumber };
}

/** Unique names: 409 naming the duplicate instead of a 500. */
async function uniqueName<T>(work: Promise<T>, what: string, name: string): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (pgError(error)?.code === UNIQUE_VIOLATION) throw new ConflictError(`${what} '${name}' already exists`);
    throw error;
  }
}

/** A delete that a concurrent insert made illegal: still a 409, not a 500. */
async function restrictedDelete<T>(work: Promise<T>, message: string): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (pgError(error)?.code === FOREIGN_KEY_VIOLATION) throw new ConflictError(message);
    throw error;
  }
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function usageText(uses: Array<[number, string]>): string {
  return uses
    .filter(([n]) => n > 0)
    .map(([n, word]) => plural(n, word))
    .join(' and ');
}

// ---------------------------------------------------------------------------------------------
// brokerage firms

export interface BrokerageFirmInput {
  name: string;
  address: string;
  contactNumber: string;
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

export async function deleteBrokerageFirm(db: Database, id: number): Promise<BrokerageFirmDto> {
  return db.transaction(async (tx) => {
    const firm = await getBrokerageFirm(tx, id);
    const [holdingUses] = await tx.select({ n: count() }).from(holdings).where(eq(holdings.brokerageFirmId, id));
    const [chargeUses] = await tx.select({ n: count() }).from(charges).where(eq(charges.brokerageFirmId, id));
    const uses = usageText([
      [holdingUses?.n ?? 0, 'holding'],
      [chargeUses?.n ?? 0, 'charge'],
    ]);
    const message = `Brokerage firm '${firm.name}' is used by ${uses || 'other records'}; remove those first`;
    if (uses) throw new ConflictError(message);
    await restrictedDelete(tx.delete(brokerageFirms).where(eq(brokerageFirms.id, id)), message);
    return firm;
  });
}

// ---------------------------------------------------------------------------------------------
// segments and charge types (one field, name)

type NamedTable = typeof segments | typeof chargeTypes;

const NAMED = {
  segment: { table: segments, label: 'Segment', article: 'A segment named' },
  chargeType: { table: chargeTypes, label: 'Charge type', article: 'A charge type named' },
} as const;

type NamedKind = keyof typeof NAMED;

async function listNamed(db: Database, table: NamedTable): Promise<NamedDto[]> {
  return db
    .select({ id: table.id, name: table.name })
    .from(table)
    .orderBy(asc(sql`lower(${table.name})`), asc(table.id));
}

async function getNamed(db: Database, kind: NamedKind, id: number): Promise<NamedDto> {
  const { table, label } = NAMED[kind];
  const [row] = await db.select({ id: table.id, name: table.name }).from(table).where(eq(table.id, id));
  if (!row) throw new NotFoundError(`${label} ${id} was not found`);
  return row;
}

async function createNamed(db: Database, kind: NamedKind, name: string): Promise<NamedDto> {
  const { table, article } = NAMED[kind];
  const [row] = await uniqueName(
    db.insert(table).values({ name }).returning({ id: table.id, name: table.name }),
    article,
    name,
  );
  return row as NamedDto;
}

async function updateNamed(db: Database, kind: NamedKind, id: number, name: string): Promise<NamedDto> {
  const { table, label, article } = NAMED[kind];
  const [row] = await uniqueName(
    db
      .update(table)
      .set({ name, updatedAt: new Date() })
      .where(eq(table.id, id))
      .returning({ id: table.id, name: table.name }),
    article,
    name,
  );
  if (!row) throw new NotFoundError(`${label} ${id} was not found`);
  return row;
}

export const listSegments = (db: Database) => listNamed(db, segments);
export const getSegment = (db: Database, id: number) => getNamed(db, 'segment', id);
export const createSegment = (db: Database, name: string) => createNamed(db, 'segment', name);
export const updateSegment = (db: Database, id: number, name: string) => updateNamed(db, 'segment', id, name);
export const listChargeTypes = (db: Database) => listNamed(db, chargeTypes);
export const getChargeType = (db: Database, id: number) => getNamed(db, 'chargeType', id);
export const createChargeType = (db: Database, name: string) => createNamed(db, 'chargeType', name);
export const updateChargeType = (db: Database, id: number, name: string) => updateNamed(db, 'chargeType', id, name);

export async function deleteSegment(db: Database, id: number): Promise<NamedDto> {
  return db.transaction(async (tx) => {
    const segment = await getNamed(tx, 'segment', id);
    const [holdingUses] = await tx.select({ n: count() }).from(holdings).where(eq(holdings.segmentId, id));
    const [chargeUses] = await tx.select({ n: count() }).from(charges).where(eq(charges.segmentId, id));
    const uses = usageText([
      [holdingUses?.n ?? 0, 'holding'],
      [chargeUses?.n ?? 0, 'charge'],
    ]);
    const message = `Segment '${segment.name}' is used by ${uses || 'other records'}; remove those first`;
    if (uses) throw new ConflictError(message);
    await restrictedDelete(tx.delete(segments).where(eq(segments.id, id)), message);
    return segment;
  });
}

export async function deleteChargeType(db: Database, id: number): Promise<NamedDto> {
  return db.transaction(async (tx) => {
    const chargeType = await getNamed(tx, 'chargeType', id);
    const [chargeUses] = await tx.select({ n: count() }).from(charges).where(eq(charges.chargeTypeId, id));
    const uses = usageText([[chargeUses?.n ?? 0, 'charge']]);
    const message = `Charge type '${chargeType.name}' is used by ${uses || 'other records'}; remove those first`;
    if (uses) throw new ConflictError(message);
    await restrictedDelete(tx.delete(chargeTypes).where(eq(chargeTypes.id, id)), message);
    return chargeType;
  });
}

/** A reference by id or by name (the spec's payloads carry whole objects). */
export interface Reference {
  id?: number | undefined;
  name?: string | undefined;
}

async function resolveFirm(db: Database, ref: Reference): Promise<BrokerageFirmDto> {
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

async function resolveNamed(db: Database, kind: NamedKind, ref: Reference): Promise<NamedDto> {
  const { table, label } = NAMED[kind];
  const [row] = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(ref.id !== undefined ? eq(table.id, ref.id) : sql`lower(${table.name}) = lower(${ref.name?.trim() ?? ''})`);
  if (!row) throw new BadRequestError(`${label} ${ref.id ?? `'${ref.name}'`} does not exist`);
  return row;
}

// ---------------------------------------------------------------------------------------------
// charges

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
      chargeType: { id: chargeTypes.id, name: chargeTypes.name },
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

async function uniqueCharge<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (pgError(error)?.code === UNIQUE_VIOLATION) {
      throw new ConflictError(
        'A charge of this type for this firm, segment, exchange and side already starts on this effective date; edit that one instead',
      );
    }
    throw error;
  }
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

// ---------------------------------------------------------------------------------------------
// financial instrument types

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

// ---------------------------------------------------------------------------------------------
// current prices

const seriesList = sql.join(
  EQUITY_SERIES.map((series) => sql`${series}`),
  sql`, `,
);
/**
 * The latest equity-series row of a symbol (optionally before a date), as a subquery for a
 * LATERAL join. One backward index probe per series on the primary key (symbol, series,
 * trade_date), then the latest of those five rows (EQ first on a tie): a plain
 * `series IN (…) ORDER BY trade_date DESC` would read and sort every row of the symbol.
 */
function latestEquityRow(symbol: SQL, before?: SQL): SQL {
  const probes = EQUITY_SERIES.map(
    (series, rank) =>
      sql`(SELECT sp.close_price, sp.trade_date, sp.series, ${sql.raw(String(rank))} AS series_rank FROM stock_prices sp
           WHERE sp.symbol = ${symbol} AND sp.series = ${sql.raw(`'${series}'`)}${before ? sql` AND sp.trade_date < ${before}` : sql``}
           ORDER BY sp.trade_date DESC LIMIT 1)`,
  );
  return sql`SELECT probe.close_price::text AS close_price, probe.trade_date::text AS trade_date, probe.trade_date AS trade_day, probe.series
    FROM (${sql.join(probes, sql` UNION ALL `)}) probe ORDER BY probe.trade_date DESC, probe.series_rank LIMIT 1`;
}

export function normaliseSymbol(symbol: string): string {
  return symbol.trim().toUpperCase();
}

function uniqueSymbols(symbols: Iterable<string>): string[] {
  return [...new Set([...symbols].map(normaliseSymbol).filter((symbol) => symbol !== ''))];
}

/**
 * Quotes already read, per database handle, valid for one version of stock_prices (the
 * data_versions counter, bumped by a trigger in every transaction that writes prices). Quotes only
 * change when prices are written, yet a holdings table of 50 rows would otherwise probe the price
 * index 250 times on every view. Each call reads the version first (one primary-key read), so a
 * committed upload is seen by the very next request, on every API instance.
 */
interface QuoteCache {
  version: number;
  /** null: the symbol has no equity prices (asked for again only after the next price write). */
  quotes: Map<string, LatestPrice | null>;
}

const quoteCaches = new WeakMap<Database, QuoteCache>();
/** Far above the ~2,500 equity symbols of NSE: the bound only guards against junk symbols. */
const MAX_CACHED_QUOTES = 20_000;

/**
 * The latest close of each symbol's equity series, with the close of the trading day before it,
 * through the quote cache. Symbols without prices are absent from the map. Inside a transaction
 * use loadLatestPrices: a transaction's object is not the handle the cache is kept for.
 */
export async function latestPrices(db: Database, symbols: Iterable<string>): Promise<Map<string, LatestPrice>> {
  const wanted = uniqueSymbols(symbols);
  if (wanted.length === 0) return new Map();
  const version = await dataVersion(db, 'stock_prices');
  let cache = quoteCaches.get(db);
  if (!cache || version > cache.version) {
    cache = { version, quotes: new Map() };
    quoteCaches.set(db, cache);
  }
  // a reader whose snapshot is older than the cache's (or a database without the counter) reads
  // for itself and keeps nothing
  if (version !== cache.version) return loadLatestPrices(db, wanted);
  const missing = wanted.filter((symbol) => !cache.quotes.has(symbol));
  if (missing.length > 0) {
    const loaded = await loadLatestPrices(db, missing);
    if (cache.quotes.size + missing.length > MAX_CACHED_QUOTES) cache.quotes.clear();
    for (const symbol of missing) cache.quotes.set(symbol, loaded.get(symbol) ?? null);
  }
  const result = new Map<string, LatestPrice>();
  for (const symbol of wanted) {
    const quote = cache.quotes.get(symbol);
    if (quote) result.set(symbol, quote);
  }
  return result;
}

/**
 * The latest close of each symbol's equity series (five short index probes per symbol), with
 * the close of the trading day before it, read from the database. Symbols without prices are
 * absent from the map.
 */
export async function loadLatestPrices(db: Database, symbols: Iterable<string>): Promise<Map<string, LatestPrice>> {
  const wanted = uniqueSymbols(symbols);
  const result = new Map<string, LatestPrice>();
  if (wanted.length === 0) return result;
  const values = sql.join(
    wanted.map((symbol) => sql`(${symbol}::varchar)`),
    sql`, `,
  );
  // The two latest rows of each equity series hold both the latest close and the close of the
  // trading day before it (whichever series that day traded in): 5 short index probes a symbol.
  const probes = EQUITY_SERIES.map(
    (series, rank) =>
      sql`(SELECT sp.close_price::text AS close_price, sp.trade_date::text AS trade_date, sp.series, ${sql.raw(String(rank))} AS series_rank
           FROM stock_prices sp WHERE sp.symbol = s.symbol AND sp.series = ${sql.raw(`'${series}'`)} ORDER BY sp.trade_date DESC LIMIT 2)`,
  );
  const rows = await queryRows<{
    symbol: string;
    close_price: string;
    trade_date: string;
    series: string;
    series_rank: number;
  }>(
    db,
    sql`SELECT s.symbol, p.close_price, p.trade_date, p.series, p.series_rank
        FROM (VALUES ${values}) AS s(symbol) CROSS JOIN LATERAL (${sql.join(probes, sql` UNION ALL `)}) p`,
  );
  const bySymbol = new Map<string, typeof rows>();
  for (const row of rows) bySymbol.set(row.symbol, [...(bySymbol.get(row.symbol) ?? []), row]);
  for (const [symbol, candidates] of bySymbol) {
    // latest date first; on one date EQ before BE, BZ, SM, ST
    candidates.sort((a, b) =>
      a.trade_date === b.trade_date ? a.series_rank - b.series_rank : a.trade_date < b.trade_date ? 1 : -1,
    );
    const latest = candidates[0] as (typeof rows)[number];
    const previous = candidates.find((row) => row.trade_date < latest.trade_date);
    result.set(symbol, {
      symbol,
      closePrice: latest.close_price,
      tradeDate: latest.trade_date,
      series: latest.series,
      previousClose: previous?.close_price ?? null,
      change: previous ? new Big(latest.close_price).minus(previous.close_price).toFixed() : null,
    });
  }
  return result;
}

/**
 * Symbols with prices whose name starts with (then contains) the search text, with their current
 * price: the choices of the holding form's symbol dropdown.
 */
export async function searchPricedSymbols(db: Database, search: string, limit: number): Promise<LatestPrice[]> {
  const text = normaliseSymbol(search).replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await queryRows<{ symbol: string }>(
    db,
    sql`
      SELECT symbol FROM (
        SELECT DISTINCT sp.symbol FROM stock_prices sp
        WHERE sp.series IN (${seriesList}) AND sp.symbol LIKE ${`%${text}%`}
      ) matches
      ORDER BY (symbol LIKE ${`${text}%`}) DESC, symbol
      LIMIT ${limit}
    `,
  );
  const prices = await latestPrices(
    db,
    rows.map((row) => row.symbol),
  );
  return rows.map((row) => prices.get(row.symbol)).filter((price): price is LatestPrice => price !== undefined);
}

// ---------------------------------------------------------------------------------------------
// holdings

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
  brokerName?: string | undefined;
}

function holdingQuery(db: Database) {
  return db
    .select({
      holding: {
        id: holdings.id,
        brokerageFirmId: holdings.brokerageFirmId,
        segmentId: holdings.segmentId,
        symbol: holdings.symbol,
        exchange: holdings.exchange,
        quantity: holdings.quantity,
        lotQuantity: holdings.lotQuantity,
        price: holdings.price,
        sellPrice: holdings.sellPrice,
        status: holdings.status,
        creationDate: holdings.creationDate,
        sellingDate: holdings.sellingDate,
      },
      firm: {
        id: brokerageFirms.id,
        name: brokerageFirms.name,
        address: brokerageFirms.address,
        contactNumber: brokerageFirms.contactNumber,
      },
      segmentName: segments.name,
    })
    .from(holdings)
    .innerJoin(brokerageFirms, eq(brokerageFirms.id, holdings.brokerageFirmId))
    .innerJoin(segments, eq(segments.id, holdings.segmentId));
}

type HoldingRow = Awaited<ReturnType<ReturnType<typeof holdingQuery>['execute']>>[number];

/** Rows → DTOs with current prices and P&L: one price query and one charges query for all rows. */
async function toHoldingDtos(db: Database, rows: HoldingRow[], today = exchangeToday()): Promise<HoldingDto[]> {
  if (rows.length === 0) return [];
  const prices = await latestPrices(
    db,
    rows.map((row) => row.holding.symbol),
  );
  const rules = await chargeRulesFor(
    db,
    rows.map((row) => row.holding.brokerageFirmId),
    rows.map((row) => row.holding.segmentId),
  );
  return rows.map((row) => {
    const h = row.holding;
    const price = prices.get(h.symbol);
    const pnl = computeProfitLoss(
      {
        brokerageFirmId: h.brokerageFirmId,
        segmentId: h.segmentId,
        exchange: h.exchange,
        quantity: h.quantity,
        lotQuantity: h.lotQuantity,
        price: h.price,
        creationDate: h.creationDate,
        sellPrice: h.sellPrice,
        sellingDate: h.sellingDate,
        currentPrice: price?.closePrice ?? null,
      },
      rules,
      today,
    );
    return {
      id: h.id,
      symbol: h.symbol,
      currentPrice: price?.closePrice ?? null,
      priceDate: price?.tradeDate ?? null,
      priceSeries: price?.series ?? null,
      previousClose: price?.previousClose ?? null,
      priceChange: price?.change ?? null,
      price: h.price,
      sellPrice: h.sellPrice,
      exchange: h.exchange as Exchange,
      instrumentType: row.segmentName,
      segmentId: h.segmentId,
      quantity: h.quantity,
      lotQuantity: h.lotQuantity,
      status: h.status as HoldingDto['status'],
      creationDate: h.creationDate,
      sellingDate: h.sellingDate,
      brokerageFirm: firmDto(row.firm),
      profitLoss: { ...pnl, profitLoss: pnl.net },
    };
  });
}

/** Everything an answer of listHoldings depends on, besides the caller, the filter and the day. */
const HOLDINGS_LIST_INPUTS: readonly VersionedTable[] = [
  'holdings',
  'stock_prices',
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
): Promise<string> {
  const versions = await dataVersions(db, HOLDINGS_LIST_INPUTS);
  const counters = HOLDINGS_LIST_INPUTS.map((table) => `${table}:${versions.get(table) ?? '?'}`);
  const inputs = [
    userId,
    filter.segmentName?.trim().toLowerCase() ?? null,
    filter.brokerName?.trim().toLowerCase() ?? null,
    today,
    counters,
  ];
  return `"${createHash('sha256').update(JSON.stringify(inputs)).digest('base64url').slice(0, 32)}"`;
}

export async function listHoldings(
  db: Database,
  userId: number,
  filter: HoldingFilter = {},
  today = exchangeToday(),
): Promise<HoldingDto[]> {
  const conditions: SQL[] = [eq(holdings.userId, userId)];
  if (filter.segmentName !== undefined)
    conditions.push(sql`lower(${segments.name}) = lower(${filter.segmentName.trim()})`);
  if (filter.brokerName !== undefined)
    conditions.push(sql`lower(${brokerageFirms.name}) = lower(${filter.brokerName.trim()})`);
  const rows = await holdingQuery(db)
    .where(and(...conditions))
    .orderBy(asc(holdings.symbol), asc(holdings.creationDate), asc(holdings.id));
  return toHoldingDtos(db, rows, today);
}

/** Whether a segment of this name exists (GET /user/holding/{segmentName} answers 404 otherwise). */
export async function segmentExists(db: Database, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: segments.id })
    .from(segments)
    .where(sql`lower(${segments.name}) = lower(${name.trim()})`);
  return row !== undefined;
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
  const rows = await holdingQuery(db).where(and(eq(holdings.id, id), eq(holdings.userId, userId)));
  if (rows.length === 0) throw new NotFoundError(`Holding ${id} was not found`);
  const [dto] = await toHoldingDtos(db, rows);
  return dto as HoldingDto;
}

/** Rules on dates and the sell side that the schema alone cannot check. */
function checkHoldingDates(input: HoldingInput, today: string): void {
  if (input.creationDate > today) throw new BadRequestError(`The buying date ${input.creationDate} is in the future`);
  const sold = holdingStatus(input.sellPrice) === 'REALIZED';
  if (sold && !input.sellingDate) throw new BadRequestError(' Selling Date is required!');
  if (!sold && input.sellingDate) throw new BadRequestError('A selling date needs a sell price other than 0');
  if (input.sellingDate) {
    if (input.sellingDate > today) throw new BadRequestError(`The selling date ${input.sellingDate} is in the future`);
    if (input.sellingDate < input.creationDate)
      throw new BadRequestError('The selling date cannot be before the buying date');
  }
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

export interface HoldingUpdateResult {
  holding: HoldingDto;
  /** The open rest of a partial sale, as a new holding. */
  remainingHolding: HoldingDto | null;
}

/**
 * Edits a holding, or sells it. A sale (an open holding given a sell price other than 0) changes
 * only the sell side: the buy side (symbol, exchange, price, buying date, firm, segment) stays as
 * stored. Selling fewer shares than held splits the row: this id becomes the sold part and a new
 * open row keeps the rest. Selling more than held is refused.
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
      let split;
      try {
        split = splitForSale(stored.quantity, input.quantity);
      } catch (error) {
        if (error instanceof OversellError) throw new BadRequestError(error.message);
        throw error;
      }
      await tx
        .update(holdings)
        .set({
          quantity: split.sold,
          sellPrice: input.sellPrice ?? null,
          sellingDate: input.sellingDate ?? null,
          status: 'REALIZED',
          updatedAt: new Date(),
        })
        .where(eq(holdings.id, id));
      if (split.remaining === 0) return null;
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
        })
        .returning({ id: holdings.id });
      return (rest as { id: number }).id;
    }

    checkHoldingDates(input, today);
    const symbol = normaliseSymbol(input.symbol);
    if (symbol !== stored.symbol) await requirePrices(tx, symbol);
    const firm = await resolveFirm(tx, input.brokerageFirm);
    const segment = await resolveNamed(tx, 'segment', { name: input.instrumentType });
    // a row never split follows its quantity; a split row keeps its order's quantity (never below its own)
    const lotQuantity =
      stored.lotQuantity === stored.quantity ? input.quantity : Math.max(stored.lotQuantity, input.quantity);
    await tx
      .update(holdings)
      .set({
        brokerageFirmId: firm.id,
        segmentId: segment.id,
        symbol,
        exchange: input.exchange,
        quantity: input.quantity,
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

// ---------------------------------------------------------------------------------------------
// summary and alerts

/** Totals per firm (and its segments), per segment and overall. Every firm and segment is listed. */
export async function getPortfolioSummary(db: Database, userId: number): Promise<PortfolioSummaryDto> {
  const today = exchangeToday();
  const firms = await listBrokerageFirms(db);
  const segmentList = await listSegments(db);
  const rows = await listHoldings(db, userId);
  const pnlOf = (filter: (h: HoldingDto) => boolean) => sumPortfolio(rows.filter(filter).map((h) => h.profitLoss));
  return {
    asOf: today,
    totals: pnlOf(() => true),
    firms: firms.map((firm) => ({
      brokerageFirm: firm,
      totals: pnlOf((h) => h.brokerageFirm.id === firm.id),
      segments: segmentList.map((segment) => ({
        segment,
        totals: pnlOf((h) => h.brokerageFirm.id === firm.id && h.segmentId === segment.id),
      })),
    })),
    segments: segmentList.map((segment) => ({ segment, totals: pnlOf((h) => h.segmentId === segment.id) })),
  };
}

const CONCENTRATION_SHARE_PERCENT = 40;
/** About 250 trading days make a year; a symbol with fewer than this many in the window has no 52-week range yet. */
const MIN_TRADING_DAYS_FOR_52_WEEKS = 200;

/**
 * Alerts computed from the caller's open holdings (optionally of one firm):
 * - a held symbol whose latest close is above every high (below every low) of the 52 weeks before it
 *   (when at least 200 trading days of those 52 weeks are loaded);
 * - the segment whose value moved most on its latest trading day (in rupees);
 * - one holding worth more than 40 % of the current value (time to rebalance).
 */
export async function getPortfolioAlerts(
  db: Database,
  userId: number,
  brokerName?: string,
): Promise<PortfolioAlertDto[]> {
  const all = await listHoldings(db, userId, { brokerName });
  const open = all.filter((h) => h.status === 'UNREALIZED');
  const alerts: PortfolioAlertDto[] = [];
  if (open.length === 0) return alerts;

  const symbols = [...new Set(open.map((h) => h.symbol))];
  const values = sql.join(
    symbols.map((symbol) => sql`(${symbol}::varchar)`),
    sql`, `,
  );
  const extremes = await queryRows<{
    symbol: string;
    trade_date: string;
    close_price: string;
    year_high: string | null;
    year_low: string | null;
    days: number;
  }>(
    db,
    sql`
      SELECT s.symbol, latest.trade_date, latest.close_price, window_range.year_high, window_range.year_low, window_range.days
      FROM (VALUES ${values}) AS s(symbol)
      CROSS JOIN LATERAL (${latestEquityRow(sql`s.symbol`)}) latest
      CROSS JOIN LATERAL (
        SELECT max(sp.high_price)::text AS year_high, min(sp.low_price)::text AS year_low, count(*)::int AS days
        FROM stock_prices sp
        WHERE sp.symbol = s.symbol AND sp.series IN (${seriesList})
          AND sp.trade_date < latest.trade_day AND sp.trade_date >= latest.trade_day - 364
      ) window_range
    `,
  );
  for (const row of extremes) {
    // a "52-week" extreme needs a year of prices behind it, not a few days
    if (row.year_high === null || row.year_low === null || row.days < MIN_TRADING_DAYS_FOR_52_WEEKS) continue;
    const firmNames = [...new Set(open.filter((h) => h.symbol === row.symbol).map((h) => h.brokerageFirm.name))].join(
      ', ',
    );
    if (new Big(row.close_price).gt(row.year_high)) {
      alerts.push({
        kind: 'NEW_52_WEEK_HIGH',
        title: `${row.symbol} at a 52-week high`,
        message: `${row.symbol} closed at ${formatRupees(row.close_price)} on ${row.trade_date}, above its 52-week high of ${formatRupees(row.year_high)}.`,
        tone: 'positive',
        symbol: row.symbol,
        segment: null,
        brokerageFirm: firmNames,
        date: row.trade_date,
      });
    } else if (new Big(row.close_price).lt(row.year_low)) {
      alerts.push({
        kind: 'NEW_52_WEEK_LOW',
        title: `${row.symbol} at a 52-week low`,
        message: `${row.symbol} closed at ${formatRupees(row.close_price)} on ${row.trade_date}, below its 52-week low of ${formatRupees(row.year_low)}.`,
        tone: 'negative',
        symbol: row.symbol,
        segment: null,
        brokerageFirm: firmNames,
        date: row.trade_date,
      });
    }
  }

  const segmentMove = await biggestSegmentMove(db, open);
  if (segmentMove) alerts.push(segmentMove);

  const valued = open.filter((h) => h.profitLoss.marketValue !== null);
  const bySymbol = new Map<string, Big>();
  for (const h of valued)
    bySymbol.set(h.symbol, (bySymbol.get(h.symbol) ?? new Big(0)).plus(h.profitLoss.marketValue as string));
  const total = [...bySymbol.values()].reduce((sum, value) => sum.plus(value), new Big(0));
  const [top] = [...bySymbol.entries()].sort((a, b) => b[1].cmp(a[1]));
  if (top && bySymbol.size >= 2 && total.gt(0)) {
    const share = top[1].div(total).times(100);
    if (share.gt(CONCENTRATION_SHARE_PERCENT)) {
      alerts.push({
        kind: 'CONCENTRATION',
        title: 'Rebalance Portfolio',
        message: `${top[0]} is ${share.round(1).toFixed(1)}% of the current value of your open holdings${brokerName ? ` at ${brokerName}` : ''}; consider rebalancing.`,
        tone: 'neutral',
        symbol: top[0],
        segment: null,
        brokerageFirm: brokerName ?? null,
        date: null,
      });
    }
  }
  return alerts;
}

/** The segment whose open holdings gained or lost the most value on their latest trading day. */
async function biggestSegmentMove(db: Database, open: HoldingDto[]): Promise<PortfolioAlertDto | undefined> {
  const prices = await latestPrices(
    db,
    open.map((h) => h.symbol),
  );
  const bySegment = new Map<string, { change: Big; previous: Big; date: string }>();
  for (const h of open) {
    const price = prices.get(h.symbol);
    if (price?.previousClose == null || price.change === null) continue;
    const entry = bySegment.get(h.instrumentType) ?? {
      change: new Big(0),
      previous: new Big(0),
      date: price.tradeDate,
    };
    entry.change = entry.change.plus(new Big(price.change).times(h.quantity));
    entry.previous = entry.previous.plus(new Big(price.previousClose).times(h.quantity));
    if (price.tradeDate > entry.date) entry.date = price.tradeDate;
    bySegment.set(h.instrumentType, entry);
  }
  const [biggest] = [...bySegment.entries()]
    .filter(([, move]) => !move.change.eq(0) && move.previous.gt(0))
    .sort((a, b) => b[1].change.abs().cmp(a[1].change.abs()));
  if (!biggest) return undefined;
  const [segment, move] = biggest;
  const percent = move.change.div(move.previous).times(100).abs().round(2).toFixed(2);
  const up = move.change.gt(0);
  return {
    kind: 'SEGMENT_MOVE',
    title: `${segment} ${up ? 'up' : 'down'} ${percent}%`,
    message: `Your ${segment} holdings ${up ? 'gained' : 'lost'} ${formatRupees(move.change.abs())} (${percent}%) on ${move.date}.`,
    tone: up ? 'positive' : 'negative',
    symbol: null,
    segment,
    brokerageFirm: null,
    date: move.date,
  };
}
