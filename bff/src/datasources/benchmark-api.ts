/** The portfolio against an index (docs/product/home.md#against-the-market): GET /user/portfolio/benchmark. */
import type { BenchmarkDto } from '@bazaar/shared/contract';
import { RestClient, type RequestScope } from './rest-client.js';

export class BenchmarkApi extends RestClient {
  constructor(scope: RequestScope) {
    super(scope, scope.restApiUrl);
  }

  benchmark(query: {
    index: string;
    brokerageFirm?: string | null;
    from?: string | null;
    to?: string | null;
  }): Promise<BenchmarkDto> {
    return this.get('/user/portfolio/benchmark', {
      query: {
        index: query.index,
        brokerageFirm: query.brokerageFirm ?? undefined,
        from: query.from ?? undefined,
        to: query.to ?? undefined,
      },
    });
  }
}
