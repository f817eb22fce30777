/**
 * API keys (docs/decisions.md#api-keys-a-public-id-and-a-keyed-hash): made, stored and checked here.
 *
 * A key is `bzk_` + a public id (12 base62 characters) + a secret (40 base62 characters, 238 bits) + a checksum
 * (6 base62 characters of the CRC-32 of all before it), 62 characters in all: the prefix tells it from a session
 * token, the public id finds its row, the checksum refuses a mistyped or made-up key without a database lookup
 * (and lets secret scanners recognise ours). The database keeps only HMAC-SHA256 of the whole key, under a
 * server secret (API_KEY_SECRET, or derived from the session secret): a fast keyed hash is right for a
 * high-entropy secret (there is nothing to guess offline without the server secret), and the stored and computed
 * hashes are compared in constant time.
 *
 * Every request a key makes checks it: its row is read at most every KEY_CACHE_MS per instance (a revocation or
 * a change of plan reaches every instance within that; the instance that revoked forgets its copy at once), and
 * its expiry is compared with the clock on every request. Its last use is noted at most once a minute.
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { API_KEY_PREFIX, exchangeToday, type ApiKeyScope } from '@bazaar/shared';
import type { Database } from '../db/client.js';
import { findApiKey, touchApiKey, type KeyOnRecord } from '../db/queries/developer/api-keys.js';
import type { ApiQuotaSettings } from '../config.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const PUBLIC_ID_LENGTH = 12;
const SECRET_LENGTH = 40;
const CHECKSUM_LENGTH = 6;
export const API_KEY_LENGTH = API_KEY_PREFIX.length + PUBLIC_ID_LENGTH + SECRET_LENGTH + CHECKSUM_LENGTH;
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${API_KEY_LENGTH - API_KEY_PREFIX.length}}$`);

/**
 * How long an instance trusts the row it read (ms): a revocation on another instance is refused here within
 * this, well within the second docs/product/developer.md#revocation promises.
 */
export const KEY_CACHE_MS = 500;
/** A key's last use is written at most this often. */
const TOUCH_EVERY_MS = 60_000;

/** `length` random base62 characters (rejection sampling: no character more likely than another). */
function randomBase62(length: number): string {
  let text = '';
  while (text.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && text.length < length) text += BASE62[byte % 62];
    }
  }
  return text;
}

function checksum(body: string): string {
  let value = crc32(body);
  let text = '';
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    text = BASE62[value % 62] + text;
    value = Math.floor(value / 62);
  }
  return text;
}

/** The public id of a well-formed key whose checksum holds, else undefined. */
export function publicIdOf(key: string): string | undefined {
  if (!KEY_PATTERN.test(key)) return undefined;
  const body = key.slice(0, -CHECKSUM_LENGTH);
  if (checksum(body) !== key.slice(-CHECKSUM_LENGTH)) return undefined;
  return key.slice(API_KEY_PREFIX.length, API_KEY_PREFIX.length + PUBLIC_ID_LENGTH);
}

/** What a list shows of a key: `bzk_` and its public id. */
export function keyPrefix(publicId: string): string {
  return `${API_KEY_PREFIX}${publicId}`;
}

/** The hash secret: API_KEY_SECRET, else one derived (HKDF) from the session secret, never the session secret itself. */
export function keyHashSecret(configured: string | undefined, sessionSecret: string): Buffer {
  if (configured) return Buffer.from(configured, 'utf8');
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'bazaar-insight', 'api-key-hash', 32));
}

export interface ApiKeyGrant {
  keyId: number;
  publicId: string;
  userId: number;
  username: string;
  scopes: ApiKeyScope[];
  /** The owner's quota today: their plan's, or the free one. */
  quota: ApiQuotaSettings;
}

export type KeyCheck =
  | { kind: 'valid'; grant: ApiKeyGrant }
  | { kind: 'not-valid' }
  | { kind: 'revoked' }
  | { kind: 'expired'; expiresAt: Date };

export interface ApiKeyService {
  /** A new key: the whole key (to show once), its public id and the hash to store. */
  mint(): { key: string; publicId: string; secretHash: string };
  /** Checks a presented key; notes its use from `from` (at most once a minute). */
  check(key: string, from: string): Promise<KeyCheck>;
  /** Drops this instance's copy of a key's row (after a revocation here). */
  forget(publicId: string): void;
}

interface Cached {
  record: KeyOnRecord | undefined;
  readAt: number;
  lastTouch: number;
}

export function createApiKeyService(
  db: Database,
  options: {
    hashSecret: Buffer;
    freeQuota: ApiQuotaSettings;
    onTouchError?: (error: unknown) => void;
    clock?: { now: () => number };
  },
): ApiKeyService {
  const clock = options.clock ?? Date;
  const cache = new Map<string, Cached>();
  const MAX_CACHED = 10_000;
  const hash = (key: string) => createHmac('sha256', options.hashSecret).update(key, 'utf8').digest('hex');

  async function recordOf(publicId: string, now: number): Promise<Cached> {
    const cached = cache.get(publicId);
    if (cached && now - cached.readAt < KEY_CACHE_MS) return cached;
    const record = await findApiKey(db, publicId, exchangeToday(new Date(now)));
    const fresh: Cached = {
      record,
      readAt: now,
      lastTouch: Math.max(cached?.lastTouch ?? 0, record?.lastUsedAt?.getTime() ?? 0),
    };
    cache.delete(publicId);
    cache.set(publicId, fresh);
    if (cache.size > MAX_CACHED) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    return fresh;
  }

  return {
    mint() {
      const publicId = randomBase62(PUBLIC_ID_LENGTH);
      const body = `${API_KEY_PREFIX}${publicId}${randomBase62(SECRET_LENGTH)}`;
      const key = body + checksum(body);
      return { key, publicId, secretHash: hash(key) };
    },

    async check(key, from) {
      const publicId = publicIdOf(key);
      if (!publicId) return { kind: 'not-valid' };
      const now = clock.now();
      const cached = await recordOf(publicId, now);
      const record = cached.record;
      if (!record) return { kind: 'not-valid' };
      const stored = Buffer.from(record.secretHash, 'hex');
      const presented = Buffer.from(hash(key), 'hex');
      if (stored.length !== presented.length || !timingSafeEqual(stored, presented)) return { kind: 'not-valid' };
      if (record.revokedAt) return { kind: 'revoked' };
      if (record.expiresAt.getTime() <= now) return { kind: 'expired', expiresAt: record.expiresAt };
      if (now - cached.lastTouch >= TOUCH_EVERY_MS) {
        cached.lastTouch = now;
        // the answer does not wait for this note; a failure only loses the note
        void touchApiKey(db, record.id, new Date(now), from).catch((error: unknown) => options.onTouchError?.(error));
      }
      return {
        kind: 'valid',
        grant: {
          keyId: record.id,
          publicId,
          userId: record.userId,
          username: record.username,
          scopes: record.scopes as ApiKeyScope[],
          quota: record.planQuota ?? options.freeQuota,
        },
      };
    },

    forget(publicId) {
      cache.delete(publicId);
    },
  };
}
