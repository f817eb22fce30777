/**
 * The REST API as a Fastify plugin tree: built here, listened to in server.ts, injected or
 * listened to by the tests. Main service under /api, insight (upload) service under /insight.
 */
import { useJsonBodyParser } from './plugins/json-body.js';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { ApiConfig } from './config.js';
import type { Database, DatabaseHandle } from './db/client.js';
import { registerErrorHandlers } from './errors.js';
import { registerAccessControl } from './auth/access.js';
import { registerProtection } from './plugins/protection.js';
import { createTokenService, loadOrCreateSecret, type TokenService } from './auth/tokens.js';
import { createSessionService, type SessionService } from './auth/sessions.js';
import { createApiKeyService, keyHashSecret, type ApiKeyService } from './auth/api-keys.js';
import { createQuota, type Quota } from './auth/quota.js';
import { compileTrust } from './auth/trusted-proxy.js';
import { openCounterStore } from './plugins/counters.js';
import type { CounterStore } from '@bazaar/shared/counters';
import { API_KEY_PREFIX } from '@bazaar/shared';
import { EventBus } from './events.js';
import { registerAlerts } from './alerts/index.js';
import { healthRoutes } from './routes/health/health.routes.js';
import { mainServiceRoutes, insightServiceRoutes } from './routes/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: ApiConfig;
    db: Database;
    dbHandle: DatabaseHandle;
    tokens: TokenService;
    /** Opens and ends sessions (auth/sessions.ts). */
    sessions: SessionService;
    /** Makes and checks API keys (auth/api-keys.ts). */
    apiKeys: ApiKeyService;
    /** Counts API keys' requests against their owners' quotas (auth/quota.ts). */
    quota: Quota;
    /** The per-client counters every instance shares (plugins/counters.ts). */
    counters: CounterStore;
    events: EventBus;
    /** False until start-up work (migrations, seeding) is done and while shutting down. */
    acceptingTraffic: boolean;
  }
}

export interface BuildAppOptions {
  config: ApiConfig;
  handle: DatabaseHandle;
  /** Log requests (off in most tests); a stream receives the JSON log lines instead of stdout. */
  logger?: boolean | LogStream;
}

export interface LogStream {
  write(line: string): void;
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,100}$/;

/** An API key sent in an address (refused with 400) never reaches the logs whole. */
const API_KEY_IN_TEXT = new RegExp(`${API_KEY_PREFIX}[0-9A-Za-z]*`, 'g');
export function redactApiKeys(text: string): string {
  return text.replace(API_KEY_IN_TEXT, `${API_KEY_PREFIX}[redacted]`);
}

export async function buildApp({ config, handle, logger = true }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]'],
          serializers: {
            // Fastify's own request fields, with any API key in the address masked
            req: (request: { method: string; url: string; ip?: string; socket?: { remotePort?: number } }) => ({
              method: request.method,
              url: redactApiKeys(request.url),
              remoteAddress: request.ip,
              remotePort: request.socket?.remotePort,
            }),
          },
          ...(typeof logger === 'object' ? { stream: logger } : {}),
        }
      : false,
    // the BFF passes its request id on, so one id follows a request through both services
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  const secret = config.jwtSecret ?? loadOrCreateSecret(config.dataDir);
  app.decorate('config', config);
  app.decorate('db', handle.db);
  app.decorate('dbHandle', { getter: () => handle });
  app.decorate('tokens', createTokenService(secret, config.jwtExpiresIn));
  app.decorate('sessions', createSessionService(handle.db, app.tokens));
  const counters = openCounterStore(config, handle, app.log);
  app.decorate('counters', counters);
  app.addHook('onClose', async () => counters.close());
  app.decorate(
    'apiKeys',
    createApiKeyService(handle.db, {
      hashSecret: keyHashSecret(config.apiKeys.hashSecret, secret),
      freeQuota: config.apiKeys.freeQuota,
      onTouchError: (error) => app.log.warn({ err: error }, 'could not note an API key’s last use'),
    }),
  );
  app.decorate('quota', createQuota(counters));
  app.decorate('events', new EventBus());
  app.decorate('acceptingTraffic', false);

  useJsonBodyParser(app);
  app.setValidatorCompiler(validatorCompiler);
  // every answer is checked against its route's response schema (the shared contract) before it leaves
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // while shutting down, a finished response also ends its keep-alive connection
    if (!app.acceptingTraffic) reply.header('connection', 'close');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  registerErrorHandlers(app);
  // before the routes: its upload listener queues the alert job ahead of the analysis refresh (docs/decisions.md#alert-jobs-in-a-table)
  registerAlerts(app, { secret });
  // before access control: an overloaded or flooded server should not even verify tokens
  registerProtection(app, config, handle);
  registerAccessControl(app, {
    db: handle.db,
    tokens: app.tokens,
    apiKeys: app.apiKeys,
    quota: app.quota,
    counters,
    trusted: compileTrust(config.trustProxy),
  });

  await app.register(helmet, {
    // the API answers JSON; only the /docs pages need scripts and styles of their own origin
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", 'https:', "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'validator.swagger.io'],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  await app.register(cors, {
    // closed unless origins are configured: the browser talks to the BFF, not to this API
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    credentials: false,
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Bazaar Insight REST API',
        version: '1.0.0',
        description:
          'The REST contract of Bazaar Insight (docs/product/README.md; the shapes live in shared/src/contract). Main service under `/api`, insight (upload) service under `/insight`. ' +
          'Authenticate with `POST /api/auth/login` and send `Authorization: Bearer <token>`, or send an API key (`bzk_…`, made with `POST /api/user/api-keys`) the same way. Errors are `{status, error, message}`. ' +
          'Access: /admin/* administrators; /staff/* staff and administrators; /user/* any logged-in user, own data only; /public/* and /auth/* anyone. ' +
          'API keys: public reads with market:read, the portfolio routes of /user with portfolio:read (reads) and portfolio:write (writes), nothing else; every answer to a key carries X-RateLimit-Limit, -Remaining, -Used and -Reset (the owner’s daily quota).',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT session token or bzk_ API key' },
        },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // production serves no API explorer unless API_DOCS asks for it (docs/decisions.md#no-explorers-in-production)
  if (config.apiDocs) await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  await app.register(healthRoutes);
  await app.register(mainServiceRoutes, { prefix: '/api' });
  await app.register(insightServiceRoutes, { prefix: '/insight' });

  return app;
}
