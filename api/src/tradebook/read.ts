/**
 * A tradebook file's records → trades and problems by line (docs/product/portfolio.md#tradebook-import):
 * the header is its first non-empty record, matched against the three layouts; each record after
 * it is read by @bazaar/shared's reading rules (readTradeRecord: the same value rules as every
 * other write path). Pure and synchronous: it runs in the tradebook reader's worker thread
 * (reader-worker.ts). Reading stops at the first record beyond MAX_TRADEBOOK_TRADES.
 */
import {
  exchangeToday,
  inPlanOrder,
  tradeImportKeys,
  MAX_TRADEBOOK_TRADES,
  readTradeRecord,
  TRADEBOOK_LAYOUTS,
  TradeProblem,
  type TradebookLayout,
  type TradebookTrade,
} from '@bazaar/shared';
import type { TradebookProblemDto } from '@bazaar/shared/contract';
import { AppError } from '../errors.js';
import type { RecordCallback } from '../files/csv.js';
import { matchHeader, type LayoutSpec } from '../files/table.js';

export interface ReadTradebook {
  layout: TradebookLayout['id'] | null;
  /** The trades in plan order (inPlanOrder): the plan then sorts nothing on the API's event loop. */
  trades: TradebookTrade[];
  /** Each trade's import key (tradeImportKeys, counted in file order), aligned with trades. */
  keys: string[];
  problems: TradebookProblemDto[];
}

/** Trades the reader's worker sends back per slice (reader-thread.ts): parsing one takes the event loop a few milliseconds. */
export const TRADES_PER_SLICE = 2_000;

/** A slice of the read trades and their keys, in plan order. */
export interface TradebookReadSlice {
  trades: ReadTradebook['trades'];
  keys: ReadTradebook['keys'];
}

/** What the reader's worker answers: the trades and keys as JSON texts of TradebookReadSlice, and the rest. */
export type TradebookReadAnswer = Omit<ReadTradebook, 'trades' | 'keys'> & { slices: string[] };

/** Records in file order, as the table readers hand them out. */
export type RecordSource = (onRecord: RecordCallback) => void;

/** Thrown from the record callback to stop the reader at once. */
class StopReading extends Error {}

export function tooManyTradesMessage(): string {
  return `A tradebook may hold at most ${MAX_TRADEBOOK_TRADES.toLocaleString('en-IN')} trades: split the file`;
}

export function readTradebook(forEachRecord: RecordSource, today = exchangeToday()): ReadTradebook {
  const problems: TradebookProblemDto[] = [];
  const trades: TradebookTrade[] = [];
  let layout: TradebookLayout | undefined;
  let index: Partial<Record<string, number>> = {};
  let headerSeen = false;
  let records = 0;
  try {
    forEachRecord((cells, line) => {
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
          throw new StopReading();
        }
        return;
      }
      if (++records > MAX_TRADEBOOK_TRADES) {
        problems.push({ line, message: tooManyTradesMessage() });
        throw new StopReading();
      }
      const byKey: Record<string, string> = {};
      for (const key in index) byKey[key] = cells[index[key]!] ?? '';
      try {
        trades.push(readTradeRecord(layout!.id, byKey, line, today));
      } catch (error) {
        if (!(error instanceof TradeProblem)) throw error;
        problems.push({
          line: error.line,
          message: error.message,
          ...(error.column === undefined ? {} : { column: error.column, value: error.value ?? '' }),
        });
      }
    });
  } catch (error) {
    if (!(error instanceof StopReading)) throw error;
  }
  if (!headerSeen) problems.push({ line: 1, message: 'The file is empty' });
  else if (problems.length === 0 && trades.length === 0)
    problems.push({ line: 2, message: 'The file has a header but no trades' });
  const keys = tradeImportKeys(trades);
  const keyOf = new Map(trades.map((trade, index) => [trade, keys[index]!]));
  const ordered = inPlanOrder(trades);
  return { layout: layout?.id ?? null, trades: ordered, keys: ordered.map((trade) => keyOf.get(trade)!), problems };
}
