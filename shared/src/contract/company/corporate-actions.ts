/**
 * GET /public/corporate-actions: every action (or a year's), whole or a page at a time
 * (docs/integrators.md#paging), or one symbol's past and upcoming events.
 */
import { z } from 'zod';
import { corporateActionYearParam, dateParam, symbolParam } from '../../validation/market.js';
import { encodeCursor, pageQueryShape } from '../paging.js';
import { dateText, decimalText } from '../market/fields.js';

export const corporateActionDtoSchema = z
  .object({
    id: z.number().int(),
    symbol: z.string(),
    companyName: z.string(),
    series: z.string(),
    purpose: z.string(),
    faceValue: decimalText.nullable(),
    exDate: dateText.nullable(),
    recordDate: dateText.nullable(),
    bookClosureStartDate: dateText.nullable(),
    bookClosureEndDate: dateText.nullable(),
    kind: z
      .enum(['split', 'consolidation', 'bonus', 'dividend', 'other'])
      .describe(
        'What the PURPOSE was understood as: the first adjusting event’s kind (split, consolidation, bonus), else dividend, else other (bonus debentures or preference shares, meetings, unreadable texts)',
      ),
    factor: decimalText
      .nullable()
      .describe(
        'Shares after ÷ shares before, the product of the adjusting events’ factors (a face-value split or consolidation from ₹A to ₹B: A/B; a bonus a:b: (a+b)/b); null when nothing adjusts',
      ),
    dividendPerShare: decimalText
      .nullable()
      .describe('Rupees per share, the total of the dividends named; null when no dividend amount is named'),
    label: z
      .string()
      .nullable()
      .describe(
        'The events in short, as the charts annotate them: "1:2 split", "Bonus 1:4", "Dividend ₹15" (several joined by " + "); null when none',
      ),
  })
  .describe('A corporate action (dividend, bonus, split…) as the exchange announced it, and what it was understood as');
export type CorporateActionDto = z.infer<typeof corporateActionDtoSchema>;

export const corporateEventsDtoSchema = z
  .object({ pastEvents: z.array(corporateActionDtoSchema), upcomingEvents: z.array(corporateActionDtoSchema) })
  .describe('Events with an ex-date before the date (newest first) and on or after it (soonest first)');
export type CorporateEventsDto = z.infer<typeof corporateEventsDtoSchema>;

export const corporateActionsQuerySchema = z.object({
  symbol: symbolParam().optional(),
  date: dateParam('date').optional().describe('The day that separates past from upcoming events'),
  year: corporateActionYearParam().optional(),
  ...pageQueryShape,
});
export type CorporateActionsQuery = z.input<typeof corporateActionsQuerySchema>;

/** Without a symbol every action; with one, its events split at the date. */
export const corporateActionsResponseSchema = z.union([z.array(corporateActionDtoSchema), corporateEventsDtoSchema]);

/**
 * The list of every action is ordered by ex-date, newest first (none last), then symbol and id: a
 * page's cursor is the last action's ex-date ('' for none), symbol and id.
 */
export const CORPORATE_ACTION_CURSOR_KINDS = ['string', 'string', 'int'] as const;
export function corporateActionCursor(action: Pick<CorporateActionDto, 'exDate' | 'symbol' | 'id'>): string {
  return encodeCursor([action.exDate ?? '', action.symbol, action.id]);
}
