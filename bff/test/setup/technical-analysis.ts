/**
 * The technicalAnalysis query the market tests send: every trend list (highs and lows of each
 * period, each item in full) and the highest prices, so a test can compare it with the REST reads.
 */

/** The GraphQL field of each REST trend period. */
export const TREND_FIELDS = {
  WEEKLY: 'weekly',
  MONTHLY: 'monthly',
  QUARTERLY: 'quarterly',
  HALFYEARLY: 'halfYearly',
  YEARLY: 'yearly',
} as const;

export type TrendPeriod = keyof typeof TREND_FIELDS;
export const TREND_PERIODS = Object.keys(TREND_FIELDS) as TrendPeriod[];

/** Every field of a trend item. */
export const TREND_ITEM = 'symbol presentClose previousClose change changePercent presentDate previousDate';

const LISTS = Object.values(TREND_FIELDS)
  .map((field) => `${field} { ${TREND_ITEM} }`)
  .join(' ');

/** The query, headed `head` (a name, variables), the field taking `args` (e.g. '(asOf: $asOf)'). */
export function technicalAnalysisQuery(head: string, args = ''): string {
  const highest = 'highestPrices { symbol highPrice highDate lowPrice lowDate }';
  return `${head} { technicalAnalysis${args} { asOf highs { ${LISTS} } lows { ${LISTS} } ${highest} } }`;
}
