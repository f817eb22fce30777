/**
 * The quota of an API key's owner (docs/product/developer.md#quotas): requests a day and GraphQL points a minute.
 * The REST API answers it in the X-RateLimit-* headers of every answer to a key; the BFF asks it once per GraphQL
 * request (POST /user/api-quota/graphql, from a trusted proxy only) and gives back the points its answer did not use.
 */
import { z } from 'zod';
import { API_KEY_SCOPES } from '../../developer/api-keys.js';

/** The daily quota, as the X-RateLimit-* headers carry it. */
export const dailyQuotaSchema = z.object({
  limit: z.number().int().describe('Requests a day (X-RateLimit-Limit)'),
  remaining: z.number().int().describe('Requests left today (X-RateLimit-Remaining)'),
  used: z.number().int().describe('Requests counted today (X-RateLimit-Used)'),
  reset: z
    .number()
    .int()
    .describe('When the count starts again: the next midnight in India, epoch seconds (X-RateLimit-Reset)'),
});
export type DailyQuotaDto = z.infer<typeof dailyQuotaSchema>;

/** The GraphQL points bucket, as Shopify's throttleStatus names it. */
export const pointsBucketSchema = z.object({
  maximumAvailable: z.number().describe('Points the bucket holds when full (the plan’s points a minute)'),
  currentlyAvailable: z.number().describe('Points available now'),
  restoreRate: z.number().describe('Points restored a second'),
});
export type PointsBucketDto = z.infer<typeof pointsBucketSchema>;

export const apiQuotaDtoSchema = z
  .object({
    scopes: z.array(z.enum(API_KEY_SCOPES)).describe('The key’s scopes'),
    daily: dailyQuotaSchema,
    points: pointsBucketSchema,
  })
  .describe('A key’s quota after the request was counted');
export type ApiQuotaDto = z.infer<typeof apiQuotaDtoSchema>;

/**
 * What the X-Quota-Grant header of a REST call that carried a GraphQL request's charge says (JSON): the key's scopes
 * and the points bucket after the charge (the daily quota is in the X-RateLimit-* headers).
 */
export const apiQuotaGrantSchema = apiQuotaDtoSchema.omit({ daily: true });
export type ApiQuotaGrantDto = z.infer<typeof apiQuotaGrantSchema>;

/** Points in a quota body: a whole number from 0 to 1,000,000,000 (`message` for any other value). */
function pointsValue(name: string, message: string) {
  return z.number({ error: message }).int(message).min(0, message).max(1_000_000_000, `${name} is too large`);
}

/** POST /user/api-quota/graphql: the requested cost of the whole GraphQL request (a batch together). */
export const graphqlQuotaBodySchema = z.object({
  requestedCost: pointsValue('requestedCost', 'requestedCost must be a whole number of points'),
});
export type GraphqlQuotaBody = z.infer<typeof graphqlQuotaBodySchema>;

/** POST /user/api-quota/graphql/refund: points a GraphQL answer did not use (requested minus actual cost). */
export const quotaRefundBodySchema = z.object({
  points: pointsValue('points', 'points must be a whole number'),
});
export type QuotaRefundBody = z.infer<typeof quotaRefundBodySchema>;
