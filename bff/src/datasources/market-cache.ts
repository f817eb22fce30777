/**
 * The public reads of the market and company areas, with a cache shared by every request of this
 * BFF, kept exact by the data version of the REST API:
 * - Each answer is kept in `caches.market` (caches.ts), keyed by what was asked.
 * - The REST API counts every recomputation of its trend lists (after each price upload) in
 *   GET /public/technical-analysis/state. At most once per `marketVersionCheckMs` (config.ts,
 *   1 s by default), one request of this BFF asks for it; when the version moved, the whole cache
 *   is dropped. So prices uploaded through any server show here within that interval, and
 *   `caches.market.clear()` (uploads and company writes through this BFF) or the cache TTL drop
 *   entries too.
 * - Within a request the trend lists go through a DataLoader: the ten lists of the Technical
 *   Analysis page are asked for in one tick and loaded concurrently, each once.
 * - Reads of a past day (`date`, `asOf`) are keyed by the day; a backfill bumps the version like
 *   any upload, so they are dropped with the rest.
 * - Raw prices (`adjusted = false`) are other answers than the adjusted default: their keys end in
 *   `:raw`. A corporate-actions upload through this BFF clears the cache like any upload
 *   (adjusted prices change with it).
 */
import DataLoader from 'dataloader';
import type { StatementNature, TrendDirection, TrendPeriod } from '@bazaar/shared';
import type {
  AnalysisStateDto,
  AveragePointDto,
  BalanceSheetDto,
  CandleDto,
  CompanyDto,
  CorporateActionDto,
  CorporateEventsDto,
  PriceExtremeDto,
  PriceSeriesDto,
  ProfitAndLossDto,
  SmaQuery,
  StockPriceRowDto,
} from '@bazaar/shared/contract';
import type { TrendItem } from '../__generated__/resolvers-types.js';
import type { GraphQLContext } from '../context.js';
import type { SharedCaches } from '../caches.js';

interface VersionState {
  state: AnalysisStateDto | undefined;
  checkedAt: number;
  pending: Promise<AnalysisStateDto> | undefined;
}

const versions = new WeakMap<SharedCaches, VersionState>();

/**
 * The REST API's analysis state, asked for at most once per `intervalMs` by all requests
 * together; drops the market cache when the version changed.
 */
export async function currentMarketState(
  caches: SharedCaches,
  readState: () => Promise<AnalysisStateDto>,
  intervalMs: number,
  now = Date.now(),
): Promise<AnalysisStateDto> {
  let entry = versions.get(caches);
  if (!entry) {
    entry = { state: undefined, checkedAt: 0, pending: undefined };
    versions.set(caches, entry);
  }
  const current = entry;
  if (current.state && now - current.checkedAt < intervalMs) return current.state;
  if (!current.pending) {
    current.pending = readState()
      .then((state) => {
        if (current.state && (current.state.version !== state.version || current.state.asOf !== state.asOf))
          caches.market.clear();
        current.state = state;
        current.checkedAt = Date.now();
        return state;
      })
      .finally(() => {
        current.pending = undefined;
      });
  }
  return current.pending;
}

/** The end of a cache key: nothing for the adjusted default, `:raw` for raw prices. */
function rawKey(adjusted: boolean): string {
  return adjusted ? '' : ':raw';
}

/** Per-request access to the public market and company reads, through the shared cache. */
export class MarketCache {
  private freshness: Promise<AnalysisStateDto> | undefined;
  private readonly trendLoader: DataLoader<string, TrendItem[]>;

  constructor(private readonly context: GraphQLContext) {
    this.trendLoader = new DataLoader<string, TrendItem[]>(
      async (keys) =>
        Promise.all(
          keys.map((key) => {
            const [direction, period, asOf, raw] = key.split(':') as [TrendDirection, TrendPeriod, string, string];
            return this.cached(`trend:${key}`, () =>
              this.context.dataSources.market.trend(direction, period, asOf || undefined, raw !== 'raw'),
            );
          }),
        ),
      { cache: true },
    );
  }

  private get marketApi() {
    return this.context.dataSources.market;
  }

  private get companyApi() {
    return this.context.dataSources.company;
  }

  /** The data version, checked once per request (and at most once per interval across requests). */
  state(): Promise<AnalysisStateDto> {
    this.freshness ??= currentMarketState(
      this.context.caches,
      () => this.marketApi.state(),
      this.context.config.marketVersionCheckMs,
    );
    return this.freshness;
  }

  private async cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    await this.state();
    return this.context.caches.market.get(key, load) as Promise<T>;
  }

  // market

  /** A trend list of D, or of the past day `asOf`. */
  trend(direction: TrendDirection, period: TrendPeriod, asOf?: string | null, adjusted = true): Promise<TrendItem[]> {
    return this.trendLoader.load(`${direction}:${period}:${asOf ?? ''}${rawKey(adjusted)}`);
  }

  highestPrices(asOf?: string | null): Promise<PriceExtremeDto[]> {
    return this.cached(`highest-prices:${asOf ?? ''}`, () => this.marketApi.highestPrices(asOf));
  }

  /** Every equity symbol's row on `date`, or on D. */
  latestPrices(date?: string | null, adjusted = true): Promise<StockPriceRowDto[]> {
    return this.cached(`latest-prices:${date ?? ''}${rawKey(adjusted)}`, () =>
      this.marketApi.latestPrices(date, adjusted),
    );
  }

  tradingDays(): Promise<string[]> {
    return this.cached('trading-days', () => this.marketApi.tradingDays());
  }

  candles(symbol: string, from?: string | null, to?: string | null, adjusted = true): Promise<CandleDto[]> {
    return this.cached(`candles:${symbol}:${from ?? ''}:${to ?? ''}${rawKey(adjusted)}`, () =>
      this.marketApi.candles(symbol, from, to, adjusted),
    );
  }

  priceSeries(symbol: string, period: TrendPeriod, adjusted = true): Promise<PriceSeriesDto & { period: TrendPeriod }> {
    return this.cached(`series:${symbol}:${period}${rawKey(adjusted)}`, () =>
      this.marketApi.priceSeries(symbol, period, adjusted),
    );
  }

  sma(query: SmaQuery): Promise<AveragePointDto[]> {
    const key = `sma:${query.symbol}:${query.priceSize}:${query.windowSize}${rawKey(query.adjusted !== false)}`;
    return this.cached(key, () => this.marketApi.sma(query));
  }

  // company

  corporateActions(): Promise<CorporateActionDto[]> {
    return this.cached('corporate-actions', () => this.companyApi.corporateActions());
  }

  corporateEvents(symbol: string, date: string): Promise<CorporateEventsDto> {
    return this.cached(`corporate-events:${symbol}:${date}`, () => this.companyApi.corporateEvents(symbol, date));
  }

  profitAndLoss(symbol: string, upTo: string, nature: StatementNature): Promise<ProfitAndLossDto[]> {
    return this.cached(`pnl:${symbol}:${upTo}:${nature}`, () => this.companyApi.profitAndLoss(symbol, upTo, nature));
  }

  balanceSheets(symbol: string, upTo: string, nature: StatementNature): Promise<BalanceSheetDto[]> {
    return this.cached(`balance-sheets:${symbol}:${upTo}:${nature}`, () =>
      this.companyApi.balanceSheets(symbol, upTo, nature),
    );
  }

  companies(): Promise<CompanyDto[]> {
    return this.cached('companies', () => this.companyApi.companies());
  }

  async company(symbol: string): Promise<CompanyDto | null> {
    const [found] = await this.cached(`company:${symbol}`, () => this.companyApi.companies(symbol));
    return found ?? null;
  }
}

const perRequest = new WeakMap<GraphQLContext, MarketCache>();

/** The request's MarketCache (one per GraphQL request). */
export function marketCache(context: GraphQLContext): MarketCache {
  let cache = perRequest.get(context);
  if (!cache) {
    cache = new MarketCache(context);
    perRequest.set(context, cache);
  }
  return cache;
}
