/**
 * Validation of API keys (docs/product/developer.md#validation): the name, the scopes and the lifetime of a new key.
 */
import { z } from 'zod';
import { API_KEY_EXPIRY_DAYS, API_KEY_NAME_MAX_LENGTH, API_KEY_SCOPES } from '../developer/api-keys.js';
import { requiredInteger, requiredText } from './rules.js';

export const DEVELOPER_MESSAGES = {
  nameRequired: 'Name is required!',
  scopesRequired: `Choose at least one scope: ${API_KEY_SCOPES.join(', ')}`,
  expiresInDaysRequired: 'Expires in days is required!',
} as const;

/** "Unknown scope 'x': use market:read, portfolio:read or portfolio:write". */
export function unknownScopeMessage(scope: unknown): string {
  const shown = typeof scope === 'string' ? `'${scope.slice(0, 40)}'` : String(scope);
  const [last, ...others] = [...API_KEY_SCOPES].reverse();
  return `Unknown scope ${shown}: use ${others.reverse().join(', ')} or ${last}`;
}

const scope = z
  .string({ error: (issue) => unknownScopeMessage(issue.input) })
  .refine((value): value is (typeof API_KEY_SCOPES)[number] => (API_KEY_SCOPES as readonly string[]).includes(value), {
    error: (issue) => unknownScopeMessage(issue.input),
  });

export const createApiKeySchema = z.object({
  name: requiredText(DEVELOPER_MESSAGES.nameRequired, 'Name', API_KEY_NAME_MAX_LENGTH),
  scopes: z
    .array(scope, { error: DEVELOPER_MESSAGES.scopesRequired })
    .min(1, DEVELOPER_MESSAGES.scopesRequired)
    .max(10, 'List at most 10 scopes')
    // each scope once, in the order of API_KEY_SCOPES
    .transform((scopes) => API_KEY_SCOPES.filter((known) => scopes.includes(known))),
  expiresInDays: requiredInteger(DEVELOPER_MESSAGES.expiresInDaysRequired, 'Expires in days', API_KEY_EXPIRY_DAYS),
});
