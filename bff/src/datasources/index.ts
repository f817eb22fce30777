/** One instance of each REST data source per GraphQL request. Areas add theirs here. */
import type { RequestScope } from './rest-client.js';
import { AuthApi } from './auth-api.js';
import { AdminApi } from './admin-api.js';
import { SystemApi } from './system-api.js';
import { PortfolioApi } from './portfolio-api.js';
import { EngagementApi } from './engagement-api.js';
import { MarketApi } from './market-api.js';
import { CompanyApi } from './company-api.js';
import { UploadsApi } from './uploads-api.js';
import { TaxApi } from './tax-api.js';
import { IndicesApi } from './indices-api.js';
import { BenchmarkApi } from './benchmark-api.js';
import { DeveloperApi } from './developer-api.js';
import { AlertsApi } from './alerts-api.js';

export function createDataSources(scope: RequestScope) {
  return {
    auth: new AuthApi(scope),
    admin: new AdminApi(scope),
    system: new SystemApi(scope),
    portfolio: new PortfolioApi(scope),
    engagement: new EngagementApi(scope),
    market: new MarketApi(scope),
    company: new CompanyApi(scope),
    uploads: new UploadsApi(scope),
    tax: new TaxApi(scope),
    indices: new IndicesApi(scope),
    benchmark: new BenchmarkApi(scope),
    developer: new DeveloperApi(scope),
    alerts: new AlertsApi(scope),
  };
}

export type DataSources = ReturnType<typeof createDataSources>;
