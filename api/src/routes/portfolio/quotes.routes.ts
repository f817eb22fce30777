/**
 * Quotes for holdings: current prices of many symbols at once (one call for a whole table; the
 * BFF batches with DataLoader) and the symbol search of the holding form.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  currentPricesQuerySchema,
  errorResponses,
  latestPriceDtoSchema,
  MAX_QUOTE_SYMBOLS,
  symbolSearchQuerySchema,
} from '@bazaar/shared/contract';
import { BadRequestError } from '../../errors.js';
import { latestPrices, searchPricedSymbols } from '../../db/queries/portfolio/quotes.js';

export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/current-prices',
    {
      schema: {
        tags: ['user: portfolio'],
        summary: 'Current prices of many symbols at once',
        description: `\`?symbols=A,B,C\` (up to ${MAX_QUOTE_SYMBOLS}): each symbol's latest close of its equity series (EQ, BE, BZ, SM, ST) and the change from the day before. Symbols without prices are left out. One call for a whole table (the BFF batches with DataLoader).`,
        querystring: currentPricesQuerySchema,
        response: { 200: z.array(latestPriceDtoSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const symbols = (request.query.symbols ?? '')
        .split(',')
        .map((symbol) => symbol.trim())
        .filter(Boolean);
      if (symbols.length > MAX_QUOTE_SYMBOLS)
        throw new BadRequestError(`At most ${MAX_QUOTE_SYMBOLS} symbols per call`);
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
        querystring: symbolSearchQuerySchema,
        response: { 200: z.array(latestPriceDtoSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => searchPricedSymbols(app.db, request.query.q, request.query.limit),
  );
};
