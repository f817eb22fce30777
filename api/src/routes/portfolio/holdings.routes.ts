/**
 * Holdings of the caller (spec section 7, Holdings) and the reads around them: current prices
 * (batched, for the BFF's DataLoader), the symbol search of the holding form, totals and alerts.
 * Every route works on the caller's own holdings only: another user's holding id answers 404 for
 * every verb, and ids or owners in a body are ignored.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exchangeToday, holdingSchema } from '@bazaar/shared';
import { requireUser } from '../../auth/access.js';
import { NotFoundError, BadRequestError } from '../../errors.js';
import {
  createHolding,
  deleteHolding,
  getPortfolioAlerts,
  getPortfolioSummary,
  holdingsListTag,
  latestPrices,
  listHoldings,
  searchPricedSymbols,
  segmentExists,
  updateHolding,
  type HoldingDto,
  type HoldingFilter,
} from '../../db/queries/portfolio.js';
import { ifNoneMatchHolds } from '../conditional.js';
import { errorResponses, idParamsSchema, messageSchema } from '../schemas.js';
import {
  alertDtoSchema,
  holdingDtoSchema,
  holdingUpdateDtoSchema,
  latestPriceDtoSchema,
  summaryDtoSchema,
} from './schemas.js';

const MAX_PRICE_SYMBOLS = 500;

const brokerQuerySchema = z.object({
  broker: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .describe('Only holdings with this brokerage firm (name, any case)'),
});

const HOLDING_BODY_DESCRIPTION =
  'Body: symbol, price (buy price > 0), sellPrice (optional; other than 0 makes the holding REALIZED), exchange (NSE or BSE), ' +
  'quantity (whole number ≥ 1), creationDate (buying date, YYYY-MM-DD, not in the future), sellingDate (required with a sell price; ' +
  'not before the buying date, not in the future), brokerageFirm ({id} or {name}; the full firm object is accepted), instrumentType ' +
  '(the segment name). currentPrice, status, id and owner fields are computed by the server and ignored.';

const LIST_DESCRIPTION =
  'Answers carry an ETag that changes whenever anything the list is computed from changes (the holdings, prices, charges, firms, ' +
  'segments or the exchange day): send it back in If-None-Match and an unchanged list answers 304 with no body.';

export const holdingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['user: holdings'];

  /**
   * A holdings list with its ETag, or 304 when the caller's If-None-Match still holds: the tag
   * costs one read of data_versions, the list a join, the prices and the P&L of every row.
   */
  async function answerHoldingList(
    request: FastifyRequest,
    reply: FastifyReply,
    filter: HoldingFilter,
    load: (userId: number, today: string) => Promise<HoldingDto[]>,
  ): Promise<HoldingDto[] | undefined> {
    const userId = requireUser(request).id;
    const today = exchangeToday();
    const tag = await holdingsListTag(app.db, userId, filter, today);
    if (ifNoneMatchHolds(request.headers['if-none-match'], tag)) {
      reply.code(304).header('etag', tag).header('cache-control', 'private, no-cache');
      return reply.send() as unknown as undefined;
    }
    const list = await load(userId, today);
    reply.header('etag', tag).header('cache-control', 'private, no-cache');
    return list;
  }

  app.get(
    '/user/holding',
    {
      schema: {
        tags,
        summary: 'All my holdings',
        description: LIST_DESCRIPTION,
        querystring: brokerQuerySchema,
        response: { 200: z.array(holdingDtoSchema), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const filter = { brokerName: request.query.broker };
      return answerHoldingList(request, reply, filter, (userId, today) => listHoldings(app.db, userId, filter, today));
    },
  );

  app.get(
    '/user/holding/:segmentName',
    {
      schema: {
        tags,
        summary: 'My holdings in a segment',
        description: `The caller’s holdings whose segment (instrument type) has this name, any case; \`?broker=\` narrows them to one firm. 404 when no such segment exists. ${LIST_DESCRIPTION}`,
        params: z.object({ segmentName: z.string().trim().min(1).max(100) }),
        querystring: brokerQuerySchema,
        response: { 200: z.array(holdingDtoSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { segmentName } = request.params;
      const filter = { segmentName, brokerName: request.query.broker };
      return answerHoldingList(request, reply, filter, async (userId, today) => {
        const list = await listHoldings(app.db, userId, filter, today);
        // an empty answer may mean a mistyped segment: tell which
        if (list.length === 0 && !(await segmentExists(app.db, segmentName)))
          throw new NotFoundError(`Segment '${segmentName}' does not exist`);
        return list;
      });
    },
  );

  app.post(
    '/user/holding',
    {
      schema: {
        tags,
        summary: 'Add a holding',
        description: `${HOLDING_BODY_DESCRIPTION} A symbol without loaded prices is a 400.`,
        body: holdingSchema,
        response: { 201: holdingDtoSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const created = await createHolding(app.db, requireUser(request).id, request.body);
      reply.status(201);
      return created;
    },
  );

  app.put(
    '/user/holding/:id',
    {
      schema: {
        tags,
        summary: 'Edit or sell a holding',
        description:
          `${HOLDING_BODY_DESCRIPTION} Giving an open holding a sell price sells it: only the sell side changes, and selling fewer ` +
          'shares than held splits it (this id becomes the sold, REALIZED part; remainingHolding is the new open rest). Selling more than held is a 400.',
        params: idParamsSchema,
        body: holdingSchema,
        response: { 200: holdingUpdateDtoSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const result = await updateHolding(app.db, requireUser(request).id, request.params.id, request.body);
      return { ...result.holding, remainingHolding: result.remainingHolding };
    },
  );

  app.delete(
    '/user/holding/:id',
    {
      schema: {
        tags,
        summary: 'Delete a holding',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await deleteHolding(app.db, requireUser(request).id, request.params.id);
      return { message: 'Holding deleted successfully!' };
    },
  );

  app.get(
    '/user/current-prices',
    {
      schema: {
        tags: ['user: portfolio'],
        summary: 'Current prices of many symbols at once',
        description: `\`?symbols=A,B,C\` (up to ${MAX_PRICE_SYMBOLS}): each symbol's latest close of its equity series (EQ, BE, BZ, SM, ST) and the change from the day before. Symbols without prices are left out. One call for a whole table (the BFF batches with DataLoader).`,
        querystring: z.object({ symbols: z.string().max(30_000).optional().describe('Comma-separated symbols') }),
        response: { 200: z.array(latestPriceDtoSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const symbols = (request.query.symbols ?? '')
        .split(',')
        .map((symbol) => symbol.trim())
        .filter(Boolean);
      if (symbols.length > MAX_PRICE_SYMBOLS)
        throw new BadRequestError(`At most ${MAX_PRICE_SYMBOLS} symbols per call`);
      return [...(await latestPrices(app.db, symbols)).values()];
    },
  );

  app.get(
    '/user/current-prices/search',
    {
      schema: {
        tags: ['user: portfolio'],
        summary: 'Symbols with prices matching a text',
        description:
          'The holding form’s symbol dropdown: symbols with loaded prices that start with (then contain) `q`, any case, with their current price.',
        querystring: z.object({
          q: z.string().max(50).default(''),
          limit: z.coerce.number().int().min(1, 'limit must be 1 to 50').max(50, 'limit must be 1 to 50').default(20),
        }),
        response: { 200: z.array(latestPriceDtoSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => searchPricedSymbols(app.db, request.query.q, request.query.limit),
  );

  app.get(
    '/user/portfolio/summary',
    {
      schema: {
        tags: ['user: portfolio'],
        summary: 'My portfolio totals per firm and segment',
        description:
          'invested, currentValue, realized, unrealized, charges and net: overall, per firm, per firm and segment, per segment. Every firm and segment is listed.',
        response: { 200: summaryDtoSchema, ...errorResponses(401) },
      },
    },
    async (request) => getPortfolioSummary(app.db, requireUser(request).id),
  );

  app.get(
    '/user/portfolio/alerts',
    {
      schema: {
        tags: ['user: portfolio'],
        summary: 'Alerts computed from my holdings',
        description:
          'Open holdings at a new 52-week high or low on their latest trading day, the segment whose value moved most, and a holding above 40 % of the current value. `?broker=` narrows to one firm.',
        querystring: brokerQuerySchema,
        response: { 200: z.array(alertDtoSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => getPortfolioAlerts(app.db, requireUser(request).id, request.query.broker),
  );
};
