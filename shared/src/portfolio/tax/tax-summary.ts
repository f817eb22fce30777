/**
 * A year's capital gains summed up (docs/product/tax.md#rules): intraday profit and turnover apart;
 * short-term and long-term gains net of losses within their term, each on both sides of
 * 23-Jul-2024; then the set-off within the year and the estimated tax:
 * 1. losses against gains of the same term;
 * 2. what is left of short-term losses against long-term gains (long-term losses never against
 *    short-term gains);
 * 3. the long-term exemption;
 * every set-off and the exemption going first to the gains taxed at the higher rate. What no gain
 * absorbs is a loss carried forward (shown, not applied to other years). The estimated tax is the
 * rates × the taxable gains, before surcharge and cess; intraday profit is business income, taxed at
 * the investor's slab rate, and left out of it.
 */
import Big from 'big.js';
import type { TaxExit } from './capital-gains.js';
import { longTermExemption, RATE_CHANGE_DATE, taxRates, type FinancialYear } from './tax-rules.js';

export interface CapitalGainsSummary {
  intradayProfit: string;
  intradayTurnover: string;
  shortTermGain: string;
  longTermGain: string;
  shortTermGainBefore23Jul2024: string;
  shortTermGainFrom23Jul2024: string;
  longTermGainBefore23Jul2024: string;
  longTermGainFrom23Jul2024: string;
  /** The part of the exemption used (at most the year's ₹1,00,000 or ₹1,25,000). */
  longTermExemption: string;
  /** Losses no gain of the year absorbed. */
  lossCarriedForward: string;
  shortTermLossCarriedForward: string;
  longTermLossCarriedForward: string;
  /** What is left of the exemption for the rest of the year. */
  longTermExemptionLeft: string;
  /** The taxable gains after set-off and exemption, by rate (%). */
  taxableByRate: Array<{ category: 'SHORT_TERM' | 'LONG_TERM'; rate: string; taxable: string }>;
  estimatedTax: string;
}

const ZERO = new Big(0);
const min = (a: Big, b: Big) => (a.lt(b) ? a : b);

interface Bucket {
  category: 'SHORT_TERM' | 'LONG_TERM';
  rate: Big;
  gains: Big;
}

/** Takes `amount` from the buckets, highest rate first; answers what could not be taken. */
function absorb(buckets: Bucket[], amount: Big): Big {
  let left = amount;
  for (const bucket of [...buckets].sort((a, b) => b.rate.cmp(a.rate))) {
    if (left.lte(0)) break;
    const taken = min(bucket.gains, left);
    bucket.gains = bucket.gains.minus(taken);
    left = left.minus(taken);
  }
  return left;
}

export function summariseCapitalGains(year: FinancialYear, exits: readonly TaxExit[]): CapitalGainsSummary {
  let intradayProfit = ZERO;
  let intradayTurnover = ZERO;
  const net = { SHORT_TERM: { before: ZERO, from: ZERO }, LONG_TERM: { before: ZERO, from: ZERO } };
  const gains = { SHORT_TERM: { before: ZERO, from: ZERO }, LONG_TERM: { before: ZERO, from: ZERO } };
  const losses = { SHORT_TERM: ZERO, LONG_TERM: ZERO };
  for (const exit of exits) {
    const gain = new Big(exit.gain);
    if (exit.category === 'INTRADAY') {
      intradayProfit = intradayProfit.plus(gain);
      // the turnover of speculative trades: the sum of each day's profits and losses, all counted positive
      intradayTurnover = intradayTurnover.plus(gain.abs());
      continue;
    }
    const side = exit.sellDate < RATE_CHANGE_DATE ? 'before' : 'from';
    net[exit.category][side] = net[exit.category][side].plus(gain);
    if (gain.gt(0)) gains[exit.category][side] = gains[exit.category][side].plus(gain);
    else losses[exit.category] = losses[exit.category].plus(gain.abs());
  }

  const bucket = (category: 'SHORT_TERM' | 'LONG_TERM', side: 'before' | 'from'): Bucket => {
    const rates = taxRates(side === 'before' ? '2024-07-22' : RATE_CHANGE_DATE);
    return {
      category,
      rate: new Big(category === 'SHORT_TERM' ? rates.shortTerm : rates.longTerm),
      gains: gains[category][side],
    };
  };
  const shortTerm = [bucket('SHORT_TERM', 'before'), bucket('SHORT_TERM', 'from')];
  const longTerm = [bucket('LONG_TERM', 'before'), bucket('LONG_TERM', 'from')];
  // 1. within the term; 2. then short-term losses left against long-term gains
  const longTermLossLeft = absorb(longTerm, losses.LONG_TERM);
  const shortTermLossLeft = absorb(longTerm, absorb(shortTerm, losses.SHORT_TERM));
  // 3. the exemption, on long-term gains only
  const exemption = new Big(longTermExemption(year));
  const exemptionLeft = absorb(longTerm, exemption);

  const all = [...shortTerm, ...longTerm];
  const estimatedTax = all.reduce((sum, item) => sum.plus(item.gains.times(item.rate).div(100)), ZERO);
  const total = (sides: { before: Big; from: Big }) => sides.before.plus(sides.from);
  return {
    intradayProfit: intradayProfit.toFixed(),
    intradayTurnover: intradayTurnover.toFixed(),
    shortTermGain: total(net.SHORT_TERM).toFixed(),
    longTermGain: total(net.LONG_TERM).toFixed(),
    shortTermGainBefore23Jul2024: net.SHORT_TERM.before.toFixed(),
    shortTermGainFrom23Jul2024: net.SHORT_TERM.from.toFixed(),
    longTermGainBefore23Jul2024: net.LONG_TERM.before.toFixed(),
    longTermGainFrom23Jul2024: net.LONG_TERM.from.toFixed(),
    longTermExemption: exemption.minus(exemptionLeft).toFixed(),
    longTermExemptionLeft: exemptionLeft.toFixed(),
    lossCarriedForward: shortTermLossLeft.plus(longTermLossLeft).toFixed(),
    shortTermLossCarriedForward: shortTermLossLeft.toFixed(),
    longTermLossCarriedForward: longTermLossLeft.toFixed(),
    taxableByRate: all
      .filter((item) => item.gains.gt(0))
      .map((item) => ({ category: item.category, rate: item.rate.toFixed(), taxable: item.gains.toFixed() })),
    estimatedTax: estimatedTax.round(2, Big.roundHalfUp).toFixed(),
  };
}
