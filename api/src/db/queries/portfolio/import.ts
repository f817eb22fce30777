/**
 * Tradebook import (docs/product/portfolio.md#tradebook-import): the file's records are read into
 * trades (@bazaar/shared's reading rules), trades imported before are skipped, the rest are planned
 * FIFO against the caller's open lots at the firm and segment, and the plan is written in ONE
 * transaction: new lots, sold parts split off as a partial sale splits them, and a ledger row per
 * trade (imported_trades). Any problem refuses the whole file. A preview runs the very same writes
 * and rolls them back, so what it shows is what a commit writes
 * (docs/decisions.md#tradebook-preview-by-rollback). Sells and lots are compared in the sell
 * date's shares, after the splits and bonuses loaded (docs/product/portfolio.md#corporate-actions).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  eventsBySymbol,
  exchangeToday,
  type HoldingEvent,
  planTradebook,
  readTradeRecord,
  TRADEBOOK_LAYOUTS,
  tradeImportKeys,
  TradeProblem,
  MAX_TRADEBOOK_TRADES,
  type Exchange,
  type OpenLot,
  type PlannedLot,
  type TradebookTrade,
  type TradebookLayout,
} from '@bazaar/shared';
import type { TradebookImportReportDto } from '@bazaar/shared/contract';
import { queryRows, type Database } from '../../client.js';
import { holdings, importedTrades } from '../../schema/index.js';
import { AppError } from '../../../errors.js';
import { UNIQUE_VIOLATION } from '../../errors.js';
import { matchHeader, type LayoutSpec, type TableSource } from '../../../uploads/file/table.js';
import { resolveFirm } from './brokerage-firms.js';
import { listHoldings } from './holdings.js';
import { resolveNamed } from './named-entities.js';
import { equitySeriesList, loadLatestPrices } from './quotes.js';
import { conflictOn, type Reference } from './write-guards.js';

export interface TradebookImportInput {
  brokerageFirm: Reference;
  /** The segment's name. */
  segmentName: string;
  table: TableSource;
  dryRun: boolean;
}

export interface TradebookImportOutcome {
  /** False when the file has problems: nothing was written. */
  accepted: boolean;
  report: TradebookImportReportDto;
}

interface ReadFile {
  layout: TradebookLayout['id'] | null;
  trades: TradebookTrade[];
  problems: Array<{ line: number; message: string }>;
}

/** Most problems answered (a wholly wrong file would otherwise answer one per line). */
const MAX_PROBLEMS = 200;
/** Rows per INSERT statement. */
const CHUNK = 500;

/** The file's records → trades and problems by line; the header is its first non-empty record. */
export function readTradebook(table: TableSource, today = exchangeToday()): ReadFile {
  const problems: ReadFile['problems'] = [];
  const trades: TradebookTrade[] = [];
  let layout: TradebookLayout | undefined;
  let index: Partial<Record<string, number>> = {};
  let headerSeen = false;
  let refused = false;
  table.forEachRecord((cells, line) => {
    if (refused) return;
    if (!headerSeen) {
      headerSeen = true;
      try {
        const matched = matchHeader(
          cells,
          TRADEBOOK_LAYOUTS as unknown as Array<LayoutSpec<string>>,
          'Import tradebook',
        );
        layout = TRADEBOOK_LAYOUTS.find((candidate) => candidate.id === matched.layout.id);
        index = matched.index;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        problems.push({ line, message: error.message });
        refused = true;
      }
      return;
    }
    if (trades.length + problems.length >= MAX_TRADEBOOK_TRADES) {
      problems.push({ line, message: `A tradebook may hold at most ${MAX_TRADEBOOK_TRADES} trades: split the file` });
      refused = true;
      return;
    }
    const byKey: Record<string, string> = {};
    for (const [key, position] of Object.entries(index)) byKey[key] = cells[position as number] ?? '';
    try {
      trades.push(readTradeRecord(layout!.id, byKey, line, today));
    } catch (error) {
      if (!(error instanceof TradeProblem)) throw error;
      problems.push({ line: error.line, message: error.message });
    }
  });
  if (!headerSeen) problems.push({ line: 1, message: 'The file is empty' });
  else if (!refused && trades.length === 0 && problems.length === 0)
    problems.push({ line: 2, message: 'The file has a header but no trades' });
  return { layout: layout?.id ?? null, trades, problems };
}

/** Thrown inside the transaction to roll a preview back, carrying its report out. */
class PreviewRollback extends Error {
  constructor(readonly outcome: TradebookImportOutcome) {
    super('preview rolled back');
  }
}

/**
 * The splits, consolidations and bonuses of the symbols, by symbol, whatever D: a sell dated after
 * an ex-date whose prices are not loaded yet still sold the shares of its date (the broker's
 * record), so it is matched in them (docs/decisions.md#tradebook-fifo-in-the-sell-dates-shares).
 */
async function shareEvents(db: Database, symbols: readonly string[]): Promise<Map<string, HoldingEvent[]>> {
  const rows: Array<HoldingEvent & { symbol: string }> = [];
  for (const batch of chunks([...symbols])) {
    rows.push(
      ...(await queryRows<HoldingEvent & { symbol: string }>(
        db,
        sql`SELECT symbol, ex_date::text AS "exDate", kind, factor::text AS factor, amount::text AS amount
            FROM corporate_action_events
            WHERE factor IS NOT NULL AND symbol IN (${sql.join(
              batch.map((symbol) => sql`${symbol}`),
              sql`, `,
            )})
            ORDER BY symbol, ex_date, action_id, seq`,
      )),
    );
  }
  return eventsBySymbol(rows);
}

/** D, the latest equity price date (null before any prices): the date whose shares our export's open rows show. */
async function latestPriceDate(db: Database): Promise<string | null> {
  const [row] = await queryRows<{ day: string | null }>(
    db,
    sql`SELECT max(trade_date)::text AS day FROM stock_prices WHERE series IN (${equitySeriesList})`,
  );
  return row?.day ?? null;
}

function chunks<T>(rows: T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < rows.length; start += CHUNK) result.push(rows.slice(start, start + CHUNK));
  return result;
}

type HoldingInsert = typeof holdings.$inferInsert;

/**
 * The rows a planned lot becomes: each sale a REALIZED row, the rest an open row, all keeping the
 * buy order's quantity. A stored lot keeps its id for its first sale (as a partial sale does).
 */
function lotRows(
  lot: PlannedLot,
  owner: { userId: number; brokerageFirmId: number; segmentId: number },
): { update?: { id: number; set: Partial<HoldingInsert> }; inserts: HoldingInsert[] } {
  const base = {
    ...owner,
    symbol: lot.symbol,
    exchange: lot.exchange,
    lotQuantity: lot.lotQuantity,
    price: lot.price,
    creationDate: lot.creationDate,
  };
  const sold = lot.sales.map((sale) => ({
    quantity: sale.quantity,
    basisDate: sale.basisDate,
    sellPrice: sale.sellPrice,
    sellingDate: sale.sellingDate,
    status: 'REALIZED' as const,
  }));
  const open =
    lot.openQuantity > 0
      ? [
          {
            quantity: lot.openQuantity,
            basisDate: lot.basisDate,
            sellPrice: null,
            sellingDate: null,
            status: 'UNREALIZED' as const,
          },
        ]
      : [];
  const parts = [...sold, ...open];
  if (lot.existingId === null) return { inserts: parts.map((part) => ({ ...base, ...part })) };
  const [first, ...rest] = parts;
  return {
    update: { id: lot.existingId, set: { ...first, updatedAt: new Date() } },
    inserts: rest.map((part) => ({ ...base, ...part })),
  };
}

/**
 * Previews (dryRun) or commits a tradebook for the caller. An unknown firm or segment is a plain
 * 400 (thrown); a file with problems answers `accepted: false` with every problem by line.
 */
export async function importTradebook(
  db: Database,
  userId: number,
  input: TradebookImportInput,
  today = exchangeToday(),
): Promise<TradebookImportOutcome> {
  const file = readTradebook(input.table, today);
  const keys = tradeImportKeys(file.trades);
  try {
    return await db.transaction(async (tx) => {
      const firm = await resolveFirm(tx, input.brokerageFirm);
      const segment = await resolveNamed(tx, 'segment', { name: input.segmentName });
      const filter = { brokerName: firm.name, segmentName: segment.name };

      // trades imported before, and a trade id repeated within the file, are skipped
      const known = new Set<string>();
      for (const batch of chunks([...new Set(keys)])) {
        const rows = await tx
          .select({ key: importedTrades.importKey })
          .from(importedTrades)
          .where(
            and(
              eq(importedTrades.userId, userId),
              eq(importedTrades.brokerageFirmId, firm.id),
              inArray(importedTrades.importKey, batch),
            ),
          );
        for (const row of rows) known.add(row.key);
      }
      const fresh: Array<{ trade: TradebookTrade; key: string }> = [];
      let skipped = 0;
      file.trades.forEach((trade, position) => {
        const key = keys[position]!;
        if (known.has(key)) skipped++;
        else {
          known.add(key);
          fresh.push({ trade, key });
        }
      });

      const symbols = [...new Set(fresh.map(({ trade }) => trade.symbol))];
      const priced = await loadLatestPrices(tx, symbols);
      const openRows =
        symbols.length === 0
          ? []
          : await tx
              .select({
                id: holdings.id,
                symbol: holdings.symbol,
                exchange: holdings.exchange,
                quantity: holdings.quantity,
                lotQuantity: holdings.lotQuantity,
                price: holdings.price,
                creationDate: holdings.creationDate,
                basisDate: holdings.basisDate,
              })
              .from(holdings)
              .where(
                and(
                  eq(holdings.userId, userId),
                  eq(holdings.brokerageFirmId, firm.id),
                  eq(holdings.segmentId, segment.id),
                  eq(holdings.status, 'UNREALIZED'),
                  inArray(holdings.symbol, symbols),
                ),
              )
              .orderBy(asc(holdings.creationDate), asc(holdings.id))
              .for('update');
      const plan = planTradebook(
        openRows.map((row) => ({ ...row, exchange: row.exchange as Exchange }) satisfies OpenLot),
        fresh.map(({ trade }) => trade),
        (symbol) => priced.has(symbol),
        await shareEvents(tx, symbols),
        await latestPriceDate(tx),
      );
      const problems = [...file.problems, ...plan.problems].sort((a, b) => a.line - b.line);
      const report = {
        layout: file.layout,
        dryRun: input.dryRun,
        buys: plan.buys,
        sells: plan.sells,
        skipped,
        symbols: plan.symbols,
        problems: problems.slice(0, MAX_PROBLEMS),
      };
      if (problems.length > 0) {
        if (problems.length > MAX_PROBLEMS)
          report.problems.push({
            line: problems[MAX_PROBLEMS]!.line,
            message: `…and ${problems.length - MAX_PROBLEMS} more problems from here on`,
          });
        return { accepted: false, report: { ...report, holdings: await listHoldings(tx, userId, filter, today) } };
      }

      const owner = { userId, brokerageFirmId: firm.id, segmentId: segment.id };
      const inserts: HoldingInsert[] = [];
      for (const lot of plan.lots) {
        const rows = lotRows(lot, owner);
        if (rows.update) await tx.update(holdings).set(rows.update.set).where(eq(holdings.id, rows.update.id));
        inserts.push(...rows.inserts);
      }
      for (const batch of chunks(inserts)) await tx.insert(holdings).values(batch);
      const ledger = fresh.map(({ trade, key }) => ({
        userId,
        brokerageFirmId: firm.id,
        importKey: key,
        side: trade.side,
        symbol: trade.symbol,
        tradeDate: trade.date,
        quantity: trade.quantity,
        price: trade.price,
      }));
      for (const batch of chunks(ledger)) {
        await conflictOn(
          UNIQUE_VIOLATION,
          tx.insert(importedTrades).values(batch),
          'Some of these trades were imported at the same moment by another request; import the file again to see what is left',
        );
      }
      const outcome = {
        accepted: true,
        report: { ...report, holdings: await listHoldings(tx, userId, filter, today) },
      };
      if (input.dryRun) throw new PreviewRollback(outcome);
      return outcome;
    });
  } catch (error) {
    if (error instanceof PreviewRollback) return error.outcome;
    throw error;
  }
}
