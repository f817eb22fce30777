/** GET /public/corporate-actions: every action, or one symbol's past and upcoming events. */
import { z } from 'zod';
import { dateParam, symbolParam } from '../../validation/market.js';
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
  })
  .describe('A corporate action (dividend, bonus, split…) as the exchange announced it');
export type CorporateActionDto = z.infer<typeof corporateActionDtoSchema>;

export const corporateEventsDtoSchema = z
  .object({ pastEvents: z.array(corporateActionDtoSchema), upcomingEvents: z.array(corporateActionDtoSchema) })
  .describe('Events with an ex-date before the date (newest first) and on or after it (soonest first)');
export type CorporateEventsDto = z.infer<typeof corporateEventsDtoSchema>;

export const corporateActionsQuerySchema = z.object({
  symbol: symbolParam().optional(),
  date: dateParam('date').optional().describe('The day that separates past from upcoming events'),
});
export type CorporateActionsQuery = z.input<typeof corporateActionsQuerySchema>;

/** Without a symbol every action; with one, its events split at the date. */
export const corporateActionsResponseSchema = z.union([z.array(corporateActionDtoSchema), corporateEventsDtoSchema]);
