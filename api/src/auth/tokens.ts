/**
 * Session tokens: JWTs signed with HS256 (the only algorithm accepted on verify), with issuer,
 * audience, expiry and the session's id as `jti` (a token is good only while its session is open:
 * docs/decisions.md#sessions-end-on-the-server). The secret is JWT_SECRET, or one generated once and kept in DATA_DIR.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { errors as joseErrors } from 'jose';
import { signJwt, verifyJwt, type JwtKind } from './jwt.js';

const AUDIENCE = 'bazaar-insight-api';
/** Session ids are UUIDs (the sessions table's key). */
const SESSION_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TokenClaims {
  userId: number;
  username: string;
  roles: string[];
  /** The session (the `jti`); the access check looks it up on every request. */
  sessionId: string;
  expiresAt: number;
}

export interface TokenService {
  sign(
    user: { id: number; username: string; roles: string[] },
    sessionId: string,
  ): Promise<{ token: string; expiresAt: Date }>;
  /** The claims of a valid token, or null for any invalid, expired or foreign one (also one without a session id). */
  verify(token: string): Promise<TokenClaims | null>;
}

/** Reads the secret from DATA_DIR/jwt-secret, creating it (mode 600) the first time. */
export function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not there yet
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch {
    // another process created it in the meantime: use theirs
    return fs.readFileSync(file, 'utf8').trim();
  }
}

/** "8h" -> seconds. */
export function durationSeconds(text: string): number {
  const match = /^(\d+)([smhd])$/.exec(text);
  if (!match) throw new Error(`Bad duration: ${text}`);
  const unit = { s: 1, m: 60, h: 3600, d: 86400 }[match[2] as 's' | 'm' | 'h' | 'd'];
  return Number(match[1]) * unit;
}

export function createTokenService(secret: string, expiresIn: string): TokenService {
  const kind: JwtKind = { key: new TextEncoder().encode(secret), audience: AUDIENCE };
  const lifetime = durationSeconds(expiresIn);
  return {
    async sign(user, sessionId) {
      const now = Math.floor(Date.now() / 1000);
      const expiresAt = now + lifetime;
      const token = await signJwt(kind, {
        claims: { username: user.username, roles: user.roles },
        subject: String(user.id),
        id: sessionId,
        issuedAt: now,
        expiresAt,
      });
      return { token, expiresAt: new Date(expiresAt * 1000) };
    },
    async verify(token) {
      try {
        const payload = await verifyJwt(kind, token);
        const userId = Number(payload.sub);
        if (
          !Number.isInteger(userId) ||
          userId <= 0 ||
          typeof payload.exp !== 'number' ||
          typeof payload.iat !== 'number' ||
          typeof payload.jti !== 'string' ||
          !SESSION_ID_PATTERN.test(payload.jti)
        )
          return null;
        return {
          userId,
          username: typeof payload.username === 'string' ? payload.username : '',
          roles: Array.isArray(payload.roles) ? payload.roles.filter((r): r is string => typeof r === 'string') : [],
          sessionId: payload.jti,
          expiresAt: payload.exp,
        };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
