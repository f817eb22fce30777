/**
 * technicalAnalysis.coverage, watchlist.yearCoverage and Company Analysis' priceSeries.coverage through GraphQL against the real REST API
 * (docs/product/market.md#short-history), on the real NSE bhavcopies of the last three trading days
 * of March 2020 (27, 30 and 31 March). Worked by hand: with 27 March the first day loaded, no
 * window of 31 March is covered (the shortest, WEEKLY, starts after 24 March < 27 March); each
 * holds the 3 days. As of 30 March the week after 23 March holds 2 (27 and 30 March).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, type GraphQLClient, useStack } from './setup/stack.js';
import { legacyBhavcopyFiles, loadLegacyBhavcopies } from '../../api/test/market/support/bhavcopy.js';

const COVERAGE = 'coverage { period covered windowStart firstLoadedDate tradingDaysLoaded }';
interface Coverage {
  period: string;
  covered: boolean;
  windowStart: string;
  firstLoadedDate: string | null;
  tradingDaysLoaded: number;
}

describe('period coverage through GraphQL', () => {
  const stack = useStack({ bff: { marketVersionCheckMs: 0 } });
  let anonymous: GraphQLClient;
  let investor: GraphQLClient;

  beforeAll(async () => {
    const files = legacyBhavcopyFiles().filter((file) => /(27|30|31)MAR2020\.csv$/.test(file));
    expect(files).toHaveLength(3);
    await loadLegacyBhavcopies(stack.api.app, files);
    anonymous = stack.client();
    investor = await stack.clientAs('investor');
  }, 600_000);

  it('says no window of 31 March is covered by 3 trading days', async () => {
    const data = await ok<{ technicalAnalysis: { asOf: string; coverage: Coverage[] } }>(
      anonymous,
      `{ technicalAnalysis { asOf ${COVERAGE} } }`,
    );
    expect(data.technicalAnalysis.asOf).toBe('2020-03-31');
    const starts = ['2020-03-24', '2020-02-29', '2019-12-31', '2019-09-30', '2019-03-31'];
    expect(data.technicalAnalysis.coverage).toEqual(
      ['WEEKLY', 'MONTHLY', 'QUARTERLY', 'HALFYEARLY', 'YEARLY'].map((period, index) => ({
        period,
        covered: false,
        windowStart: starts[index],
        firstLoadedDate: '2020-03-27',
        tradingDaysLoaded: 3,
      })),
    );
  });

  it('answers the coverage of the windows of a past day', async () => {
    const data = await ok<{ technicalAnalysis: { coverage: Coverage[] } }>(
      anonymous,
      `{ technicalAnalysis(asOf: "2020-03-30") { ${COVERAGE} } }`,
    );
    expect(data.technicalAnalysis.coverage[0]).toEqual({
      period: 'WEEKLY',
      covered: false,
      windowStart: '2020-03-23',
      firstLoadedDate: '2020-03-27',
      tradingDaysLoaded: 2,
    });
  });

  it('gives each watch list row the coverage of its 12-month high and low', async () => {
    await ok(investor, 'mutation { watchSymbol(symbol: "RELIANCE") { symbol } }');
    const data = await ok<{ watchlist: Array<{ symbol: string; yearCoverage: Coverage | null }> }>(
      investor,
      '{ watchlist { symbol yearCoverage { period covered windowStart firstLoadedDate tradingDaysLoaded } } }',
    );
    expect(data.watchlist).toEqual([
      {
        symbol: 'RELIANCE',
        yearCoverage: {
          period: 'YEARLY',
          covered: false,
          windowStart: '2019-03-31',
          firstLoadedDate: '2020-03-27',
          tradingDaysLoaded: 3,
        },
      },
    ]);
  });

  it("gives each of Company Analysis' price series the coverage of its window", async () => {
    const data = await ok<{
      companyAnalysis: {
        pricesUpTo: string;
        priceSeries: Array<{ period: string; dates: string[]; coverage: Coverage | null }>;
      };
    }>(anonymous, `{ companyAnalysis(symbol: "RELIANCE") { pricesUpTo priceSeries { period dates ${COVERAGE} } } }`);
    expect(data.companyAnalysis.pricesUpTo).toBe('2020-03-31');
    const starts = ['2020-03-24', '2020-02-29', '2019-12-31', '2019-09-30', '2019-03-31'];
    expect(data.companyAnalysis.priceSeries).toEqual(
      ['WEEKLY', 'MONTHLY', 'QUARTERLY', 'HALFYEARLY', 'YEARLY'].map((period, index) => ({
        period,
        dates: ['2020-03-27', '2020-03-30', '2020-03-31'],
        coverage: {
          period,
          covered: false,
          windowStart: starts[index],
          firstLoadedDate: '2020-03-27',
          tradingDaysLoaded: 3,
        },
      })),
    );
    const unknown = await ok<{ companyAnalysis: { priceSeries: Array<{ coverage: Coverage | null }> } }>(
      anonymous,
      `{ companyAnalysis(symbol: "NOSUCHCO") { priceSeries { ${COVERAGE} } } }`,
    );
    expect(unknown.companyAnalysis.priceSeries.map((series) => series.coverage)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
