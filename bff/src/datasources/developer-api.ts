/**
 * The developer area of the REST API: the caller's API keys (a logged-in session only), and the quota of the API
 * key a GraphQL request came with (the quota middleware's calls, protection/api-key-quota.ts).
 */
import type {
  ApiKeyDto,
  ApiQuotaDto,
  CreateApiKeyBody,
  CreatedApiKeyDto,
  ErrorBody,
  PointsBucketDto,
} from '@bazaar/shared/contract';
import { RestClient, type RequestScope, type RestResponse } from './rest-client.js';

export class DeveloperApi extends RestClient {
  constructor(scope: RequestScope) {
    super(scope, scope.restApiUrl);
  }

  apiKeys(): Promise<ApiKeyDto[]> {
    return this.get('/user/api-keys', { revalidate: false });
  }

  createApiKey(body: CreateApiKeyBody): Promise<CreatedApiKeyDto> {
    return this.post('/user/api-keys', { json: body });
  }

  async revokeApiKey(id: number): Promise<void> {
    await this.delete(`/user/api-keys/${id}`);
  }

  /**
   * Counts one GraphQL request of the caller's key and takes its requested cost from the points bucket: the
   * answer as it came (200 with the quota; 400, 401, 429 with the REST API's message and headers).
   */
  countGraphqlRequest(requestedCost: number): Promise<RestResponse<ApiQuotaDto | ErrorBody>> {
    return this.send('POST', '/user/api-quota/graphql', { json: { requestedCost }, acceptErrors: true });
  }

  /** Gives back the points a GraphQL answer did not use. */
  async refundPoints(points: number): Promise<PointsBucketDto> {
    return this.post('/user/api-quota/graphql/refund', { json: { points } });
  }
}
