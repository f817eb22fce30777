/** Charge rules (/staff/charges): what a trade costs, per firm, charge type, segment, exchange and side. */
import { z } from 'zod';
import { EXCHANGES } from '../../constants.js';
import { BUY_SELL_OPTIONS } from '../../portfolio/charges.js';
import { chargeSchema } from '../../validation/reference.js';
import { brokerageFirmDtoSchema, chargeTypeDtoSchema, segmentDtoSchema } from './reference.js';

export const chargeDtoSchema = z
  .object({
    id: z.number().int(),
    brokerageFirm: brokerageFirmDtoSchema,
    chargeType: chargeTypeDtoSchema,
    segment: segmentDtoSchema,
    amount: z.string().describe('Flat rupees per trade (exact decimal)'),
    percentage: z.string().describe('Percent of the trade value (0.1 means 0.1 %)'),
    description: z.string().nullable(),
    exchange: z.enum(EXCHANGES),
    onBuySell: z.enum(BUY_SELL_OPTIONS),
    effectiveDate: z.string().describe('YYYY-MM-DD: in force from this exchange date on'),
  })
  .describe('A charge rule: amount + percentage % of the trade value, for one firm, segment, exchange and side');
export type ChargeDto = z.infer<typeof chargeDtoSchema>;

/**
 * POST and PUT /staff/charges: the firm, charge type and segment as objects with an id (or a
 * name); an id in a PUT body is ignored (the path names the charge).
 */
export const chargeBodySchema = chargeSchema;
export type ChargeBody = z.input<typeof chargeBodySchema>;
