/**
 * POST /user/holding/import (docs/product/portfolio.md#tradebook-import): a tradebook file with the
 * firm and segment its trades belong to; `?dryRun=true` previews, `false` commits. The answer is the
 * same report either way: 200 when the file is clean (a preview, or a commit that wrote it all), 400
 * when it has problems (nothing written; the report also rides in `details` for clients that read
 * the error shape).
 */
import { z } from 'zod';
import { errorSchema } from '../common.js';
import { EXCERPT_LENGTH } from '../../validation/trade.js';
import { holdingDtoSchema } from './holdings.js';

/** The most holdings an import report lists (a 50,000-trade file changes tens of thousands). */
export const MAX_IMPORT_REPORT_HOLDINGS = 200;
/** The most problems an import report lists (a wholly wrong file would have one per line). */
export const MAX_IMPORT_REPORT_PROBLEMS = 200;

export const tradebookImportQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun must be true or false' })
    .default('true')
    .transform((value) => value === 'true')
    .describe('true (the default): only preview; false: write the trades'),
});

export const tradebookProblemDtoSchema = z
  .object({
    line: z.number().int().describe('1-based line of the file (sheet row of a workbook); 1 is the header'),
    message: z
      .string()
      .describe(
        'What is wrong: a value breaking a rule gets the same words as in the holding form and POST /user/holding',
      ),
    column: z.string().optional().describe('The column at fault, as the layout names it (e.g. quantity, trade_date)'),
    value: z
      .string()
      .optional()
      .describe(`The cell at fault, at most ${EXCERPT_LENGTH} characters (longer ones end in …)`),
  })
  .describe('One problem of the file, by line');
export type TradebookProblemDto = z.infer<typeof tradebookProblemDtoSchema>;

export const tradebookSymbolCountsDtoSchema = z
  .object({
    symbol: z.string(),
    buys: z.number().int(),
    sells: z.number().int(),
    boughtQuantity: z.number().int(),
    soldQuantity: z.number().int(),
  })
  .describe('The trades of one symbol that the import writes (skipped ones left out)');
export type TradebookSymbolCountsDto = z.infer<typeof tradebookSymbolCountsDtoSchema>;

export const tradebookImportReportDtoSchema = z
  .object({
    layout: z
      .string()
      .nullable()
      .describe('ZERODHA_TRADEBOOK, GENERIC_TRADES or HOLDINGS_EXPORT; null when the header was not recognised'),
    dryRun: z.boolean().describe('True for a preview: nothing was written'),
    buys: z.number().int().describe('Buy trades imported (or to import)'),
    sells: z.number().int().describe('Sell trades imported (or to import)'),
    skipped: z.number().int().describe('Trades already imported before (same firm and trade id, or the same row)'),
    symbols: z.array(tradebookSymbolCountsDtoSchema),
    holdings: z
      .array(holdingDtoSchema)
      .describe(
        `The holdings the import adds or changes (new lots, lots a sell closed or split), by symbol and buying date, at most ${MAX_IMPORT_REPORT_HOLDINGS} (holdingsTotal counts them all; the rest are in GET /user/holding after a commit). For a preview: as they would be; when refused: none`,
      ),
    holdingsTotal: z.number().int().describe('How many holdings the import adds or changes'),
    problems: z
      .array(tradebookProblemDtoSchema)
      .describe(
        `The problems by line, at most ${MAX_IMPORT_REPORT_PROBLEMS} (problemsTotal counts them all); any problem refuses the whole file`,
      ),
    problemsTotal: z.number().int().describe('How many problems the file has'),
  })
  .describe('What a tradebook import did or would do');
export type TradebookImportReportDto = z.infer<typeof tradebookImportReportDtoSchema>;

/** The 400 of a file with problems: the error shape with the report beside it. */
export const tradebookImportRejectedSchema = errorSchema
  .extend(tradebookImportReportDtoSchema.partial().shape)
  .describe('A refused import (nothing written); a file’s problems come with the report, others as a plain error');
export type TradebookImportRejectedDto = z.infer<typeof tradebookImportRejectedSchema>;
