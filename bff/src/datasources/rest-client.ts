/**
 * The base of every REST data source: one instance per GraphQL request and REST area. It adds
 * the caller's token and the request id, applies time limits, turns REST failures into GraphQL
 * errors (graphql/errors.ts) and de-duplicates identical GETs within the request.
 */
import { GraphQLError } from 'graphql';
import { QUOTA_HEADERS } from '@bazaar/shared';
import { PAGE_HEADERS } from '@bazaar/shared/contract';
import type { RevalidationStore } from '../caches/shared-caches.js';
import { toGraphQLError, upstreamUnavailable } from '../graphql/errors.js';

/**
 * The REST calls one GraphQL request may still make, shared by all its data sources (a batch
 * shares one): past `max`, a call fails with a BAD_USER_INPUT error naming the limit instead of
 * reaching the REST API (docs/engineering.md#graphql-limits).
 */
export interface RestCallBudget {
  made: number;
  max: number;
}

export interface RequestScope {
  /** The caller's session token (from the cookie or the Authorization header). */
  token: string | undefined;
  /** Carried to the REST API as x-request-id so one id follows the request through both services. */
  requestId: string;
  /** The browser's address, passed on as X-Forwarded-For (the API limits login failures per address). */
  clientAddress?: string | undefined;
  /**
   * The protocol and host the browser reached the app at (Express reads them behind TRUST_PROXY), passed on as
   * X-Forwarded-Proto and X-Forwarded-Host: the API's referral link names them while WEB_URL is unset.
   */
  webOrigin?: { protocol: string; host: string } | undefined;
  restApiUrl: string;
  insightApiUrl: string;
  timeoutMs: number;
  uploadTimeoutMs: number;
  /** Tagged GET answers to revalidate with If-None-Match (caches/shared-caches.ts); none: every GET is plain. */
  revalidation?: RevalidationStore | undefined;
  /** The request's REST calls, counted and capped; none: not counted. */
  restCalls?: RestCallBudget | undefined;
  /**
   * The caller's API key was counted for this GraphQL request already (the BFF's quota call), and its address by
   * the BFF's rate limit: its REST calls say so, and the REST API believes it from a trusted proxy and counts
   * neither again (docs/decisions.md#one-request-counts-once).
   */
  quotaCounted?: boolean | undefined;
  /** An API key's request still to be counted: its first REST call with the key carries the charge. */
  keyCharge?: KeyCharge | undefined;
}

/** The charge of a key's GraphQL request, carried by one REST call (protection/api-key-usage.ts). */
export interface KeyChargeCarrier {
  /** The requested cost, sent as X-Quota-Charge. */
  cost: number;
  /** Points earlier answers of the key did not use, given back first (X-Quota-Refund). */
  refund: number;
  /** The call's answer (undefined: none came), which says how the charge went. */
  answered(answer: { status: number; data: unknown; headers: Headers } | undefined): void;
}

export interface KeyCharge {
  /** The charge for the call about to be made with the key, once; undefined when it is taken or counted. */
  take(): KeyChargeCarrier | undefined;
  /** Any other answer to a call made with the key (a 401: the key was refused meanwhile). */
  keyAnswered(status: number, data: unknown, headers: Headers): void;
}

/** The header of a REST call whose API-key quota the BFF counted (api/src/auth/access.ts reads it). */
export const QUOTA_COUNTED_HEADER = QUOTA_HEADERS.counted;

export type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** A JSON body. */
  json?: unknown;
  /** false: never revalidate this GET by ETag (an answer whose headers matter, e.g. a page's). */
  revalidate?: boolean;
  /** A raw body (multipart streams); set the content type in headers. */
  body?: RequestInit['body'];
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Send without the caller's token (public reads that may be shared across users). */
  anonymous?: boolean;
  /** Answer a 4xx or 5xx as it came (status, body, headers) instead of throwing its GraphQL error. */
  acceptErrors?: boolean;
}

export interface RestResponse<T> {
  status: number;
  data: T;
  headers: Headers;
}

/** A page of a REST list (docs/integrators.md#paging): its items and what its headers say. */
export interface RestPage<T> {
  items: T[];
  /** Items of the whole list, every page. */
  total: number;
  /** The cursor of the page after this one; null on the last page. */
  nextCursor: string | null;
  /** The cursor after this page's last item; null on an empty page. */
  endCursor: string | null;
}

/** The first page (after: null) or the one after a cursor, of `first` items. */
export interface PageAsked {
  first: number;
  after: string | null;
}

export class RestClient {
  private readonly inflightGets = new Map<string, Promise<unknown>>();

  constructor(
    protected readonly scope: RequestScope,
    protected readonly baseUrl: string,
  ) {}

  protected url(path: string, query?: Record<string, QueryValue>): string {
    const url = new URL(this.baseUrl + path);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  /** GET, de-duplicated: the same path and query within this request share one call. */
  protected get<T>(path: string, options: Omit<RequestOptions, 'json' | 'body'> = {}): Promise<T> {
    const key = `${options.anonymous ? 'anon' : 'auth'} ${this.url(path, options.query)}`;
    let pending = this.inflightGets.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = this.send<T>('GET', path, options).then((response) => response.data);
      this.inflightGets.set(key, pending);
      // a failure is not remembered: a later field may try again
      pending.catch(() => this.inflightGets.delete(key));
    }
    return pending;
  }

  /**
   * One page of a REST list: `limit` and `cursor` added to the query; never revalidated by ETag (a
   * kept answer would lose its page headers).
   */
  protected async page<T>(
    path: string,
    page: PageAsked,
    options: Omit<RequestOptions, 'json' | 'body' | 'revalidate'> = {},
  ): Promise<RestPage<T>> {
    const query = { ...options.query, limit: page.first, cursor: page.after ?? undefined };
    const response = await this.send<T[]>('GET', path, { ...options, query, revalidate: false });
    return {
      items: response.data,
      total: Number(response.headers.get(PAGE_HEADERS.total) ?? response.data.length),
      nextCursor: response.headers.get(PAGE_HEADERS.next),
      endCursor: response.headers.get(PAGE_HEADERS.end),
    };
  }

  protected async post<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return (await this.send<T>('POST', path, options)).data;
  }

  protected async put<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return (await this.send<T>('PUT', path, options)).data;
  }

  protected async delete<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return (await this.send<T>('DELETE', path, options)).data;
  }

  protected async send<T>(method: string, path: string, options: RequestOptions = {}): Promise<RestResponse<T>> {
    const budget = this.scope.restCalls;
    if (budget && ++budget.made > budget.max) {
      throw new GraphQLError(
        `This request needs more than ${budget.max} data requests; ask for fewer fields or split it into several requests`,
        { extensions: { code: 'BAD_USER_INPUT', status: 400 } },
      );
    }
    const headers: Record<string, string> = {
      accept: 'application/json, text/plain;q=0.9, */*;q=0.1',
      'x-request-id': this.scope.requestId,
      ...(this.scope.clientAddress ? { 'x-forwarded-for': this.scope.clientAddress } : {}),
      ...(this.scope.webOrigin
        ? { 'x-forwarded-proto': this.scope.webOrigin.protocol, 'x-forwarded-host': this.scope.webOrigin.host }
        : {}),
      ...(this.scope.quotaCounted ? { [QUOTA_COUNTED_HEADER]: '1' } : {}),
      // the old client sends no-cache headers with every call
      'cache-control': 'no-cache',
      pragma: 'no-cache',
      ...options.headers,
    };
    const withToken = Boolean(this.scope.token) && !options.anonymous;
    if (withToken) headers.authorization = `Bearer ${this.scope.token}`;
    const keyCharge = withToken ? this.scope.keyCharge : undefined;
    let body: RequestInit['body'] = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const init: RequestInit & { duplex?: 'half' } = {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? this.scope.timeoutMs),
    };
    if (body && typeof (body as ReadableStream).getReader === 'function') init.duplex = 'half';

    const url = this.url(path, options.query);
    const carrier = keyCharge?.take();
    if (carrier) headers[QUOTA_HEADERS.charge] = String(carrier.cost);
    if (carrier && carrier.refund > 0) headers[QUOTA_HEADERS.refund] = String(carrier.refund);
    // a GET answered before with an ETag: ask whether it still holds (not the call carrying a charge, whose answer
    // must say how the charge went: it is asked for whole)
    const store = method === 'GET' && options.revalidate !== false ? this.scope.revalidation : undefined;
    const storeKey = store?.key(options.anonymous ? undefined : this.scope.token, url);
    const kept = storeKey === undefined || carrier ? undefined : store?.get(storeKey);
    if (kept) headers['if-none-match'] = kept.tag;

    let response: Response;
    try {
      response = await fetch(url, init);
    } catch (error) {
      carrier?.answered(undefined);
      throw this.connectionError(error);
    }
    if (response.status === 304 && kept) {
      await response.body?.cancel();
      return { status: 200, data: kept.data as T, headers: response.headers };
    }
    let answer: { data: unknown; size: number };
    try {
      answer = await readBody(response);
    } catch (error) {
      carrier?.answered(undefined);
      throw this.connectionError(error);
    }
    if (carrier) carrier.answered({ status: response.status, data: answer.data, headers: response.headers });
    else keyCharge?.keyAnswered(response.status, answer.data, response.headers);
    if (store && storeKey !== undefined) {
      const tag = response.headers.get('etag');
      if (response.ok && tag) store.set(storeKey, { tag, data: answer.data, size: answer.size });
      else store.delete(storeKey);
    }
    if (!response.ok && !options.acceptErrors) throw toGraphQLError(response.status, answer.data);
    return { status: response.status, data: answer.data as T, headers: response.headers };
  }

  private connectionError(error: unknown): GraphQLError {
    const name = (error as { name?: string })?.name;
    if (name === 'TimeoutError' || name === 'AbortError') return upstreamUnavailable('timeout');
    const cause = (error as { cause?: { code?: string } })?.cause;
    return upstreamUnavailable(cause?.code ?? 'connection failed');
  }
}

/** The parsed body and the length of its text (or bytes). */
async function readBody(response: Response): Promise<{ data: unknown; size: number }> {
  if (response.status === 204 || response.status === 304) return { data: null, size: 0 };
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    const text = await response.text();
    return { data: text === '' ? null : JSON.parse(text), size: text.length };
  }
  if (type.startsWith('image/') || type.includes('octet-stream')) {
    const bytes = Buffer.from(await response.arrayBuffer());
    return { data: bytes, size: bytes.length };
  }
  const text = await response.text();
  return { data: text, size: text.length };
}
