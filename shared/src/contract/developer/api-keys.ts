/**
 * API keys (docs/product/developer.md#rest-calls): POST, GET /user/api-keys and DELETE /user/api-keys/{id}, for a
 * logged-in session only. The secret (`key`) is answered once, by the POST; the lists never carry it.
 */
import { z } from 'zod';
import { API_KEY_SCOPES } from '../../developer/api-keys.js';
import { createApiKeySchema } from '../../validation/developer.js';
import { isoTimestampSchema } from '../common.js';

const scopesSchema = z
  .array(z.enum(API_KEY_SCOPES))
  .describe('What the key may do: market:read, portfolio:read, portfolio:write');

/** POST /user/api-keys: `{name, scopes, expiresInDays}` (7 to 365). */
export const createApiKeyBodySchema = createApiKeySchema;
export type CreateApiKeyBody = z.input<typeof createApiKeyBodySchema>;
export type CreateApiKeyValues = z.output<typeof createApiKeyBodySchema>;

export const createdApiKeyDtoSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    scopes: scopesSchema,
    prefix: z.string().describe('The public start of the key (bzk_ and its id), shown in lists to tell keys apart'),
    key: z.string().describe('The whole key: sent this once and never again; keep it secret'),
    createdAt: isoTimestampSchema,
    expiresAt: isoTimestampSchema,
  })
  .describe('A new API key, with its secret');
export type CreatedApiKeyDto = z.infer<typeof createdApiKeyDtoSchema>;

export const apiKeyDtoSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    scopes: scopesSchema,
    prefix: z.string().describe('The public start of the key (bzk_ and its id)'),
    createdAt: isoTimestampSchema,
    expiresAt: isoTimestampSchema,
    lastUsedAt: isoTimestampSchema.nullable().describe('When the key was last used (to the minute), or null'),
    lastUsedFrom: z.string().nullable().describe('The client address it was last used from, or null'),
    expiresSoon: z.boolean().describe('Whether it expires within 7 days (and has not yet)'),
    expired: z.boolean().describe('Whether it has expired: it is refused from then on'),
  })
  .describe('An API key, without its secret');
export type ApiKeyDto = z.infer<typeof apiKeyDtoSchema>;
