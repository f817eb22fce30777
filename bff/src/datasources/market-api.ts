/**
 * The market area of the REST API: latest prices, candles, period series, the trend lists and
 * 12-month extremes, the state of the precomputed lists, and the SMA. Every read is public and
 * goes out without the caller's token (`anonymous`), so its answer may be shared across callers
 * by the market cache (market-cache.ts). Shapes come from the REST contract. Prices are adjusted
 * for splits and bonuses by default; `adjusted = false` asks for the raw prices (`adjusted=false`,
 * sent only then, so the default's URL stays the same: docs/product/market.md).
 */
import type { TrendDirection, TrendPeriod } from '@bazaar/shared';
import type {
  AnalysisStateDto,
  AveragePointDto,
  CandleDto,
  MarketSnapshotDto,
  PriceExtremeDto,
  PriceExtremesQuery,
  PriceExtremesResponseDto,
  PriceSeriesDto,
  PriceSeriesQuery,
  SmaQuery,
  StockPriceRowDto,
  StockPricesQuery,
  TrendQuery,
  TrendResponseDto,
} from '@bazaar/shared/contract';
import type { TrendItem } from '../__generated__/resolvers-types.js';
import { RestClient, type RequestScope } from './rest-client.js';

/** A trend list answer (keyed by symbol) as TrendItems in list order. */
export function toTrendItems(answer: TrendResponseDto): TrendItem[] {
  return Object.values(answer)
    .sort((a, b) => a.position - b.position)
    .map((value) => ({
      symbol: value.Present.symbol,
      presentClose: value.Present.closePrice,
      previousClose: value.Previous.closePrice,
      change: value.change,
      changePercent: value.changePercent,
      presentDate: value.Present.date,
      previousDate: value.Previous.date,
    }));
}

/** The `adjusted` query parameter: sent only for raw prices. */
export function adjustedQuery(adjusted: boolean): { adjusted?: 'false' } {
  return adjusted ? {} : { adjusted: 'false' };
}

export class MarketApi extends RestClient {
  constructor(scope: RequestScope) {
    super(scope, scope.restApiUrl);
  }

  /** Every equity symbol's row on `date` (D when absent); a day without prices is NOT_FOUND. */
  latestPrices(date?: string | null, adjusted = true): Promise<StockPriceRowDto[]> {
    const query: StockPricesQuery = { date: date ?? undefined };
    return this.get('/public/stock-prices', { anonymous: true, query: { ...query, ...adjustedQuery(adjusted) } });
  }

  tradingDays(): Promise<string[]> {
    return this.get('/public/stock-prices/dates', { anonymous: true });
  }

  candles(symbol: string, from?: string | null, to?: string | null, adjusted = true): Promise<CandleDto[]> {
    const query: StockPricesQuery = { symbol, from: from ?? undefined, to: to ?? undefined };
    return this.get('/public/stock-prices', { anonymous: true, query: { ...query, ...adjustedQuery(adjusted) } });
  }

  async priceSeries(
    symbol: string,
    period: TrendPeriod,
    adjusted = true,
  ): Promise<PriceSeriesDto & { period: TrendPeriod }> {
    const query: PriceSeriesQuery = { type: period, symbol };
    const series = await this.get<PriceSeriesDto>('/public/stock-prices/stock-prices-for-period', {
      anonymous: true,
      query: { ...query, ...adjustedQuery(adjusted) },
    });
    return { period, dates: series.dates, prices: series.prices };
  }

  /** One trend list of D, or of the past day `asOf`. */
  async trend(
    direction: TrendDirection,
    period: TrendPeriod,
    asOf?: string | null,
    adjusted = true,
  ): Promise<TrendItem[]> {
    const path = direction === 'HIGH' ? '/public/stock-prices/weeks-high' : '/public/stock-prices/weeks-low';
    const query: TrendQuery = { type: period, asOf: asOf ?? undefined };
    return toTrendItems(
      await this.get<TrendResponseDto>(path, { anonymous: true, query: { ...query, ...adjustedQuery(adjusted) } }),
    );
  }

  /** Every symbol's 12-month high and low ending on D (or on `asOf`), by symbol. */
  async highestPrices(asOf?: string | null): Promise<PriceExtremeDto[]> {
    const query: PriceExtremesQuery = { asOf: asOf ?? undefined };
    const answer = await this.get<PriceExtremesResponseDto>('/public/stock-prices/highestStockPriceByStock', {
      anonymous: true,
      query,
    });
    return Object.values(answer).sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
  }

  state(): Promise<AnalysisStateDto> {
    return this.get('/public/technical-analysis/state', { anonymous: true });
  }

  sma({ adjusted = true, ...query }: SmaQuery): Promise<AveragePointDto[]> {
    return this.post('/public/technical-analysis/stocks/sma', {
      anonymous: true,
      query: { ...query, ...adjustedQuery(adjusted) },
    });
  }

  /** The staff dashboard's snapshot: sent with the caller's token (staff only), never cached across callers. */
  marketSnapshot(): Promise<MarketSnapshotDto> {
    return this.get('/staff/market-snapshot');
  }
}
