/**
 * The built web app (docs/decisions.md#compressed-answers): compressed once, at build time (web/vite.config.ts
 * writes `<file>.br` and `<file>.gz` beside every text file); `webAppFiles` serves the variant the browser
 * accepts, brotli first, with the original file's type and caching: hashed assets for a year (immutable), the
 * HTML revalidated every time.
 * The app's page carries the market-data status (and on Company Analysis the company) when the build left its
 * places for them (`SERVED_PAGE` in @bazaar/shared, web/vite.config.ts): the page then draws the demo banner
 * before its script runs (docs/decisions.md#the-first-paint-from-the-html). Such a page is compressed as it is
 * sent, like GraphQL answers (compression.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { SERVED_PAGE } from '@bazaar/shared';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { preferredEncoding, type Encoding } from './compression.js';

/** A year: hashed file names change with their content, so they never need asking again. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The HTML names the current hashed files: the browser asks every time (a 304 when unchanged). */
export const REVALIDATE = 'no-cache';
/** Unhashed public files (favicon…). */
const SHORT = 'public, max-age=3600';

const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** File types sent compressed (the build writes variants for the same list). */
const TEXT_FILE = /\.(js|mjs|css|html|svg|json|map|txt|xml|webmanifest)$/i;

/** The market-data status the served page carries (the REST API's MarketDataStatusDto). */
export interface ServedMarketDataStatus {
  demo: boolean;
  latestPriceDate: string | null;
}

/** What the served page says before its script runs; null where it cannot be told (the app then asks, as before). */
export interface ServedPageState {
  marketDataStatus: ServedMarketDataStatus | null;
  /** On /company-analysis/:symbol, the company, for the page's heading. */
  company: { symbol: string; companyName: string } | null;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The app's page with `state` in it. */
export function pageWithState(html: string, { marketDataStatus, company }: ServedPageState): string {
  const marks: string[] = [];
  let page = html;
  if (marketDataStatus) {
    // JSON inside <script>: "<" escaped so no text ends the element
    const json = JSON.stringify(marketDataStatus).replace(/</g, '\\u003c');
    page = page.replace(
      SERVED_PAGE.statusMarker,
      () => `<script id="${SERVED_PAGE.statusScriptId}" type="application/json">${json}</script>`,
    );
    if (marketDataStatus.demo) marks.push(SERVED_PAGE.demoMarketAttribute);
  } else page = page.replace(SERVED_PAGE.statusMarker, '');
  if (company && page.includes(SERVED_PAGE.companyNameSlot)) {
    page = page
      .replaceAll(SERVED_PAGE.companyNameSlot, () => escapeHtml(company.companyName))
      .replaceAll(SERVED_PAGE.companySymbolSlot, () => escapeHtml(company.symbol));
    marks.push(`${SERVED_PAGE.pageAttribute}="${SERVED_PAGE.companyAnalysisPage}"`);
  }
  return marks.length > 0 ? page.replace(/<html(?=[\s>])/i, `<html ${marks.join(' ')}`) : page;
}

export interface WebAppFiles {
  /** /assets: hashed build output, cached for a year; a missing file is a 404 (never the app's page). */
  assets: RequestHandler;
  /** Other files of the build (favicon…), no directory index; unknown paths fall through. */
  files: RequestHandler;
  /** The app's page (index.html), for every client-side route. */
  sendIndex(request: Request, response: Response, next: NextFunction): void;
}

/** The precompressed variant of `file` for this request, if the client accepts one and the build wrote it. */
async function variantOf(request: Request, file: string): Promise<{ encoding: Encoding; file: string } | null> {
  if (!TEXT_FILE.test(file)) return null;
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return null;
  const candidate = file + SUFFIX[encoding];
  try {
    return (await fs.promises.stat(candidate)).isFile() ? { encoding, file: candidate } : null;
  } catch {
    return null;
  }
}

/**
 * Serves the built web app from `root`, each text file in the variant the client accepts (see the top).
 * `servedState` says what the app's page at a request's path carries; it is called for every page served, so it should
 * answer from a cache.
 */
export function webAppFiles(
  root: string,
  servedState?: (request: Request, response: Response) => Promise<ServedPageState>,
): WebAppFiles {
  const base = path.resolve(root);
  const statics = (directory: string, cacheControl: (file: string) => string, fallthrough: boolean) => {
    const serve = express.static(directory, {
      index: false,
      fallthrough,
      cacheControl: false,
      setHeaders: (response, file) => {
        response.setHeader('cache-control', cacheControl(file.replace(/\.(br|gz)$/, '')));
      },
    });
    return (request: Request, response: Response, next: NextFunction) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return serve(request, response, next);
      let pathname: string;
      try {
        pathname = decodeURIComponent(request.path);
      } catch {
        return serve(request, response, next);
      }
      const file = path.join(directory, pathname);
      // express.static refuses paths outside its directory itself; the variant must not be looked up there either
      if (!file.startsWith(directory + path.sep) || !TEXT_FILE.test(file)) return serve(request, response, next);
      response.vary('Accept-Encoding');
      variantOf(request, file).then((variant) => {
        if (variant) {
          response.setHeader('content-encoding', variant.encoding);
          response.type(path.extname(file));
          const query = request.url.indexOf('?');
          const suffix = SUFFIX[variant.encoding];
          request.url =
            query < 0 ? request.url + suffix : request.url.slice(0, query) + suffix + request.url.slice(query);
        }
        serve(request, response, next);
      }, next);
    };
  };
  const indexHtml = path.join(base, 'index.html');
  // the page read once per build (its modification time), and made once per status (per company: every time)
  let template: { mtimeMs: number; html: string; pages: Map<string, string> } | null = null;
  const pageFor = async (state: ServedPageState): Promise<string | null> => {
    const { mtimeMs } = await fs.promises.stat(indexHtml);
    if (template?.mtimeMs !== mtimeMs)
      template = { mtimeMs, html: await fs.promises.readFile(indexHtml, 'utf8'), pages: new Map() };
    if (!template.html.includes(SERVED_PAGE.statusMarker)) return null;
    if (state.company) return pageWithState(template.html, state);
    const key = JSON.stringify(state.marketDataStatus);
    let page = template.pages.get(key);
    if (page === undefined) {
      page = pageWithState(template.html, state);
      template.pages.set(key, page);
    }
    return page;
  };
  return {
    assets: statics(path.join(base, 'assets'), () => IMMUTABLE, false),
    files: statics(base, (file) => (/\.html$/i.test(file) ? REVALIDATE : SHORT), true),
    sendIndex(request, response, next) {
      // the app's page, built or with its state: revalidated every time, in the encoding the client accepts
      const pageHeaders = () => {
        response.vary('Accept-Encoding');
        response.setHeader('cache-control', REVALIDATE);
        response.type('html');
      };
      const sendBuilt = () =>
        variantOf(request, indexHtml).then((variant) => {
          pageHeaders();
          if (variant) response.setHeader('content-encoding', variant.encoding);
          response.sendFile(variant?.file ?? indexHtml, { cacheControl: false }, (error) => {
            if (error && !response.headersSent) next(error);
          });
        }, next);
      if (!servedState) return void sendBuilt();
      servedState(request, response)
        .catch((): ServedPageState => ({ marketDataStatus: null, company: null }))
        .then(pageFor)
        .then((page) => {
          if (page === null) return sendBuilt();
          // compressed as it is sent (compressAnswers): a few kilobytes
          pageHeaders();
          response.send(page);
        })
        .catch(next);
    },
  };
}
