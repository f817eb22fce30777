/**
 * One route factory for the portfolio's reference rows kept by staff or administrators (brokerage
 * firms, segments, charge types, charges, financial instrument types): list, get, create (201),
 * replace and delete under one path, with the shared contract's schemas. An id in a body never
 * chooses the row: the path does; unique names answer 409. Deletes answer either `{message}` or plain text, as the REST
 * contract of each row says.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deletedTextSchema, errorResponses, idParamsSchema, messageSchema } from '@bazaar/shared/contract';
import { withIndefiniteArticle } from '@bazaar/shared';
import type { Database } from '../../db/client.js';

type App = FastifyInstance<any, any, any, any, ZodTypeProvider>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface CrudRoutesOptions<Dto extends z.ZodType, Body extends z.ZodType, Stored> {
  /** The collection's path, e.g. /staff/segments; one row is `${path}/:id`. */
  path: string;
  tags: string[];
  /** The row's name in summaries: 'segment' → 'List segments', 'Get a segment'… */
  noun: string;
  nouns: string;
  dto: Dto;
  body: Body;
  /** Replaces the default 'Update a …'. */
  updateSummary?: string;
  descriptions?: { create?: string; update?: string; delete?: string };
  list(db: Database): Promise<Array<z.output<Dto>>>;
  get(db: Database, id: number): Promise<z.output<Dto>>;
  create(db: Database, body: z.output<Body>): Promise<z.output<Dto>>;
  update(db: Database, id: number, body: z.output<Body>): Promise<z.output<Dto>>;
  remove(db: Database, id: number): Promise<Stored>;
  /**
   * What a delete answers: `{message}` or plain text containing 'successfully'; `inUse` when a
   * row that others use cannot be deleted (409).
   */
  deleted: { as: 'message' | 'text'; say(stored: Stored): string; inUse?: boolean };
}

export function registerCrudRoutes<Dto extends z.ZodType, Body extends z.ZodType, Stored>(
  app: App,
  options: CrudRoutesOptions<Dto, Body, Stored>,
): void {
  const { path, tags, noun, descriptions = {} } = options;
  // the schemas as plain zod types: Fastify checks each handler's answer against them at run time
  // (the serializer), the options' signatures check it at compile time
  const dto: z.ZodType = options.dto;
  const body: z.ZodType = options.body;
  const one = `${path}/:id`;

  app.get(
    path,
    {
      schema: {
        tags,
        summary: `List ${options.nouns}`,
        response: { 200: z.array(dto), ...errorResponses(401, 403) },
      },
    },
    async () => options.list(app.db),
  );

  app.get(
    one,
    {
      schema: {
        tags,
        summary: `Get ${withIndefiniteArticle(noun)}`,
        params: idParamsSchema,
        response: { 200: dto, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => options.get(app.db, request.params.id),
  );

  app.post(
    path,
    {
      schema: {
        tags,
        summary: `Create ${withIndefiniteArticle(noun)}`,
        description: descriptions.create,
        body,
        response: { 201: dto, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await options.create(app.db, request.body as z.output<Body>);
      reply.status(201);
      return created;
    },
  );

  app.put(
    one,
    {
      schema: {
        tags,
        summary: options.updateSummary ?? `Update ${withIndefiniteArticle(noun)}`,
        description: descriptions.update,
        params: idParamsSchema,
        body,
        response: { 200: dto, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => options.update(app.db, request.params.id, request.body as z.output<Body>),
  );

  const deleteErrors = errorResponses(400, 401, 403, 404, ...(options.deleted.inUse ? [409] : []));
  app.delete(
    one,
    {
      schema: {
        tags,
        summary: `Delete ${withIndefiniteArticle(noun)}`,
        description: descriptions.delete,
        params: idParamsSchema,
        response: { 200: options.deleted.as === 'text' ? deletedTextSchema : messageSchema, ...deleteErrors },
      },
    },
    async (request, reply) => {
      const message = options.deleted.say(await options.remove(app.db, request.params.id));
      if (options.deleted.as === 'message') return { message };
      reply.type('text/plain; charset=utf-8');
      return message;
    },
  );
}
