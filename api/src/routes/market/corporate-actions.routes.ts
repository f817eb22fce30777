/** /public/corporate-actions (spec section 7, Market data; section 2, Corporate actions and Company analysis). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BadRequestError } from '../../errors.js';
import { getCorporateActionsOfSymbol, listCorporateActions } from '../../db/queries/market.js';
import { errorResponses } from '../schemas.js';
import { dateParam, symbolParam } from './params.js';
import { corporateActionSchema } from './schemas.js';

/** Today in the exchange's time zone, YYYY-MM-DD. */
export function todayInIndia(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

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
          '(newest first) and upcoming events an ex-date on or after it (soonest first). Unknown symbols answer empty lists.',
        querystring: z.object({
          symbol: symbolParam().optional(),
          date: dateParam('date').optional().describe('The day that separates past from upcoming events'),
        }),
        response: {
          200: z.union([
            z.array(corporateActionSchema),
            z.object({ pastEvents: z.array(corporateActionSchema), upcomingEvents: z.array(corporateActionSchema) }),
          ]),
          ...errorResponses(400),
        },
      },
    },
    async (request) => {
      const { symbol, date } = request.query;
      if (!symbol) {
        if (date) throw new BadRequestError('date needs a symbol');
        return listCorporateActions(app.db);
      }
      return getCorporateActionsOfSymbol(app.db, symbol, date ?? todayInIndia());
    },
  );
};
