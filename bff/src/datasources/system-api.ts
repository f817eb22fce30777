/** The REST API's health endpoint (at the server root, beside /api). */
import { RestClient, type RequestScope } from './rest-client.js';

export class SystemApi extends RestClient {
  constructor(scope: RequestScope) {
    // /health lives at the root of the server that serves /api
    super(scope, new URL(scope.restApiUrl).origin);
  }

  async apiHealthy(): Promise<boolean> {
    try {
      const health = await this.send<{ status?: string }>('GET', '/health', { anonymous: true, timeoutMs: 2_000 });
      return health.data?.status === 'ok';
    } catch {
      return false;
    }
  }
}
