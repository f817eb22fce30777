/**
 * GET /user/tax/capital-gains (docs/product/tax.md): the caller's capital gains of a financial year
 * from every broker's trades, FIFO per firm (demat account) and symbol, with splits, bonuses and
 * grandfathering applied; the CSV, Schedule 112A and XLSX downloads beside it.
 */
import { z } from 'zod';
import { financialYearMessage, parseFinancialYear } from '../../portfolio/tax/tax-rules.js';

const money = (what: string) => z.string().describe(`${what}: rupees, an exact decimal string`);

export const capitalGainsQuerySchema = z.object({
  financialYear: z
    .string({ error: 'financialYear is required: write it as 2024-25' })
    .trim()
    .refine((text) => parseFinancialYear(text) !== null, {
      error: (issue) => financialYearMessage(String(issue.input)),
    })
    .describe('The financial year, 1 April to 31 March, as 2024-25'),
  brokerageFirm: z.coerce
    .number({ error: 'brokerageFirm must be a firm’s id' })
    .int('brokerageFirm must be a firm’s id')
    .positive('brokerageFirm must be a firm’s id')
    .max(2_147_483_647, 'brokerageFirm must be a firm’s id')
    .optional()
    .describe('Only the exits at this brokerage firm (its id); every firm when absent'),
});
export type CapitalGainsQuery = z.infer<typeof capitalGainsQuerySchema>;

export const TAX_EXIT_CATEGORIES = ['INTRADAY', 'SHORT_TERM', 'LONG_TERM'] as const;

export const taxExitDtoSchema = z
  .object({
    brokerageFirm: z
      .object({ id: z.number().int(), name: z.string() })
      .describe('The firm (demat account) of the trades'),
    symbol: z.string(),
    isin: z.string().nullable().describe('The company’s ISIN (null when the equity list has none)'),
    category: z
      .enum(TAX_EXIT_CATEGORIES)
      .describe(
        'INTRADAY: bought and sold the same day at the same firm (speculative business income, at the day’s average prices); SHORT_TERM: held 12 months or less (section 111A); LONG_TERM: sold after the date 12 calendar months after the acquisition (section 112A)',
      ),
    quantity: z.string().describe('Shares, in the shares of the sale’s date'),
    buyDate: z.string().describe('Acquisition date, YYYY-MM-DD (a bonus lot: the ex-date)'),
    sellDate: z.string().describe('Sale date, YYYY-MM-DD'),
    buyValue: money('Shares × buy price (0 for a bonus lot)'),
    sellValue: money('Shares × sell price: the full value of consideration'),
    fairMarketValue: z
      .string()
      .nullable()
      .describe(
        'Per share: the highest price on 31-Jan-2018 (or the latest earlier day it traded) ÷ the factors of later splits; null unless the lot was acquired before 1-Feb-2018 and sold long term',
      ),
    costOfAcquisition: money(
      'Buy value and buy charges (STT left out); for a grandfathered lot max(that, min(fair market value × shares, sale value))',
    ),
    transferExpenses: money('The sale’s charges (STT left out)'),
    gain: money('sellValue − costOfAcquisition − transferExpenses; intraday: net of every charge, STT included'),
    holdingDays: z.number().int().describe('Days from the acquisition to the sale'),
    bonus: z.boolean().describe('The shares are a bonus lot (cost zero, acquired on the ex-date)'),
  })
  .describe('One exit: shares of one lot sold on one day (or one day’s intraday trades of a symbol at a firm)');
export type TaxExitDto = z.infer<typeof taxExitDtoSchema>;

export const capitalGainsSummaryDtoSchema = z
  .object({
    intradayProfit: money('Speculative business income: the intraday exits’ gains, net of every charge'),
    intradayTurnover: money('The intraday exits’ gains and losses added as positive amounts'),
    shortTermGain: money('Short-term gains net of short-term losses, before set-off across terms'),
    longTermGain: money('Long-term gains net of long-term losses, before set-off across terms and the exemption'),
    shortTermGainBefore23Jul2024: money('Of shortTermGain, sales before 23-Jul-2024 (15 %)'),
    shortTermGainFrom23Jul2024: money('Of shortTermGain, sales from 23-Jul-2024 (20 %)'),
    longTermGainBefore23Jul2024: money('Of longTermGain, sales before 23-Jul-2024 (10 %)'),
    longTermGainFrom23Jul2024: money('Of longTermGain, sales from 23-Jul-2024 (12.5 %)'),
    longTermExemption: money(
      'The part of the year’s exemption used (₹1,00,000 up to FY 2023-24, ₹1,25,000 from FY 2024-25)',
    ),
    longTermExemptionLeft: money('What is left of the exemption this year'),
    lossCarriedForward: money(
      'Losses no gain of the year absorbed (short and long term): shown, not applied to other years',
    ),
    shortTermLossCarriedForward: money('Of lossCarriedForward, short-term'),
    longTermLossCarriedForward: money('Of lossCarriedForward, long-term'),
    taxableByRate: z
      .array(
        z.object({
          category: z.enum(['SHORT_TERM', 'LONG_TERM']),
          rate: z.string().describe('Percent'),
          taxable: money('Gains taxed at this rate after set-off and the exemption'),
        }),
      )
      .describe('The taxable gains by rate'),
    estimatedTax: money(
      'The rates × the taxable gains, before surcharge and cess; intraday profit (taxed at the slab rate) left out',
    ),
  })
  .describe(
    'The year in figures. Set-off: losses against gains of the same term first, then short-term losses against long-term gains (never long-term losses against short-term gains), each set-off and the exemption first on the gains taxed at the higher rate',
  );
export type CapitalGainsSummaryDto = z.infer<typeof capitalGainsSummaryDtoSchema>;

export const openTaxLotDtoSchema = z
  .object({
    brokerageFirm: z.object({ id: z.number().int(), name: z.string() }),
    symbol: z.string(),
    acquired: z.string().describe('Acquisition date (a bonus lot: the ex-date)'),
    quantity: z.string(),
    cost: money('Buy value and charges of the shares left'),
    bonus: z.boolean(),
    longTermFrom: z.string().describe('The first day a sale is long term'),
    daysToLongTerm: z.number().int().describe('Days from today until longTermFrom; 0 when already long term'),
    close: z.string().nullable().describe('D’s close of the symbol; null without prices'),
    closeDate: z.string().nullable().describe('D'),
    categoryIfSold: z.enum(['SHORT_TERM', 'LONG_TERM']).describe('The category of a sale on D'),
    gainIfSold: z
      .string()
      .nullable()
      .describe('The gain of selling the lot at D’s close, charges of the sale left out'),
  })
  .describe('An open lot as the tax view holds it, and what selling it at D’s close would give');
export type OpenTaxLotDto = z.infer<typeof openTaxLotDtoSchema>;

export const capitalGainsDtoSchema = z
  .object({
    financialYear: z.string().describe('2024-25'),
    from: z.string().describe('1 April, YYYY-MM-DD'),
    to: z.string().describe('31 March, YYYY-MM-DD'),
    exits: z.array(taxExitDtoSchema).describe('By sale date, firm, symbol'),
    summary: capitalGainsSummaryDtoSchema,
    warnings: z.array(z.string()).describe('What the figures could not take into account, in words'),
    yearsWithSales: z.array(z.string()).describe('The financial years with sales, newest first'),
    openLots: z.array(openTaxLotDtoSchema).describe('The lots open now (Before you sell), oldest first'),
  })
  .describe("The caller's capital gains of a financial year (docs: tax)");
export type CapitalGainsDto = z.infer<typeof capitalGainsDtoSchema>;
