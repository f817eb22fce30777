/**
 * What one GraphQL request made with an API key was granted by its quota call (protection/api-key-quota.ts), kept
 * in its own module because the request's context (graphql/context.ts) carries it and the quota plugin reads the
 * context.
 */
import type { ApiKeyScope } from '@bazaar/shared';
import type { ApiQuotaDto } from '@bazaar/shared/contract';

/** What one GraphQL request of a key was granted, shared by the operations of a batch (res.locals.apiKey). */
export interface ApiKeyUsage {
  scopes: ApiKeyScope[];
  /** The quota after this request was counted. */
  quota: ApiQuotaDto;
  /** The points taken for the whole request. */
  requestedCost: number;
  /** Points the operations' answers did not use, added up as they are sent. */
  unused: number;
}
