/**
 * The public reads of the market and company areas, with a cache shared by every request of this
 * BFF, kept exact by the data version of the REST API:
 * - Each answer is kept in `caches.market` (shared-caches.ts), keyed by what was asked.
 * - The REST API counts every recomputation of its trend lists (after each price upload) in
 *   GET /public/technical-analysis/state. At most once per `marketVersionCheckMs` (config.ts,
 *   1 s by default), one request of this BFF asks for it; when the version moved, the whole cache
 *   is dropped. So prices uploaded through any server show here within that interval, and
 *   `caches.market.clear()` (uploads and company writes through this BFF) or the cache TTL drop
 *   entries too.
 * - Within a request the trend lists go through a DataLoader: the ten lists of the Technical
 *   Analysis page are asked for in one tick and loaded concurrently, each once.
 * - Reads of a past trading day (`tradeDate`) are keyed by the day; a backfill bumps the version like
 *   any upload, so they are dropped with the rest.
 * - Raw prices (`adjusted = false`) are other answers than the adjusted default: their keys end in
 *   `:raw`.
 * - Pages (a day's prices, candles, corporate actions) are keyed by everything asked, cursor included;
 *   a symbol's quote and each kind of its candles by the symbol, so the symbols missing from the
 *   cache are asked for together through the data source's DataLoaders (one REST call). A corporate-actions upload through this BFF clears the cache like any upload
 *   (adjusted prices change with it).
 */
import DataLoader from 'dataloader';
import type { StatementNature, TrendDirection, TrendPeriod } from '@bazaar/shared';
import type {
  AnalysisStateDto,
  AveragePointDto,
  LatestPriceDto,
  BalanceSheetDto,
  CandleDto,
  CompanyDto,
  CorporateActionDto,
  CorporateEventsDto,
  PeriodCoverageDto,
  PriceExtremeDto,
  PriceSeriesDto,
  ProfitAndLossDto,
  SmaQuery,
  StockPriceRowDto,
  TrendValueDto,
} from '@bazaar/shared/contract';
import type { GraphQLContext } from '../graphql/context.js';
import type { CandleKind } from '../datasources/market-api.js';
import type { PageAsked, RestPage } from '../datasources/rest-client.js';
import type { SharedCaches } from './shared-caches.js';

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

/** A kind of candles in a cache key. */
function candleKindKey(kind: CandleKind): string {
  return `${kind.interval}:${kind.from ?? ''}:${kind.to ?? ''}${rawKey(kind.adjusted)}`;
}

/** Per-request access to the public market and company reads, through the shared cache. */
export class MarketCache {
  private freshness: Promise<AnalysisStateDto> | undefined;
  private readonly trendLoader: DataLoader<string, TrendValueDto[]>;

  constructor(private readonly context: GraphQLContext) {
    this.trendLoader = new DataLoader<string, TrendValueDto[]>(
      async (keys) =>
        Promise.all(
          keys.map((key) => {
            const [direction, period, tradeDate, raw] = key.split(':') as [TrendDirection, TrendPeriod, string, string];
            return this.cached(`trend:${key}`, () =>
              this.context.dataSources.market.trends(direction, period, tradeDate || undefined, raw !== 'raw'),
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
  analysisState(): Promise<AnalysisStateDto> {
    this.freshness ??= currentMarketState(
      this.context.caches,
      () => this.marketApi.analysisState(),
      this.context.config.marketVersionCheckMs,
    );
    return this.freshness;
  }

  private async cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    await this.analysisState();
    return this.context.caches.market.get(key, load) as Promise<T>;
  }

  // market

  /** A trend list of D, or of the past trading day `tradeDate`. */
  trends(
    direction: TrendDirection,
    period: TrendPeriod,
    tradeDate?: string | null,
    adjusted = true,
  ): Promise<TrendValueDto[]> {
    return this.trendLoader.load(`${direction}:${period}:${tradeDate ?? ''}${rawKey(adjusted)}`);
  }

  /** Whether the loaded prices cover each period's window ending on `tradeDate` (D when absent). */
  periodCoverage(tradeDate?: string | null): Promise<PeriodCoverageDto[]> {
    return this.cached(`period-coverage:${tradeDate ?? ''}`, () => this.marketApi.periodCoverage(tradeDate));
  }

  highestPrices(tradeDate?: string | null): Promise<PriceExtremeDto[]> {
    return this.cached(`highest-prices:${tradeDate ?? ''}`, () => this.marketApi.highestPrices(tradeDate));
  }

  /** Every equity symbol's row on the trading day `tradeDate`, or on D. */
  stockPrices(tradeDate?: string | null, adjusted = true): Promise<StockPriceRowDto[]> {
    return this.cached(`stock-prices:${tradeDate ?? ''}${rawKey(adjusted)}`, () =>
      this.marketApi.stockPrices(tradeDate, adjusted),
    );
  }

  /** A page of the rows of `tradeDate` (D when absent). */
  stockPricePage(tradeDate: string | null, adjusted: boolean, page: PageAsked): Promise<RestPage<StockPriceRowDto>> {
    const key = `stock-price-page:${tradeDate ?? ''}:${page.first}:${page.after ?? ''}${rawKey(adjusted)}`;
    return this.cached(key, () => this.marketApi.stockPricePage(tradeDate, adjusted, page));
  }

  tradingDays(): Promise<string[]> {
    return this.cached('trading-days', () => this.marketApi.tradingDays());
  }

  /** A page of a symbol's candles of this kind. */
  candlePage(symbol: string, kind: CandleKind, page: PageAsked): Promise<RestPage<CandleDto>> {
    const key = `candle-page:${symbol}:${candleKindKey(kind)}:${page.first}:${page.after ?? ''}`;
    return this.cached(key, () => this.marketApi.candlePage(symbol, kind, page));
  }

  /** A symbol's latest quote, null when it has no prices (the symbols not cached are loaded in one batch). */
  quote(symbol: string): Promise<LatestPriceDto | null> {
    return this.cached(`quote:${symbol}`, () => this.marketApi.quote(symbol));
  }

  /** A symbol's candles of this kind, null when it has no prices (the symbols not cached are loaded in one batch). */
  candlesOf(symbol: string, kind: CandleKind): Promise<CandleDto[] | null> {
    return this.cached(`candles-of:${symbol}:${candleKindKey(kind)}`, () => this.marketApi.candlesOf(symbol, kind));
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

  /** A page of every action (or of a year's). */
  corporateActionPage(year: number | null, page: PageAsked): Promise<RestPage<CorporateActionDto>> {
    const key = `corporate-action-page:${year ?? ''}:${page.first}:${page.after ?? ''}`;
    return this.cached(key, () => this.companyApi.corporateActionPage(year, page));
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
