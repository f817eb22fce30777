/** The per-request GraphQL context: the caller's token, the request id and the data sources. */
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import type { BffConfig } from './config.js';
import { createDataSources, type DataSources } from './datasources/index.js';
import { tokenFromRequest } from './session.js';
import type { Logger } from './logger.js';
import type { SharedCaches } from './caches.js';

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
  return {
    token,
    requestId,
    config: deps.config,
    logger: deps.logger,
    caches: deps.caches,
    res: response,
    dataSources: createDataSources({
      token,
      requestId,
      clientAddress: request.ip,
      restApiUrl: deps.config.restApiUrl,
      insightApiUrl: deps.config.insightApiUrl,
      timeoutMs: deps.config.restTimeoutMs,
      uploadTimeoutMs: deps.config.restUploadTimeoutMs,
      revalidation: deps.caches.revalidation,
      restCalls: { made: 0, max: deps.config.maxRestCallsPerRequest },
    }),
  };
}
