/**
 * Selling all or part of a holding. Selling part of it splits the row: the sold quantity becomes
 * a REALIZED row and the rest stays an open (UNREALIZED) row. Selling more than is held is refused.
 */
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
