/**
 * The company area of the REST API: corporate actions, financial statements and companies.
 * Public reads go out without the caller's token (`anonymous`), so their answers may be shared
 * across callers by the market cache (market-cache.ts); company writes carry the token (staff
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
import { RestClient, type RequestScope } from './rest-client.js';

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

  corporateEvents(symbol: string, date?: string | null): Promise<CorporateEventsDto> {
    const query: CorporateActionsQuery = { symbol, date: date ?? undefined };
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
