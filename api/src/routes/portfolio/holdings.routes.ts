/**
 * Holdings of the caller: list (with an ETag), list of one segment, add, edit or sell, delete.
 * Every route works on the caller's own holdings only: another user's holding id answers 404 for
 * every verb, and ids or owners in a body are ignored.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exchangeToday } from '@bazaar/shared';
import {
  brokerQuerySchema,
  errorResponses,
  holdingBodySchema,
  holdingDtoSchema,
  holdingUpdateDtoSchema,
  idParamsSchema,
  messageSchema,
  segmentNameParamsSchema,
  type HoldingDto,
} from '@bazaar/shared/contract';
import { requireUser } from '../../auth/access.js';
import { NotFoundError } from '../../errors.js';
import {
  createHolding,
  deleteHolding,
  holdingsListTag,
  listHoldings,
  updateHolding,
  type HoldingFilter,
} from '../../db/queries/portfolio/holdings.js';
import { segmentExists } from '../../db/queries/portfolio/segments.js';
import { ifNoneMatchHolds } from '../conditional.js';

const HOLDING_BODY_DESCRIPTION =
  'Body: symbol, price (buy price > 0), sellPrice (optional; other than 0 makes the holding REALIZED), exchange (NSE or BSE), ' +
  'quantity (whole number ≥ 1), creationDate (buying date, YYYY-MM-DD, not in the future), sellingDate (required with a sell price; ' +
  'not before the buying date, not in the future), brokerageFirm ({id} or {name}; the full firm object is accepted), instrumentType ' +
  '(the segment name). currentPrice, status, id and owner fields are computed by the server and ignored.';

const ADJUSTED_DESCRIPTION =
  'Holdings follow the corporate actions in effect on D, the latest price date (ex-date on or before D): a holding bought before the ex-date of a ' +
  'split, consolidation or bonus (factor: ₹A→₹B split A/B, bonus a:b (a+b)/b) and not sold before it shows quantity × factor and price ÷ factor, ' +
  'with the trade as entered in tradedQuantity and tradedPrice and the events in adjustments; invested and P&L do not move on an ex-date. ' +
  'A sold holding is shown in the shares of its selling date (every event loaded up to it, even one after D). ' +
  'A dividend is credited for the shares held on its ex-date, as they were then (profitLoss.dividends, dividendPayments); net = gross + dividends − charges. ';

const LIST_DESCRIPTION =
  ADJUSTED_DESCRIPTION +
  'Answers carry an ETag that changes whenever anything the list is computed from changes (the holdings, prices, charges, firms, ' +
  'segments, corporate actions or the exchange day): send it back in If-None-Match and an unchanged list answers 304 with no body.';

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
        params: segmentNameParamsSchema,
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
        body: holdingBodySchema,
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
          `${HOLDING_BODY_DESCRIPTION} Giving an open holding a sell price sells it: only the sell side changes, the quantity sold counts the shares ` +
          'held on the selling date (after its splits and bonuses loaded up to it, even before that day’s prices are), and selling fewer shares than held splits it (this id becomes the sold, REALIZED part; remainingHolding is the new open rest). Selling more than held is a 400.',
        params: idParamsSchema,
        body: holdingBodySchema,
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
};
