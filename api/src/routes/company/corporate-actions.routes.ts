/** GET /public/corporate-actions: the Corporate Actions page and the events of Company Analysis. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exchangeToday } from '@bazaar/shared';
import { corporateActionsQuerySchema, corporateActionsResponseSchema, errorResponses } from '@bazaar/shared/contract';
import { BadRequestError } from '../../errors.js';
import { getCorporateActionsOfSymbol, listCorporateActions } from '../../db/queries/company/corporate-actions.js';

export const corporateActionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/corporate-actions',
    {
      schema: {
        tags: ['public: corporate actions'],
        summary: 'Corporate actions: all, or one symbol’s past and upcoming events',
        description:
          'Without parameters: every corporate action, newest ex-date first (then by symbol). ' +
          'With `symbol` (and optionally `date`, default today in India): `{pastEvents, upcomingEvents}` of that symbol, past events having an ex-date before `date` ' +
          '(newest first) and upcoming events an ex-date on or after it (soonest first). Unknown symbols answer empty lists. ' +
          'Each row says what its PURPOSE was understood as (`kind`, `factor`, `dividendPerShare`, `label`): a split, consolidation or bonus with an ex-date on or before D adjusts the symbol’s earlier prices by `factor`; ' +
          'a dividend is cash per share; bonus debentures or preference shares and texts not understood adjust nothing (kind `other`).',
        querystring: corporateActionsQuerySchema,
        response: { 200: corporateActionsResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const { symbol, date } = request.query;
      if (!symbol) {
        if (date) throw new BadRequestError('date needs a symbol');
        return listCorporateActions(app.db);
      }
      return getCorporateActionsOfSymbol(app.db, symbol, date ?? exchangeToday());
    },
  );
};
