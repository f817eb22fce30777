/** Companies: GET /public/stocks for everyone; POST /staff/stocks, PUT and DELETE /staff/stocks/{id} for staff. */
import { z } from 'zod';
import { companySchema } from '../../validation/reference.js';
import { symbolParam } from '../../validation/market.js';
import { dateText, decimalText } from '../market/fields.js';

export const companyDtoSchema = z
  .object({
    id: z.number().int(),
    companyName: z.string(),
    industry: z.string().nullable(),
    symbol: z.string(),
    series: z.string().nullable(),
    isinCode: z.string().nullable(),
    paidUpValue: decimalText.nullable(),
    dateOfListing: dateText.nullable(),
    marketLot: z.number().int().nullable(),
    faceValue: decimalText.nullable(),
  })
  .describe('A listed company');
export type CompanyDto = z.infer<typeof companyDtoSchema>;

export const companiesQuerySchema = z.object({ symbol: symbolParam().optional() });

/**
 * POST and PUT /staff/stocks: the nine required fields with the screen's messages (the form's own
 * schema). Symbols, series and ISIN codes are kept upper-case, as the exchange writes them.
 */
export const companyBodySchema = companySchema.transform((company) => ({
  ...company,
  symbol: company.symbol.toUpperCase(),
  series: company.series.toUpperCase(),
  isinCode: company.isinCode.toUpperCase(),
}));
/** What a client sends. */
export type CompanyBody = z.input<typeof companyBodySchema>;
/** What the API stores (after the rules and the upper-casing). */
export type CompanyFields = z.output<typeof companyBodySchema>;
