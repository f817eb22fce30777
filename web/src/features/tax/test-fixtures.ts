/**
 * The Tax P&L tests' rows, one home for the view's and the page's tests: a lot still held and an exit, each with
 * every field of the page's query, changed by `overrides`.
 */
import type { OpenLotRow, TaxExitRow } from './components/tax-view';

export const ZERODHA = { id: '1', name: 'Zerodha' };

/** 10 TCS bought on 10-Jan-2025 for ₹1,000, long term from 11-Jan-2026 (30 days away), ₹200 short-term gain at ₹120. */
export function openLot(overrides: Partial<OpenLotRow> = {}): OpenLotRow {
  return {
    brokerageFirm: ZERODHA,
    symbol: 'TCS',
    acquired: '2025-01-10',
    quantity: '10',
    cost: '1000',
    bonus: false,
    longTermFrom: '2026-01-11',
    daysToLongTerm: 30,
    close: '120',
    closeDate: '2025-12-11',
    categoryIfSold: 'SHORT_TERM',
    gainIfSold: '200',
    ...overrides,
  };
}

/** One TCS share bought on 2-May-2024 for ₹100 and sold on 1-Aug-2024 for ₹150: a short-term gain of ₹50. */
export function exitRow(overrides: Partial<TaxExitRow> = {}): TaxExitRow {
  return {
    brokerageFirm: ZERODHA,
    symbol: 'TCS',
    isin: null,
    category: 'SHORT_TERM',
    quantity: '1',
    buyDate: '2024-05-02',
    sellDate: '2024-08-01',
    buyValue: '100',
    sellValue: '150',
    fairMarketValue: null,
    costOfAcquisition: '100',
    transferExpenses: '0',
    gain: '50',
    holdingDays: 91,
    bonus: false,
    ...overrides,
  };
}
