/**
 * The portfolio area of the REST API: reference data (/staff/…, read-only lists under /user/),
 * charges, financial instrument types and the caller's holdings. Quotes of many symbols are
 * batched with a DataLoader: every `quote(symbol)` asked for while a list resolves becomes one
 * GET /user/current-prices?symbols=… call, never one call per row.
 */
import DataLoader from 'dataloader';
import { RestClient, type RequestScope } from './rest-client.js';
import { replyMessage } from './admin-api.js';

export type ExchangeCode = 'NSE' | 'BSE';
export type BuySellCode = 'BUY' | 'SELL' | 'BOTH';

export interface BrokerageFirmDto {
  id: number;
  name: string;
  address: string;
  contactNumber: string;
}

export interface NamedDto {
  id: number;
  name: string;
}

export interface ChargeDto {
  id: number;
  brokerageFirm: BrokerageFirmDto;
  chargeType: NamedDto;
  segment: NamedDto;
  amount: string;
  percentage: string;
  description: string | null;
  exchange: ExchangeCode;
  onBuySell: BuySellCode;
  effectiveDate: string;
}

export interface FinancialInstrumentDto {
  id: number;
  type: string;
  description: string | null;
}

export interface ChargeBreakdownDto {
  chargeTypeId: number;
  chargeTypeName: string;
  buy: string;
  sell: string;
  total: string;
}

export interface ProfitLossDto {
  profitLoss: string | null;
  status: 'REALIZED' | 'UNREALIZED';
  invested: string;
  marketValue: string | null;
  gross: string | null;
  buyCharges: string;
  sellCharges: string;
  charges: string;
  sellChargesEstimated: boolean;
  breakdown: ChargeBreakdownDto[];
  net: string | null;
}

export interface HoldingDto {
  id: number;
  symbol: string;
  currentPrice: string | null;
  priceDate: string | null;
  /** With previousClose and priceChange: the symbol's quote, carried by the list (see listHoldings). */
  priceSeries?: string | null;
  previousClose?: string | null;
  priceChange?: string | null;
  price: string;
  sellPrice: string | null;
  exchange: ExchangeCode;
  instrumentType: string;
  segmentId: number;
  quantity: number;
  lotQuantity: number;
  status: 'REALIZED' | 'UNREALIZED';
  creationDate: string;
  sellingDate: string | null;
  brokerageFirm: BrokerageFirmDto;
  profitLoss: ProfitLossDto;
}

export interface HoldingUpdateDto extends HoldingDto {
  remainingHolding: HoldingDto | null;
}

export interface LatestPriceDto {
  symbol: string;
  closePrice: string;
  tradeDate: string;
  series: string;
  previousClose: string | null;
  change: string | null;
}

export interface PortfolioTotalsDto {
  holdings: number;
  invested: string;
  currentValue: string;
  realized: string;
  unrealized: string;
  charges: string;
  net: string;
}

export interface SegmentTotalsDto {
  segment: NamedDto;
  totals: PortfolioTotalsDto;
}

export interface FirmTotalsDto {
  brokerageFirm: BrokerageFirmDto;
  totals: PortfolioTotalsDto;
  segments: SegmentTotalsDto[];
}

export interface PortfolioSummaryDto {
  asOf: string;
  totals: PortfolioTotalsDto;
  firms: FirmTotalsDto[];
  segments: SegmentTotalsDto[];
}

export interface PortfolioAlertDto {
  kind: 'NEW_52_WEEK_HIGH' | 'NEW_52_WEEK_LOW' | 'SEGMENT_MOVE' | 'CONCENTRATION';
  title: string;
  message: string;
  tone: 'positive' | 'negative' | 'neutral';
  symbol: string | null;
  segment: string | null;
  brokerageFirm: string | null;
  date: string | null;
}

/** The REST body of a charge write: whole objects by id. */
export interface ChargeWriteDto {
  brokerageFirm: { id: number };
  chargeType: { id: number };
  segment: { id: number };
  amount: string;
  percentage: string;
  description?: string | null;
  exchange: ExchangeCode;
  onBuySell: BuySellCode;
  effectiveDate: string;
}

/** The REST body of a holding write (the form's fields). */
export interface HoldingWriteDto {
  symbol: string;
  price: string;
  quantity: number;
  exchange: ExchangeCode;
  creationDate: string;
  sellPrice?: string | null;
  sellingDate?: string | null;
  brokerageFirm: { id: number };
  instrumentType: string;
}

/** The most symbols one batched price call carries (the REST limit). */
const MAX_QUOTE_BATCH = 500;

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
    { maxBatchSize: MAX_QUOTE_BATCH },
  );

  constructor(scope: RequestScope) {
    super(scope, scope.restApiUrl);
  }

  // --- reference data ---
  listBrokerageFirms(): Promise<BrokerageFirmDto[]> {
    return this.get('/user/brokerage-firms');
  }

  createBrokerageFirm(input: Omit<BrokerageFirmDto, 'id'>): Promise<BrokerageFirmDto> {
    return this.post('/staff/brokerage-firms', { json: input });
  }

  updateBrokerageFirm(id: string | number, input: Omit<BrokerageFirmDto, 'id'>): Promise<BrokerageFirmDto> {
    return this.put(`/staff/brokerage-firms/${path(id)}`, { json: input });
  }

  async deleteBrokerageFirm(id: string | number): Promise<string> {
    return replyMessage(
      await this.delete<unknown>(`/staff/brokerage-firms/${path(id)}`),
      'Broker deleted successfully!',
    );
  }

  listSegments(): Promise<NamedDto[]> {
    return this.get('/user/segments');
  }

  createSegment(name: string): Promise<NamedDto> {
    return this.post('/staff/segments', { json: { name } });
  }

  updateSegment(id: string | number, name: string): Promise<NamedDto> {
    return this.put(`/staff/segments/${path(id)}`, { json: { name } });
  }

  async deleteSegment(id: string | number): Promise<string> {
    return replyMessage(await this.delete<unknown>(`/staff/segments/${path(id)}`), 'Segment deleted successfully');
  }

  listChargeTypes(): Promise<NamedDto[]> {
    return this.get('/staff/charge-types');
  }

  createChargeType(name: string): Promise<NamedDto> {
    return this.post('/staff/charge-types', { json: { name } });
  }

  updateChargeType(id: string | number, name: string): Promise<NamedDto> {
    return this.put(`/staff/charge-types/${path(id)}`, { json: { name } });
  }

  async deleteChargeType(id: string | number): Promise<string> {
    return replyMessage(
      await this.delete<unknown>(`/staff/charge-types/${path(id)}`),
      'Charge Type deleted successfully',
    );
  }

  listBuySell(): Promise<BuySellCode[]> {
    return this.get('/staff/buy-sell');
  }

  // --- charges ---
  listCharges(): Promise<ChargeDto[]> {
    return this.get('/staff/charges');
  }

  getCharge(id: string | number): Promise<ChargeDto> {
    return this.get(`/staff/charges/${path(id)}`);
  }

  createCharge(input: ChargeWriteDto): Promise<ChargeDto> {
    return this.post('/staff/charges', { json: input });
  }

  updateCharge(id: string | number, input: ChargeWriteDto): Promise<ChargeDto> {
    return this.put(`/staff/charges/${path(id)}`, { json: input });
  }

  async deleteCharge(id: string | number): Promise<string> {
    return replyMessage(await this.delete<unknown>(`/staff/charges/${path(id)}`), 'Charge deleted successfully!');
  }

  // --- financial instrument types ---
  listFinancialInstruments(): Promise<FinancialInstrumentDto[]> {
    return this.get('/staff/financial-instruments');
  }

  createFinancialInstrument(input: { type: string; description?: string | null }): Promise<FinancialInstrumentDto> {
    return this.post('/admin/financial-instruments', { json: input });
  }

  updateFinancialInstrument(
    id: string | number,
    input: { type: string; description?: string | null },
  ): Promise<FinancialInstrumentDto> {
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
  async listHoldings(filter: { brokerName?: string | null; segmentName?: string | null } = {}): Promise<HoldingDto[]> {
    const query = { broker: filter.brokerName ?? undefined };
    const list = await (filter.segmentName
      ? this.get<HoldingDto[]>(`/user/holding/${path(filter.segmentName)}`, { query })
      : this.get<HoldingDto[]>('/user/holding', { query }));
    for (const holding of list) this.primeQuote(holding);
    return list;
  }

  private primeQuote(holding: HoldingDto): void {
    // an API without the quote fields: leave the loader to fetch
    if (holding.previousClose === undefined || holding.priceSeries === undefined) return;
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
      change: holding.priceChange ?? null,
    });
  }

  addHolding(input: HoldingWriteDto): Promise<HoldingDto> {
    return this.post('/user/holding', { json: input });
  }

  updateHolding(id: string | number, input: HoldingWriteDto): Promise<HoldingUpdateDto> {
    return this.put(`/user/holding/${path(id)}`, { json: input });
  }

  async deleteHolding(id: string | number): Promise<string> {
    return replyMessage(await this.delete<unknown>(`/user/holding/${path(id)}`), 'Holding deleted successfully!');
  }

  getPortfolioSummary(): Promise<PortfolioSummaryDto> {
    return this.get('/user/portfolio/summary');
  }

  getPortfolioAlerts(brokerName?: string | null): Promise<PortfolioAlertDto[]> {
    return this.get('/user/portfolio/alerts', { query: { broker: brokerName ?? undefined } });
  }

  /** The latest quote of a symbol, batched with every other quote asked for in the same tick. */
  quote(symbol: string): Promise<LatestPriceDto | null> {
    return this.quoteLoader.load(symbol.trim().toUpperCase());
  }

  async quotes(symbols: readonly string[]): Promise<LatestPriceDto[]> {
    const results = await this.quoteLoader.loadMany(symbols.map((symbol) => symbol.trim().toUpperCase()));
    const failure = results.find((result) => result instanceof Error);
    if (failure) throw failure;
    return results.filter((result): result is LatestPriceDto => result !== null && !(result instanceof Error));
  }

  searchSymbols(search: string, limit?: number | null): Promise<LatestPriceDto[]> {
    return this.get('/user/current-prices/search', { query: { q: search, limit: limit ?? undefined } });
  }
}
