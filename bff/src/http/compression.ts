/**
 * Compressed answers (docs/decisions.md#compressed-answers): text answers made per request (GraphQL, JSON errors,
 * the app's page with its state) of COMPRESS_MIN_BYTES or more are compressed as they are sent
 * (`compressAnswers`): brotli at a fast quality, else gzip, in the thread pool, so the event loop keeps serving
 * meanwhile. Limits that look at an answer's size (MAX_RESPONSE_BYTES) wrap `send` after this and so measure the
 * uncompressed answer. The built web app's files are compressed at build time instead (web-app.ts).
 */
import zlib from 'node:zlib';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

const TEXT_TYPE = /^(text\/|application\/(json|javascript|graphql-response\+json|xml|manifest\+json)|image\/svg\+xml)/i;

/**
 * The encoding to answer with: brotli when the client accepts it, else gzip, else none. Our preference decides
 * among the accepted ones (browsers list `gzip, deflate, br`), a `q=0` refuses, `*` stands for the rest.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const accepted = (encoding: string) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0;
  if (accepted('br')) return 'br';
  if (accepted('gzip')) return 'gzip';
  return null;
}

function compress(encoding: Encoding, raw: Buffer, done: (error: Error | null, result: Buffer) => void): void {
  if (encoding === 'br')
    zlib.brotliCompress(
      raw,
      {
        params: {
          // quality 4: about gzip's speed with a smaller result; 11 is for build time only
          [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      },
      done,
    );
  else zlib.gzip(raw, { level: 6 }, done);
}

/**
 * Compresses text answers sent with `response.send` (and so `response.json`) when the client accepts it and the
 * answer has at least `minBytes`. Streams (files, incremental delivery) are not touched.
 */
export function compressAnswers(minBytes = COMPRESS_MIN_BYTES): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const send = response.send.bind(response);
    response.send = (body?: unknown) => {
      // objects come back here as a string through response.json
      if (typeof body !== 'string' && !Buffer.isBuffer(body)) return send(body);
      // Express sends a string without a type as HTML
      if (typeof body === 'string' && !response.getHeader('content-type')) response.type('html');
      const type = String(response.getHeader('content-type') ?? '');
      if (!TEXT_TYPE.test(type)) return send(body);
      response.vary('Accept-Encoding');
      const raw = typeof body === 'string' ? Buffer.from(body) : body;
      if (
        !encoding ||
        raw.length < minBytes ||
        request.method === 'HEAD' ||
        response.getHeader('content-encoding') ||
        /no-transform/i.test(String(response.getHeader('cache-control') ?? ''))
      )
        return send(body);
      compress(encoding, raw, (error, compressed) => {
        if (response.destroyed || response.headersSent) return;
        if (error) {
          send(body);
          return;
        }
        response.setHeader('content-encoding', encoding);
        send(compressed);
      });
      return response;
    };
    next();
  };
}
