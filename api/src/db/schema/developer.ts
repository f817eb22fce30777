/**
 * The developer area: API keys (docs/product/developer.md). A key is stored as its public id (the `bzk_…` start
 * shown in lists and used to find it) and a keyed hash of the whole key (HMAC-SHA256 with the server's key-hash
 * secret, docs/decisions.md#api-keys-a-public-id-and-a-keyed-hash): the secret itself is never stored. A revoked
 * key keeps its row, so it is refused with a message saying it was revoked.
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { createdAt, idColumn, instant, requiredRef } from './columns.js';

export const apiKeys = pgTable(
  'api_keys',
  {
    id: idColumn(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    name: varchar('name', { length: 100 }).notNull(),
    /** market:read, portfolio:read, portfolio:write. */
    scopes: text('scopes').array().notNull(),
    /** The key's public id, the characters after `bzk_` that find it. */
    publicId: varchar('public_id', { length: 16 }).notNull(),
    /** HMAC-SHA256 of the whole key, hex. */
    secretHash: varchar('secret_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    /** Updated at most once a minute per key. */
    lastUsedAt: instant('last_used_at'),
    /** The client address of that use. */
    lastUsedFrom: varchar('last_used_from', { length: 64 }),
  },
  (table) => [
    uniqueIndex('api_keys_public_id_key').on(table.publicId),
    index('api_keys_user_idx').on(table.userId),
    check('api_keys_expiry_check', sql`${table.expiresAt} > ${table.createdAt}`),
  ],
);
