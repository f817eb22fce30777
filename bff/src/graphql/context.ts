/**
 * The per-request GraphQL context: the caller's token (a session token or an API key), the request id, the data
 * sources, and for an API key what its quota call granted (protection/api-key-quota.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import type { BffConfig } from '../config.js';
import { createDataSources, type DataSources } from '../datasources/index.js';
import { tokenFromRequest } from '../auth/session-cookie.js';
import type { Logger } from '../logger.js';
import type { SharedCaches } from '../caches/shared-caches.js';
import type { ApiKeyUsage } from '../protection/api-key-usage.js';

export interface GraphQLContext {
  token: string | undefined;
  requestId: string;
  config: BffConfig;
  logger: Logger;
  dataSources: DataSources;
  /** Caches that live across requests (public market data). */
  caches: SharedCaches;
  /** The HTTP response, for the session cookie. Absent when operations run without HTTP (tests). */
  res?: Response;
  /** The request came with an API key, counted against its owner's quota: its scopes and that quota. */
  apiKey?: ApiKeyUsage | undefined;
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,100}$/;

export function requestIdOf(request: Request): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
}

export function createContext(
  deps: { config: BffConfig; logger: Logger; caches: SharedCaches },
  request: Request,
  response?: Response,
): GraphQLContext {
  const token = tokenFromRequest(request);
  const requestId = (response?.locals.requestId as string | undefined) ?? requestIdOf(request);
  const apiKey = response?.locals.apiKey as ApiKeyUsage | undefined;
  return {
    token,
    requestId,
    config: deps.config,
    logger: deps.logger,
    caches: deps.caches,
    res: response,
    apiKey,
    dataSources: createDataSources({
      token,
      requestId,
      clientAddress: request.ip,
      webOrigin: request.host ? { protocol: request.protocol, host: request.host } : undefined,
      restApiUrl: deps.config.restApiUrl,
      insightApiUrl: deps.config.insightApiUrl,
      timeoutMs: deps.config.restTimeoutMs,
      uploadTimeoutMs: deps.config.restUploadTimeoutMs,
      revalidation: deps.caches.revalidation,
      restCalls: { made: 0, max: deps.config.maxRestCallsPerRequest },
      quotaCounted: apiKey !== undefined,
      keyCharge: apiKey,
    }),
  };
}
