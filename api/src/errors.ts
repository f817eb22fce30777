/**
 * Expected failures as typed errors, and the one error handler that turns every failure into the
 * JSON body `{status, error, message}`. 5xx answers never carry internal details.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

export const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export interface ErrorBody {
  status: number;
  error: string;
  message: string;
  /** Extra machine-readable detail for some errors (e.g. the rows of a rejected upload). */
  details?: unknown;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, details?: unknown) {
    super(400, message, details);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication is required') {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do this') {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message: string) {
    super(404, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}
export class ServiceUnavailableError extends AppError {
  constructor(message = 'The service is temporarily unavailable; please try again shortly') {
    super(503, message);
  }
}

export function errorBody(status: number, message: string, details?: unknown): ErrorBody {
  const body: ErrorBody = { status, error: STATUS_TEXT[status] ?? 'Error', message };
  if (details !== undefined) body.details = details;
  return body;
}

/** Connection-level failures of the database: the client should retry, not see a 500. */
const DATABASE_UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
]);

function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && DATABASE_UNAVAILABLE_CODES.has(candidate.code)) return true;
    if (
      typeof candidate.message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        candidate.message,
      )
    ) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
}

function validationMessage(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const seen = new Set<string>();
    const parts: string[] = [];
    for (const issue of error.validation) {
      const params = issue.params as { issue?: { path?: PropertyKey[]; message?: string } } | undefined;
      const zodIssue = params?.issue;
      const pathText =
        zodIssue?.path?.map(String).join('.') ?? issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const key = `${error.validationContext}:${pathText}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const message = zodIssue?.message ?? issue.message ?? 'is invalid';
      // zod's own messages ("Invalid input…") name no field: add where the problem is
      const lastSegment = pathText.split('.').pop() ?? '';
      const generic = /^Invalid (input|option)/.test(message);
      const namesField =
        pathText === '' ||
        (!generic &&
          (message.includes('!') ||
            /^[A-Z]/.test(message) ||
            message.toLowerCase().includes(lastSegment.toLowerCase())));
      parts.push(namesField ? message : `${pathText}: ${message}`);
    }
    return parts.join(' ');
  }
  return error.message;
}

/** PostgreSQL's "invalid byte sequence" (NUL in text) and "untranslatable character" errors. */
function isUnstorableText(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '22021' || code === '22P05';
}

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.status).send(errorBody(error.status, error.message, error.details));
    }
    if (error.validation) {
      return reply.status(400).send(errorBody(400, validationMessage(error)));
    }
    if (isUnstorableText(error)) {
      // PostgreSQL refuses NUL characters in text: the input was wrong, not the server
      return reply
        .status(400)
        .send(errorBody(400, 'The request contains characters that cannot be stored (NUL or invalid UTF-8)'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(errorBody(503, 'The database is unavailable; please try again shortly'));
    }
    const status =
      typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600
        ? error.statusCode
        : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send(errorBody(status, 'Something went wrong on our side; please try again later'));
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type): their messages are safe
    return reply.status(status).send(errorBody(status, friendlyFastifyMessage(error)));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody(404, `No such endpoint: ${request.method} ${request.url.split('?')[0]}`));
  });
}

function friendlyFastifyMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type for this endpoint';
    default:
      return error.message;
  }
}
