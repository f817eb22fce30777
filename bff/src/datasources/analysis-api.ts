/**
 * The analysis reads of the REST API: the ten trend lists (/public/stock-prices/weeks-high and
 * weeks-low), the 12-month extremes, the state of the precomputed lists, and the SMA. Trend
 * answers are turned into TrendItem lists here; when a server of the legacy contract leaves out
 * `position`, `change` or `changePercent`, they are derived the spec's way (shared/market/trends).
 */
import { compareTrendItems, computeTrendChange } from '@bazaar/shared';
import { RestClient, type RequestScope } from './rest-client.js';
import type { TrendPeriodCode } from './market-api.js';

export type TrendDirectionCode = 'HIGH' | 'LOW';

export interface TrendItemDto {
  symbol: string;
  presentClose: string;
  previousClose: string;
  change: string;
  changePercent: string | null;
  presentDate: string;
  previousDate: string;
}

export interface PriceExtremeDto {
  symbol: string;
  highPrice: string;
  highDate: string;
  lowPrice: string;
  lowDate: string;
}

export interface AnalysisStateDto {
  asOf: string | null;
  version: number;
}

export interface AveragePointDto {
  date: string;
  value: string;
}

/** One value of the REST trend answer (object keyed by symbol). */
interface RestTrendValue {
  position?: number;
  change?: string;
  changePercent?: string | null;
  Present: { symbol?: string; date: string; closePrice: string | number };
  Previous: { date: string; closePrice: string | number };
}

export function toTrendItems(direction: TrendDirectionCode, answer: Record<string, RestTrendValue>): TrendItemDto[] {
  const entries = Object.entries(answer);
  const items = entries.map(([symbol, value]) => {
    const presentClose = String(value.Present.closePrice);
    const previousClose = String(value.Previous.closePrice);
    const derived =
      value.change === undefined || value.changePercent === undefined
        ? computeTrendChange(presentClose, previousClose)
        : undefined;
    return {
      position: value.position,
      item: {
        symbol: value.Present.symbol ?? symbol,
        presentClose,
        previousClose,
        change: derived?.change ?? (value.change as string),
        changePercent: derived ? derived.changePercent : (value.changePercent ?? null),
        presentDate: value.Present.date,
        previousDate: value.Previous.date,
      },
    };
  });
  if (items.every((entry) => typeof entry.position === 'number')) {
    return items.sort((a, b) => (a.position as number) - (b.position as number)).map((entry) => entry.item);
  }
  return items.map((entry) => entry.item).sort(compareTrendItems(direction));
}

export class AnalysisApi extends RestClient {
  constructor(scope: RequestScope) {
    super(scope, scope.restApiUrl);
  }

  async trend(direction: TrendDirectionCode, period: TrendPeriodCode): Promise<TrendItemDto[]> {
    const path = direction === 'HIGH' ? '/public/stock-prices/weeks-high' : '/public/stock-prices/weeks-low';
    return toTrendItems(
      direction,
      await this.get<Record<string, RestTrendValue>>(path, { anonymous: true, query: { type: period } }),
    );
  }

  async highestPrices(): Promise<PriceExtremeDto[]> {
    const answer = await this.get<Record<string, Omit<PriceExtremeDto, 'symbol'> & { symbol?: string }>>(
      '/public/stock-prices/highestStockPriceByStock',
      { anonymous: true },
    );
    return Object.entries(answer)
      .map(([symbol, extreme]) => ({ ...extreme, symbol: extreme.symbol ?? symbol }))
      .sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
  }

  state(): Promise<AnalysisStateDto> {
    return this.get('/public/technical-analysis/state', { anonymous: true });
  }

  sma(symbol: string, priceSize: number, windowSize: number): Promise<AveragePointDto[]> {
    return this.post('/public/technical-analysis/stocks/sma', {
      anonymous: true,
      query: { symbol, priceSize, windowSize },
    });
  }
}
