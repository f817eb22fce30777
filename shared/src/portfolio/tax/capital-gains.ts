/**
 * Capital gains of listed equity shares for India's income-tax return (docs/product/tax.md#rules),
 * from every trade of every firm: pure, the API hands it the trades, the splits and bonuses, the
 * fair market values of 31-Jan-2018 and D's closes.
 *
 * Per firm (a demat account) and symbol, in date order: on an ex-date, a split or consolidation
 * multiplies every lot's shares by its factor (cost and acquisition date stay); a bonus a:b adds a
 * lot of ⌊q·a/b⌋ shares per lot, cost zero, acquired on the ex-date. On a day, the shares both bought
 * and sold (the smaller quantity) are intraday: speculative business income at the day's average
 * buy and sell prices, apart from capital gains; the rest of the day's sales close the oldest lots
 * first (FIFO), whatever lot a hand sale closed in the holdings view; the rest of its buys become
 * one lot at their average price. A sale after twelve months is long term; a long-term lot acquired
 * before 1-Feb-2018 costs max(actual cost, min(fair market value, sale value)) (section 55(2)(ac)).
 * The charges of a buy are part of its cost, those of a sale are transfer expenses; STT is neither
 * (the API leaves it out), but intraday profit is net of every charge (a business's expense).
 * Amounts are exact decimals (big.js); a trade's charges are shared among its parts in paise, the
 * last part taking what is left, so the parts add up to the whole.
 */
import Big from 'big.js';
import { daysBetween, GRANDFATHERING_CUTOFF, GRANDFATHERING_DAY, isLongTerm, type FinancialYear } from './tax-rules.js';

export type ExitCategory = 'INTRADAY' | 'SHORT_TERM' | 'LONG_TERM';

export interface TaxFirm {
  id: number;
  name: string;
}

/** One trade: a buy, or a sale counted in the shares of its date. */
export interface TaxTrade {
  firm: TaxFirm;
  symbol: string;
  side: 'BUY' | 'SELL';
  /** YYYY-MM-DD. */
  date: string;
  /** Shares, exact (a whole number but for rows a bonus left a fraction to). */
  quantity: string;
  /** Rupees per share, exact. */
  price: string;
  /** Its charges that count for capital gains (STT left out), exact. */
  charges: string;
  /** Its STT (and any charge type marked as STT), exact: part of intraday profit only. */
  stt: string;
}

/** A split, consolidation or bonus of a symbol. */
export interface TaxShareEvent {
  exDate: string;
  kind: 'split' | 'consolidation' | 'bonus';
  /** Shares after ÷ shares before: split A/B, bonus a:b (a+b)/b. */
  factor: string;
}

export interface CapitalGainsInput {
  year: FinancialYear;
  trades: readonly TaxTrade[];
  events: ReadonlyMap<string, readonly TaxShareEvent[]>;
  /**
   * Each symbol's highest price on 31-Jan-2018, or on the latest earlier day it traded; null when
   * the 31-Jan-2018 prices are not loaded (the lots that need them keep their actual cost, with a warning).
   */
  fairMarketValues: ReadonlyMap<string, { date: string; high: string }> | null;
  isins: ReadonlyMap<string, string>;
}

export interface TaxExit {
  brokerageFirm: TaxFirm;
  symbol: string;
  isin: string | null;
  category: ExitCategory;
  quantity: string;
  buyDate: string;
  sellDate: string;
  /** Shares × buy price (zero for a bonus lot). */
  buyValue: string;
  /** Shares × sell price: the full value of consideration. */
  sellValue: string;
  /** Per share, after later splits; null unless the lot was grandfathered. */
  fairMarketValue: string | null;
  /** Buy value and buy charges, after grandfathering. */
  costOfAcquisition: string;
  /** The sale's charges (STT left out). */
  transferExpenses: string;
  /** sellValue − costOfAcquisition − transferExpenses (intraday: net of every charge, STT included). */
  gain: string;
  holdingDays: number;
  /** The lot is a bonus (cost zero, acquired on the ex-date). */
  bonus: boolean;
  /** The actual cost (buy value and charges) before grandfathering. */
  actualCost: string;
}

/** An open lot as the tax view holds it (after splits, with its bonus lots apart). */
export interface TaxLot {
  brokerageFirm: TaxFirm;
  symbol: string;
  acquired: string;
  quantity: string;
  /** Buy value and buy charges of the shares left. */
  cost: string;
  bonus: boolean;
  /** Per share, when the lot is grandfathered and the value known. */
  fairMarketValue: string | null;
}

export interface CapitalGainsResult {
  /** The exits of the year's sales, by sale date, firm, symbol. */
  exits: TaxExit[];
  /** Every lot still open after all the trades. */
  openLots: TaxLot[];
  warnings: string[];
}

const ZERO = new Big(0);
const PAISE = 2;

interface Lot {
  acquired: string;
  quantity: Big;
  /** Buy value of the shares left. */
  value: Big;
  /** Buy charges of the shares left. */
  charges: Big;
  bonus: boolean;
  /** Product of the split and consolidation factors with an ex-date after 31-Jan-2018 (the FMV's divisor). */
  laterSplits: Big;
  /** Acquired before 1-Feb-2018 (a bonus then too). */
  grandfathered: boolean;
}

/** `amount` × part ÷ whole, in paise, or all that is left when the part is the whole. */
function share(amount: Big, part: Big, whole: Big): Big {
  if (part.gte(whole)) return amount;
  return amount.times(part).div(whole).round(PAISE, Big.roundHalfUp);
}

interface DayTrades {
  buys: TaxTrade[];
  sells: TaxTrade[];
}

function sumOf(trades: readonly TaxTrade[], pick: (trade: TaxTrade) => Big): Big {
  return trades.reduce((sum, trade) => sum.plus(pick(trade)), ZERO);
}

/** Splits a value of a whole lot in two: the part taken and what stays. */
function takeFrom(lot: Lot, quantity: Big): { value: Big; charges: Big } {
  const value = share(lot.value, quantity, lot.quantity);
  const charges = share(lot.charges, quantity, lot.quantity);
  lot.value = lot.value.minus(value);
  lot.charges = lot.charges.minus(charges);
  lot.quantity = lot.quantity.minus(quantity);
  return { value, charges };
}

export function computeCapitalGains(input: CapitalGainsInput): CapitalGainsResult {
  const { year } = input;
  const exits: TaxExit[] = [];
  const openLots: TaxLot[] = [];
  const warnings: string[] = [];
  const missingFmv = new Map<string, number>();

  // per firm and symbol, the trades by day
  const books = new Map<string, { firm: TaxFirm; symbol: string; days: Map<string, DayTrades> }>();
  for (const trade of input.trades) {
    const key = `${trade.firm.id}\u0000${trade.symbol}`;
    let book = books.get(key);
    if (!book) {
      book = { firm: trade.firm, symbol: trade.symbol, days: new Map() };
      books.set(key, book);
    }
    let day = book.days.get(trade.date);
    if (!day) {
      day = { buys: [], sells: [] };
      book.days.set(trade.date, day);
    }
    (trade.side === 'BUY' ? day.buys : day.sells).push(trade);
  }

  const ordered = [...books.values()].sort(
    (a, b) => a.firm.name.localeCompare(b.firm.name) || (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0),
  );
  for (const { firm, symbol, days } of ordered) {
    const isin = input.isins.get(symbol) ?? null;
    const events = [...(input.events.get(symbol) ?? [])].sort((a, b) => (a.exDate < b.exDate ? -1 : 1));
    const fmv = input.fairMarketValues?.get(symbol) ?? null;
    const lots: Lot[] = [];
    let nextEvent = 0;
    const inYear = (date: string) => date >= year.from && date <= year.to;

    const applyEventsThrough = (date: string) => {
      while (nextEvent < events.length && events[nextEvent]!.exDate <= date) {
        const event = events[nextEvent++]!;
        const factor = new Big(event.factor);
        if (event.kind === 'bonus') {
          // a:b adds q·a/b shares per lot: (factor − 1) × q, whole shares only
          const added: Lot[] = [];
          for (const lot of lots) {
            if (lot.quantity.lte(0)) continue;
            const shares = lot.quantity.times(factor.minus(1)).round(0, Big.roundDown);
            if (shares.gt(0))
              added.push({
                acquired: event.exDate,
                quantity: shares,
                value: ZERO,
                charges: ZERO,
                bonus: true,
                laterSplits: new Big(1),
                grandfathered: event.exDate < GRANDFATHERING_CUTOFF,
              });
          }
          lots.push(...added);
        } else {
          for (const lot of lots) {
            lot.quantity = lot.quantity.times(factor);
            if (event.exDate > GRANDFATHERING_DAY) lot.laterSplits = lot.laterSplits.times(factor);
          }
        }
      }
    };

    for (const date of [...days.keys()].sort()) {
      const { buys, sells } = days.get(date)!;
      // the events of an ex-date come before its trades: the shares held the day before take part
      applyEventsThrough(date);
      const bought = sumOf(buys, (trade) => new Big(trade.quantity));
      const sold = sumOf(sells, (trade) => new Big(trade.quantity));
      const buyValue = sumOf(buys, (trade) => new Big(trade.quantity).times(trade.price));
      const sellValue = sumOf(sells, (trade) => new Big(trade.quantity).times(trade.price));
      const buyCharges = sumOf(buys, (trade) => new Big(trade.charges));
      const sellCharges = sumOf(sells, (trade) => new Big(trade.charges));
      const intraday = bought.lt(sold) ? bought : sold;

      if (intraday.gt(0)) {
        const intradayBuy = share(buyValue, intraday, bought);
        const intradaySell = share(sellValue, intraday, sold);
        const allBuyCharges = buyCharges.plus(sumOf(buys, (trade) => new Big(trade.stt)));
        const allSellCharges = sellCharges.plus(sumOf(sells, (trade) => new Big(trade.stt)));
        const costCharges = share(allBuyCharges, intraday, bought);
        const transfer = share(allSellCharges, intraday, sold);
        if (inYear(date))
          exits.push({
            brokerageFirm: firm,
            symbol,
            isin,
            category: 'INTRADAY',
            quantity: intraday.toFixed(),
            buyDate: date,
            sellDate: date,
            buyValue: intradayBuy.toFixed(),
            sellValue: intradaySell.toFixed(),
            fairMarketValue: null,
            costOfAcquisition: intradayBuy.plus(costCharges).toFixed(),
            transferExpenses: transfer.toFixed(),
            gain: intradaySell.minus(intradayBuy).minus(costCharges).minus(transfer).toFixed(),
            holdingDays: 0,
            bonus: false,
            actualCost: intradayBuy.plus(costCharges).toFixed(),
          });
      }

      // what is left of the day's sales closes the oldest lots first
      let toSell = sold.minus(intraday);
      if (toSell.gt(0)) {
        const restValue = sellValue.minus(share(sellValue, intraday, sold));
        const restCharges = sellCharges.minus(share(sellCharges, intraday, sold));
        const price = restValue.div(toSell);
        let valueLeft = restValue;
        let chargesLeft = restCharges;
        const whole = toSell;
        for (const lot of lots) {
          if (toSell.lte(0)) break;
          if (lot.quantity.lte(0)) continue;
          const quantity = lot.quantity.lt(toSell) ? lot.quantity : toSell;
          toSell = toSell.minus(quantity);
          const last = toSell.lte(0);
          const sale = last ? valueLeft : price.times(quantity).round(PAISE, Big.roundHalfUp);
          const transfer = last ? chargesLeft : share(restCharges, quantity, whole);
          valueLeft = valueLeft.minus(sale);
          chargesLeft = chargesLeft.minus(transfer);
          const acquired = lot.acquired;
          const grandfathered = lot.grandfathered;
          const laterSplits = lot.laterSplits;
          const bonus = lot.bonus;
          const taken = takeFrom(lot, quantity);
          if (!inYear(date)) continue;
          const actual = taken.value.plus(taken.charges);
          const longTerm = isLongTerm(acquired, date);
          let cost = actual;
          let fairMarketValue: string | null = null;
          if (longTerm && grandfathered) {
            if (fmv) {
              const perShare = new Big(fmv.high).div(laterSplits);
              fairMarketValue = perShare.round(PAISE + 2, Big.roundHalfUp).toFixed();
              const fmvTotal = perShare.times(quantity).round(PAISE, Big.roundHalfUp);
              const lower = fmvTotal.lt(sale) ? fmvTotal : sale;
              cost = actual.gt(lower) ? actual : lower;
            } else {
              missingFmv.set(symbol, (missingFmv.get(symbol) ?? 0) + 1);
            }
          }
          exits.push({
            brokerageFirm: firm,
            symbol,
            isin,
            category: longTerm ? 'LONG_TERM' : 'SHORT_TERM',
            quantity: quantity.toFixed(),
            buyDate: acquired,
            sellDate: date,
            buyValue: taken.value.toFixed(),
            sellValue: sale.toFixed(),
            fairMarketValue,
            costOfAcquisition: cost.toFixed(),
            transferExpenses: transfer.toFixed(),
            gain: sale.minus(cost).minus(transfer).toFixed(),
            holdingDays: daysBetween(acquired, date),
            bonus,
            actualCost: actual.toFixed(),
          });
        }
        if (toSell.gt(0))
          warnings.push(
            `${firm.name} ${symbol}: the sale of ${date} sells ${toSell.toFixed()} more shares than the tax view holds then (bonus shares are whole shares here); those shares are left out`,
          );
      }

      // what is left of the day's buys is one lot at their average price
      const restBought = bought.minus(intraday);
      if (restBought.gt(0)) {
        lots.push({
          acquired: date,
          quantity: restBought,
          value: buyValue.minus(share(buyValue, intraday, bought)),
          charges: buyCharges.minus(share(buyCharges, intraday, bought)),
          bonus: false,
          laterSplits: new Big(1),
          grandfathered: date < GRANDFATHERING_CUTOFF,
        });
      }
      // lots sold out leave the front of the queue
      while (lots.length > 0 && lots[0]!.quantity.lte(0)) lots.shift();
    }
    // the events after the last trade still change the open lots
    applyEventsThrough('9999-12-31');
    for (const lot of lots) {
      if (lot.quantity.lte(0)) continue;
      openLots.push({
        brokerageFirm: firm,
        symbol,
        acquired: lot.acquired,
        quantity: lot.quantity.toFixed(),
        cost: lot.value.plus(lot.charges).toFixed(),
        bonus: lot.bonus,
        fairMarketValue:
          lot.grandfathered && fmv
            ? new Big(fmv.high)
                .div(lot.laterSplits)
                .round(PAISE + 2, Big.roundHalfUp)
                .toFixed()
            : null,
      });
    }
  }
  for (const [symbol, count] of missingFmv)
    warnings.push(
      `${symbol}: ${count === 1 ? 'a long-term sale' : `${count} long-term sales`} of shares bought before 1-Feb-2018 need the prices of 31-Jan-2018, which are not loaded: their actual cost is used (ask staff to upload the bhavcopy of 31-Jan-2018)`,
    );
  exits.sort(
    (a, b) =>
      (a.sellDate < b.sellDate ? -1 : a.sellDate > b.sellDate ? 1 : 0) ||
      a.brokerageFirm.name.localeCompare(b.brokerageFirm.name) ||
      (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0) ||
      (a.category === 'INTRADAY' ? -1 : b.category === 'INTRADAY' ? 1 : 0) ||
      (a.buyDate < b.buyDate ? -1 : a.buyDate > b.buyDate ? 1 : 0),
  );
  return { exits, openLots, warnings };
}
