/**
 * Profit and loss of one holding, net of charges (docs/decisions.md#profit-and-loss-net-of-charges):
 *   gross   = (sell price, or the current price for an open holding − buy price) × quantity
 *   charges = the buy's charges on the buying date (a row split off a larger buy order bears its
 *             share of the order's flat amounts)
 *           + the sell's charges on the selling date, or, for an open holding, as if sold today
 *             at the current price (an estimate, flagged as such)
 *   dividends = the dividends credited to the holding (holding-events.ts)
 *   net     = gross + dividends − charges
 * After a split or bonus (docs/product/portfolio.md#corporate-actions) the holding sells quantity ×
 * factor shares at the current (or sell) price: what was paid stays price × quantity as entered.
 * A holding is REALIZED when it has a sell price other than 0 (docs/product/portfolio.md#rules), else UNREALIZED.
 * Results are exact decimal strings (scaled integers, exact.ts: every listing computes this per row);
 * screens round them for display.
 */
import type { HoldingStatus } from '../constants.js';
import type { DecimalInput } from '../format/money.js';
import { exactTradeCharges, type ChargeRule, type ExactChargeLine } from './charges.js';
import { Exact } from './exact.js';
import type { DividendPayment } from './holding-events.js';

/** What the P&L of a holding depends on. */
export interface HoldingPosition {
  brokerageFirmId: number;
  /** The segment (the holding's instrument type). */
  segmentId: number;
  exchange: string;
  quantity: number;
  /**
   * The quantity of the buy order this row came from (larger than quantity once part of it was
   * sold and split off); the buy's flat charges are shared between the rows in proportion.
   */
  lotQuantity?: number | null | undefined;
  /** Buy price per share. */
  price: DecimalInput;
  /** YYYY-MM-DD buying date. */
  creationDate: string;
  sellPrice?: DecimalInput | null | undefined;
  sellingDate?: string | null | undefined;
  /** The symbol's latest close; null when no prices are loaded. */
  currentPrice?: DecimalInput | null | undefined;
  /**
   * The product of the factors of the splits and bonuses the holding took part in (1 when none):
   * quantity and price are the trade as entered, the sell side trades quantity × factor shares.
   */
  factor?: DecimalInput | null | undefined;
  /** The dividends credited to the holding (holdingEventEffects). */
  dividends?: readonly DividendPayment[] | undefined;
}

/** One charge type's share of a holding's charges (types that cost nothing are left out). */
export interface ChargeBreakdown {
  chargeTypeId: number;
  chargeTypeName: string;
  buy: string;
  sell: string;
  total: string;
}

export interface ProfitLoss {
  status: HoldingStatus;
  /** Buy value: price × quantity. */
  invested: string;
  /** Sell value for a realized holding; current value for an open one (null without a price). */
  marketValue: string | null;
  /** Null when an open holding has no current price. */
  gross: string | null;
  buyCharges: string;
  sellCharges: string;
  /** buyCharges + sellCharges. */
  charges: string;
  /** True when the sell charges are an estimate (open holding, as if sold today). */
  sellChargesEstimated: boolean;
  breakdown: ChargeBreakdown[];
  /** Σ dividendPayments' amounts. */
  dividends: string;
  dividendPayments: DividendPayment[];
  /** gross + dividends − charges; null when gross is. */
  net: string | null;
}

/** REALIZED when a sell price other than 0 is set (docs/product/portfolio.md#rules). */
export function holdingStatus(sellPrice: DecimalInput | null | undefined): HoldingStatus {
  if (sellPrice === null || sellPrice === undefined || sellPrice === '') return 'UNREALIZED';
  return Exact.of(sellPrice).isZero() ? 'UNREALIZED' : 'REALIZED';
}

/** What computeProfitLoss leaves out when asked. */
export interface ProfitLossOptions {
  /**
   * false: no per-charge-type breakdown (an empty list), only the totals, the same as with it (a
   * dashboard sums every holding and shows no breakdown; the lines cost more than the totals).
   */
  breakdown?: boolean;
}

export function computeProfitLoss(
  position: HoldingPosition,
  rules: readonly ChargeRule[],
  today: string,
  options: ProfitLossOptions = {},
): ProfitLoss {
  const withBreakdown = options.breakdown ?? true;
  const status = holdingStatus(position.sellPrice);
  const invested = Exact.of(position.price).times(Exact.of(position.quantity));
  const buy = exactTradeCharges(
    rules,
    // each trade spelt out, not spread from a common object: a spread costs more than the rest of a row's maths
    {
      brokerageFirmId: position.brokerageFirmId,
      segmentId: position.segmentId,
      exchange: position.exchange,
      quantity: position.quantity,
      side: 'BUY',
      date: position.creationDate,
      price: position.price,
      orderQuantity: Math.max(position.lotQuantity ?? position.quantity, position.quantity),
    },
    withBreakdown,
  );

  let exitPrice: DecimalInput | null = null;
  let exitDate = today;
  if (status === 'REALIZED') {
    exitPrice = position.sellPrice as DecimalInput;
    exitDate = position.sellingDate ?? today;
  } else if (position.currentPrice !== null && position.currentPrice !== undefined && position.currentPrice !== '') {
    exitPrice = position.currentPrice;
  }
  const factor = position.factor ?? 1;
  const exitQuantity =
    factor === 1 || factor === '1' ? Exact.of(position.quantity) : Exact.of(position.quantity).times(Exact.of(factor));
  const sell =
    exitPrice === null
      ? { total: Exact.ZERO, lines: [] as ExactChargeLine[] }
      : exactTradeCharges(
          rules,
          {
            brokerageFirmId: position.brokerageFirmId,
            segmentId: position.segmentId,
            exchange: position.exchange,
            quantity: exitQuantity.toNumber(),
            side: 'SELL',
            date: exitDate,
            price: exitPrice,
            orderQuantity: undefined,
          },
          withBreakdown,
        );

  const charges = buy.total.plus(sell.total);
  const marketValue = exitPrice === null ? null : Exact.of(exitPrice).times(exitQuantity);
  const gross = marketValue === null ? null : marketValue.minus(invested);
  const dividendPayments = [...(position.dividends ?? [])];
  const dividends = dividendPayments.reduce((sum, payment) => sum.plus(Exact.of(payment.amount)), Exact.ZERO);
  return {
    status,
    invested: invested.toFixed(),
    marketValue: marketValue?.toFixed() ?? null,
    gross: gross?.toFixed() ?? null,
    buyCharges: buy.total.toFixed(),
    sellCharges: sell.total.toFixed(),
    charges: charges.toFixed(),
    sellChargesEstimated: status === 'UNREALIZED' && exitPrice !== null,
    breakdown: withBreakdown ? breakdownByType(buy.lines, sell.lines) : [],
    dividends: dividends.toFixed(),
    dividendPayments,
    net: gross === null ? null : gross.plus(dividends).minus(charges).toFixed(),
  };
}

/** localeCompare's order (the default locale's collator), made once: localeCompare makes one per call. */
const byName = new Intl.Collator();

function breakdownByType(buyLines: ExactChargeLine[], sellLines: ExactChargeLine[]): ChargeBreakdown[] {
  const byType = new Map<number, { name: string; buy: Exact; sell: Exact }>();
  for (const lines of [buyLines, sellLines])
    for (const line of lines) {
      let entry = byType.get(line.chargeTypeId);
      if (!entry) {
        entry = { name: line.chargeTypeName, buy: Exact.ZERO, sell: Exact.ZERO };
        byType.set(line.chargeTypeId, entry);
      }
      if (line.side === 'BUY') entry.buy = entry.buy.plus(line.amount);
      else entry.sell = entry.sell.plus(line.amount);
    }
  const breakdown: ChargeBreakdown[] = [];
  for (const [chargeTypeId, entry] of byType) {
    const total = entry.buy.plus(entry.sell);
    // a rule of 0 (e.g. free delivery brokerage) is in force but costs nothing: not worth a line
    if (total.isZero()) continue;
    breakdown.push({
      chargeTypeId,
      chargeTypeName: entry.name,
      buy: entry.buy.toFixed(),
      sell: entry.sell.toFixed(),
      total: total.toFixed(),
    });
  }
  return breakdown.sort(
    (a, b) => byName.compare(a.chargeTypeName, b.chargeTypeName) || a.chargeTypeId - b.chargeTypeId,
  );
}
