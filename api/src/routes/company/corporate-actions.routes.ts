/** GET /public/corporate-actions: the Corporate Actions page, the events of Company Analysis, and their pages for programs. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exchangeToday } from '@bazaar/shared';
import {
  CORPORATE_ACTION_CURSOR_KINDS,
  corporateActionsQuerySchema,
  corporateActionsResponseSchema,
  errorResponses,
  INVALID_CURSOR_MESSAGE,
  PAGING_DESCRIPTION,
} from '@bazaar/shared/contract';
import { BadRequestError } from '../../errors.js';
import {
  getCorporateActionsOfSymbol,
  listCorporateActions,
  listCorporateActionsPage,
  type CorporateActionSortKey,
} from '../../db/queries/company/corporate-actions.js';
import { pageAsked, sendPageHeaders } from '../paging.js';

export const corporateActionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/corporate-actions',
    {
      schema: {
        tags: ['public: corporate actions'],
        summary: 'Corporate actions: all, a year’s, or one symbol’s past and upcoming events',
        description:
          'Without `symbol`: every corporate action, newest ex-date first (then by symbol and id; actions without an ex-date last); `year` keeps those with an ex-date in that calendar year. ' +
          PAGING_DESCRIPTION +
          'With `symbol` (and optionally `date`, default today in India): `{pastEvents, upcomingEvents}` of that symbol, past events having an ex-date before `date` ' +
          '(newest first) and upcoming events an ex-date on or after it (soonest first). Unknown symbols answer empty lists. ' +
          'Each row says what its PURPOSE was understood as (`kind`, `factor`, `dividendPerShare`, `label`): a split, consolidation or bonus with an ex-date on or before D adjusts the symbol’s earlier prices by `factor`; ' +
          'a dividend is cash per share; bonus debentures or preference shares and texts not understood adjust nothing (kind `other`).',
        querystring: corporateActionsQuerySchema,
        response: { 200: corporateActionsResponseSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const { symbol, date, year } = request.query;
      if (!symbol) {
        if (date) throw new BadRequestError('date needs a symbol');
        const asked = pageAsked<CorporateActionSortKey>(request.query, CORPORATE_ACTION_CURSOR_KINDS);
        if (!asked) return listCorporateActions(app.db, year);
        if (asked.after && !/^(\d{4}-\d{2}-\d{2})?$/.test(asked.after[0]))
          throw new BadRequestError(INVALID_CURSOR_MESSAGE);
        const page = await listCorporateActionsPage(app.db, year, asked);
        const last = page.items.at(-1);
        sendPageHeaders(request, reply, {
          total: page.total,
          end: last ? [last.exDate ?? '', last.symbol, last.id] : null,
          more: page.more,
        });
        return page.items;
      }
      if (year !== undefined || request.query.limit !== undefined || request.query.cursor !== undefined)
        throw new BadRequestError(
          'year, limit and cursor apply to the list of every action, not to one symbol’s events',
        );
      return getCorporateActionsOfSymbol(app.db, symbol, date ?? exchangeToday());
    },
  );
};
