/**
 * Batched reads for programs (docs/integrators.md#batching): the latest quotes, and the candles, of
 * up to MAX_BATCH_SYMBOLS symbols in one call (the BFF's `quotes` and `candlesBySymbol` batch every
 * symbol of a request into one). A symbol without any prices is a 400 naming it, never an empty answer.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_BATCH_SYMBOLS, unknownSymbolsMessage } from '@bazaar/shared';
import {
  ADJUSTED_DEFINITION,
  batchCandlesQuerySchema,
  batchQuotesQuerySchema,
  errorResponses,
  latestPriceDtoSchema,
  symbolCandlesDtoSchema,
} from '@bazaar/shared/contract';
import { BadRequestError } from '../../errors.js';
import { latestPrices } from '../../db/queries/portfolio/quotes.js';
import { getCandlesOfSymbols } from '../../db/queries/market/candles.js';
import { requireKnownSymbols } from './stock-prices.routes.js';

const UNKNOWN_DESCRIPTION = `\`symbols\`: 1 to ${MAX_BATCH_SYMBOLS} NSE symbols separated by commas (a repeated one counts once); a symbol without any loaded prices is a 400 naming every such symbol (\`details.unknownSymbols\`). `;

export const batchRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['public: stock prices and trends'];

  app.get(
    '/public/stock-prices/quotes',
    {
      schema: {
        tags,
        summary: 'The latest quotes of many symbols at once',
        description:
          UNKNOWN_DESCRIPTION +
          'Each symbol’s latest close of its equity series and its date (D for a symbol that traded on D), with the close of its trading day before (adjusted for the events effective on the day) and the change; in the order asked.',
        querystring: batchQuotesQuerySchema,
        response: { 200: z.array(latestPriceDtoSchema), ...errorResponses(400) },
      },
    },
    async (request) => {
      const { symbols } = request.query;
      const quotes = await latestPrices(app.db, symbols);
      const unknown = symbols.filter((symbol) => !quotes.has(symbol));
      if (unknown.length > 0) throw new BadRequestError(unknownSymbolsMessage(unknown), { unknownSymbols: unknown });
      return symbols.flatMap((symbol) => quotes.get(symbol) ?? []);
    },
  );

  app.get(
    '/public/stock-prices/candles',
    {
      schema: {
        tags,
        summary: 'The candles of many symbols at once',
        description:
          UNKNOWN_DESCRIPTION +
          '`[{symbol, candles}]` in the order asked, each symbol’s candles oldest first as `GET /public/stock-prices?symbol=` answers them: a trading day each, or with `interval=WEEK` or `MONTH` a calendar week (Monday to Sunday) or month each, ' +
          'dated by its first trading day; only the trading days within `from`..`to` count (the whole history without them). ' +
          ADJUSTED_DEFINITION,
        querystring: batchCandlesQuerySchema,
        response: { 200: z.array(symbolCandlesDtoSchema), ...errorResponses(400) },
      },
    },
    async (request) => {
      const { symbols, from, to, interval, adjusted } = request.query;
      if (from && to && from > to) throw new BadRequestError('from must not be after to');
      await requireKnownSymbols(app.db, symbols);
      return getCandlesOfSymbols(app.db, symbols, { from, to, interval, adjusted });
    },
  );
};
