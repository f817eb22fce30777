/**
 * API keys in tests: made through the REST API as a user would, and aged or revoked where a test needs a key
 * that expired (the database's own clock is moved back for that key alone).
 */
import { sql } from 'drizzle-orm';
import type { CreatedApiKeyDto } from '@bazaar/shared/contract';
import type { TestApi } from '../setup/test-api.js';

export async function createKey(
  api: TestApi,
  token: string,
  scopes: string[],
  options: { name?: string; expiresInDays?: number } = {},
): Promise<CreatedApiKeyDto> {
  const created = await api.request<CreatedApiKeyDto>('POST', '/user/api-keys', {
    token,
    json: { name: options.name ?? `key for ${scopes.join(' ')}`, scopes, expiresInDays: options.expiresInDays ?? 30 },
  });
  if (created.status !== 201) throw new Error(`making a key failed: ${created.status} ${created.text}`);
  return created.body;
}

/** Moves a key's life into the past: made 10 days ago, expired a minute ago. */
export async function expireKey(api: TestApi, id: number): Promise<void> {
  await api.handle.db.execute(
    sql`UPDATE api_keys SET created_at = now() - interval '10 days', expires_at = now() - interval '1 minute' WHERE id = ${id}`,
  );
}

export async function revokeKey(api: TestApi, token: string, id: number): Promise<void> {
  const revoked = await api.request('DELETE', `/user/api-keys/${id}`, { token });
  if (revoked.status !== 204) throw new Error(`revoking key ${id} failed: ${revoked.status} ${revoked.text}`);
}

/** The next midnight in India after `at` (epoch ms), in epoch seconds: UTC+5:30, worked out without time zones. */
export function nextIndianMidnight(at: number): number {
  const offset = (5 * 60 + 30) * 60_000;
  const local = new Date(at + offset);
  return (Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1) - offset) / 1000;
}

/** One key of each scope alone, one revoked and one expired (both with every scope), made by the session's user. */
export async function keysOfEveryKind(api: TestApi, token: string): Promise<Record<KeyKind, string>> {
  const all = ['market:read', 'portfolio:read', 'portfolio:write'] as const;
  const keys: Partial<Record<KeyKind, string>> = {};
  for (const scope of all) keys[scope] = (await createKey(api, token, [scope])).key;
  const revoked = await createKey(api, token, [...all]);
  await revokeKey(api, token, revoked.id);
  const expired = await createKey(api, token, [...all]);
  await expireKey(api, expired.id);
  return { ...keys, revoked: revoked.key, expired: expired.key } as Record<KeyKind, string>;
}

type KeyKind = 'market:read' | 'portfolio:read' | 'portfolio:write' | 'revoked' | 'expired';
