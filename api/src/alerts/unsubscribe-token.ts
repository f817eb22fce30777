/**
 * The unsubscribe links of alert e-mails (docs/decisions.md#unsubscribe-links-signed-and-expiring): a JWT (HS256)
 * naming the investor, with its own audience and a key of its own derived from the session secret
 * (HMAC-SHA256(secret, purpose)), so a session token is no unsubscribe token and an unsubscribe token opens no
 * session. It expires (ALERT_UNSUBSCRIBE_LINK_DAYS) and works without logging in: all it can do is turn the
 * investor's digest off.
 */
import { createHmac } from 'node:crypto';
import { errors as joseErrors } from 'jose';
import { signJwt, verifyJwt, type JwtKind } from '../auth/jwt.js';

const AUDIENCE = 'bazaar-insight-alert-digest-unsubscribe';
const PURPOSE = 'alert-digest-unsubscribe';

export type UnsubscribeCheck = { userId: number } | { problem: 'invalid' | 'expired' };

export interface UnsubscribeTokens {
  sign(userId: number): Promise<string>;
  verify(token: string): Promise<UnsubscribeCheck>;
}

export function createUnsubscribeTokens(secret: string, lifetimeMs: number): UnsubscribeTokens {
  const kind: JwtKind = { key: createHmac('sha256', secret).update(PURPOSE).digest(), audience: AUDIENCE };
  return {
    async sign(userId) {
      const now = Math.floor(Date.now() / 1000);
      return signJwt(kind, {
        subject: String(userId),
        issuedAt: now,
        expiresAt: now + Math.floor(lifetimeMs / 1000),
      });
    },
    async verify(token) {
      try {
        const payload = await verifyJwt(kind, token);
        const userId = Number(payload.sub);
        return Number.isInteger(userId) && userId > 0 ? { userId } : { problem: 'invalid' };
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) return { problem: 'expired' };
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return { problem: 'invalid' };
        throw error;
      }
    },
  };
}
