/**
 * What a symbol's corporate actions do to a holding (docs/product/portfolio.md#corporate-actions),
 * the one home of the rule for the holdings table, the summary and the dashboard:
 * - a holding **takes part** in an event when it was bought before the ex-date and not sold before
 *   it (a sale on the ex-date sells shares that already carry the event): creationDate < exDate ≤
 *   end, where end is the selling date of a sold holding (its sell price is that day's, so it is
 *   shown in that day's shares, whatever D) and otherwise D (the latest price date: an open
 *   holding is shown in D's shares);
 * - a split, consolidation or bonus multiplies its shares by the factor and divides its price: the
 *   holding is shown in today's shares (quantity × factor, price ÷ factor) with the trade as entered
 *   kept; what was paid, and so the P&L, does not move on an ex-date;
 * - a dividend credits rupees per share × the shares held then (before the events of that ex-date
 *   and later ones: a bonus and a dividend of the same day pay on the shares before the bonus).
 * A row split by a sale after an event counts its shares as of its basis date (the sale): its part
 * of the trade as entered is quantity ÷ the factors up to that date (every event loaded up to it,
 * even one whose ex-date is after D: the sale counted in them, sale.ts).
 * Exact decimals (big.js); quantities can be fractions when a bonus ratio does not divide them.
 */
import Big from 'big.js';
import { formatMarketDate } from '../format/dates.js';
import { formatRupees } from '../format/money.js';

const ONE = new Big(1);
const ZERO = new Big(0);

/** One event of a symbol, as corporate_action_events holds it. */
export interface HoldingEvent {
  exDate: string;
  kind: 'split' | 'consolidation' | 'bonus' | 'dividend';
  /** Shares after ÷ shares before; null for a dividend. */
  factor: string | null;
  /** Rupees per share of a dividend; null when not named. */
  amount: string | null;
}

/** What the rule needs of a holding row. */
export interface EventHolding {
  creationDate: string;
  /** Shares stored on the row (as of basisDate, or of the buying date). */
  quantity: number;
  basisDate?: string | null | undefined;
  /** A sold holding's selling date; null while open. */
  sellingDate?: string | null | undefined;
}

export interface HoldingAdjustment {
  exDate: string;
  kind: 'split' | 'consolidation' | 'bonus';
  factor: string;
}

export interface DividendPayment {
  exDate: string;
  /** Rupees per share. */
  perShare: string;
  /** Shares held on the ex-date (as they were then). */
  shares: string;
  /** perShare × shares. */
  amount: string;
}

export interface HoldingEventEffects {
  /** The shares of the trade as entered that this row stands for (a whole number unless split after an event). */
  tradedQuantity: Big;
  /** The product of the factors of the events the holding took part in (1 when none). */
  factor: Big;
  /** tradedQuantity × factor: the shares held today (or when sold). */
  quantity: Big;
  /** Those events, by ex-date. */
  adjustments: HoldingAdjustment[];
  dividends: DividendPayment[];
  /** Σ dividends' amounts. */
  dividendTotal: Big;
}

/**
 * Held on the ex-date: bought before it and not sold before it; for an open holding, the ex-date
 * in effect (≤ through, D); a sold one is counted in its selling date's shares.
 */
export function takesPart(holding: EventHolding, exDate: string, through: string): boolean {
  const end = holding.sellingDate ? holding.sellingDate : through;
  return holding.creationDate < exDate && exDate <= end;
}

/**
 * The events a holding took part in and what they did to it. `events` are the symbol's events
 * loaded (any ex-date), in any order; `through` is D.
 */
export function holdingEventEffects(
  holding: EventHolding,
  events: readonly HoldingEvent[],
  through: string,
): HoldingEventEffects {
  // most symbols have no event: the row as stored (no division, no sort; listings do this per row)
  if (events.length === 0) {
    const quantity = new Big(holding.quantity);
    return { tradedQuantity: quantity, factor: ONE, quantity, adjustments: [], dividends: [], dividendTotal: ZERO };
  }
  // by ex-date; on one ex-date the dividends first (paid on the shares before that day's bonus or split)
  const mine = events
    .filter((event) => takesPart(holding, event.exDate, through))
    .sort((a, b) =>
      a.exDate === b.exDate
        ? Number(a.kind !== 'dividend') - Number(b.kind !== 'dividend')
        : a.exDate < b.exDate
          ? -1
          : 1,
    );
  // the row's shares as of its basis: every event between the buy and the basis, whatever D
  const basis = holding.basisDate ?? holding.creationDate;
  let toBasis = new Big(1);
  for (const event of events)
    if (event.factor !== null && event.exDate > holding.creationDate && event.exDate <= basis)
      toBasis = toBasis.times(event.factor);
  const tradedQuantity = new Big(holding.quantity).div(toBasis);

  let factor = new Big(1);
  const adjustments: HoldingAdjustment[] = [];
  const dividends: DividendPayment[] = [];
  let dividendTotal = new Big(0);
  for (const event of mine) {
    if (event.kind === 'dividend') {
      if (event.amount === null) continue;
      const shares = tradedQuantity.times(factor);
      const amount = shares.times(event.amount);
      dividendTotal = dividendTotal.plus(amount);
      dividends.push({
        exDate: event.exDate,
        perShare: event.amount,
        shares: shares.toFixed(),
        amount: amount.toFixed(),
      });
    } else if (event.factor !== null) {
      factor = factor.times(event.factor);
      adjustments.push({ exDate: event.exDate, kind: event.kind, factor: event.factor });
    }
  }
  return { tradedQuantity, factor, quantity: tradedQuantity.times(factor), adjustments, dividends, dividendTotal };
}

/** The events of each symbol, from a list of events of many symbols. */
export function eventsBySymbol<T extends HoldingEvent & { symbol: string }>(events: readonly T[]): Map<string, T[]> {
  const bySymbol = new Map<string, T[]>();
  for (const event of events) {
    const list = bySymbol.get(event.symbol);
    if (list) list.push(event);
    else bySymbol.set(event.symbol, [event]);
  }
  return bySymbol;
}

/** A factor for display: "2", "1.25", "1.3333" (4 decimals at most, no trailing zeros). */
export function formatFactor(factor: string | number | Big): string {
  return new Big(new Big(factor).round(4, Big.roundHalfUp).toFixed(4)).toString();
}

/**
 * The holdings table's badge of an adjusted holding: "adjusted ×2 on 19-Sep-2019"; after several
 * events the product of their factors, "on" the latest ex-date. Null when nothing was applied.
 */
export function adjustmentBadge(
  adjustments: ReadonlyArray<Pick<HoldingAdjustment, 'exDate' | 'factor'>>,
): string | null {
  const last = adjustments.at(-1);
  if (!last) return null;
  const factor = adjustments.reduce((product, adjustment) => product.times(adjustment.factor), new Big(1));
  return `adjusted ×${formatFactor(factor)} on ${formatMarketDate(last.exDate)}`;
}

/** What the badge's hover says: "As entered: 10 at ₹2,461.90 on 03-Jun-2019; ×2 split on 19-Sep-2019". */
export function tradeAsEntered(holding: {
  tradedQuantity: number;
  tradedPrice: string;
  creationDate: string;
  /** kind in any case (REST "split", GraphQL "SPLIT"). */
  adjustments: ReadonlyArray<{ exDate: string; factor: string; kind: string }>;
}): string {
  const events = holding.adjustments.map(
    (adjustment) =>
      `×${formatFactor(adjustment.factor)} ${adjustment.kind.toLowerCase()} on ${formatMarketDate(adjustment.exDate)}`,
  );
  const entered = `As entered: ${holding.tradedQuantity} at ${formatRupees(holding.tradedPrice)} on ${formatMarketDate(holding.creationDate)}`;
  return events.length === 0 ? entered : `${entered}; ${events.join('; ')}`;
}
