/**
 * The BFF as an Express app: GraphQL at /graphql (Apollo Server 5), a self-hosted explorer for
 * browsers at the same address, and the built web app at / with SPA fallback. Exported apart from
 * the listener so tests run it in-process.
 */
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import graphqlUploadExpress from 'graphql-upload/graphqlUploadExpress.mjs';
import { multipartBodyLimit, oneFileUnlessBatch } from './protection/upload-limits.js';
import { renderAltair, getDistDirectory } from 'altair-static';
import type { GraphQLFormattedError } from 'graphql';
import { companyDtoSchema, marketDataStatusDtoSchema } from '@bazaar/shared/contract';
import type { BffConfig } from './config.js';
import { createContext, requestIdOf, type GraphQLContext } from './graphql/context.js';
import { buildSchema } from './graphql/schema.js';
import { createLogger, type Logger } from './logger.js';
import { createSharedCaches, TtlCache, type SharedCaches } from './caches/shared-caches.js';
import { INTERNAL_MESSAGE, KNOWN_CODES } from './graphql/errors.js';
import {
  GRAPHQL_LIMITS,
  limitsRule,
  requestLimits,
  responseSizeLimit,
  variableCostLimits,
} from './protection/graphql-limits.js';
import { PersistedQueryStore, persistedQueryChecks } from './protection/persisted-queries.js';
import { httpCaching } from './caches/http-caching.js';
import { admissionControl } from './protection/admission.js';
import { apiKeyCost, apiKeyQuota, refuseMisplacedKeys } from './protection/api-key-quota.js';
import { openCounterStore } from './protection/counters.js';
import { marketResponseCache } from './caches/market-response-cache.js';
import { compressAnswers } from './http/compression.js';
import { webAppFiles, type ServedMarketDataStatus } from './http/web-app.js';
import { oneClickUnsubscribe } from './http/one-click-unsubscribe.js';
import { taxDownloads } from './http/tax-downloads.js';
import { CompanyApi } from './datasources/company-api.js';
import { UploadsApi } from './datasources/uploads-api.js';
import type { RequestScope } from './datasources/rest-client.js';

/** How long what the served page says (market-data status, company names) is reused; how long a page waits at most. */
const SERVED_STATE_TTL_MS = 5_000;
const SERVED_STATE_TIMEOUT_MS = 1_000;
/** Company Analysis' address; symbols as the REST API takes them (letters, digits, & and -). */
const COMPANY_ANALYSIS_PATH = /^\/company-analysis\/([A-Za-z0-9&-]{1,32})\/?$/;

export interface BffServer {
  app: express.Express;
  httpServer: http.Server;
  apollo: ApolloServer<GraphQLContext>;
  caches: SharedCaches;
  logger: Logger;
  /** Starts listening; resolves with the port. */
  listen(port?: number, host?: string): Promise<number>;
  close(): Promise<void>;
}

/** Hides internal errors: only our typed codes keep their message. */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const code = formatted.extensions?.code;
  if (typeof code === 'string' && KNOWN_CODES.has(code)) {
    const { stacktrace: _stacktrace, ...extensions } = formatted.extensions ?? {};
    return { ...formatted, extensions };
  }
  void error;
  return { message: INTERNAL_MESSAGE, path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}

/**
 * The REST scope of a call the BFF makes outside a GraphQL operation (API-key quota, served page state, one-click
 * unsubscribe): the request's id and address and the configured upstreams; the waits are the REST timeouts unless
 * the caller has a shorter budget.
 */
function scopeOutsideGraphQL(
  config: BffConfig,
  request: Request,
  response: Response,
  token: string | undefined,
  waitMs: { timeoutMs: number; uploadTimeoutMs: number } = {
    timeoutMs: config.restTimeoutMs,
    uploadTimeoutMs: config.restUploadTimeoutMs,
  },
): RequestScope {
  return {
    token,
    requestId: response.locals.requestId as string,
    clientAddress: request.ip,
    restApiUrl: config.restApiUrl,
    insightApiUrl: config.insightApiUrl,
    ...waitMs,
  };
}

export async function createBffServer(config: BffConfig): Promise<BffServer> {
  const logger = createLogger(config.logLevel);
  const caches = createSharedCaches(config.marketCacheTtlMs);
  const counters = openCounterStore(config, logger);
  const app = express();
  const httpServer = http.createServer(app);
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  const logRequests: ApolloServerPlugin<GraphQLContext> = {
    async requestDidStart({ contextValue, request }) {
      const started = Date.now();
      return {
        async willSendResponse({ errors }) {
          logger.info(
            {
              requestId: contextValue.requestId,
              operation: request.operationName ?? null,
              ms: Date.now() - started,
              errors: errors?.map((e) => e.extensions?.code ?? 'INTERNAL_SERVER_ERROR'),
            },
            'graphql',
          );
        },
      };
    },
  };

  const production = config.env === 'production';
  const schema = buildSchema(config.schemaDir);
  const limits = { ...GRAPHQL_LIMITS, maxRestCalls: config.maxRestCallsPerRequest };
  // the texts of automatic persisted queries, kept where the request limits can read them by hash
  const persistedQueries = new PersistedQueryStore();
  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    csrfPrevention: true,
    introspection: !production,
    // no "Did you mean …?" hints about the schema in production errors
    hideSchemaDetailsFromClientErrors: production,
    includeStacktraceInErrorResponses: false,
    allowBatchedHttpRequests: true,
    // automatic persisted queries (docs/decisions.md#persisted-queries-over-get): kept only once their operation
    // resolved within the limits; the request limits measure a hash by its text
    persistedQueries: { cache: persistedQueries },
    validationRules: [limitsRule(limits)],
    formatError,
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      ApolloServerPluginLandingPageDisabled(),
      // per-field cache-control hooks halve throughput; caching is done in the data sources
      ApolloServerPluginCacheControlDisabled(),
      logRequests,
      // the cost with the variables sent, before anything runs or a persisted query is kept
      variableCostLimits(limits),
      // ETag and Cache-Control of GET answers (first: a 304 skips the rest)
      httpCaching(),
      // public market queries asked again while the data version is unchanged skip execution
      marketResponseCache(),
      // an API key's answers carry extensions.cost
      apiKeyCost(schema),
    ],
  });
  await apollo.start();

  // request id first: logs and the REST calls carry it
  app.use((request: Request, response: Response, next: NextFunction) => {
    const id = requestIdOf(request);
    response.locals.requestId = id;
    response.setHeader('x-request-id', id);
    next();
  });
  const guard = admissionControl(
    {
      ratePerMinute: config.rateLimitPerMinute,
      counters,
      maxInFlight: config.maxInFlightRequests,
      maxInFlightPerClient: config.maxInFlightPerClient,
      maxConnectionsPerClient: config.maxConnectionsPerClient,
      isTrustedProxy: app.get('trust proxy fn') as (address: string, hop: number) => boolean,
      maxEventLoopDelayMs: config.maxEventLoopDelayMs,
      maxQueueDelayMs: config.maxQueueDelayMs,
      ...config.timeouts,
    },
    httpServer,
  );
  app.use(guard);
  // text answers compressed when the client accepts it; the built app is precompressed (webAppFiles)
  app.use(compressAnswers());

  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine and the charts set inline styles
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  // --- the GraphQL explorer (Altair, self-hosted: works without internet) ---
  // a development tool: production serves it only when GRAPHQL_EXPLORER asks for it
  // (docs/decisions.md#no-explorers-in-production)
  if (config.graphqlExplorer) {
    app.use(
      '/graphql-explorer',
      helmet({ contentSecurityPolicy: false }),
      express.static(getDistDirectory(), { maxAge: '1d' }),
    );
    app.get('/graphql', (request: Request, response: Response, next: NextFunction) => {
      const wantsHtml =
        request.accepts(['application/json', 'application/graphql-response+json', 'text/html']) === 'text/html';
      if (!wantsHtml || request.query.query) return next();
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.send(
        renderAltair({
          baseURL: '/graphql-explorer/',
          endpointURL: '/graphql',
          initialSettings: { 'request.withCredentials': true },
          disableAccount: true,
        }),
      );
    });
  } else {
    // not the web app's fallback page either: the address plainly does not exist
    app.use('/graphql-explorer', (_request: Request, response: Response) => {
      response.status(404).type('text/plain').send('Not found');
    });
  }

  app.use(
    '/graphql',
    securityHeaders,
    refuseMisplacedKeys(),
    express.json({ limit: '1mb' }),
    // a single upload's file and its form fields always fit; a batch up to its own total
    multipartBodyLimit(Math.max(config.uploadMaxBatchBytes, config.uploadMaxBytes + 1024 * 1024)),
    graphqlUploadExpress({
      maxFileSize: config.uploadMaxBytes,
      // uploadStockPriceBatch carries many; each file keeps the size limit
      maxFiles: config.uploadMaxFiles,
      maxFieldSize: GRAPHQL_LIMITS.maxMultipartFieldBytes,
    }),
    oneFileUnlessBatch(),
    // a persisted-query extension that cannot be right: 400 with what to fix
    persistedQueryChecks(),
    // after both parsers: the operations counted are the ones Apollo will run, whatever the transport
    requestLimits(schema, limits, (hash) => persistedQueries.textOf(hash)),
    responseSizeLimit(config.maxResponseBytes),
    // an API key's request counted once, before anything runs
    apiKeyQuota(
      (request, response, token) => ({
        ...scopeOutsideGraphQL(config, request, response, token),
        // this request was counted against its address here: the quota calls say so too
        quotaCounted: true,
      }),
      logger,
    ),
    expressMiddleware(apollo, {
      context: async ({ req, res }) => createContext({ config, logger, caches }, req, res),
    }),
  );

  // --- the web app ---
  const indexHtml = path.join(config.webDistDir, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  if (!hasWeb) logger.warn({ webDistDir: config.webDistDir }, 'web app not built: only /graphql is served');
  app.use(securityHeaders);
  // liveness: this process answers; readiness: and the REST API behind it is ready
  app.get('/healthz', (_request, response) => {
    response.json({ status: 'ok' });
  });
  // the Tax P&L page's files for the session (docs/decisions.md#tax-files-through-the-bff)
  app.use(taxDownloads(config));
  app.get('/readyz', async (_request, response) => {
    // shedding load: a balancer should send new traffic elsewhere meanwhile
    const saturation = guard.saturation();
    if (saturation) {
      response.status(503).json({ status: 'unavailable', reason: saturation });
      return;
    }
    let api: boolean;
    try {
      const answer = await fetch(`${new URL(config.restApiUrl).origin}/ready`, { signal: AbortSignal.timeout(2_000) });
      api = answer.ok;
    } catch {
      api = false;
    }
    response
      .status(api ? 200 : 503)
      .json({ status: api ? 'ok' : 'unavailable', api: api ? 'ok' : 'unavailable', ...(api ? {} : { reason: 'api' }) });
  });
  // the app's page carries the market-data status (and on Company Analysis the company's name), so it draws the
  // demo banner and that heading before its script runs (docs/decisions.md#the-first-paint-from-the-html); asked of
  // the REST API at most every few seconds, the page waiting a second at most
  const servedStatus = new TtlCache<ServedMarketDataStatus | null>(SERVED_STATE_TTL_MS, 1);
  const servedCompanies = new TtlCache<{ symbol: string; companyName: string } | null>(SERVED_STATE_TTL_MS);
  const web = webAppFiles(config.webDistDir, async (request, response) => {
    // the data sources' anonymous public reads, each waiting a second at most; a failed or odd answer is kept as
    // "cannot tell" (null) for the same few seconds, so an API that is down is not asked on every page
    const scope = scopeOutsideGraphQL(config, request, response, undefined, {
      timeoutMs: SERVED_STATE_TIMEOUT_MS,
      uploadTimeoutMs: SERVED_STATE_TIMEOUT_MS,
    });
    const symbol = COMPANY_ANALYSIS_PATH.exec(request.path)?.[1]?.toUpperCase();
    const [marketDataStatus, company] = await Promise.all([
      servedStatus.get('status', () =>
        new UploadsApi(scope)
          .marketDataStatus()
          .then((body) => marketDataStatusDtoSchema.parse(body))
          .catch(() => null),
      ),
      symbol
        ? servedCompanies.get(symbol, () =>
            new CompanyApi(scope)
              .companies(symbol)
              .then((rows) => {
                const found = companyDtoSchema
                  .array()
                  .parse(rows)
                  .find((row) => row.symbol === symbol);
                return found ? { symbol, companyName: found.companyName } : null;
              })
              .catch(() => null),
          )
        : null,
    ]);
    return { marketDataStatus, company };
  });
  // the alert e-mail's one-click unsubscribe (a POST to the link; a GET gets the web app's page)
  app.use(oneClickUnsubscribe((request, response) => scopeOutsideGraphQL(config, request, response, undefined)));
  app.use('/assets', web.assets);
  app.use(web.files);
  app.get('/{*path}', (request: Request, response: Response, next: NextFunction) => {
    if (!hasWeb) {
      response
        .status(404)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (npm start does it for you).');
      return;
    }
    web.sendIndex(request, response, next);
  });

  // errors outside GraphQL (bad JSON, upload limits…): a clear message, never a stack
  app.use(
    (
      error: Error & { status?: number; statusCode?: number; expose?: boolean },
      request: Request,
      response: Response,
      _next: NextFunction,
    ) => {
      void _next;
      const status = error.status ?? error.statusCode ?? 500;
      if (status >= 500)
        logger.error({ err: error, requestId: response.locals.requestId, path: request.path }, 'request failed');
      const message = status < 500 && error.expose !== false ? error.message : INTERNAL_MESSAGE;
      response.status(status).json({
        errors: [
          {
            message,
            extensions: {
              code: status === 413 ? 'PAYLOAD_TOO_LARGE' : status < 500 ? 'BAD_REQUEST' : 'INTERNAL_SERVER_ERROR',
            },
          },
        ],
      });
    },
  );

  return {
    app,
    httpServer,
    apollo,
    caches,
    logger,
    listen: (port = config.port, host = config.host) =>
      new Promise<number>((resolve, reject) => {
        httpServer.once('error', reject);
        httpServer.listen(port, host, () => {
          const address = httpServer.address();
          resolve(typeof address === 'object' && address ? address.port : port);
        });
      }),
    close: async () => {
      guard.stop();
      await apollo.stop();
      if (httpServer.listening) await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await counters.close();
    },
  };
}
