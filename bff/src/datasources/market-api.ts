/**
 * The market area of the REST API: latest prices, candles, period series, corporate actions,
 * financial statements and companies. Public reads go out without the caller's token
 * (`anonymous`), so their answers may be shared across callers by the market cache
 * (market-cache.ts); company writes carry the token (staff only, enforced by the REST API).
 */
import { RestClient, type RequestScope } from './rest-client.js';
import { replyMessage } from './admin-api.js';

export type TrendPeriodCode = 'WEEKLY' | 'MONTHLY' | 'QUARTERLY' | 'HALFYEARLY' | 'YEARLY';
export type StatementNatureCode = 'STANDALONE' | 'CONSOLIDATED';

export interface StockPriceDto {
  symbol: string;
  series: string;
  date: string;
  openPrice: string;
  highPrice: string;
  lowPrice: string;
  closePrice: string;
  lastPrice: string | null;
  previousClose: string | null;
  changePerDay: string | null;
  changePercent: string | null;
  /** Shares traded (a whole number; a string in GraphQL). */
  volume: number | string | null;
  isin: string | null;
}

export interface CandleDto {
  date: string;
  openPrice: string;
  highPrice: string;
  lowPrice: string;
  closePrice: string;
}

export interface PriceSeriesDto {
  period: TrendPeriodCode;
  dates: string[];
  prices: string[];
}

export interface CorporateActionDto {
  id: number;
  symbol: string;
  companyName: string;
  series: string;
  purpose: string;
  faceValue: string | null;
  exDate: string | null;
  recordDate: string | null;
  bookClosureStartDate: string | null;
  bookClosureEndDate: string | null;
}

export interface CorporateEventsDto {
  pastEvents: CorporateActionDto[];
  upcomingEvents: CorporateActionDto[];
}

export interface ProfitAndLossDto {
  symbol: string;
  natureOfReport: string;
  reportingQuarter: string;
  dateOfEndOfReportingPeriod: string;
  dateOfStartOfFinancialYear: string;
  revenueFromOperations: string | null;
  income: string | null;
  expenses: string | null;
  profitBeforeTax: string | null;
  profitLossForPeriod: string;
  basicEarningsPerShare: string | null;
}

export interface BalanceSheetDto {
  symbol: string;
  natureOfReport: string;
  dateOfEndOfReportingPeriod: string;
  nonCurrentAssets: string | null;
  currentAssets: string | null;
  totalAssets: string;
  equityShareCapital: string | null;
  otherEquity: string | null;
  totalEquity: string | null;
  nonCurrentLiabilities: string | null;
  currentLiabilities: string | null;
  totalLiabilities: string | null;
  totalEquityAndLiabilities: string;
}

export interface CompanyDto {
  id: number;
  companyName: string;
  industry: string | null;
  symbol: string;
  series: string | null;
  isinCode: string | null;
  paidUpValue: string | null;
  dateOfListing: string | null;
  marketLot: number | null;
  faceValue: string | null;
}

export interface CompanyWriteDto {
  companyName: string;
  industry: string;
  symbol: string;
  series: string;
  isinCode: string;
  paidUpValue: string;
  dateOfListing: string;
  marketLot: number;
  faceValue: string;
}

export class MarketApi extends RestClient {
  constructor(scope: RequestScope) {
    super(scope, scope.restApiUrl);
  }

  latestPrices(): Promise<StockPriceDto[]> {
    return this.get('/public/stock-prices', { anonymous: true });
  }

  candles(symbol: string, from?: string | null, to?: string | null): Promise<CandleDto[]> {
    return this.get('/public/stock-prices', { anonymous: true, query: { symbol, from, to } });
  }

  async priceSeries(symbol: string, period: TrendPeriodCode): Promise<PriceSeriesDto> {
    const series = await this.get<{ dates: string[]; prices: string[] }>(
      '/public/stock-prices/stock-prices-for-period',
      {
        anonymous: true,
        query: { type: period, symbol },
      },
    );
    return { period, dates: series.dates, prices: series.prices };
  }

  corporateActions(): Promise<CorporateActionDto[]> {
    return this.get('/public/corporate-actions', { anonymous: true });
  }

  corporateEvents(symbol: string, date?: string | null): Promise<CorporateEventsDto> {
    return this.get('/public/corporate-actions', { anonymous: true, query: { symbol, date } });
  }

  profitAndLoss(
    symbol: string,
    upTo?: string | null,
    nature?: StatementNatureCode | null,
  ): Promise<ProfitAndLossDto[]> {
    return this.get('/public/profit-and-loss', {
      anonymous: true,
      query: { symbol, startDateOfFinancialYear: upTo, nature },
    });
  }

  balanceSheets(symbol: string, upTo?: string | null, nature?: StatementNatureCode | null): Promise<BalanceSheetDto[]> {
    return this.get('/public/balancesheet', {
      anonymous: true,
      query: { symbol, startDateOfFinancialYear: upTo, nature },
    });
  }

  companies(symbol?: string): Promise<CompanyDto[]> {
    return this.get('/public/stocks', { anonymous: true, query: { symbol } });
  }

  createCompany(input: CompanyWriteDto): Promise<CompanyDto> {
    return this.post('/staff/stocks', { json: input });
  }

  updateCompany(id: string, input: CompanyWriteDto): Promise<CompanyDto> {
    return this.put(`/staff/stocks/${encodeURIComponent(id)}`, { json: input });
  }

  async deleteCompany(id: string): Promise<string> {
    return replyMessage(
      await this.delete<unknown>(`/staff/stocks/${encodeURIComponent(id)}`),
      'Company deleted successfully',
    );
  }
}
