/** /public/profit-and-loss and /public/balancesheet (spec section 7, Market data; section 2, Company analysis). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getBalanceSheets, getProfitAndLoss, STATEMENT_QUARTERS } from '../../db/queries/market.js';
import { errorResponses } from '../schemas.js';
import { dateParam, symbolParam } from './params.js';
import { todayInIndia } from './corporate-actions.routes.js';

const statementQuery = z.object({
  symbol: symbolParam(),
  startDateOfFinancialYear: dateParam('startDateOfFinancialYear')
    .optional()
    .describe('Statements up to this date are answered (the web app sends today’s date); default today in India'),
  nature: z
    .enum(['STANDALONE', 'CONSOLIDATED'], { error: 'nature must be STANDALONE or CONSOLIDATED' })
    .optional()
    .describe('Basis of the figures; STANDALONE by default'),
});

const BASIS =
  `The most recent ${STATEMENT_QUARTERS} periods ending on or before startDateOfFinancialYear, oldest first, of the basis asked for ` +
  '(standalone by default; the standalone basis falls back to figures whose basis the source does not state). Amounts are exact rupees as filed. ' +
  'Missing data answers an empty list, never an error.';

const amount = z.string().nullable();

export const financialStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['public: financial statements'];

  app.get(
    '/public/profit-and-loss',
    {
      schema: {
        tags,
        summary: 'Quarterly profit and loss of a company',
        description: BASIS,
        querystring: statementQuery,
        response: {
          200: z.array(
            z
              .object({
                symbol: z.string(),
                natureOfReport: z.string(),
                reportingQuarter: z.string(),
                dateOfStartOfReportingPeriod: z.string().nullable(),
                dateOfEndOfReportingPeriod: z.string(),
                dateOfStartOfFinancialYear: z.string(),
                revenueFromOperations: amount,
                otherIncome: amount,
                income: amount,
                expenses: amount,
                profitBeforeTax: amount,
                taxExpense: amount,
                profitLossForPeriod: z.string(),
                basicEarningsPerShare: amount,
                dilutedEarningsPerShare: amount,
                auditStatus: z.string().nullable(),
              })
              .describe('One quarter’s results'),
          ),
          ...errorResponses(400),
        },
      },
    },
    async (request) => {
      const { symbol, startDateOfFinancialYear, nature } = request.query;
      return getProfitAndLoss(app.db, symbol, startDateOfFinancialYear ?? todayInIndia(), nature ?? 'STANDALONE');
    },
  );

  app.get(
    '/public/balancesheet',
    {
      schema: {
        tags,
        summary: 'Balance sheets of a company',
        description: BASIS,
        querystring: statementQuery,
        response: {
          200: z.array(
            z
              .object({
                symbol: z.string(),
                natureOfReport: z.string(),
                dateOfEndOfReportingPeriod: z.string(),
                dateOfStartOfFinancialYear: z.string(),
                nonCurrentAssets: amount,
                currentAssets: amount,
                totalAssets: z.string(),
                equityShareCapital: amount,
                otherEquity: amount,
                totalEquity: amount,
                nonControllingInterest: amount,
                nonCurrentLiabilities: amount,
                currentLiabilities: amount,
                totalLiabilities: amount,
                totalEquityAndLiabilities: z.string(),
              })
              .describe('A statement of assets and liabilities at a period end'),
          ),
          ...errorResponses(400),
        },
      },
    },
    async (request) => {
      const { symbol, startDateOfFinancialYear, nature } = request.query;
      return getBalanceSheets(app.db, symbol, startDateOfFinancialYear ?? todayInIndia(), nature ?? 'STANDALONE');
    },
  );
};
