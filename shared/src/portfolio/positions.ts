/**
 * Positions: the open lots of a stock as one row, the way a broker's holdings screen shows them
 * (docs/product/portfolio.md#holdings). Every amount is a decimal string, summed exactly with big.js:
 *   quantity     = Σ shares of the open lots (today's shares, after splits and bonuses)
 *   averagePrice = Σ (price × shares) ÷ quantity, the lots' adjusted buy prices weighted by their shares
 *   invested     = Σ (price × shares)
 *   currentValue = last price × quantity (null while the stock has no price)
 *   dayChange    = the day's change per share × quantity (null without a quote)
 *   charges, dividends, net: the lots' own sums (net = gross + dividends − charges of each lot; null without a price)
 * Sold lots are not positions: they are listed apart, each with its sell price and date.
 */
import Big from 'big.js';

/** What a position needs of a lot (a holding row). */
export interface PositionLot {
  symbol: string;
  status: string;
  quantity: number;
  /** The buy price in today's shares. */
  price: string;
  currentPrice: string | null;
  /** net is null while the stock has no price (its open lots have no value yet). */
  profitLoss: { charges: string; dividends: string; net: string | null };
  quote?: { change: string | null; changePercent: string | null } | null;
}

export interface Position<Lot extends PositionLot = PositionLot> {
  symbol: string;
  quantity: number;
  averagePrice: string;
  lastPrice: string | null;
  invested: string;
  currentValue: string | null;
  dayChange: string | null;
  dayChangePercent: string | null;
  charges: string;
  dividends: string;
  /** null while the stock has no price. */
  net: string | null;
  /** The open lots behind the position, in the order given. */
  lots: Lot[];
}

/** The open lots grouped by symbol, one position each, by symbol. */
export function openPositions<Lot extends PositionLot>(lots: readonly Lot[]): Position<Lot>[] {
  const bySymbol = new Map<string, Lot[]>();
  for (const lot of lots) {
    if (lot.status === 'REALIZED' || lot.quantity <= 0) continue;
    const group = bySymbol.get(lot.symbol);
    if (group) group.push(lot);
    else bySymbol.set(lot.symbol, [lot]);
  }
  return [...bySymbol.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([symbol, group]) => {
      let quantity = 0;
      let invested = new Big(0);
      let charges = new Big(0);
      let dividends = new Big(0);
      let net: Big | null = null;
      for (const lot of group) {
        quantity += lot.quantity;
        invested = invested.plus(new Big(lot.price).times(lot.quantity));
        charges = charges.plus(lot.profitLoss.charges);
        dividends = dividends.plus(lot.profitLoss.dividends);
        if (lot.profitLoss.net !== null) net = (net ?? new Big(0)).plus(lot.profitLoss.net);
      }
      // every lot of a symbol has the same last price and quote (the symbol's latest close)
      const lastPrice = group.find((lot) => lot.currentPrice !== null)?.currentPrice ?? null;
      const quote = group.find((lot) => lot.quote?.change != null)?.quote ?? null;
      return {
        symbol,
        quantity,
        averagePrice: invested.div(quantity).toFixed(4),
        lastPrice,
        invested: invested.toFixed(4),
        currentValue: lastPrice === null ? null : new Big(lastPrice).times(quantity).toFixed(4),
        dayChange: quote?.change == null ? null : new Big(quote.change).times(quantity).toFixed(4),
        dayChangePercent: quote?.changePercent ?? null,
        charges: charges.toFixed(4),
        dividends: dividends.toFixed(4),
        net: net === null ? null : net.toFixed(4),
        lots: group,
      };
    });
}
