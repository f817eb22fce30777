/**
 * GET /staff/market-snapshot (docs/product/home.md#dashboard): the latest trading day's breadth
 * (advances, declines, unchanged), its top movers, and the last uploads.
 */
import Big from 'big.js';
import type { MarketMoverDto, MarketSnapshotDto } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { listUploadHistory } from '../uploads/history.js';
import { getStockPricesOn } from './stock-prices.js';

const MOVERS = 5;
const LAST_UPLOADS = 5;

export async function getMarketSnapshot(db: Database): Promise<MarketSnapshotDto> {
  const [{ tradeDate, rows }, history] = await Promise.all([
    getStockPricesOn(db),
    listUploadHistory(db, { limit: LAST_UPLOADS, offset: 0 }),
  ]);
  let advances = 0;
  let declines = 0;
  const movers: Array<MarketMoverDto & { percent: Big }> = [];
  for (const row of rows) {
    if (row.previousClose === null) continue;
    const change = new Big(row.closePrice).minus(row.previousClose);
    if (change.gt(0)) advances += 1;
    else if (change.lt(0)) declines += 1;
    if (row.changePerDay === null || row.changePercent === null) continue;
    movers.push({
      symbol: row.symbol,
      closePrice: row.closePrice,
      changePerDay: row.changePerDay,
      changePercent: row.changePercent,
      percent: change.div(row.previousClose),
    });
  }
  const strip = ({ percent: _percent, ...mover }: MarketMoverDto & { percent: Big }) => mover;
  const bySymbol = (a: MarketMoverDto, b: MarketMoverDto) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0);
  return {
    latestTradingDay: tradeDate,
    symbols: rows.length,
    advances,
    declines,
    unchanged: rows.length - advances - declines,
    gainers: movers
      .filter((m) => m.percent.gt(0))
      .sort((a, b) => b.percent.cmp(a.percent) || bySymbol(a, b))
      .slice(0, MOVERS)
      .map(strip),
    losers: movers
      .filter((m) => m.percent.lt(0))
      .sort((a, b) => a.percent.cmp(b.percent) || bySymbol(a, b))
      .slice(0, MOVERS)
      .map(strip),
    lastUploads: history.items,
  };
}
