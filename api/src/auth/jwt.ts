/**
 * The JWTs the API signs (session tokens, auth/tokens.ts; unsubscribe links, alerts/unsubscribe-token.ts), signed
 * and checked in one place: HS256 only (the one algorithm accepted on verify), one issuer, and an audience per kind
 * with a key per kind, so a token of one kind is never accepted as another.
 */
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';

const ALGORITHM = 'HS256';
const ISSUER = 'bazaar-insight';

/** One kind of token: the key it is signed with and the audience it names. */
export interface JwtKind {
  key: Uint8Array;
  audience: string;
}

export interface JwtContent {
  /** Extra claims (beside sub, jti, iss, aud, iat, exp). */
  claims?: JWTPayload;
  subject: string;
  /** The token's id (`jti`), where the kind has one. */
  id?: string;
  /** Seconds since the epoch. */
  issuedAt: number;
  /** Seconds since the epoch. */
  expiresAt: number;
}

export function signJwt(kind: JwtKind, content: JwtContent): Promise<string> {
  const jwt = new SignJWT(content.claims ?? {})
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(content.subject);
  if (content.id !== undefined) jwt.setJti(content.id);
  return jwt
    .setIssuer(ISSUER)
    .setAudience(kind.audience)
    .setIssuedAt(content.issuedAt)
    .setExpirationTime(content.expiresAt)
    .sign(kind.key);
}

/** The payload of a token of this kind; throws jose's errors (JWTExpired, …) for any other token. */
export async function verifyJwt(kind: JwtKind, token: string): Promise<JWTPayload> {
  const { payload } = await jwtVerify(token, kind.key, {
    algorithms: [ALGORITHM],
    issuer: ISSUER,
    audience: kind.audience,
  });
  return payload;
}
