/**
 * What the capital-gains report reads (docs/product/tax.md): the caller's holding rows as trades —
 * each row a buy of its shares as entered on its buying date, each sold row also a sale in the
 * shares of its selling date — with their charges (STT apart: the charge types marked as STT),
 * the splits and bonuses of the symbols, their ISINs, the fair market values of 31-Jan-2018 and the
 * latest closes. The report itself is computed by @bazaar/shared (computeCapitalGains).
 */
import { sql } from 'drizzle-orm';
import Big from 'big.js';
import {
  computeProfitLoss,
  exchangeToday,
  GRANDFATHERING_CUTOFF,
  GRANDFATHERING_DAY,
  holdingEventEffects,
  type TaxShareEvent,
  type TaxTrade,
} from '@bazaar/shared';
import type { LatestPriceDto } from '@bazaar/shared/contract';
import { queryRows, type Database } from '../../client.js';
import { chargeRulesFor } from '../portfolio/charges.js';
import { holdingEvents, type HoldingRow } from '../portfolio/holdings.js';
import { equitySeriesRank, inEquitySeries } from '../market/equity-series.js';
import { loadLatestPrices } from '../portfolio/quotes.js';

/** A lot as the tax report reads it: the holding's own columns and its firm. */
type TaxRow = Pick<
  HoldingRow['holding'],
  | 'id'
  | 'segmentId'
  | 'symbol'
  | 'exchange'
  | 'quantity'
  | 'lotQuantity'
  | 'price'
  | 'sellPrice'
  | 'creationDate'
  | 'sellingDate'
  | 'basisDate'
> & { firmId: number; firmName: string };

export interface TaxInputs {
  trades: TaxTrade[];
  events: Map<string, TaxShareEvent[]>;
  /** Null when no equity prices of 31-Jan-2018 are loaded. */
  fairMarketValues: Map<string, { date: string; high: string }> | null;
  isins: Map<string, string>;
  /** Company names by symbol (the equity list's). */
  names: Map<string, string>;
  closes: Map<string, LatestPriceDto>;
  /** The selling dates of the caller's sales (every firm): the years with sales. */
  saleDates: string[];
}

/** Whether the caller holds (or held) anything at the firm. */
export async function holdsAtFirm(db: Database, userId: number, firmId: number): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM holdings WHERE user_id = ${userId} AND brokerage_firm_id = ${firmId}) AS found`,
  );
  return row?.found === true;
}

/** The charge types marked as STT (securities transaction tax): neither cost nor transfer expense. */
async function sttTypeIds(db: Database): Promise<Set<number>> {
  const rows = await queryRows<{ id: number }>(db, sql`SELECT id FROM charge_types WHERE stt`);
  return new Set(rows.map((row) => row.id));
}

export async function loadTaxInputs(db: Database, userId: number, firmId?: number): Promise<TaxInputs> {
  const rows = await queryRows<TaxRow>(
    db,
    sql`SELECT h.id, h.brokerage_firm_id AS "firmId", f.name AS "firmName", h.segment_id AS "segmentId", h.symbol,
          h.exchange, h.quantity, h.lot_quantity AS "lotQuantity", h.price::text AS price, h.sell_price::text AS "sellPrice",
          h.creation_date::text AS "creationDate", h.selling_date::text AS "sellingDate", h.basis_date::text AS "basisDate"
        FROM holdings h JOIN brokerage_firms f ON f.id = h.brokerage_firm_id
        WHERE h.user_id = ${userId} ${firmId === undefined ? sql`` : sql`AND h.brokerage_firm_id = ${firmId}`}
        ORDER BY h.creation_date, h.id`,
  );
  const saleDates = (
    await queryRows<{ date: string }>(
      db,
      sql`SELECT DISTINCT selling_date::text AS date FROM holdings WHERE user_id = ${userId} AND selling_date IS NOT NULL`,
    )
  ).map((row) => row.date);
  const symbols = [...new Set(rows.map((row) => row.symbol))];
  const [{ latestTradeDate, events }, rules, stt, closes] = await Promise.all([
    holdingEvents(db, symbols),
    chargeRulesFor(
      db,
      rows.map((row) => row.firmId),
      rows.map((row) => row.segmentId),
    ),
    sttTypeIds(db),
    loadLatestPrices(db, symbols),
  ]);
  const today = exchangeToday();

  const trades: TaxTrade[] = [];
  for (const row of rows) {
    const symbolEvents = events.get(row.symbol) ?? [];
    const effects = holdingEventEffects(row, symbolEvents, latestTradeDate);
    const traded = effects.tradedQuantity;
    const pnl = computeProfitLoss(
      {
        brokerageFirmId: row.firmId,
        segmentId: row.segmentId,
        exchange: row.exchange,
        quantity: Number(traded.toFixed()),
        lotQuantity: row.lotQuantity,
        price: row.price,
        creationDate: row.creationDate,
        sellPrice: row.sellPrice,
        sellingDate: row.sellingDate,
        currentPrice: null,
        factor: effects.factor.toFixed(),
      },
      rules,
      today,
    );
    let buyCharges = new Big(0);
    let buyStt = new Big(0);
    let sellCharges = new Big(0);
    let sellStt = new Big(0);
    for (const line of pnl.breakdown) {
      if (stt.has(line.chargeTypeId)) {
        buyStt = buyStt.plus(line.buy);
        sellStt = sellStt.plus(line.sell);
      } else {
        buyCharges = buyCharges.plus(line.buy);
        sellCharges = sellCharges.plus(line.sell);
      }
    }
    const firm = { id: row.firmId, name: row.firmName };
    trades.push({
      firm,
      symbol: row.symbol,
      side: 'BUY',
      date: row.creationDate,
      quantity: traded.toFixed(),
      price: row.price,
      charges: buyCharges.toFixed(),
      stt: buyStt.toFixed(),
    });
    if (row.sellPrice !== null && row.sellingDate !== null)
      trades.push({
        firm,
        symbol: row.symbol,
        side: 'SELL',
        date: row.sellingDate,
        // the shares of the selling date: the trade as entered × the events it took part in up to the sale
        quantity: effects.quantity.toFixed(),
        price: row.sellPrice,
        charges: sellCharges.toFixed(),
        stt: sellStt.toFixed(),
      });
  }

  const taxEvents = new Map<string, TaxShareEvent[]>();
  for (const [symbol, list] of events) {
    const shareEvents = list.flatMap((event) =>
      event.factor !== null && event.kind !== 'dividend'
        ? [{ exDate: event.exDate, kind: event.kind, factor: event.factor }]
        : [],
    );
    if (shareEvents.length > 0) taxEvents.set(symbol, shareEvents);
  }

  const companies = await queryRows<{ symbol: string; isin: string | null; name: string | null }>(
    db,
    sql`SELECT DISTINCT ON (symbol) symbol, isin_code AS isin, company_name AS name FROM companies
        WHERE symbol IN (SELECT jsonb_array_elements_text(${JSON.stringify(symbols)}::jsonb))
        ORDER BY symbol, (isin_code IS NULL), id`,
  );
  const isins = new Map(companies.flatMap((row) => (row.isin ? [[row.symbol, row.isin] as const] : [])));
  const names = new Map(companies.flatMap((row) => (row.name ? [[row.symbol, row.name] as const] : [])));
  return {
    trades,
    events: taxEvents,
    fairMarketValues: await fairMarketValues(db, rows),
    isins,
    names,
    closes,
    saleDates,
  };
}

/**
 * The fair market value of each symbol bought before 1-Feb-2018 (section 55(2)(ac)): its highest
 * price on 31-Jan-2018, or on the latest earlier day it traded. Null when no equity prices of
 * 31-Jan-2018 are loaded at all (an earlier day's prices would then be taken for that day's).
 */
async function fairMarketValues(
  db: Database,
  rows: readonly TaxRow[],
): Promise<Map<string, { date: string; high: string }> | null> {
  const symbols = [...new Set(rows.filter((row) => row.creationDate < GRANDFATHERING_CUTOFF).map((row) => row.symbol))];
  const [loaded] = await queryRows<{ found: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM stock_prices WHERE trade_date = ${GRANDFATHERING_DAY}::date
          AND ${inEquitySeries()}) AS found`,
  );
  if (loaded?.found !== true) return null;
  if (symbols.length === 0) return new Map();
  const highs = await queryRows<{ symbol: string; date: string; high: string }>(
    db,
    sql`SELECT DISTINCT ON (symbol) symbol, trade_date::text AS date, high_price::text AS high FROM stock_prices
        WHERE symbol IN (SELECT jsonb_array_elements_text(${JSON.stringify(symbols)}::jsonb))
          AND trade_date <= ${GRANDFATHERING_DAY}::date AND ${inEquitySeries()}
        ORDER BY symbol, trade_date DESC, ${equitySeriesRank(sql.raw('series'))}`,
  );
  return new Map(highs.map((row) => [row.symbol, { date: row.date, high: row.high }]));
}
