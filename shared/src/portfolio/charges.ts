/**
 * Brokerage and statutory charges of a trade. A charge rule belongs to one brokerage firm, segment
 * and exchange, applies to buys, sells or both, and costs `amount` (flat rupees per trade) plus
 * `percentage` % of the trade value (price × quantity). Rules change over time: for each charge
 * type the rule in force on the trade date is the one with the latest effective date on or before
 * it. All maths is exact (scaled integers, exact.ts; big.js at the exported edges); nothing is
 * rounded here.
 */
import Big from 'big.js';
import type { DecimalInput } from '../format/money.js';
import { Exact } from './exact.js';

/** The sides a charge applies to (the choices of GET /staff/buy-sell). */
export const BUY_SELL_OPTIONS = ['BUY', 'SELL', 'BOTH'] as const;
export type ChargeSide = (typeof BUY_SELL_OPTIONS)[number];
/** The side of one trade. */
export type TradeSide = 'BUY' | 'SELL';

/** One charge row as the P&L needs it (decimals as strings). */
export interface ChargeRule {
  id: number;
  chargeTypeId: number;
  chargeTypeName: string;
  brokerageFirmId: number;
  segmentId: number;
  exchange: string;
  onBuySell: ChargeSide;
  /** Flat rupees per trade. */
  amount: string;
  /** Percent of the trade value (0.1 means 0.1 %). */
  percentage: string;
  /** YYYY-MM-DD: in force from this exchange date on. */
  effectiveDate: string;
}

/** What decides which rules apply to a trade and how much they cost. */
export interface Trade {
  brokerageFirmId: number;
  segmentId: number;
  exchange: string;
  side: TradeSide;
  /** YYYY-MM-DD exchange date of the trade. */
  date: string;
  price: DecimalInput;
  quantity: number;
  /**
   * The quantity of the whole order when this row is only part of it (a holding split by a
   * partial sale): the flat amount of each charge is paid once per order, so this row bears
   * quantity / orderQuantity of it. Defaults to quantity (the row is the whole order).
   */
  orderQuantity?: number;
}

/** One charge type's cost on one trade. */
export interface ChargeLine {
  chargeId: number;
  chargeTypeId: number;
  chargeTypeName: string;
  side: TradeSide;
  amount: Big;
}

function appliesTo(rule: ChargeRule, trade: Trade): boolean {
  return (
    rule.brokerageFirmId === trade.brokerageFirmId &&
    rule.segmentId === trade.segmentId &&
    rule.exchange === trade.exchange &&
    (rule.onBuySell === trade.side || rule.onBuySell === 'BOTH') &&
    // YYYY-MM-DD strings compare like the dates they name
    rule.effectiveDate <= trade.date
  );
}

/**
 * The rules in force for a trade: per charge type, the matching rule with the latest effective
 * date on or before the trade date. On the same date a rule for this side specifically (BUY or
 * SELL) takes precedence over a BOTH rule, so staff can override one side of a general rule.
 * The choice depends only on firm, segment, exchange, side and date, so it is remembered per rule
 * list: a table of holdings bought on the same day chooses once.
 */
export function applicableCharges(rules: readonly ChargeRule[], trade: Trade): ChargeRule[] {
  const key = `${trade.brokerageFirmId}|${trade.segmentId}|${trade.exchange}|${trade.side}|${trade.date}`;
  let remembered = chosenRules.get(rules);
  if (!remembered) {
    remembered = new Map();
    chosenRules.set(rules, remembered);
  }
  const known = remembered.get(key);
  if (known) return known;
  const byType = new Map<number, ChargeRule>();
  for (const rule of rules) {
    if (!appliesTo(rule, trade)) continue;
    const current = byType.get(rule.chargeTypeId);
    if (!current || isMoreRecent(rule, current)) byType.set(rule.chargeTypeId, rule);
  }
  const chosen = [...byType.values()].sort(
    (a, b) => a.chargeTypeName.localeCompare(b.chargeTypeName) || a.chargeTypeId - b.chargeTypeId,
  );
  remembered.set(key, chosen);
  return chosen;
}

const chosenRules = new WeakMap<readonly ChargeRule[], Map<string, ChargeRule[]>>();

function isMoreRecent(candidate: ChargeRule, current: ChargeRule): boolean {
  if (candidate.effectiveDate !== current.effectiveDate) return candidate.effectiveDate > current.effectiveDate;
  const candidateSpecific = candidate.onBuySell !== 'BOTH';
  const currentSpecific = current.onBuySell !== 'BOTH';
  if (candidateSpecific !== currentSpecific) return candidateSpecific;
  // two rows of the same kind on the same date: the later one entered wins, deterministically
  return candidate.id > current.id;
}

/** The trade value: price × quantity. */
export function tradeValue(price: DecimalInput, quantity: number): Big {
  return new Big(price).times(quantity);
}

/** A rule's amount and rate as exact decimals, parsed once per rule object. */
interface ParsedRule {
  amount: Exact | null;
  /** percentage / 100 (exact: a shift of the decimal point), null when 0. */
  rate: Exact | null;
}
const parsedRules = new WeakMap<object, ParsedRule>();
const HUNDREDTH = Exact.of('0.01');

function parseRule(rule: Pick<ChargeRule, 'amount' | 'percentage'>): ParsedRule {
  let parsed = parsedRules.get(rule);
  if (!parsed) {
    const amount = Exact.of(rule.amount);
    const percentage = Exact.of(rule.percentage);
    parsed = {
      amount: amount.isZero() ? null : amount,
      rate: percentage.isZero() ? null : percentage.times(HUNDREDTH),
    };
    parsedRules.set(rule, parsed);
  }
  return parsed;
}

/** chargeCost in exact decimals (the listings' per-row maths). */
export function exactChargeCost(
  rule: Pick<ChargeRule, 'amount' | 'percentage'>,
  value: Exact,
  share?: { part: number; whole: number },
): Exact {
  const { amount, rate } = parseRule(rule);
  const percentPart = rate ? value.times(rate) : Exact.ZERO;
  if (!amount) return percentPart;
  const flat =
    share && share.part !== share.whole ? amount.times(Exact.of(share.part)).div(Exact.of(share.whole)) : amount;
  return percentPart.plus(flat);
}

/**
 * One rule's cost on a trade of this value: amount + percentage % of the value. When the trade is
 * only `share.part` of an order of `share.whole` shares, it bears that part of the flat amount.
 */
export function chargeCost(
  rule: Pick<ChargeRule, 'amount' | 'percentage'>,
  value: Big,
  share?: { part: number; whole: number },
): Big {
  return new Big(exactChargeCost(rule, Exact.of(value), share).toFixed());
}

/** One charge type's cost on one trade, exactly. */
export interface ExactChargeLine extends Omit<ChargeLine, 'amount'> {
  amount: Exact;
}

/**
 * tradeCharges in exact decimals (the listings' per-row maths). `withLines` false: the total alone and
 * no lines (a dashboard sums every holding's charges and shows no breakdown; the lines cost more than the sum).
 */
export function exactTradeCharges(
  rules: readonly ChargeRule[],
  trade: Trade,
  withLines = true,
): { total: Exact; lines: ExactChargeLine[] } {
  const value = Exact.of(trade.price).times(Exact.of(trade.quantity));
  const share = { part: trade.quantity, whole: trade.orderQuantity ?? trade.quantity };
  let total = Exact.ZERO;
  const lines: ExactChargeLine[] = [];
  for (const rule of applicableCharges(rules, trade)) {
    const amount = exactChargeCost(rule, value, share);
    total = total.plus(amount);
    if (withLines)
      lines.push({
        chargeId: rule.id,
        chargeTypeId: rule.chargeTypeId,
        chargeTypeName: rule.chargeTypeName,
        side: trade.side,
        amount,
      });
  }
  return { total, lines };
}

/** Every charge of one trade, one line per charge type in force, and their total. */
export function tradeCharges(rules: readonly ChargeRule[], trade: Trade): { total: Big; lines: ChargeLine[] } {
  const exact = exactTradeCharges(rules, trade);
  return {
    total: new Big(exact.total.toFixed()),
    lines: exact.lines.map((line) => ({ ...line, amount: new Big(line.amount.toFixed()) })),
  };
}
