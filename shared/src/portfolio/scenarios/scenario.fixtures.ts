/**
 * What the P&L scenarios share: they trade for firm 1 in segment 10 on NSE, "today" is 2025-03-20,
 * and rules start on 2024-01-01 unless a scenario says otherwise. Builders keep each scenario file
 * down to its own numbers. (Test support: excluded from the package build.)
 */
import type { ChargeRule, ChargeSide, HoldingPosition, TradebookTrade } from '../index.js';

export const FIRM_ID = 1;
export const SEGMENT_ID = 10;
export const TODAY = '2025-03-20';

/** One id per charge type name, as the charge_types table would give them. */
const CHARGE_TYPE_IDS: Record<string, number> = {
  Brokerage: 1,
  STT: 2,
  'Exchange transaction charges': 3,
  'Stamp duty': 4,
};

/** A charge rule of the scenarios' firm, segment and exchange: `amount` rupees + `percentage` % per trade. */
export function rule(
  id: number,
  chargeTypeName: string,
  onBuySell: ChargeSide,
  amount: string,
  percentage: string,
  fields: Partial<ChargeRule> = {},
): ChargeRule {
  return {
    id,
    chargeTypeId: CHARGE_TYPE_IDS[chargeTypeName] ?? 99,
    chargeTypeName,
    brokerageFirmId: FIRM_ID,
    segmentId: SEGMENT_ID,
    exchange: 'NSE',
    onBuySell,
    amount,
    percentage,
    effectiveDate: '2024-01-01',
    ...fields,
  };
}

/** A holding of the scenarios' firm and segment, on NSE unless given. */
export function position(
  fields: Omit<HoldingPosition, 'brokerageFirmId' | 'segmentId' | 'exchange'> & { exchange?: string },
): HoldingPosition {
  return { brokerageFirmId: FIRM_ID, segmentId: SEGMENT_ID, exchange: 'NSE', ...fields };
}

/** A builder of one symbol's tradebook lines on NSE, without trade ids: `trade(line, date, side, quantity, price)`. */
export function tradebookTrades(symbol: string) {
  return (
    line: number,
    date: string,
    side: TradebookTrade['side'],
    quantity: number,
    price: string,
  ): TradebookTrade => ({
    line,
    date,
    symbol,
    side,
    quantity,
    price,
    exchange: 'NSE',
    tradeId: null,
  });
}
