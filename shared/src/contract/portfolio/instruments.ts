/** Financial instrument types: administrators keep them, staff read them. */
import { z } from 'zod';
import { financialInstrumentSchema } from '../../validation/reference.js';

export const financialInstrumentDtoSchema = z
  .object({ id: z.number().int(), type: z.string(), description: z.string().nullable() })
  .describe('A financial instrument type');
export type FinancialInstrumentDto = z.infer<typeof financialInstrumentDtoSchema>;

/** POST and PUT /admin/financial-instruments: type (required), description (optional). */
export const financialInstrumentBodySchema = financialInstrumentSchema;
export type FinancialInstrumentBody = z.input<typeof financialInstrumentBodySchema>;
