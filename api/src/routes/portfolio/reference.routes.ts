/**
 * Reference data: /staff/brokerage-firms, /staff/segments, /staff/charge-types and /staff/buy-sell
 * (staff and admins), plus read-only lists for investors under /user/ so their screens can name
 * firms and segments without opening the staff writes.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BUY_SELL_OPTIONS } from '@bazaar/shared';
import {
  brokerageFirmBodySchema,
  brokerageFirmDtoSchema,
  buySellOptionsSchema,
  chargeTypeBodySchema,
  chargeTypeDtoSchema,
  errorResponses,
  segmentBodySchema,
  segmentDtoSchema,
} from '@bazaar/shared/contract';
import {
  createBrokerageFirm,
  deleteBrokerageFirm,
  getBrokerageFirm,
  listBrokerageFirms,
  updateBrokerageFirm,
} from '../../db/queries/portfolio/brokerage-firms.js';
import {
  createChargeType,
  deleteChargeType,
  getChargeType,
  listChargeTypes,
  updateChargeType,
} from '../../db/queries/portfolio/charge-types.js';
import {
  createSegment,
  deleteSegment,
  getSegment,
  listSegments,
  updateSegment,
} from '../../db/queries/portfolio/segments.js';
import { registerCrudRoutes } from './crud-routes.js';

const UNIQUE_NAME = 'Names are unique regardless of case (409).';

export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCrudRoutes(app, {
    path: '/staff/brokerage-firms',
    tags: ['staff: brokerage firms'],
    noun: 'brokerage firm',
    nouns: 'brokerage firms',
    dto: brokerageFirmDtoSchema,
    body: brokerageFirmBodySchema,
    descriptions: {
      create: `Body: name, address, contactNumber (10 digits). ${UNIQUE_NAME}`,
      update: 'Replaces name, address and contactNumber; an id in the body is ignored.',
      delete: 'A firm that holdings or charges use cannot be deleted (409, naming how many).',
    },
    list: listBrokerageFirms,
    get: getBrokerageFirm,
    create: createBrokerageFirm,
    update: updateBrokerageFirm,
    remove: deleteBrokerageFirm,
    deleted: { as: 'message', say: () => 'Broker deleted successfully!', inUse: true },
  });

  registerCrudRoutes(app, {
    path: '/staff/segments',
    tags: ['staff: segments'],
    noun: 'segment',
    nouns: 'segments',
    dto: segmentDtoSchema,
    body: segmentBodySchema,
    updateSummary: 'Rename a segment',
    descriptions: {
      create: `Body: name. ${UNIQUE_NAME}`,
      update: 'Holdings of the segment show the new name as their instrument type.',
      delete:
        "Answers plain text containing 'successfully' (the screen removes the row when it does). A segment used by holdings or charges cannot be deleted (409).",
    },
    list: listSegments,
    get: getSegment,
    create: (db, body) => createSegment(db, body.name),
    update: (db, id, body) => updateSegment(db, id, body.name),
    remove: deleteSegment,
    deleted: { as: 'text', say: (segment) => `Segment ${segment.name} deleted successfully`, inUse: true },
  });

  registerCrudRoutes(app, {
    path: '/staff/charge-types',
    tags: ['staff: charge types'],
    noun: 'charge type',
    nouns: 'charge types',
    dto: chargeTypeDtoSchema,
    body: chargeTypeBodySchema,
    updateSummary: 'Rename a charge type, or mark it as STT',
    descriptions: {
      create: `Body: name, and stt (true for the securities transaction tax, which the tax report counts neither in the cost nor in the transfer expenses). ${UNIQUE_NAME}`,
      delete: "Answers plain text containing 'successfully'. A charge type that charges use cannot be deleted (409).",
    },
    list: listChargeTypes,
    get: getChargeType,
    create: (db, body) => createChargeType(db, body),
    update: (db, id, body) => updateChargeType(db, id, body),
    remove: deleteChargeType,
    deleted: { as: 'text', say: (chargeType) => `Charge Type ${chargeType.name} deleted successfully`, inUse: true },
  });

  app.get(
    '/staff/buy-sell',
    {
      schema: {
        tags: ['staff: charges'],
        summary: 'Choices for a charge’s on buy/sell',
        response: { 200: buySellOptionsSchema, ...errorResponses(401, 403) },
      },
    },
    async () => [...BUY_SELL_OPTIONS],
  );

  // --- read-only lists for investors ---
  app.get(
    '/user/brokerage-firms',
    {
      schema: {
        tags: ['user: portfolio'],
        summary: 'Brokerage firms (read-only)',
        description: 'The firms an investor can keep holdings with; any logged-in user. Writes stay under /staff/.',
        response: { 200: z.array(brokerageFirmDtoSchema), ...errorResponses(401) },
      },
    },
    async () => listBrokerageFirms(app.db),
  );

  app.get(
    '/user/segments',
    {
      schema: {
        tags: ['user: portfolio'],
        summary: 'Segments (read-only)',
        description: 'The segments (instrument types) of holdings; any logged-in user. Writes stay under /staff/.',
        response: { 200: z.array(segmentDtoSchema), ...errorResponses(401) },
      },
    },
    async () => listSegments(app.db),
  );
};
