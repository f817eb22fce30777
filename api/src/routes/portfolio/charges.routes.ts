/**
 * /staff/charges: the rules that decide what a trade costs. The body names the firm, charge type
 * and segment as objects ({id} or {name}; whole objects are accepted); an id in a PUT body is
 * ignored (the path names the charge).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chargeBodySchema, chargeDtoSchema } from '@bazaar/shared/contract';
import {
  createCharge,
  deleteCharge,
  getCharge,
  listCharges,
  updateCharge,
} from '../../db/queries/portfolio/charges.js';
import { registerCrudRoutes } from './crud-routes.js';

const WRITE_DESCRIPTION =
  'Body: brokerageFirm, chargeType and segment as objects with an id (or a name), amount (flat rupees per trade, ≥ 0), ' +
  'percentage (% of the trade value, ≥ 0), description (optional), exchange (NSE or BSE), onBuySell (BUY, SELL or BOTH), ' +
  'effectiveDate (YYYY-MM-DD). A second rule of the same firm, segment, exchange, type and side starting on the same date is a 409.';

export const chargeRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCrudRoutes(app, {
    path: '/staff/charges',
    tags: ['staff: charges'],
    noun: 'charge',
    nouns: 'charges',
    dto: chargeDtoSchema,
    body: chargeBodySchema,
    descriptions: { create: WRITE_DESCRIPTION, update: WRITE_DESCRIPTION },
    list: listCharges,
    get: getCharge,
    create: createCharge,
    update: updateCharge,
    remove: deleteCharge,
    deleted: { as: 'message', say: () => 'Charge deleted successfully!' },
  });
};
