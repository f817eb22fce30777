/**
 * Reference data of the portfolio area: brokerage firms, segments and charge types (staff keep
 * them under /staff/…; investors read firms and segments under /user/…), and the on buy/sell
 * choices of a charge.
 */
import { z } from 'zod';
import { brokerSchema, namedEntitySchema } from '../../validation/reference.js';
import { BUY_SELL_OPTIONS } from '../../portfolio/charges.js';

export const brokerageFirmDtoSchema = z
  .object({
    id: z.number().int(),
    name: z.string().describe('Unique regardless of case'),
    address: z.string(),
    contactNumber: z.string().describe('10 digits'),
  })
  .describe('A brokerage firm');
export type BrokerageFirmDto = z.infer<typeof brokerageFirmDtoSchema>;

const namedDtoShape = { id: z.number().int(), name: z.string().describe('Unique regardless of case') };

export const segmentDtoSchema = z
  .object(namedDtoShape)
  .describe('A segment (Equity, Intraday…); a holding’s REST field instrumentType is its segment’s name');
export type SegmentDto = z.infer<typeof segmentDtoSchema>;

export const chargeTypeDtoSchema = z
  .object({
    ...namedDtoShape,
    stt: z
      .boolean()
      .describe(
        'Securities transaction tax: the tax report counts it neither in the cost nor in the transfer expenses (docs: tax). The seeded STT is marked',
      ),
  })
  .describe('A charge type (Brokerage, STT, GST…)');
export type ChargeTypeDto = z.infer<typeof chargeTypeDtoSchema>;

/** POST and PUT /staff/brokerage-firms: name, address, contactNumber (an id in the body is ignored). */
export const brokerageFirmBodySchema = brokerSchema;
export type BrokerageFirmBody = z.input<typeof brokerageFirmBodySchema>;

/** POST and PUT /staff/segments. */
export const segmentBodySchema = namedEntitySchema;
export type SegmentBody = z.input<typeof segmentBodySchema>;

/** POST and PUT /staff/charge-types: name, and stt (false when absent on a create; unchanged on an edit). */
export const chargeTypeBodySchema = namedEntitySchema.extend({
  stt: z
    .boolean({ error: 'stt must be true or false' })
    .optional()
    .describe('Mark the type as the securities transaction tax (see the DTO)'),
});
export type ChargeTypeBody = z.input<typeof chargeTypeBodySchema>;

/** DELETE /staff/segments/{id} and /staff/charge-types/{id} answer plain text containing 'successfully'. */
export const deletedTextSchema = z.string().describe("Plain text containing 'successfully'");

/** GET /staff/buy-sell. */
export const buySellOptionsSchema = z.array(z.enum(BUY_SELL_OPTIONS)).describe('BUY, SELL, BOTH');
export type BuySellOption = (typeof BUY_SELL_OPTIONS)[number];
