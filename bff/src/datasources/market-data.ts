/**
 * Public market reads with a cache shared by every request of this BFF, kept exact by the data
 * version of the REST API:
 * - Each answer is kept in `caches.market` (caches.ts), keyed by what was asked.
 * - The REST API counts every recomputation of its trend lists (after each price upload) in
 *   GET /public/technical-analysis/state. At most once a second, one request of this BFF asks for
 *   it; when the version moved, the whole market cache is dropped. So prices uploaded through any
 *   server show here within about a second, and `caches.market.clear()` (uploads through this
 *   BFF) or the cache TTL drop entries too.
 * - Within a request the trend lists go through a DataLoader: the ten lists of the Technical
 *   Analysis page are asked for in one tick and loaded concurrently, each once.
 */
import DataLoader from 'dataloader';
import type { GraphQLContext } from '../context.js';
import type { SharedCaches } from '../caches.js';
import type { AnalysisStateDto, PriceExtremeDto, TrendDirectionCode, TrendItemDto } from './analysis-api.js';
import type {
  BalanceSheetDto,
  CandleDto,
  CompanyDto,
  CorporateActionDto,
  CorporateEventsDto,
  PriceSeriesDto,
  ProfitAndLossDto,
  StatementNatureCode,
  StockPriceDto,
  TrendPeriodCode,
} from './market-api.js';

/** How often the data version is asked for (ms); between checks the cached answers are served. */
export const MARKET_VERSION_CHECK_MS = 1_000;

interface VersionState {
  state: AnalysisStateDto | undefined;
  checkedAt: number;
  pending: Promise<AnalysisStateDto> | undefined;
}

const versions = new WeakMap<SharedCaches, VersionState>();

/**
 * The REST API's analysis state, asked for at most once per MARKET_VERSION_CHECK_MS by all requests
 * together; drops the market cache when the version changed.
 */
export async function currentMarketState(
  caches: SharedCaches,
  readState: () => Promise<AnalysisStateDto>,
  now = Date.now(),
): Promise<AnalysisStateDto> {
  let entry = versions.get(caches);
  if (!entry) {
    entry = { state: undefined, checkedAt: 0, pending: undefined };
    versions.set(caches, entry);
  }
  const current = entry;
  if (current.state && now - current.checkedAt < MARKET_VERSION_CHECK_MS) return current.state;
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

/** Per-request access to the public market reads, through the shared cache. */
export class MarketData {
  private freshness: Promise<AnalysisStateDto> | undefined;
  private readonly trendLoader: DataLoader<string, TrendItemDto[]>;

  constructor(private readonly context: GraphQLContext) {
    this.trendLoader = new DataLoader<string, TrendItemDto[]>(
      async (keys) =>
        Promise.all(
          keys.map((key) => {
            const [direction, period] = key.split(':') as [TrendDirectionCode, TrendPeriodCode];
            return this.cached(`trend:${key}`, () => this.context.dataSources.analysis.trend(direction, period));
          }),
        ),
      { cache: true },
    );
  }

  /** The data version, checked once per request (and at most once a second across requests). */
  state(): Promise<AnalysisStateDto> {
    this.freshness ??= currentMarketState(this.context.caches, () => this.context.dataSources.analysis.state());
    return this.freshness;
  }

  private async cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    await this.state();
    return this.context.caches.market.get(key, load) as Promise<T>;
  }

  trend(direction: TrendDirectionCode, period: TrendPeriodCode): Promise<TrendItemDto[]> {
    return this.trendLoader.load(`${direction}:${period}`);
  }

  highestPrices(): Promise<PriceExtremeDto[]> {
    return this.cached('highest-prices', () => this.context.dataSources.analysis.highestPrices());
  }

  latestPrices(): Promise<StockPriceDto[]> {
    return this.cached('latest-prices', () => this.context.dataSources.market.latestPrices());
  }

  candles(symbol: string, from?: string | null, to?: string | null): Promise<CandleDto[]> {
    return this.cached(`candles:${symbol}:${from ?? ''}:${to ?? ''}`, () =>
      this.context.dataSources.market.candles(symbol, from, to),
    );
  }

  priceSeries(symbol: string, period: TrendPeriodCode): Promise<PriceSeriesDto> {
    return this.cached(`series:${symbol}:${period}`, () => this.context.dataSources.market.priceSeries(symbol, period));
  }

  corporateActions(): Promise<CorporateActionDto[]> {
    return this.cached('corporate-actions', () => this.context.dataSources.market.corporateActions());
  }

  corporateEvents(symbol: string, date: string): Promise<CorporateEventsDto> {
    return this.cached(`corporate-events:${symbol}:${date}`, () =>
      this.context.dataSources.market.corporateEvents(symbol, date),
    );
  }

  profitAndLoss(symbol: string, upTo: string, nature: StatementNatureCode): Promise<ProfitAndLossDto[]> {
    return this.cached(`pnl:${symbol}:${upTo}:${nature}`, () =>
      this.context.dataSources.market.profitAndLoss(symbol, upTo, nature),
    );
  }

  balanceSheets(symbol: string, upTo: string, nature: StatementNatureCode): Promise<BalanceSheetDto[]> {
    return this.cached(`balance-sheets:${symbol}:${upTo}:${nature}`, () =>
      this.context.dataSources.market.balanceSheets(symbol, upTo, nature),
    );
  }

  companies(): Promise<CompanyDto[]> {
    return this.cached('companies', () => this.context.dataSources.market.companies());
  }

  async company(symbol: string): Promise<CompanyDto | null> {
    const [found] = await this.cached(`company:${symbol}`, () => this.context.dataSources.market.companies(symbol));
    return found ?? null;
  }
}

const perRequest = new WeakMap<GraphQLContext, MarketData>();

/** The request's MarketData (one per GraphQL request). */
export function marketData(context: GraphQLContext): MarketData {
  let data = perRequest.get(context);
  if (!data) {
    data = new MarketData(context);
    perRequest.set(context, data);
  }
  return data;
}
