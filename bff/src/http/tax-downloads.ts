/**
 * The Tax P&L page's three files (docs/product/tax.md#downloads) for the browser's session: the browser reaches
 * only the BFF (it proxies /graphql, not the REST API), so `GET /downloads/tax/<file>?financialYear=` passes the
 * session cookie's token on to `GET /api/user/tax/<file>` and streams the answer back as it comes, status,
 * type and file name included (docs/decisions.md#tax-files-through-the-bff). Integrators call the REST API
 * directly with their key; this address takes the session cookie only.
 */
import { Readable } from 'node:stream';
import { parse as parseCookies } from 'cookie';
import express, { type Request, type Response } from 'express';
import type { BffConfig } from '../config.js';
import { SESSION_COOKIE } from '../auth/session-cookie.js';

/** The files, by the name the address ends in (the REST API's own names). */
export const TAX_DOWNLOAD_FILES = ['capital-gains.csv', 'schedule-112a.csv', 'capital-gains.xlsx'] as const;

/** The query the REST API takes; anything else is refused here rather than passed on. */
const PASSED_QUERY = ['financialYear', 'brokerageFirm'] as const;

/** Headers of the REST answer the browser needs to save the file. */
const PASSED_HEADERS = ['content-type', 'content-disposition', 'content-length', 'cache-control'];

function refuse(response: Response, status: number, message: string): void {
  response.status(status).json({ message });
}

function sessionToken(request: Request): string | undefined {
  const cookieHeader = request.headers.cookie;
  const token = cookieHeader ? parseCookies(cookieHeader)[SESSION_COOKIE] : undefined;
  return token && token.length < 4096 ? token : undefined;
}

export function taxDownloads(config: Pick<BffConfig, 'restApiUrl' | 'restTimeoutMs'>): express.Router {
  const router = express.Router();
  router.get('/downloads/tax/:file', async (request: Request, response: Response) => {
    const file = TAX_DOWNLOAD_FILES.find((name) => name === request.params.file);
    if (!file) return refuse(response, 404, `No such file: the files are ${TAX_DOWNLOAD_FILES.join(', ')}`);
    const token = sessionToken(request);
    if (!token) return refuse(response, 401, 'Please log in to download your tax files');
    const url = new URL(`${config.restApiUrl}/user/tax/${file}`);
    for (const [name, value] of Object.entries(request.query)) {
      if (!(PASSED_QUERY as readonly string[]).includes(name))
        return refuse(response, 400, `Unknown parameter ${name}: only ${PASSED_QUERY.join(' and ')} are taken`);
      if (typeof value !== 'string') return refuse(response, 400, `${name} must be given once`);
      url.searchParams.set(name, value);
    }
    let answer: globalThis.Response;
    try {
      answer = await fetch(url, {
        headers: {
          authorization: `Bearer ${token}`,
          'x-request-id': response.locals.requestId as string,
          ...(request.ip ? { 'x-forwarded-for': request.ip } : {}),
        },
        signal: AbortSignal.timeout(config.restTimeoutMs),
      });
    } catch {
      return refuse(response, 502, 'The tax files are unavailable right now; try again shortly');
    }
    response.status(answer.status);
    for (const name of PASSED_HEADERS) {
      const value = answer.headers.get(name);
      if (value !== null) response.setHeader(name, value);
    }
    if (!answer.body) return void response.end();
    const body = Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream<Uint8Array>);
    // a browser that goes away mid-file stops the REST read too
    response.on('close', () => body.destroy());
    body.on('error', () => response.destroy());
    body.pipe(response);
  });
  return router;
}
