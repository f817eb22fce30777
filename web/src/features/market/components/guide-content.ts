/**
 * The User Guide's text (docs/product/market.md, "User Guide"): the eight moving averages with a description,
 * the formula and their uses, and the in-depth SMA article (formula, worked 5-day example, periods
 * table, limitations, SMA vs EMA). The formulas are the ones shared/src/market/moving-averages.ts
 * computes, so what the guide says is what the charts draw. The worked example's figures are checked
 * against that code in guide-content.test.ts.
 */
import { MOVING_AVERAGE_NAMES, type MovingAverageKind } from '@bazaar/shared';

export interface AverageGuide {
  kind: MovingAverageKind;
  /** Abbreviation as the guide shows it (KAMA is also known as AMA). */
  abbreviation: string;
  name: string;
  description: string;
  /** Plain-text formula lines (Pₜ = close of day t, n = window). */
  formula: string[];
  uses: string;
}

export const AVERAGE_GUIDES: AverageGuide[] = [
  {
    kind: 'SMA',
    abbreviation: 'SMA',
    name: MOVING_AVERAGE_NAMES.SMA,
    description:
      'The plain average of the last n closing prices. Every day in the window counts the same, and the oldest day drops out as a new one comes in.',
    formula: ['SMA = (P₁ + P₂ + … + Pₙ) ÷ n'],
    uses: 'Shows the underlying trend by smoothing out daily noise; the 50-day and 200-day SMAs are the classic support, resistance and crossover lines.',
  },
  {
    kind: 'EMA',
    abbreviation: 'EMA',
    name: MOVING_AVERAGE_NAMES.EMA,
    description:
      'An average that gives recent prices more weight, so it turns sooner than the SMA. It starts from the SMA of the first n closes and then moves a fixed share α towards each new close.',
    formula: ['α = 2 ÷ (n + 1)', 'EMAₜ = α × Pₜ + (1 − α) × EMAₜ₋₁'],
    uses: 'Short-term trading signals and crossovers (for example the 12- and 26-day EMAs behind MACD), where reacting quickly matters more than smoothness.',
  },
  {
    kind: 'WMA',
    abbreviation: 'WMA',
    name: MOVING_AVERAGE_NAMES.WMA,
    description:
      'A linearly weighted average: the newest close is weighted n, the one before n − 1, down to 1 for the oldest close in the window.',
    formula: ['WMA = (n × Pₜ + (n − 1) × Pₜ₋₁ + … + 1 × Pₜ₋ₙ₊₁) ÷ (n × (n + 1) ÷ 2)'],
    uses: 'When recent prices should count more than old ones but every day should still leave the window completely after n days.',
  },
  {
    kind: 'HMA',
    abbreviation: 'HMA',
    name: MOVING_AVERAGE_NAMES.HMA,
    description:
      "Alan Hull's average combines two weighted averages to cut the lag almost entirely while staying smooth.",
    formula: ['HMA = WMA over ⌊√n⌋ days of (2 × WMA(⌊n ÷ 2⌋) − WMA(n))'],
    uses: 'Spotting turns early in fast-moving stocks; its direction (rising or falling) is read as the trend.',
  },
  {
    kind: 'SMMA',
    abbreviation: 'SMMA',
    name: MOVING_AVERAGE_NAMES.SMMA,
    description:
      "The smoothed (Wilder's) average: each day keeps (n − 1) ÷ n of the previous value and adds 1 ÷ n of the new close. It starts from the SMA of the first n closes.",
    formula: ['SMMAₜ = (SMMAₜ₋₁ × (n − 1) + Pₜ) ÷ n'],
    uses: 'Long, steady trend lines with little whipsaw; it is also the smoothing inside RSI and ATR.',
  },
  {
    kind: 'KAMA',
    abbreviation: 'AMA / KAMA',
    name: MOVING_AVERAGE_NAMES.KAMA,
    description:
      "Perry Kaufman's adaptive average speeds up when prices move steadily in one direction and slows down when they move sideways. The efficiency ratio ER measures how directional the last n days were.",
    formula: [
      'ER = |Pₜ − Pₜ₋ₙ| ÷ (sum of |Pᵢ − Pᵢ₋₁| over the last n days)',
      'SC = (ER × (2/3 − 2/31) + 2/31)²',
      'KAMAₜ = KAMAₜ₋₁ + SC × (Pₜ − KAMAₜ₋₁)',
    ],
    uses: 'Following trends while ignoring sideways noise; price crossing KAMA is a signal that is seldom false in quiet markets.',
  },
  {
    kind: 'DEMA',
    abbreviation: 'DEMA',
    name: MOVING_AVERAGE_NAMES.DEMA,
    description:
      "Patrick Mulloy's double exponential average subtracts the lag of an EMA by comparing it with an EMA of itself.",
    formula: ['DEMA = 2 × EMA(n) − EMA(EMA(n))'],
    uses: 'A faster EMA for short-term entries and exits and for crossovers with a slower average.',
  },
  {
    kind: 'TEMA',
    abbreviation: 'TEMA',
    name: MOVING_AVERAGE_NAMES.TEMA,
    description:
      "Patrick Mulloy's triple exponential average goes one step further than DEMA, removing still more of the lag.",
    formula: ['TEMA = 3 × EMA(n) − 3 × EMA(EMA(n)) + EMA(EMA(EMA(n)))'],
    uses: 'Very responsive trend following and momentum trading; the quickest of the eight to react.',
  },
];

/** The worked example of the SMA article: five closes and the averages they give. */
export const SMA_EXAMPLE = {
  dates: ['Day 1', 'Day 2', 'Day 3', 'Day 4', 'Day 5', 'Day 6'],
  closes: ['100.00', '102.00', '101.00', '105.00', '107.00', '110.00'],
  // (100 + 102 + 101 + 105 + 107) ÷ 5 = 515 ÷ 5 = 103.00
  firstAverage: '103.00',
  // day 6: Day 1 drops out, Day 6 comes in: (102 + 101 + 105 + 107 + 110) ÷ 5 = 525 ÷ 5 = 105.00
  nextAverage: '105.00',
} as const;

/** The periods table of the SMA article. */
export const SMA_PERIODS: Array<{ term: string; periods: string; use: string }> = [
  { term: 'Short term', periods: '5, 10', use: 'Daily and weekly swings; quick signals for traders.' },
  { term: 'Mid term', periods: '20, 50', use: 'The trend of the last month to quarter; swing trading.' },
  { term: 'Long term', periods: '100, 200', use: 'The primary trend; long-term investors and the 50/200 crossover.' },
];

/**
 * "Adjusted prices" of the User Guide (docs/product/market.md#adjusted-prices): why and how prices are
 * adjusted for splits, bonuses and consolidations, with HDFCBANK's 2-for-1 split of 19-Sep-2019. The
 * figures are the real bhavcopy's (checked in guide-content.test.ts): the highest high of the 12 months
 * to 31-Mar-2020 was 2,503.30 on 03-Jul-2019 before the split; divided by 2 that day is 1,251.65, and the
 * adjusted 12-month high is 1,305.50 of 19-Dec-2019.
 */
export const ADJUSTED_PRICES_GUIDE = {
  why: 'On a split or a bonus a company gives its shareholders more shares for the ones they hold, and the price per share falls by the same factor: the investor is no better or worse off. Raw prices then show a cliff on the ex-date that is not a real fall, and every figure that compares days (12-month highs and lows, trend lists, the day’s change, moving averages, charts) would be wrong.',
  how: 'Every price before the ex-date of a split, bonus or consolidation is divided by its factor, so all days are in today’s shares. The factors come from the exchange’s corporate-actions file: a face-value split from ₹A to ₹B has factor A ÷ B, a bonus a:b (a new shares for every b held) (a + b) ÷ b, and several events multiply. An event counts once its ex-date is on or before the latest trading day loaded. Dividends are cash, not an adjustment: they are marked on the charts and credited to holdings.',
  formula: ['adjusted price of day d = raw price ÷ (product of the factors of the events with an ex-date after d)'],
  raw: 'Company Analysis marks each ex-date on its charts and has a toggle Adjusted / Raw to see the prices as traded.',
  /** docs/product/portfolio.md#corporate-actions; the HDFCBANK figures are the real closes of 03-Jun-2019 and 31-Mar-2020. */
  holdings:
    'Your holdings follow the same events. A holding bought before an ex-date and not sold before it is shown in today’s shares: quantity × factor and price ÷ factor, with an “adjusted” badge whose hover gives the trade as you entered it. What you paid, and so your P&L, does not change on an ex-date, and a sale counts in today’s shares. A dividend is credited for the shares you held on its ex-date (bought before it, not sold before it), as they were then, and adds to your net P&L. Example: 10 HDFCBANK bought on 03-Jun-2019 at ₹2,457.10 (₹24,571.00) show as 20 at ₹1,228.55 after the split; the dividends of 20-Jun-2019 (₹15) and 01-Aug-2019 (₹5) are credited on 10 shares, ₹200.00; at the close of 31-Mar-2020 (₹861.90) the 20 shares are worth ₹17,238.00: gross P&L −₹7,333.00, net −₹7,133.00 before charges.',
  example: {
    symbol: 'HDFCBANK',
    event: 'Face value split from ₹2 to ₹1 (1:2 split), ex-date 19-Sep-2019, factor 2',
    rawHigh: '2,503.30',
    rawHighDate: '03-Jul-2019',
    adjustedThatDay: '1,251.65',
    adjustedHigh: '1,305.50',
    adjustedHighDate: '19-Dec-2019',
    closeBefore: '2,187.75',
    closeOnExDate: '1,101.05',
  },
} as const;
