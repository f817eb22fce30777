/**
 * Tax P&L (docs/product/tax.md): the caller's capital gains of a financial year from every
 * broker's trades, as JSON, a tradewise CSV, Schedule 112A as CSV, and one workbook. Owner-only,
 * like holdings: every figure is computed from the caller's own rows.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseFinancialYear } from '@bazaar/shared';
import {
  capitalGainsDtoSchema,
  capitalGainsQuerySchema,
  errorResponses,
  type CapitalGainsQuery,
} from '@bazaar/shared/contract';
import { requireUser } from '../../auth/access.js';
import { capitalGainsReport } from '../../tax/capital-gains.js';
import { capitalGainsCsv, capitalGainsWorkbook, schedule112aCsv } from '../../tax/files.js';

const RULES =
  'FIFO per brokerage firm (a demat account) and symbol over every trade (hand entries and tradebook imports), whatever lot a hand sale closed in ' +
  'the holdings view. On a day, the shares both bought and sold at a firm are intraday (speculative business income, at the day’s average ' +
  'prices, apart from capital gains); the rest of the day’s sales close the oldest lots. Long term: sold after the day 12 calendar months after ' +
  'the acquisition. A split or consolidation changes a lot’s shares (cost and date stay); a bonus a:b adds a lot of ⌊q·a/b⌋ shares at cost 0 acquired ' +
  'on the ex-date. A long-term lot acquired before 1-Feb-2018 costs max(actual cost, min(fair market value, sale value)), the fair market value being ' +
  'the highest price of 31-Jan-2018 (or the latest earlier day traded) ÷ later splits. Buy charges are cost, sale charges transfer expenses; STT ' +
  '(charge types marked stt) is neither. Rates by the sale’s date: before 23-Jul-2024 15 % (111A) and 10 % (112A), from it 20 % and 12.5 %; the ' +
  'long-term exemption ₹1,00,000 a year up to FY 2023-24, ₹1,25,000 from FY 2024-25. Set-off: same term first, then short-term losses against ' +
  'long-term gains (never the reverse), each first on the gains taxed at the higher rate. The estimated tax is before surcharge and cess.';

const QUERY_DESCRIPTION =
  '`financialYear` as 2024-25 (400 otherwise); `brokerageFirm` (a firm’s id) narrows it to one firm (404 when you hold nothing there).';

function fileName(query: CapitalGainsQuery, what: string, extension: string): string {
  return `${what}-${query.financialYear}${query.brokerageFirm === undefined ? '' : `-firm-${query.brokerageFirm}`}.${extension}`;
}

function attachment(reply: FastifyReply, type: string, name: string): void {
  reply.header('content-type', type).header('content-disposition', `attachment; filename="${name}"`);
  reply.header('cache-control', 'private, no-store');
}

export const capitalGainsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['user: tax'];
  const report = (userId: number, query: CapitalGainsQuery) =>
    capitalGainsReport(app.db, userId, parseFinancialYear(query.financialYear)!, query.brokerageFirm);

  app.get(
    '/user/tax/capital-gains',
    {
      schema: {
        tags,
        summary: 'My capital gains of a financial year',
        description: `${RULES} ${QUERY_DESCRIPTION}`,
        querystring: capitalGainsQuerySchema,
        response: { 200: capitalGainsDtoSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return (await report(requireUser(request).id, request.query)).dto;
    },
  );

  // the two CSV files: the tradewise exits and Schedule 112A
  const csvFiles = [
    {
      path: '/user/tax/capital-gains.csv',
      name: 'capital-gains',
      summary: 'My capital gains of a financial year: the tradewise exits (CSV)',
      description: 'One line per exit, amounts as plain numbers (₹), dates YYYY-MM-DD.',
      write: capitalGainsCsv,
    },
    {
      path: '/user/tax/schedule-112a.csv',
      name: 'schedule-112a',
      summary: 'My Schedule 112A of a financial year (CSV)',
      description:
        'The return’s Schedule 112A in its column order, one row per ISIN of the year’s long-term sales (two when some shares were acquired before 1-Feb-2018 and some after).',
      write: schedule112aCsv,
    },
  ];
  for (const file of csvFiles)
    app.get(
      file.path,
      {
        schema: {
          tags,
          summary: file.summary,
          description: `${file.description} ${QUERY_DESCRIPTION}`,
          produces: ['text/csv'],
          querystring: capitalGainsQuerySchema,
          response: { 200: z.string().describe('CSV'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        const answer = file.write(await report(requireUser(request).id, request.query));
        attachment(reply, 'text/csv; charset=utf-8', fileName(request.query, file.name, 'csv'));
        return answer;
      },
    );

  app.get(
    '/user/tax/capital-gains.xlsx',
    {
      schema: {
        tags,
        summary: 'My capital gains of a financial year (workbook)',
        description: `Sheets: Tradewise exits, Summary, Charges, Schedule 112A; amounts as numbers, dates as dates. ${QUERY_DESCRIPTION}`,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        querystring: capitalGainsQuerySchema,
        response: {
          200: z.custom<Buffer>((value) => Buffer.isBuffer(value)).describe('The workbook (.xlsx)'),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const answer = capitalGainsWorkbook(await report(requireUser(request).id, request.query));
      attachment(
        reply,
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        fileName(request.query, 'capital-gains', 'xlsx'),
      );
      return reply.send(answer);
    },
  );
};
