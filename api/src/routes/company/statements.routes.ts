/** GET /public/profit-and-loss and GET /public/balancesheet: the statements of Company and Fundamental Analysis. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exchangeToday } from '@bazaar/shared';
import {
  balanceSheetDtoSchema,
  errorResponses,
  profitAndLossDtoSchema,
  STATEMENT_QUARTERS,
  statementQuerySchema,
} from '@bazaar/shared/contract';
import { getBalanceSheets, getProfitAndLoss } from '../../db/queries/company/statements.js';

const BASIS =
  `The most recent ${STATEMENT_QUARTERS} periods ending on or before startDateOfFinancialYear, oldest first, of the basis asked for ` +
  '(standalone by default; the standalone basis falls back to figures whose basis the source does not state). Amounts are exact rupees as filed. ' +
  'Missing data answers an empty list, never an error.';

export const financialStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['public: financial statements'];
  // both reads take the same query; the defaults: up to today in India, the standalone basis
  const statements = [
    ['/public/profit-and-loss', 'Quarterly profit and loss of a company', profitAndLossDtoSchema, getProfitAndLoss],
    ['/public/balancesheet', 'Balance sheets of a company', balanceSheetDtoSchema, getBalanceSheets],
  ] as const;

  for (const [path, summary, rowSchema, read] of statements) {
    app.get(
      path,
      {
        schema: {
          tags,
          summary,
          description: BASIS,
          querystring: statementQuerySchema,
          response: { 200: z.array(rowSchema), ...errorResponses(400) },
        },
      },
      async (request) => {
        const { symbol, startDateOfFinancialYear, nature } = request.query;
        return read(app.db, symbol, startDateOfFinancialYear ?? exchangeToday(), nature ?? 'STANDALONE');
      },
    );
  }
};
