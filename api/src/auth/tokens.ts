/**
 * Session tokens: JWTs signed with HS256 (the only algorithm accepted on verify), with issuer,
 * audience and expiry. The secret is JWT_SECRET, or one generated once and kept in DATA_DIR.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

const ALGORITHM = 'HS256';
const ISSUER = 'bazaar-insight';
const AUDIENCE = 'bazaar-insight-api';

export interface TokenClaims {
  userId: number;
  username: string;
  roles: string[];
  /** Issue time in milliseconds (the standard iat has only seconds). */
  issuedAtMs: number;
  expiresAt: number;
}

export interface TokenService {
  sign(user: { id: number; username: string; roles: string[] }): Promise<{ token: string; expiresAt: Date }>;
  /** The claims of a valid token, or null for any invalid, expired or foreign one. */
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
  const key = new TextEncoder().encode(secret);
  const lifetime = durationSeconds(expiresIn);
  return {
    async sign(user) {
      const nowMs = Date.now();
      const now = Math.floor(nowMs / 1000);
      const expiresAt = now + lifetime;
      const token = await new SignJWT({ username: user.username, roles: user.roles, iatMs: nowMs })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(user.id))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt: new Date(expiresAt * 1000) };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
        });
        const userId = Number(payload.sub);
        if (
          !Number.isInteger(userId) ||
          userId <= 0 ||
          typeof payload.exp !== 'number' ||
          typeof payload.iat !== 'number'
        )
          return null;
        return {
          userId,
          username: typeof payload.username === 'string' ? payload.username : '',
          roles: Array.isArray(payload.roles) ? payload.roles.filter((r): r is string => typeof r === 'string') : [],
          issuedAtMs: typeof payload.iatMs === 'number' ? payload.iatMs : payload.iat * 1000,
          expiresAt: payload.exp,
        };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
