/**
 * The tradebook plan against a reference FIFO written the plainest way, on random books
 * (seeded, so a failure repeats): stored open lots (some bought after the file's trades), buys and
 * sells of a few symbols over a few weeks, sells that oversell, and splits (factor 2 or 5) and a
 * 1:1 bonus between trades. The reference keeps every lot in today's shares and walks all of them
 * for each sell — quadratic, obviously right; the plan must agree on every sale (which lot, how
 * many shares, which line) and on every refused line. How the plan's time grows with n is printed
 * by `npm run bench:portfolio` (a timed test would fail on a busy machine).
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../seeded-random.js';
import type { HoldingEvent } from '../holding-events.js';
import type { TradebookTrade } from '../tradebook.js';
import { planTradebook, type OpenLot } from '../tradebook-fifo.js';

interface ReferenceLot {
  key: string;
  symbol: string;
  date: string;
  /** FIFO rank among lots of the same date: stored lots first, then the file's buys by line. */
  rank: number;
  /** Open shares in the shares of the day being processed. */
  open: number;
}

interface ReferenceSale {
  lot: string;
  line: number;
  shares: number;
}

/** Whole shares only: splits and a 1:1 bonus multiply by whole factors, so nothing here is fractional. */
function referenceFifo(
  stored: readonly OpenLot[],
  trades: readonly TradebookTrade[],
  events: ReadonlyMap<string, readonly HoldingEvent[]>,
): { sales: ReferenceSale[]; refused: number[] } {
  const lots: ReferenceLot[] = stored.map((lot, index) => ({
    key: `stored:${lot.id}`,
    symbol: lot.symbol,
    date: lot.creationDate,
    rank: index,
    open: lot.quantity,
  }));
  const sales: ReferenceSale[] = [];
  const refused: number[] = [];
  const ordered = [...trades].sort(
    (a, b) => a.date.localeCompare(b.date) || (a.side === b.side ? 0 : a.side === 'BUY' ? -1 : 1) || a.line - b.line,
  );
  // every lot's open shares moved to the shares of `day`: the events with an ex-date in (seen, day]
  const seen = new Map<ReferenceLot, string>();
  const bringTo = (lot: ReferenceLot, day: string) => {
    const from = seen.get(lot) ?? lot.date;
    for (const event of events.get(lot.symbol) ?? [])
      if (event.exDate > from && event.exDate <= day && event.exDate > lot.date) lot.open *= Number(event.factor);
    if (day > from) seen.set(lot, day);
  };
  for (const trade of ordered) {
    if (trade.side === 'BUY') {
      lots.push({
        key: `line:${trade.line}`,
        symbol: trade.symbol,
        date: trade.date,
        rank: 1e6 + trade.line,
        open: trade.quantity,
      });
      continue;
    }
    const eligible = lots
      .filter((lot) => lot.symbol === trade.symbol && lot.date <= trade.date)
      .sort((a, b) => a.date.localeCompare(b.date) || a.rank - b.rank);
    for (const lot of eligible) bringTo(lot, trade.date);
    const held = eligible.reduce((sum, lot) => sum + lot.open, 0);
    if (held < trade.quantity) {
      refused.push(trade.line);
      continue;
    }
    let remaining = trade.quantity;
    for (const lot of eligible) {
      if (remaining === 0) break;
      const taken = Math.min(lot.open, remaining);
      if (taken === 0) continue;
      lot.open -= taken;
      remaining -= taken;
      sales.push({ lot: lot.key, line: trade.line, shares: taken });
    }
  }
  return { sales, refused };
}

const SYMBOLS = ['TCS', 'INFY', 'SBIN'];

function day(offset: number): string {
  return new Date(Date.UTC(2020, 0, 1 + offset)).toISOString().slice(0, 10);
}

function randomBook(seed: number, size: number) {
  const random = seededRandom(seed);
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
  const stored: OpenLot[] = Array.from({ length: Math.floor(random() * 6) }, (_, index) => ({
    id: index + 1,
    symbol: pick(SYMBOLS),
    exchange: 'NSE' as const,
    quantity: 1 + Math.floor(random() * 50),
    lotQuantity: 50,
    price: '100',
    creationDate: day(Math.floor(random() * 60)),
  }));
  const trades: TradebookTrade[] = Array.from({ length: size }, (_, index) => ({
    line: index + 2,
    date: day(Math.floor(random() * 60)),
    symbol: pick(SYMBOLS),
    side: random() < 0.55 ? ('BUY' as const) : ('SELL' as const),
    quantity: 1 + Math.floor(random() * 40),
    price: '100',
    exchange: 'NSE' as const,
    tradeId: `T${index}`,
  }));
  const events = new Map<string, HoldingEvent[]>();
  for (const symbol of SYMBOLS) {
    const list: HoldingEvent[] = [];
    if (random() < 0.5)
      list.push({ exDate: day(10 + Math.floor(random() * 20)), kind: 'split', factor: pick(['2', '5']), amount: null });
    if (random() < 0.4)
      list.push({ exDate: day(35 + Math.floor(random() * 20)), kind: 'bonus', factor: '2', amount: null });
    if (list.length > 0)
      events.set(
        symbol,
        list.sort((a, b) => a.exDate.localeCompare(b.exDate)),
      );
  }
  return { stored, trades, events };
}

describe('the tradebook plan agrees with a plain reference FIFO on random books', () => {
  it.each(Array.from({ length: 300 }, (_, index) => index + 1))('book %i', (seed) => {
    const { stored, trades, events } = randomBook(seed, 5 + (seed % 60));
    const expected = referenceFifo(stored, trades, events);
    const plan = planTradebook(stored, trades, () => true, events);

    const refused = plan.problems.map((problem) => problem.line);
    expect(refused).toEqual(expected.refused.sort((a, b) => a - b));
    // sales in the sell date's shares: a part sold after an event is stored in those shares (basisDate)
    const planned = plan.lots
      .flatMap((lot) =>
        lot.sales.map((sale) => ({
          lot: lot.existingId !== null ? `stored:${lot.existingId}` : `line:${lot.line}`,
          line: sale.line,
          shares: sale.quantity,
        })),
      )
      .sort((a, b) => a.line - b.line || a.lot.localeCompare(b.lot));
    expect(planned).toEqual([...expected.sales].sort((a, b) => a.line - b.line || a.lot.localeCompare(b.lot)));
    expect(plan.sells).toBe(trades.filter((trade) => trade.side === 'SELL').length - expected.refused.length);
  });
});
