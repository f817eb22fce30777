/**
 * Sessions that end on the server (docs/decisions.md#sessions-end-on-the-server): a login opens a session (a row
 * whose id is the token's `jti`), and the access check accepts a token only while that row exists. Logout ends
 * one session; a new password or a change of roles ends all of the user's (db/queries/auth/sessions.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client.js';
import { deleteSession, insertSession, purgeExpiredSessions } from '../db/queries/auth/sessions.js';
import type { TokenService } from './tokens.js';

/** Expired rows are dropped at most this often, by the next login. */
const PURGE_INTERVAL_MS = 60_000;

export interface SessionService {
  /** Opens a session for the user and answers its token. */
  start(user: { id: number; username: string; roles: string[] }): Promise<{ token: string; expiresAt: Date }>;
  /** Ends one session (logout). */
  end(sessionId: string, userId: number): Promise<void>;
}

export function createSessionService(
  db: Database,
  tokens: TokenService,
  clock: { now: () => number } = Date,
): SessionService {
  let lastPurge = Number.NEGATIVE_INFINITY;
  return {
    async start(user) {
      const now = clock.now();
      if (now - lastPurge >= PURGE_INTERVAL_MS) {
        lastPurge = now;
        await purgeExpiredSessions(db, new Date(now));
      }
      const sessionId = randomUUID();
      const signed = await tokens.sign(user, sessionId);
      await insertSession(db, { id: sessionId, userId: user.id, expiresAt: signed.expiresAt });
      return signed;
    },
    async end(sessionId, userId) {
      await deleteSession(db, sessionId, userId);
    },
  };
}
