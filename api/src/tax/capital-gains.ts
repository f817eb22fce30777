/**
 * The capital-gains report of a caller and a financial year (docs/product/tax.md): the trades of
 * every firm read (db/queries/tax/capital-gains.ts), computed by @bazaar/shared (computeCapitalGains,
 * summariseCapitalGains), with the open lots as "Before you sell" sees them: the day each turns
 * long term and the gain of selling it at its latest close.
 */
import Big from 'big.js';
import {
  computeCapitalGains,
  daysBetween,
  exchangeToday,
  financialYearOf,
  isLongTerm,
  summariseCapitalGains,
  twelveMonthsAfter,
  type FinancialYear,
  type TaxExit,
} from '@bazaar/shared';
import type { CapitalGainsDto, OpenTaxLotDto } from '@bazaar/shared/contract';
import type { Database } from '../db/client.js';
import { holdsAtFirm, loadTaxInputs } from '../db/queries/tax/capital-gains.js';
import { NotFoundError } from '../errors.js';

/** The report and what its files need beyond the answer (the actual cost of each exit, the names). */
export interface CapitalGainsReport {
  dto: CapitalGainsDto;
  exits: TaxExit[];
  names: Map<string, string>;
}

/** The day after `date`, YYYY-MM-DD. */
function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

export async function capitalGainsReport(
  db: Database,
  userId: number,
  year: FinancialYear,
  firmId?: number,
): Promise<CapitalGainsReport> {
  if (firmId !== undefined && !(await holdsAtFirm(db, userId, firmId)))
    throw new NotFoundError(`You have no holdings at brokerage firm ${firmId}`);
  const inputs = await loadTaxInputs(db, userId, firmId);
  const result = computeCapitalGains({
    year,
    trades: inputs.trades,
    events: inputs.events,
    fairMarketValues: inputs.fairMarketValues,
    isins: inputs.isins,
  });
  const summary = summariseCapitalGains(year, result.exits);
  const today = exchangeToday();

  const openLots: OpenTaxLotDto[] = result.openLots.map((lot) => {
    const quote = inputs.closes.get(lot.symbol);
    const longTermFrom = nextDay(twelveMonthsAfter(lot.acquired));
    const sellOn = quote?.tradeDate ?? today;
    const longTerm = isLongTerm(lot.acquired, sellOn);
    let gainIfSold: string | null = null;
    if (quote) {
      const value = new Big(quote.closePrice).times(lot.quantity);
      let cost = new Big(lot.cost);
      if (longTerm && lot.fairMarketValue !== null) {
        const fmv = new Big(lot.fairMarketValue).times(lot.quantity);
        const lower = fmv.lt(value) ? fmv : value;
        if (lower.gt(cost)) cost = lower;
      }
      gainIfSold = value.minus(cost).toFixed();
    }
    return {
      brokerageFirm: lot.brokerageFirm,
      symbol: lot.symbol,
      acquired: lot.acquired,
      quantity: lot.quantity,
      cost: lot.cost,
      bonus: lot.bonus,
      longTermFrom,
      daysToLongTerm: Math.max(0, daysBetween(today, longTermFrom)),
      close: quote?.closePrice ?? null,
      closeDate: quote?.tradeDate ?? null,
      categoryIfSold: longTerm ? 'LONG_TERM' : 'SHORT_TERM',
      gainIfSold,
    };
  });
  openLots.sort((a, b) =>
    a.acquired < b.acquired ? -1 : a.acquired > b.acquired ? 1 : a.symbol.localeCompare(b.symbol),
  );

  const yearsWithSales = [...new Set(inputs.saleDates.map((date) => financialYearOf(date).name))].sort().reverse();
  const dto: CapitalGainsDto = {
    financialYear: year.name,
    from: year.from,
    to: year.to,
    exits: result.exits.map(({ actualCost: _actualCost, ...exit }) => exit),
    summary,
    warnings: result.warnings,
    yearsWithSales,
    openLots,
  };
  return { dto, exits: result.exits, names: inputs.names };
}
