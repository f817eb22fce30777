/**
 * Selling all or part of a holding. Selling part of it splits the row: the sold quantity becomes
 * a REALIZED row and the rest stays an open (UNREALIZED) row. Selling more than is held is refused.
 *
 * A sale counts in the shares of its date (docs/product/portfolio.md#corporate-actions): the lot's
 * open shares × the factors of the splits, consolidations and bonuses it takes part in up to the
 * sale, every event loaded with an ex-date on or before the sale, even when that day's prices are
 * not loaded yet (docs/decisions.md#tradebook-fifo-in-the-sell-dates-shares). One home for the hand
 * sale and the tradebook import: sharesOnSellDate and sellFromLot.
 */
import Big from 'big.js';
import type { HoldingEvent } from './holding-events.js';

export interface SaleSplit {
  sold: number;
  remaining: number;
}

export class OversellError extends Error {
  constructor(
    readonly held: number,
    readonly requested: number,
  ) {
    super(`You cannot sell ${requested} shares: only ${held} are held`);
    this.name = 'OversellError';
  }
}

export function splitForSale(heldQuantity: number, sellQuantity: number): SaleSplit {
  if (!Number.isInteger(sellQuantity) || sellQuantity < 1) throw new RangeError('Quantity must be at least 1');
  if (sellQuantity > heldQuantity) throw new OversellError(heldQuantity, sellQuantity);
  return { sold: sellQuantity, remaining: heldQuantity - sellQuantity };
}

const ONE = new Big(1);
const isWhole = (value: Big) => value.mod(1).eq(0);

/**
 * What one share of a lot bought on `creationDate`, counted as of `from`, is in the shares of `to`:
 * the product of the factors of the splits, consolidations and bonuses the lot takes part in
 * (ex-date after the buying date) with an ex-date in (from, to]; its inverse when `to` is earlier.
 */
export function sharesFactor(events: readonly HoldingEvent[], creationDate: string, from: string, to: string): Big {
  const [low, high] = from <= to ? [from, to] : [to, from];
  let factor = ONE;
  for (const event of events)
    if (event.factor !== null && event.exDate > creationDate && event.exDate > low && event.exDate <= high)
      factor = factor.times(event.factor);
  return from <= to ? factor : ONE.div(factor);
}

/** What a sale needs of a stored open lot. */
export interface SellableLot {
  /** Open shares, counted as of basisDate. */
  quantity: number;
  creationDate: string;
  /** The date whose shares `quantity` counts; null: the buying date's. */
  basisDate?: string | null | undefined;
}

/** A lot's open shares counted in a sell date's shares. */
export interface SellDateShares {
  /** The lot's stored shares → the sell date's shares. */
  factor: Big;
  /** The open shares on the sell date (a fraction when a bonus ratio does not divide them). */
  shares: Big;
  /** The whole shares among them: what can be sold. */
  whole: number;
}

/** The lot's open shares in the shares of `sellDate` (`events`: the symbol's loaded events, any D). */
export function sharesOnSellDate(lot: SellableLot, events: readonly HoldingEvent[], sellDate: string): SellDateShares {
  const factor =
    events.length === 0 ? ONE : sharesFactor(events, lot.creationDate, lot.basisDate ?? lot.creationDate, sellDate);
  if (factor.eq(1)) return { factor, shares: new Big(lot.quantity), whole: lot.quantity };
  const shares = factor.times(lot.quantity);
  return { factor, shares, whole: Number(shares.round(0, Big.roundDown).toFixed()) };
}

/** Both parts of a lot after a sale of some of its shares, each counted as of its basisDate. */
export interface LotSale {
  sold: { quantity: number; basisDate: string | null };
  rest: { quantity: number; basisDate: string | null };
}

/**
 * Sells `taken` (1..counted.whole) of a lot's shares on `sellDate`. No event between the lot's
 * basis and the sale: both parts keep the lot's basis. Otherwise the sold part is stored in the
 * sell date's shares and the rest in the later of the sell date's and the lot's basis's shares (a
 * sale dated before a stored row's basis). Selling the last whole shares of a lot a bonus left
 * with a fraction sells the row as it is stored; a sale that would leave a fraction alone answers
 * null (refused: a sale must leave whole shares).
 */
export function sellFromLot(
  lot: SellableLot,
  counted: SellDateShares,
  sellDate: string,
  taken: number,
): LotSale | null {
  const basisDate = lot.basisDate ?? null;
  if (counted.factor.eq(1))
    return { sold: { quantity: taken, basisDate }, rest: { quantity: lot.quantity - taken, basisDate } };
  const laterBasis = basisDate !== null && basisDate > sellDate ? basisDate : sellDate;
  const rest =
    laterBasis === sellDate
      ? counted.shares.minus(taken)
      : new Big(lot.quantity).minus(new Big(taken).div(counted.factor));
  if (isWhole(rest))
    return {
      sold: { quantity: taken, basisDate: sellDate },
      rest: { quantity: Number(rest.toFixed()), basisDate: laterBasis },
    };
  if (taken === counted.whole && laterBasis === sellDate)
    return { sold: { quantity: lot.quantity, basisDate }, rest: { quantity: 0, basisDate } };
  return null;
}
