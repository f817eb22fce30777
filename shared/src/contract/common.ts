/**
 * Shapes every area of the REST contract shares: the error answer, a plain message, an id path
 * parameter. The API registers these zod schemas as its route schemas (validated on the way in,
 * enforced on the way out, and the source of the OpenAPI document); the BFF types its calls with them.
 */
import { z } from 'zod';

export const errorSchema = z
  .object({
    status: z.number().int().describe('HTTP status code'),
    error: z.string().describe('HTTP status text'),
    message: z.string().describe('What is wrong, in words for people'),
    details: z.unknown().optional().describe('Extra detail for some errors (e.g. the rows of a rejected upload)'),
  })
  .describe('Every error answer has this shape');
export type ErrorBody = z.infer<typeof errorSchema>;

export const messageSchema = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof messageSchema>;

export const idParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'id must be a positive whole number' })
    .int('id must be a positive whole number')
    .positive('id must be a positive whole number')
    .max(2_147_483_647, 'id is too large'),
});

/** Standard error answers to attach to a route's response schemas. */
export function errorResponses(...statuses: number[]): Record<number, typeof errorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorSchema]));
}

/** A point in time as the API writes it: `Date.toISOString()`. */
export const isoTimestampSchema = z.string().describe('ISO timestamp');

/** When a stored row was made and last changed (the columns `timestamps()` gives a table in api/src/db/schema). */
export const timestampsShape = { createdAt: isoTimestampSchema, updatedAt: isoTimestampSchema };

/** `?limit=` of the staff and admin lists that show the latest rows first. */
export const listLimitQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 500' })
    .int('limit must be a whole number from 1 to 500')
    .min(1, 'limit must be a whole number from 1 to 500')
    .max(500, 'limit must be a whole number from 1 to 500')
    .default(200),
});
