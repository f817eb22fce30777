/** The portfolio against an index (docs/product/home.md#against-the-market), as the REST API computes it. */
import type { BenchmarkPeriod, Resolvers } from '../__generated__/resolvers-types.js';
import { numericId } from '../graphql/errors.js';

/** REST's period names ('1M') as GraphQL's enum values (a name cannot start with a digit). */
const PERIODS: Record<string, BenchmarkPeriod> = {
  '1M': 'P1M',
  '3M': 'P3M',
  '6M': 'P6M',
  '1Y': 'P1Y',
  FY: 'FY',
  ALL: 'ALL',
};

export const benchmarkResolvers: Resolvers = {
  Query: {
    benchmark: (_parent, { index, brokerageFirmId, from, to }, { dataSources }) =>
      dataSources.benchmark.benchmark({
        index: index ?? 'NIFTY 50 TRI',
        brokerageFirm:
          brokerageFirmId === null || brokerageFirmId === undefined
            ? null
            : String(numericId(brokerageFirmId, 'brokerageFirmId')),
        from,
        to,
      }),
  },
  BenchmarkPeriodReturn: {
    period: (row) => PERIODS[row.period] ?? 'ALL',
  },
};
