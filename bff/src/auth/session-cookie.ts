/**
 * The session cookie: the token lives in an httpOnly, SameSite=Strict cookie that scripts cannot
 * read. Integrators send `Authorization: Bearer <token>` instead; the header wins.
 */
import type { Request, Response } from 'express';
import { parse as parseCookies } from 'cookie';

export const SESSION_COOKIE = 'bi_session';

export function tokenFromRequest(request: Request): string | undefined {
  const header = request.headers.authorization;
  if (typeof header === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match?.[1]) return match[1];
  }
  const cookieHeader = request.headers.cookie;
  if (!cookieHeader) return undefined;
  const token = parseCookies(cookieHeader)[SESSION_COOKIE];
  return token && token.length < 4096 ? token : undefined;
}

export function setSessionCookie(response: Response, token: string, expiresAt: Date, secure: boolean): void {
  response.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(response: Response, secure: boolean): void {
  response.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', secure, path: '/' });
}
