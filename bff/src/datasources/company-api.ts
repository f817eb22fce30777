/**
 * The company area of the REST API: corporate actions (whole, or a page at a time), financial statements and companies.
 * Public reads go out without the caller's token (`anonymous`), so their answers may be shared
 * across callers by the market cache (caches/market-cache.ts); company writes carry the token (staff
 * only, enforced by the REST API). Shapes come from the REST contract.
 */
import type { StatementNature } from '@bazaar/shared';
import type {
  BalanceSheetDto,
  CompanyBody,
  CompanyDto,
  CorporateActionDto,
  CorporateActionsQuery,
  CorporateEventsDto,
  MessageBody,
  ProfitAndLossDto,
  StatementQuery,
} from '@bazaar/shared/contract';
import { RestClient, type PageAsked, type RequestScope, type RestPage } from './rest-client.js';

const statementQuery = (symbol: string, upTo?: string | null, nature?: StatementNature | null): StatementQuery => ({
  symbol,
  startDateOfFinancialYear: upTo ?? undefined,
  nature: nature ?? undefined,
});

export class CompanyApi extends RestClient {
  constructor(scope: RequestScope) {
    super(scope, scope.restApiUrl);
  }

  corporateActions(): Promise<CorporateActionDto[]> {
    return this.get('/public/corporate-actions', { anonymous: true });
  }

  /** A page of every action (or of those with an ex-date in `year`), newest ex-date first. */
  corporateActionPage(year: number | null, page: PageAsked): Promise<RestPage<CorporateActionDto>> {
    return this.page('/public/corporate-actions', page, { anonymous: true, query: { year: year ?? undefined } });
  }

  corporateEvents(symbol: string, date?: string | null): Promise<CorporateEventsDto> {
    const query = { symbol, date: date ?? undefined } satisfies CorporateActionsQuery;
    return this.get('/public/corporate-actions', { anonymous: true, query });
  }

  profitAndLoss(symbol: string, upTo?: string | null, nature?: StatementNature | null): Promise<ProfitAndLossDto[]> {
    return this.get('/public/profit-and-loss', { anonymous: true, query: statementQuery(symbol, upTo, nature) });
  }

  balanceSheets(symbol: string, upTo?: string | null, nature?: StatementNature | null): Promise<BalanceSheetDto[]> {
    return this.get('/public/balancesheet', { anonymous: true, query: statementQuery(symbol, upTo, nature) });
  }

  companies(symbol?: string): Promise<CompanyDto[]> {
    return this.get('/public/stocks', { anonymous: true, query: { symbol } });
  }

  createCompany(body: CompanyBody): Promise<CompanyDto> {
    return this.post('/staff/stocks', { json: body });
  }

  updateCompany(id: string, body: CompanyBody): Promise<CompanyDto> {
    return this.put(`/staff/stocks/${encodeURIComponent(id)}`, { json: body });
  }

  async deleteCompany(id: string): Promise<string> {
    return (await this.delete<MessageBody>(`/staff/stocks/${encodeURIComponent(id)}`)).message;
  }
}
