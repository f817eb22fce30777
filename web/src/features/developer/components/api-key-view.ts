/**
 * What the Developer page shows of a key (docs/product/developer.md#developer): each scope with its one-line
 * explanation, the expiry as a warning when it is near (keys never expire silently), and where the key was last
 * used. Pure functions, so the page's rules are tested apart from its layout.
 */
import {
  API_KEY_EXPIRY_DAYS,
  API_KEY_SCOPES,
  apiKeyScopeByEnum,
  apiKeyScopeEnum,
  formatDateTime,
  type ApiKeyScope,
} from '@bazaar/shared';
import type { ApiKeyFieldsFragment } from '../../../__generated__/graphql';

export type ApiKeyRow = ApiKeyFieldsFragment;

/** What each scope lets a key do, in one line (the full table: docs/product/developer.md#scopes). */
const SCOPE_EXPLANATIONS: Record<ApiKeyScope, string> = {
  'market:read': 'Every public read: prices, candles, trend lists, companies, corporate actions. Nothing of yours.',
  'portfolio:read': 'Your holdings, dashboard, watch list, tax report and benchmark, read only.',
  'portfolio:write': 'Add, change and sell holdings, edit the watch list and import tradebooks (reads included).',
};

export interface ScopeChoice {
  scope: ApiKeyScope;
  explanation: string;
}

export const SCOPE_CHOICES: readonly ScopeChoice[] = API_KEY_SCOPES.map((scope) => ({
  scope,
  explanation: SCOPE_EXPLANATIONS[scope],
}));

/**
 * The lifetime a new key is offered: long enough that a nightly job does not need a new key every month, short
 * enough that a forgotten key does not live for a year. The owner can pick 7 to 365 days.
 */
export const DEFAULT_EXPIRY_DAYS = 90;
export const EXPIRY_DAYS = API_KEY_EXPIRY_DAYS;

/** The GraphQL enum values of the scopes picked in the form (shared's REST names, market:read → MARKET_READ). */
export function scopeEnums(scopes: readonly string[]) {
  return API_KEY_SCOPES.filter((scope) => scopes.includes(scope)).map(apiKeyScopeEnum);
}

/** A key's scopes as integrators write them (MARKET_READ → market:read). */
export function scopeNames(key: Pick<ApiKeyRow, 'scopes'>): string[] {
  return key.scopes.map((value) => apiKeyScopeByEnum(value) ?? value);
}

const DAY_MS = 24 * 60 * 60 * 1000;

export type ExpiryState = { kind: 'expired' | 'soon' | 'later'; text: string };

/**
 * The key's expiry as the list flags it. The server decides expired and expiresSoon (its clock is the one that
 * refuses the key); the time left is counted here only for the words, in whole days rounded up, so a key with 30
 * hours left "expires in 2 days" and one with less than a day left "expires within a day".
 */
export function expiryState(
  key: Pick<ApiKeyRow, 'expiresAt' | 'expired' | 'expiresSoon'>,
  now: Date = new Date(),
): ExpiryState {
  if (key.expired) return { kind: 'expired', text: 'Expired' };
  if (!key.expiresSoon) return { kind: 'later', text: '' };
  const daysLeft = Math.ceil((new Date(key.expiresAt).getTime() - now.getTime()) / DAY_MS);
  return { kind: 'soon', text: daysLeft <= 1 ? 'Expires within a day' : `Expires in ${daysLeft} days` };
}

/** "15-Mar-2025 16:00 from 203.0.113.7", or "Never used". */
export function lastUsedText(key: Pick<ApiKeyRow, 'lastUsedAt' | 'lastUsedFrom'>): string {
  if (!key.lastUsedAt) return 'Never used';
  const at = formatDateTime(key.lastUsedAt);
  return key.lastUsedFrom ? `${at} from ${key.lastUsedFrom}` : at;
}

/** The keys that need their owner's attention: expired, or expiring within 7 days. */
export function keysNeedingAttention(keys: readonly ApiKeyRow[]): { expired: number; expiringSoon: number } {
  return {
    expired: keys.filter((key) => key.expired).length,
    expiringSoon: keys.filter((key) => !key.expired && key.expiresSoon).length,
  };
}
