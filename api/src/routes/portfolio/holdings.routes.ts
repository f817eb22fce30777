/**
 * Holdings of the caller: list (with an ETag), list of one segment, add, edit or sell, delete.
 * Every route works on the caller's own holdings only: another user's holding id answers 404 for
 * every verb, and ids or owners in a body are ignored.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exchangeToday, KeyedLane, MAX_HOLDING_ROWS_PER_USER } from '@bazaar/shared';
import {
  errorResponses,
  holdingListQuerySchema,
  PAGING_DESCRIPTION,
  type HoldingListQuery,
  holdingBodySchema,
  holdingDtoSchema,
  holdingUpdateDtoSchema,
  idParamsSchema,
  messageSchema,
  segmentNameParamsSchema,
  type HoldingDto,
} from '@bazaar/shared/contract';
import { requireUser } from '../../auth/access.js';
import { NotFoundError, TooManyRequestsError } from '../../errors.js';
import {
  createHolding,
  deleteHolding,
  HOLDING_CURSOR_KINDS,
  holdingsListTag,
  listHoldings,
  listHoldingsPage,
  updateHolding,
  type HoldingFilter,
  type HoldingSortKey,
} from '../../db/queries/portfolio/holdings.js';
import { segmentExists } from '../../db/queries/portfolio/segments.js';
import { callerGone } from '../caller-gone.js';
import { ifNoneMatchHolds } from '../conditional.js';
import { pageAsked, sendPageHeaders } from '../paging.js';

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

const PAGE_DESCRIPTION = ` ${PAGING_DESCRIPTION}An account keeps at most ${MAX_HOLDING_ROWS_PER_USER.toLocaleString('en-IN')} holdings. \`?id=\` narrows the list to one holding.`;

/** Whole lists computed at once per caller (more wait in a short line, then 429): each can be 20,000 rows. */
const WHOLE_LISTS_PER_CALLER = 1;
const WHOLE_LISTS_WAITING_PER_CALLER = 2;

export const holdingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['user: holdings'];
  const wholeLists = new KeyedLane(WHOLE_LISTS_PER_CALLER, WHOLE_LISTS_WAITING_PER_CALLER);

  /**
   * A holdings list (or a page of it) with its ETag, or 304 when the caller's If-None-Match still
   * holds: the tag costs one read of data_versions, the list a join, the prices and the P&L of
   * every row. A whole list is computed one at a time per caller and stops when the caller goes.
   */
  async function answerHoldingList(
    request: FastifyRequest,
    reply: FastifyReply,
    filter: HoldingFilter,
    query: HoldingListQuery,
    whenEmpty: () => Promise<void> = async () => undefined,
  ): Promise<HoldingDto[] | undefined> {
    const userId = requireUser(request).id;
    const today = exchangeToday();
    const asked = pageAsked<HoldingSortKey>(query, HOLDING_CURSOR_KINDS);
    const tag = await holdingsListTag(app.db, userId, filter, today, [query.limit ?? null, query.cursor ?? null]);
    reply.header('etag', tag).header('cache-control', 'private, no-cache');
    if (ifNoneMatchHolds(request.headers['if-none-match'], tag)) {
      reply.code(304);
      return reply.send() as unknown as undefined;
    }
    const signal = callerGone(reply);
    if (asked) {
      const page = await listHoldingsPage(app.db, userId, filter, asked, today, signal);
      if (page.total === 0) await whenEmpty();
      const last = page.items.at(-1);
      sendPageHeaders(request, reply, {
        total: page.total,
        end: last ? [last.symbol, last.creationDate, last.id] : null,
        more: page.next !== null,
      });
      return page.items;
    }
    const release = await wholeLists.enter(String(userId));
    if (!release)
      throw new TooManyRequestsError(
        'Your holdings are already being listed for other requests: wait for them, or ask for a page (?limit=)',
        2,
      );
    try {
      const list = await listHoldings(app.db, userId, filter, today, {}, signal);
      if (list.length === 0) await whenEmpty();
      return list;
    } finally {
      release();
    }
  }

  app.get(
    '/user/holding',
    {
      schema: {
        tags,
        summary: 'All my holdings',
        description: LIST_DESCRIPTION + PAGE_DESCRIPTION,
        querystring: holdingListQuerySchema,
        response: { 200: z.array(holdingDtoSchema), ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { broker, id } = request.query;
      return answerHoldingList(request, reply, { firmName: broker, id }, request.query);
    },
  );

  app.get(
    '/user/holding/:segmentName',
    {
      schema: {
        tags,
        summary: 'My holdings in a segment',
        description: `The caller’s holdings whose segment (instrument type) has this name, any case; \`?broker=\` narrows them to one firm. 404 when no such segment exists. ${LIST_DESCRIPTION}${PAGE_DESCRIPTION}`,
        params: segmentNameParamsSchema,
        querystring: holdingListQuerySchema,
        response: { 200: z.array(holdingDtoSchema), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const { segmentName } = request.params;
      const { broker, id } = request.query;
      // an empty answer may mean a mistyped segment: tell which
      return answerHoldingList(request, reply, { segmentName, firmName: broker, id }, request.query, async () => {
        if (!(await segmentExists(app.db, segmentName)))
          throw new NotFoundError(`Segment '${segmentName}' does not exist`);
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
