/**
 * The caller's Stock Watch List (docs/product/portfolio.md#stock-watch-list): list, add, remove.
 * Owner-only: every call works on the session user's list.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponses,
  PAGING_DESCRIPTION,
  MAX_WATCHLIST_SYMBOLS,
  WATCHLIST_CURSOR_KINDS,
  watchlistQuerySchema,
  messageSchema,
  watchlistBodySchema,
  watchlistParamsSchema,
  watchlistRowDtoSchema,
} from '@bazaar/shared/contract';
import { requireUser } from '../../auth/access.js';
import {
  addToWatchlist,
  listWatchlist,
  listWatchlistPage,
  removeFromWatchlist,
} from '../../db/queries/portfolio/watchlist.js';
import { pageAsked, sendPageHeaders } from '../paging.js';
import { answerMadeOrFound } from '../created.js';

const tags = ['user: portfolio'];

export const watchlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/watchlist',
    {
      schema: {
        tags,
        summary: 'My Stock Watch List',
        description:
          'The symbols on my list by symbol, each with its latest close and day’s change, its 12-month high and low and the distance from each in %, and the trend lists of the latest trading day it is in. ' +
          PAGING_DESCRIPTION,
        querystring: watchlistQuerySchema,
        response: { 200: z.array(watchlistRowDtoSchema), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const userId = requireUser(request).id;
      const asked = pageAsked<[string]>(request.query, WATCHLIST_CURSOR_KINDS);
      if (!asked) return listWatchlist(app.db, userId);
      const page = await listWatchlistPage(app.db, userId, asked);
      const last = page.items.at(-1);
      sendPageHeaders(request, reply, { total: page.total, end: last ? [last.symbol] : null, more: page.more });
      return page.items;
    },
  );

  app.post(
    '/user/watchlist',
    {
      schema: {
        tags,
        summary: 'Add a symbol to my watch list',
        description: `201 with the row when added; 200 with the row when it was already there (nothing changes). A symbol without loaded prices is a 400, and so is a ${MAX_WATCHLIST_SYMBOLS + 1}st symbol.`,
        body: watchlistBodySchema,
        response: { 200: watchlistRowDtoSchema, 201: watchlistRowDtoSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { row, added } = await addToWatchlist(app.db, requireUser(request).id, request.body.symbol);
      return answerMadeOrFound(reply, row, added);
    },
  );

  app.delete(
    '/user/watchlist/:symbol',
    {
      schema: {
        tags,
        summary: 'Remove a symbol from my watch list',
        description: '404 when the symbol is not on my list.',
        params: watchlistParamsSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await removeFromWatchlist(app.db, requireUser(request).id, request.params.symbol);
      return { message: `${request.params.symbol} removed from your watch list` };
    },
  );
};
