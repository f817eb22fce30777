/** Market indices (docs/product/market.md#indices): the indices loaded and an index's closes, public reads. */
import type { IndexCloseDto, IndexComparisonDto, IndexSummaryDto } from '@bazaar/shared/contract';
import { RestClient, type RequestScope } from './rest-client.js';

export class IndicesApi extends RestClient {
  constructor(scope: RequestScope) {
    super(scope, scope.restApiUrl);
  }

  indices(): Promise<IndexSummaryDto[]> {
    return this.get('/public/indices', { anonymous: true });
  }

  indexComparison(name: string, symbol: string): Promise<IndexComparisonDto> {
    return this.get(`/public/indices/${encodeURIComponent(name.trim())}/beta`, {
      anonymous: true,
      query: { symbol: symbol.trim().toUpperCase() },
    });
  }

  indexCloses(name: string, from?: string | null, to?: string | null): Promise<IndexCloseDto[]> {
    return this.get(`/public/indices/${encodeURIComponent(name.trim())}/closes`, {
      anonymous: true,
      query: { from: from ?? undefined, to: to ?? undefined },
    });
  }
}
