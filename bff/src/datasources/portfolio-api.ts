/**
 * The portfolio area of the REST API: reference data (/staff/…, read-only lists under /user/),
 * charges, financial instrument types and the caller's holdings. Quotes of many symbols are
 * batched with a DataLoader: every `quote(symbol)` asked for while a list resolves becomes one
 * GET /user/current-prices?symbols=… call, never one call per row.
 */
import DataLoader from 'dataloader';
import { GraphQLError } from 'graphql';
import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import { MAX_TRADEBOOK_BYTES } from '@bazaar/shared';
import {
  MAX_QUOTE_SYMBOLS,
  PAGE_HEADERS,
  type BrokerageFirmBody,
  type BrokerageFirmDto,
  type BuySellOption,
  type ChargeBody,
  type ChargeDto,
  type ChargeTypeDto,
  type FinancialInstrumentBody,
  type FinancialInstrumentDto,
  type HoldingBody,
  type HoldingDto,
  type HoldingUpdateDto,
  type LatestPriceDto,
  type DashboardDto,
  type PortfolioAlertDto,
  type PortfolioSummaryDto,
  type WatchlistRowDto,
  type SegmentDto,
  type TradebookImportReportDto,
  fileTooLargeMessage,
} from '@bazaar/shared/contract';
import { RestClient, type PageAsked, type RequestScope, type RestPage } from './rest-client.js';
import { replyMessage } from './admin-api.js';

const path = (...parts: Array<string | number>) => parts.map((part) => encodeURIComponent(String(part))).join('/');

export class PortfolioApi extends RestClient {
  private readonly quoteLoader = new DataLoader<string, LatestPriceDto | null>(
    async (symbols) => {
      const prices = await this.get<LatestPriceDto[]>('/user/current-prices', {
        query: { symbols: symbols.join(',') },
      });
      const bySymbol = new Map(prices.map((price) => [price.symbol, price]));
      return symbols.map((symbol) => bySymbol.get(symbol) ?? null);
    },
    { maxBatchSize: MAX_QUOTE_SYMBOLS },
  );

  constructor(scope: RequestScope) {
    super(scope, scope.restApiUrl);
  }

  // --- reference data ---
  brokerageFirms(): Promise<BrokerageFirmDto[]> {
    return this.get('/user/brokerage-firms');
  }

  createBrokerageFirm(input: BrokerageFirmBody): Promise<BrokerageFirmDto> {
    return this.post('/staff/brokerage-firms', { json: input });
  }

  updateBrokerageFirm(id: string | number, input: BrokerageFirmBody): Promise<BrokerageFirmDto> {
    return this.put(`/staff/brokerage-firms/${path(id)}`, { json: input });
  }

  async deleteBrokerageFirm(id: string | number): Promise<string> {
    return replyMessage(
      await this.delete<unknown>(`/staff/brokerage-firms/${path(id)}`),
      'Broker deleted successfully!',
    );
  }

  segments(): Promise<SegmentDto[]> {
    return this.get('/user/segments');
  }

  createSegment(name: string): Promise<SegmentDto> {
    return this.post('/staff/segments', { json: { name } });
  }

  updateSegment(id: string | number, name: string): Promise<SegmentDto> {
    return this.put(`/staff/segments/${path(id)}`, { json: { name } });
  }

  async deleteSegment(id: string | number): Promise<string> {
    return replyMessage(await this.delete<unknown>(`/staff/segments/${path(id)}`), 'Segment deleted successfully');
  }

  chargeTypes(): Promise<ChargeTypeDto[]> {
    return this.get('/staff/charge-types');
  }

  createChargeType(name: string, stt?: boolean | null): Promise<ChargeTypeDto> {
    return this.post('/staff/charge-types', { json: { name, ...(stt === null || stt === undefined ? {} : { stt }) } });
  }

  updateChargeType(id: string | number, name: string, stt?: boolean | null): Promise<ChargeTypeDto> {
    return this.put(`/staff/charge-types/${path(id)}`, {
      json: { name, ...(stt === null || stt === undefined ? {} : { stt }) },
    });
  }

  async deleteChargeType(id: string | number): Promise<string> {
    return replyMessage(
      await this.delete<unknown>(`/staff/charge-types/${path(id)}`),
      'Charge Type deleted successfully',
    );
  }

  buySellOptions(): Promise<BuySellOption[]> {
    return this.get('/staff/buy-sell');
  }

  // --- charges ---
  charges(): Promise<ChargeDto[]> {
    return this.get('/staff/charges');
  }

  charge(id: string | number): Promise<ChargeDto> {
    return this.get(`/staff/charges/${path(id)}`);
  }

  createCharge(input: ChargeBody): Promise<ChargeDto> {
    return this.post('/staff/charges', { json: input });
  }

  updateCharge(id: string | number, input: ChargeBody): Promise<ChargeDto> {
    return this.put(`/staff/charges/${path(id)}`, { json: input });
  }

  async deleteCharge(id: string | number): Promise<string> {
    return replyMessage(await this.delete<unknown>(`/staff/charges/${path(id)}`), 'Charge deleted successfully!');
  }

  // --- financial instrument types ---
  financialInstruments(): Promise<FinancialInstrumentDto[]> {
    return this.get('/staff/financial-instruments');
  }

  createFinancialInstrument(input: FinancialInstrumentBody): Promise<FinancialInstrumentDto> {
    return this.post('/admin/financial-instruments', { json: input });
  }

  updateFinancialInstrument(id: string | number, input: FinancialInstrumentBody): Promise<FinancialInstrumentDto> {
    return this.put(`/admin/financial-instruments/${path(id)}`, { json: input });
  }

  async deleteFinancialInstrument(id: string | number): Promise<string> {
    return replyMessage(
      await this.delete<unknown>(`/admin/financial-instruments/${path(id)}`),
      'Financial instrument deleted successfully',
    );
  }

  // --- holdings ---
  /**
   * The caller's holdings. The REST rows carry each symbol's quote (latest close, its date and
   * series, the close before): the quote loader is primed with them, so `Holding.quote` over a
   * whole list costs no further REST call (symbols without prices are primed as null).
   */
  async holdings(filter: { firmName?: string | null; segmentName?: string | null } = {}): Promise<HoldingDto[]> {
    const query = { broker: filter.firmName ?? undefined };
    const list = await (filter.segmentName
      ? this.get<HoldingDto[]>(`/user/holding/${path(filter.segmentName)}`, { query })
      : this.get<HoldingDto[]>('/user/holding', { query }));
    for (const holding of list) this.primeQuote(holding);
    return list;
  }

  /**
   * One page of the caller's holdings (GET /user/holding?limit=&cursor=): the holdings and what the
   * page's headers say is left, which the holdingConnection resolver makes a connection of. Not
   * revalidated by ETag: a kept page would lose its headers.
   */
  async holdingConnection(
    filter: { firmName?: string | null; segmentName?: string | null },
    page: { first: number; after?: string | null },
  ): Promise<{ items: HoldingDto[]; total: number; nextCursor: string | null }> {
    const query = { broker: filter.firmName ?? undefined, limit: page.first, cursor: page.after ?? undefined };
    const response = await this.send<HoldingDto[]>(
      'GET',
      filter.segmentName ? `/user/holding/${path(filter.segmentName)}` : '/user/holding',
      { query, revalidate: false },
    );
    for (const holding of response.data) this.primeQuote(holding);
    return {
      items: response.data,
      total: Number(response.headers.get(PAGE_HEADERS.total) ?? response.data.length),
      nextCursor: response.headers.get(PAGE_HEADERS.next),
    };
  }

  /** One holding of the caller by id (GET /user/holding?id=), or null. */
  async holding(id: string | number): Promise<HoldingDto | null> {
    const list = await this.get<HoldingDto[]>('/user/holding', { query: { id: String(id) } });
    for (const holding of list) this.primeQuote(holding);
    return list[0] ?? null;
  }

  private primeQuote(holding: HoldingDto): void {
    const symbol = holding.symbol.trim().toUpperCase();
    if (holding.currentPrice === null || holding.priceDate === null || holding.priceSeries === null) {
      this.quoteLoader.prime(symbol, null);
      return;
    }
    this.quoteLoader.prime(symbol, {
      symbol,
      closePrice: holding.currentPrice,
      tradeDate: holding.priceDate,
      series: holding.priceSeries,
      previousClose: holding.previousClose,
      change: holding.priceChange,
    });
  }

  addHolding(input: HoldingBody): Promise<HoldingDto> {
    return this.post('/user/holding', { json: input });
  }

  updateHolding(id: string | number, input: HoldingBody): Promise<HoldingUpdateDto> {
    return this.put(`/user/holding/${path(id)}`, { json: input });
  }

  async deleteHolding(id: string | number): Promise<string> {
    return replyMessage(await this.delete<unknown>(`/user/holding/${path(id)}`), 'Holding deleted successfully!');
  }

  portfolioSummary(): Promise<PortfolioSummaryDto> {
    return this.get('/user/portfolio/summary');
  }

  portfolioAlerts(firmName?: string | null): Promise<PortfolioAlertDto[]> {
    return this.get('/user/portfolio/alerts', { query: { broker: firmName ?? undefined } });
  }

  watchlist(): Promise<WatchlistRowDto[]> {
    return this.get('/user/watchlist');
  }

  /** A page of the caller's watch list, by symbol. */
  watchlistPage(page: PageAsked): Promise<RestPage<WatchlistRowDto>> {
    return this.page('/user/watchlist', page);
  }

  watchSymbol(symbol: string): Promise<WatchlistRowDto> {
    return this.post('/user/watchlist', { json: { symbol } });
  }

  async unwatchSymbol(symbol: string): Promise<string> {
    return replyMessage(await this.delete<unknown>(`/user/watchlist/${path(symbol)}`), `${symbol} removed`);
  }

  dashboard(): Promise<DashboardDto> {
    return this.get('/user/dashboard');
  }

  /** The latest quote of a symbol, batched with every other quote asked for in the same tick. */
  quote(symbol: string): Promise<LatestPriceDto | null> {
    return this.quoteLoader.load(symbol.trim().toUpperCase());
  }

  async stockQuotes(symbols: readonly string[]): Promise<LatestPriceDto[]> {
    const results = await this.quoteLoader.loadMany(symbols.map((symbol) => symbol.trim().toUpperCase()));
    const failure = results.find((result) => result instanceof Error);
    if (failure) throw failure;
    return results.filter((result): result is LatestPriceDto => result !== null && !(result instanceof Error));
  }

  /**
   * POST /user/holding/import: the tradebook (at most MAX_TRADEBOOK_BYTES, read whole: far below
   * the market-data uploads that are streamed) with the firm and segment. A file with problems is
   * an answer, not an error: the REST 400 carries the report in `details`.
   */
  async importTradebook(
    input: { file: FileUpload; firm: string; segmentName: string },
    dryRun: boolean,
  ): Promise<TradebookImportResultDto> {
    const chunks: Buffer[] = [];
    let size = 0;
    const stream = input.file.createReadStream();
    try {
      for await (const chunk of stream) {
        size += (chunk as Buffer).length;
        if (size > MAX_TRADEBOOK_BYTES) break;
        chunks.push(chunk as Buffer);
      }
    } catch {
      throw new GraphQLError(fileTooLargeMessage(MAX_TRADEBOOK_BYTES), {
        extensions: { code: 'PAYLOAD_TOO_LARGE', status: 413 },
      });
    } finally {
      stream.destroy();
    }
    if (size > MAX_TRADEBOOK_BYTES)
      throw new GraphQLError(fileTooLargeMessage(MAX_TRADEBOOK_BYTES), {
        extensions: { code: 'PAYLOAD_TOO_LARGE', status: 413 },
      });
    const form = new FormData();
    form.set('brokerageFirm', input.firm);
    form.set('segment', input.segmentName);
    form.set('file', new Blob([Buffer.concat(chunks)]), input.file.filename || 'tradebook');
    try {
      const report = await this.post<TradebookImportReportDto>('/user/holding/import', {
        body: form,
        query: { dryRun },
        timeoutMs: this.scope.uploadTimeoutMs,
      });
      for (const holding of report.holdings) this.primeQuote(holding);
      return withProblemCells({ ...report, accepted: true });
    } catch (error) {
      const details =
        error instanceof GraphQLError ? (error.extensions.details as TradebookImportReportDto) : undefined;
      if (!details || !Array.isArray(details.problems)) throw error;
      for (const holding of details.holdings) this.primeQuote(holding);
      return withProblemCells({ ...details, accepted: false });
    }
  }

  holdingSymbols(search: string, limit?: number | null): Promise<LatestPriceDto[]> {
    return this.get('/user/current-prices/search', { query: { q: search, limit: limit ?? undefined } });
  }
}

/** An import report as GraphQL answers it: a problem without a cell has null column and value. */
export type TradebookImportResultDto = Omit<TradebookImportReportDto, 'problems'> & {
  accepted: boolean;
  problems: Array<{ line: number; message: string; column: string | null; value: string | null }>;
};

function withProblemCells(report: TradebookImportReportDto & { accepted: boolean }): TradebookImportResultDto {
  return {
    ...report,
    problems: report.problems.map((problem) => ({
      line: problem.line,
      message: problem.message,
      column: problem.column ?? null,
      value: problem.value ?? null,
    })),
  };
}
