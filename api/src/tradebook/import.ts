/**
 * Tradebook import (docs/product/portfolio.md#tradebook-import): the file is read into trades in a
 * worker thread (reader-thread.ts), trades imported before are skipped, the rest are planned FIFO
 * against the caller's open lots at the firm and segment (planTradebook, linear in the trades),
 * and a commit writes the plan in ONE transaction: new lots, sold parts split off as a partial sale
 * splits them, and a ledger row per trade. Any problem refuses the whole file. A preview plans
 * exactly as a commit does and writes nothing (docs/decisions.md#tradebook-preview-from-the-plan).
 * The report is bounded: counts per symbol, the first problems and the first holdings the import
 * changes, with their totals.
 */
import {
  exchangeToday,
  MAX_HOLDING_ROWS_PER_USER,
  planTradebookInSlices,
  type Exchange,
  type HoldingStatus,
  type TradebookTrade,
} from '@bazaar/shared';
import {
  MAX_IMPORT_REPORT_HOLDINGS,
  MAX_IMPORT_REPORT_PROBLEMS,
  type TradebookImportReportDto,
} from '@bazaar/shared/contract';
import type { Database } from '../db/client.js';
import { firmDto, resolveFirm } from '../db/queries/portfolio/brokerage-firms.js';
import { countHoldingRows, holdingDtosOf, type HoldingRow } from '../db/queries/portfolio/holdings.js';
import {
  importedKeys,
  loadImportContext,
  planRows,
  rowsAdded,
  QUERY_CANCELED,
  tryImportLock,
  writeImportPlan,
  type HoldingRowInput,
} from '../db/queries/portfolio/import.js';
import { resolveNamed } from '../db/queries/portfolio/named-entities.js';
import type { Reference } from '../db/queries/portfolio/write-guards.js';
import { AppError, BadRequestError, TooManyRequestsError } from '../errors.js';
import { pgError } from '../db/errors.js';
import type { ReadTradebook } from './read.js';
import { readTradebookInThread, type TradebookReadLimits } from './reader-thread.js';
import type { ThreadLimits } from '../files/job-thread.js';

/** The event loop's next turn: other clients' requests are served before the work goes on. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface TradebookImportInput {
  brokerageFirm: Reference;
  /** The segment's name. */
  segmentName: string;
  bytes: Uint8Array;
  dryRun: boolean;
}

export interface TradebookImportOutcome {
  /** False when the file has problems: nothing was written. */
  accepted: boolean;
  report: TradebookImportReportDto;
}

export interface TradebookImportLimits {
  read: TradebookReadLimits & ThreadLimits;
  /** The longest an import may take from its first read to its commit (ms). */
  timeoutMs: number;
}

/** Thrown when an import runs past its time: nothing is written (the transaction rolls back). */
export class ImportTimeoutError extends AppError {
  constructor(seconds: number) {
    super(
      503,
      `The import took longer than ${seconds} seconds and was stopped: nothing was imported. Try again in a moment, or split the file`,
    );
  }
}

/** The holdings cap, in words: refused before anything is written. */
export function holdingsCapMessage(held: number, added: number): string {
  return (
    `This import would give you ${(held + added).toLocaleString('en-IN')} holdings (open and sold) across your accounts; ` +
    `an account keeps at most ${MAX_HOLDING_ROWS_PER_USER.toLocaleString('en-IN')}. Delete sold holdings you no longer need, or import fewer trades`
  );
}

function boundedProblems(problems: TradebookImportReportDto['problems']): TradebookImportReportDto['problems'] {
  return problems.slice(0, MAX_IMPORT_REPORT_PROBLEMS);
}

/**
 * The first MAX_IMPORT_REPORT_HOLDINGS rows the plan adds or changes, by symbol and buying date,
 * as holding rows: the stored lot's id, a written row's id, or for a preview a negative number
 * (the row does not exist).
 */
function reportRows(
  rows: ReturnType<typeof planRows>,
  insertedIds: readonly number[] | null,
  owner: { firm: HoldingRow['firm']; segmentId: number; segmentName: string },
): HoldingRow[] {
  const all: Array<{ row: HoldingRowInput; id: number; order: number }> = [];
  rows.updates.forEach((row, order) => all.push({ row, id: row.id, order }));
  rows.inserts.forEach((row, index) =>
    all.push({ row, id: insertedIds ? insertedIds[index]! : -(index + 1), order: rows.updates.length + index }),
  );
  const first = all
    .sort(
      (a, b) =>
        (a.row.symbol < b.row.symbol ? -1 : a.row.symbol > b.row.symbol ? 1 : 0) ||
        (a.row.creation_date < b.row.creation_date ? -1 : a.row.creation_date > b.row.creation_date ? 1 : 0) ||
        a.order - b.order,
    )
    .slice(0, MAX_IMPORT_REPORT_HOLDINGS);
  return first.map(({ row, id }) => ({
    holding: {
      id,
      brokerageFirmId: owner.firm.id,
      segmentId: owner.segmentId,
      symbol: row.symbol,
      exchange: row.exchange as Exchange,
      quantity: row.quantity,
      lotQuantity: row.lot_quantity,
      price: row.price,
      sellPrice: row.sell_price,
      status: row.status satisfies HoldingStatus,
      creationDate: row.creation_date,
      sellingDate: row.selling_date,
      basisDate: row.basis_date,
    },
    firm: owner.firm,
    segmentName: owner.segmentName,
  }));
}

/**
 * Previews (dryRun) or commits a tradebook for the caller. An unknown firm or segment is a plain
 * 400 (thrown); a file with problems answers `accepted: false` with its problems by line; another
 * import of the caller still running is a 429; past `limits.timeoutMs`, a 503 and nothing written.
 */
export async function importTradebook(
  db: Database,
  userId: number,
  input: TradebookImportInput,
  limits: TradebookImportLimits,
  today = exchangeToday(),
): Promise<TradebookImportOutcome> {
  const deadline = Date.now() + limits.timeoutMs;
  const inTime = () => {
    if (Date.now() > deadline) throw new ImportTimeoutError(Math.round(limits.timeoutMs / 1000));
  };
  const file = await readTradebookInThread(
    input.bytes,
    { ...limits.read, timeoutMs: Math.min(limits.read.timeoutMs, limits.timeoutMs) },
    today,
  );
  inTime();
  const plan = (database: Database) => planAndWrite(database, userId, input, file, today, deadline, inTime);
  try {
    // a preview writes nothing and reads outside a transaction: on the embedded database a transaction
    // holds its one connection, and every other client's query (even /health) waited for the whole plan
    if (input.dryRun) return await plan(db);
    return await db.transaction(plan);
  } catch (error) {
    if (pgError(error)?.code === QUERY_CANCELED) throw new ImportTimeoutError(Math.round(limits.timeoutMs / 1000));
    throw error;
  }
}

/** Plans the file against `tx` and, unless previewing, writes the plan (then `tx` is a transaction). */
async function planAndWrite(
  tx: Database,
  userId: number,
  input: TradebookImportInput,
  file: ReadTradebook,
  today: string,
  deadline: number,
  inTime: () => void,
): Promise<TradebookImportOutcome> {
  if (!input.dryRun && !(await tryImportLock(tx, userId, deadline - Date.now())))
    throw new TooManyRequestsError(
      'Another import of yours is still running: wait for it to finish, then try again',
      5,
    );
  const firm = await resolveFirm(tx, input.brokerageFirm);
  const segment = await resolveNamed(tx, 'segment', { name: input.segmentName });
  const owner = { userId, firmId: firm.id, segmentId: segment.id };

  // trades imported before, and a trade id repeated within the file, are skipped
  const known = await importedKeys(tx, userId, firm.id, file.keys);
  const fresh: Array<{ trade: TradebookTrade; key: string }> = [];
  let skipped = 0;
  file.trades.forEach((trade, position) => {
    const key = file.keys[position]!;
    if (known.has(key)) skipped++;
    else {
      known.add(key);
      fresh.push({ trade, key });
    }
  });
  const symbols = [...new Set(fresh.map(({ trade }) => trade.symbol))];
  const context = await loadImportContext(tx, owner, symbols);
  inTime();
  const plan = await planTradebookInSlices(
    context.openLots,
    fresh.map(({ trade }) => trade),
    (symbol) => context.priced.has(symbol),
    context.events,
    context.latestTradeDate,
    nextTurn,
  );
  const problems = [...file.problems, ...plan.problems].sort((a, b) => a.line - b.line);
  const report = {
    layout: file.layout,
    dryRun: input.dryRun,
    buys: plan.buys,
    sells: plan.sells,
    skipped,
    symbols: plan.symbols,
    problems: boundedProblems(problems),
    problemsTotal: problems.length,
    holdings: [],
    holdingsTotal: 0,
  };
  if (problems.length > 0) return { accepted: false, report };

  const held = await countHoldingRows(tx, userId);
  const added = rowsAdded(plan.lots);
  if (held + added > MAX_HOLDING_ROWS_PER_USER) throw new BadRequestError(holdingsCapMessage(held, added));
  const rows = planRows(plan.lots);
  const firmRow = firmDto(firm);
  const insertedIds = input.dryRun ? null : await writeImportPlan(tx, owner, rows, fresh);
  inTime();
  const holdings = await holdingDtosOf(
    tx,
    reportRows(rows, insertedIds, { firm: firmRow, segmentId: segment.id, segmentName: segment.name }),
    today,
  );
  return {
    accepted: true,
    report: { ...report, holdings, holdingsTotal: rows.updates.length + rows.inserts.length },
  };
}
