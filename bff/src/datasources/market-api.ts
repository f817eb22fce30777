/**
 * The market area of the REST API: latest prices, candles, period series, the trend lists and
 * 12-month extremes, the state of the precomputed lists, the SMA, and the reads made for programs
 * (pages of a day's prices and of candles, batched quotes and candles). Every read is public and
 * goes out without the caller's token (`anonymous`), so its answer may be shared across callers by
 * the market cache (caches/market-cache.ts). Shapes come from the REST contract. Prices are adjusted
 * for splits and bonuses by default; `adjusted = false` asks for the raw prices (`adjusted=false`,
 * sent only then, so the default's URL stays the same: docs/product/market.md).
 *
 * Quotes and candles of many symbols go through DataLoaders: every symbol asked for in one tick,
 * by any field of the request, becomes one REST call per MAX_BATCH_SYMBOLS symbols (and per kind of
 * candles). The REST API refuses a batch naming a symbol without prices (a 400 naming them all); the
 * loader then asks again without those and answers them null, so one field's typo fails that field
 * only (docs/integrators.md#batching).
 */
import DataLoader from 'dataloader';
import { GraphQLError } from 'graphql';
import { MAX_BATCH_SYMBOLS, type CandleInterval, type TrendDirection, type TrendPeriod } from '@bazaar/shared';
import {
  unknownSymbolsDetailsSchema,
  type AnalysisStateDto,
  type PeriodCoverageDto,
  type AveragePointDto,
  type BatchCandlesQuery,
  type CandleDto,
  type LatestPriceDto,
  type MarketSnapshotDto,
  type PriceExtremeDto,
  type PriceExtremesQuery,
  type PriceExtremesResponseDto,
  type PriceSeriesDto,
  type PriceSeriesQuery,
  type SmaQuery,
  type StockPriceRowDto,
  type StockPricesQuery,
  type SymbolCandlesDto,
  type TrendQuery,
  type TrendResponseDto,
  type TrendValueDto,
} from '@bazaar/shared/contract';
import { RestClient, type PageAsked, type RequestScope, type RestPage } from './rest-client.js';

/** The `adjusted` query parameter: sent only for raw prices. */
export function adjustedQuery(adjusted: boolean): { adjusted?: 'false' } {
  return adjusted ? {} : { adjusted: 'false' };
}

/** Which candles: the trading days from..to (all when absent), at an interval, adjusted or raw. */
export interface CandleKind {
  from: string | null;
  to: string | null;
  interval: CandleInterval;
  adjusted: boolean;
}

/** The symbols a REST 400 names as having no prices (details.unknownSymbols), or null for any other failure. */
function unknownSymbolsOf(error: unknown): string[] | null {
  if (!(error instanceof GraphQLError) || error.extensions.status !== 400) return null;
  const details = unknownSymbolsDetailsSchema.safeParse(error.extensions.details);
  return details.success ? details.data.unknownSymbols : null;
}

/**
 * `load` for the symbols, in chunks of MAX_BATCH_SYMBOLS: each symbol's answer, or null for a symbol
 * the REST API says has no prices (its chunk asked again without them).
 */
async function loadBySymbol<T>(
  symbols: readonly string[],
  load: (symbols: readonly string[]) => Promise<Map<string, T>>,
): Promise<Array<T | null>> {
  const chunks: string[][] = [];
  for (let start = 0; start < symbols.length; start += MAX_BATCH_SYMBOLS)
    chunks.push(symbols.slice(start, start + MAX_BATCH_SYMBOLS));
  const found = new Map<string, T>();
  await Promise.all(
    chunks.map(async (chunk) => {
      let answer: Map<string, T>;
      try {
        answer = await load(chunk);
      } catch (error) {
        const unknown = unknownSymbolsOf(error);
        if (!unknown) throw error;
        const known = chunk.filter((symbol) => !unknown.includes(symbol));
        answer = known.length > 0 ? await load(known) : new Map();
      }
      for (const [symbol, value] of answer) found.set(symbol, value);
    }),
  );
  return symbols.map((symbol) => found.get(symbol) ?? null);
}

export class MarketApi extends RestClient {
  private readonly quoteLoader = new DataLoader<string, LatestPriceDto | null>((symbols) =>
    loadBySymbol(symbols, async (chunk) => {
      const quotes = await this.get<LatestPriceDto[]>('/public/stock-prices/quotes', {
        anonymous: true,
        query: { symbols: chunk.join(',') },
      });
      return new Map(quotes.map((quote) => [quote.symbol, quote]));
    }),
  );

  /** Keyed `interval|from|to|raw?|SYMBOL`: one batch per kind of candles. */
  private readonly candleLoader = new DataLoader<string, CandleDto[] | null>(async (keys) => {
    const kinds = new Map<string, { kind: CandleKind; symbols: string[] }>();
    for (const key of keys) {
      const [interval, from, to, raw, symbol] = key.split('|') as [CandleInterval, string, string, string, string];
      const group = kinds.get(`${interval}|${from}|${to}|${raw}`) ?? {
        kind: { interval, from: from || null, to: to || null, adjusted: raw !== 'raw' },
        symbols: [],
      };
      group.symbols.push(symbol);
      kinds.set(`${interval}|${from}|${to}|${raw}`, group);
    }
    const answers = new Map<string, CandleDto[] | null>();
    await Promise.all(
      [...kinds].map(async ([prefix, { kind, symbols }]) => {
        const candles = await loadBySymbol(symbols, async (chunk) => {
          const query = {
            symbols: chunk.join(','),
            interval: kind.interval,
            from: kind.from ?? undefined,
            to: kind.to ?? undefined,
          } satisfies BatchCandlesQuery;
          const answer = await this.get<SymbolCandlesDto[]>('/public/stock-prices/candles', {
            anonymous: true,
            query: { ...query, ...adjustedQuery(kind.adjusted) },
          });
          return new Map(answer.map((entry) => [entry.symbol, entry.candles]));
        });
        symbols.forEach((symbol, index) => answers.set(`${prefix}|${symbol}`, candles[index] ?? null));
      }),
    );
    return keys.map((key) => answers.get(key) ?? null);
  });

  constructor(scope: RequestScope) {
    super(scope, scope.restApiUrl);
  }

  /** Every equity symbol's row on the trading day `tradeDate` (D when absent); a day without prices is NOT_FOUND. */
  stockPrices(tradeDate?: string | null, adjusted = true): Promise<StockPriceRowDto[]> {
    const query = { date: tradeDate ?? undefined } satisfies StockPricesQuery;
    return this.get('/public/stock-prices', { anonymous: true, query: { ...query, ...adjustedQuery(adjusted) } });
  }

  /** A page of the rows of `tradeDate` (D when absent; a cursor keeps its own day). */
  stockPricePage(tradeDate: string | null, adjusted: boolean, page: PageAsked): Promise<RestPage<StockPriceRowDto>> {
    const query = { date: tradeDate ?? undefined } satisfies StockPricesQuery;
    return this.page('/public/stock-prices', page, {
      anonymous: true,
      query: { ...query, ...adjustedQuery(adjusted) },
    });
  }

  tradingDays(): Promise<string[]> {
    return this.get('/public/stock-prices/dates', { anonymous: true });
  }

  candles(symbol: string, from?: string | null, to?: string | null, adjusted = true): Promise<CandleDto[]> {
    const query = { symbol, from: from ?? undefined, to: to ?? undefined } satisfies StockPricesQuery;
    return this.get('/public/stock-prices', { anonymous: true, query: { ...query, ...adjustedQuery(adjusted) } });
  }

  /** A page of a symbol's candles of this kind, oldest first (a symbol without prices: BAD_USER_INPUT). */
  candlePage(symbol: string, kind: CandleKind, page: PageAsked): Promise<RestPage<CandleDto>> {
    const query = {
      symbol,
      from: kind.from ?? undefined,
      to: kind.to ?? undefined,
      interval: kind.interval,
    } satisfies StockPricesQuery;
    return this.page('/public/stock-prices', page, {
      anonymous: true,
      query: { ...query, ...adjustedQuery(kind.adjusted) },
    });
  }

  /** A symbol's latest quote (null: no prices), batched with every quote asked for in the same tick. */
  quote(symbol: string): Promise<LatestPriceDto | null> {
    return this.quoteLoader.load(symbol);
  }

  /** A symbol's candles of this kind (null: no prices), batched with every symbol asked for in the same tick. */
  candlesOf(symbol: string, kind: CandleKind): Promise<CandleDto[] | null> {
    const raw = kind.adjusted ? '' : 'raw';
    return this.candleLoader.load(`${kind.interval}|${kind.from ?? ''}|${kind.to ?? ''}|${raw}|${symbol}`);
  }

  async priceSeries(
    symbol: string,
    period: TrendPeriod,
    adjusted = true,
  ): Promise<PriceSeriesDto & { period: TrendPeriod }> {
    const query = { type: period, symbol } satisfies PriceSeriesQuery;
    const series = await this.get<PriceSeriesDto>('/public/stock-prices/stock-prices-for-period', {
      anonymous: true,
      query: { ...query, ...adjustedQuery(adjusted) },
    });
    return { period, dates: series.dates, prices: series.prices, coverage: series.coverage };
  }

  /** One trend list of D, or of the past trading day `tradeDate`, in list order (the answer is keyed by symbol). */
  async trends(
    direction: TrendDirection,
    period: TrendPeriod,
    tradeDate?: string | null,
    adjusted = true,
  ): Promise<TrendValueDto[]> {
    const path = direction === 'HIGH' ? '/public/stock-prices/weeks-high' : '/public/stock-prices/weeks-low';
    const query = { type: period, asOf: tradeDate ?? undefined } satisfies TrendQuery;
    const answer = await this.get<TrendResponseDto>(path, {
      anonymous: true,
      query: { ...query, ...adjustedQuery(adjusted) },
    });
    return Object.values(answer).sort((a, b) => a.position - b.position);
  }

  /** Every symbol's 12-month high and low ending on D (or on the trading day `tradeDate`), by symbol. */
  async highestPrices(tradeDate?: string | null): Promise<PriceExtremeDto[]> {
    const query = { asOf: tradeDate ?? undefined } satisfies PriceExtremesQuery;
    const answer = await this.get<PriceExtremesResponseDto>('/public/stock-prices/highestStockPriceByStock', {
      anonymous: true,
      query,
    });
    return Object.values(answer).sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
  }

  analysisState(): Promise<AnalysisStateDto> {
    return this.get('/public/technical-analysis/state', { anonymous: true });
  }

  /** Whether the loaded prices cover each period's window ending on `tradeDate` (D when absent). */
  async periodCoverage(tradeDate?: string | null): Promise<PeriodCoverageDto[]> {
    const state = await this.get<AnalysisStateDto>('/public/technical-analysis/state', {
      anonymous: true,
      query: tradeDate ? { asOf: tradeDate } : {},
    });
    return state.coverage;
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
