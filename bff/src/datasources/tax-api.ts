/** The tax area's REST calls (docs/product/tax.md): the caller's capital gains of a financial year. */
import type { CapitalGainsDto } from '@bazaar/shared/contract';
import { RestClient, type RequestScope } from './rest-client.js';

export class TaxApi extends RestClient {
  constructor(scope: RequestScope) {
    super(scope, scope.restApiUrl);
  }

  /** GET /user/tax/capital-gains?financialYear=[&brokerageFirm=]. */
  capitalGains(financialYear: string, brokerageFirmId?: string | null): Promise<CapitalGainsDto> {
    return this.get('/user/tax/capital-gains', {
      query: { financialYear, brokerageFirm: brokerageFirmId ?? undefined },
    });
  }
}
