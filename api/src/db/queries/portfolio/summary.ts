/** GET /user/portfolio/summary: the caller's totals per firm (and its segments), per segment and overall. */
import { exchangeToday, sumPortfolio } from '@bazaar/shared';
import type { HoldingDto, PortfolioSummaryDto } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { listBrokerageFirms } from './brokerage-firms.js';
import { listHoldings } from './holdings.js';
import { listSegments } from './segments.js';

/** Totals per firm (and its segments), per segment and overall. Every firm and segment is listed. */
export async function getPortfolioSummary(db: Database, userId: number): Promise<PortfolioSummaryDto> {
  const today = exchangeToday();
  const firms = await listBrokerageFirms(db);
  const segmentList = await listSegments(db);
  const rows = await listHoldings(db, userId);
  const pnlOf = (filter: (h: HoldingDto) => boolean) => sumPortfolio(rows.filter(filter).map((h) => h.profitLoss));
  return {
    asOf: today,
    totals: pnlOf(() => true),
    firms: firms.map((firm) => ({
      brokerageFirm: firm,
      totals: pnlOf((h) => h.brokerageFirm.id === firm.id),
      segments: segmentList.map((segment) => ({
        segment,
        totals: pnlOf((h) => h.brokerageFirm.id === firm.id && h.segmentId === segment.id),
      })),
    })),
    segments: segmentList.map((segment) => ({ segment, totals: pnlOf((h) => h.segmentId === segment.id) })),
  };
}
