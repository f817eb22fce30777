/**
 * Reference data of spec section 7: /staff/brokerage-firms, /staff/segments, /staff/charge-types
 * and /staff/buy-sell (staff and admins), plus read-only lists for investors under /user/ so
 * their screens can name firms and segments without opening the staff writes.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BUY_SELL_OPTIONS, brokerSchema, namedEntitySchema } from '@bazaar/shared';
import {
  createBrokerageFirm,
  createChargeType,
  createSegment,
  deleteBrokerageFirm,
  deleteChargeType,
  deleteSegment,
  getBrokerageFirm,
  getChargeType,
  getSegment,
  listBrokerageFirms,
  listChargeTypes,
  listSegments,
  updateBrokerageFirm,
  updateChargeType,
  updateSegment,
} from '../../db/queries/portfolio.js';
import { errorResponses, idParamsSchema, messageSchema } from '../schemas.js';
import { brokerageFirmDtoSchema, chargeTypeDtoSchema, segmentDtoSchema } from './schemas.js';

const textReply = z.string().describe('Plain text');

export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const firmTags = ['staff: brokerage firms'];
  const segmentTags = ['staff: segments'];
  const typeTags = ['staff: charge types'];

  // --- brokerage firms ---
  app.get(
    '/staff/brokerage-firms',
    {
      schema: {
        tags: firmTags,
        summary: 'List brokerage firms',
        response: { 200: z.array(brokerageFirmDtoSchema), ...errorResponses(401, 403) },
      },
    },
    async () => listBrokerageFirms(app.db),
  );

  app.get(
    '/staff/brokerage-firms/:id',
    {
      schema: {
        tags: firmTags,
        summary: 'Get a brokerage firm',
        params: idParamsSchema,
        response: { 200: brokerageFirmDtoSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getBrokerageFirm(app.db, request.params.id),
  );

  app.post(
    '/staff/brokerage-firms',
    {
      schema: {
        tags: firmTags,
        summary: 'Create a brokerage firm',
        description: 'Body: name, address, contactNumber (10 digits). Names are unique regardless of case (409).',
        body: brokerSchema,
        response: { 201: brokerageFirmDtoSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await createBrokerageFirm(app.db, request.body);
      reply.status(201);
      return created;
    },
  );

  app.put(
    '/staff/brokerage-firms/:id',
    {
      schema: {
        tags: firmTags,
        summary: 'Update a brokerage firm',
        description: 'Replaces name, address and contactNumber; an id in the body is ignored.',
        params: idParamsSchema,
        body: brokerSchema,
        response: { 200: brokerageFirmDtoSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateBrokerageFirm(app.db, request.params.id, request.body),
  );

  app.delete(
    '/staff/brokerage-firms/:id',
    {
      schema: {
        tags: firmTags,
        summary: 'Delete a brokerage firm',
        description: 'A firm that holdings or charges use cannot be deleted (409, naming how many).',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await deleteBrokerageFirm(app.db, request.params.id);
      return { message: 'Broker deleted successfully!' };
    },
  );

  // --- segments ---
  app.get(
    '/staff/segments',
    {
      schema: {
        tags: segmentTags,
        summary: 'List segments',
        response: { 200: z.array(segmentDtoSchema), ...errorResponses(401, 403) },
      },
    },
    async () => listSegments(app.db),
  );

  app.get(
    '/staff/segments/:id',
    {
      schema: {
        tags: segmentTags,
        summary: 'Get a segment',
        params: idParamsSchema,
        response: { 200: segmentDtoSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getSegment(app.db, request.params.id),
  );

  app.post(
    '/staff/segments',
    {
      schema: {
        tags: segmentTags,
        summary: 'Create a segment',
        description: 'Body: name. Names are unique regardless of case (409).',
        body: namedEntitySchema,
        response: { 201: segmentDtoSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await createSegment(app.db, request.body.name);
      reply.status(201);
      return created;
    },
  );

  app.put(
    '/staff/segments/:id',
    {
      schema: {
        tags: segmentTags,
        summary: 'Rename a segment',
        description: 'Holdings of the segment show the new name as their instrument type.',
        params: idParamsSchema,
        body: namedEntitySchema,
        response: { 200: segmentDtoSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateSegment(app.db, request.params.id, request.body.name),
  );

  app.delete(
    '/staff/segments/:id',
    {
      schema: {
        tags: segmentTags,
        summary: 'Delete a segment',
        description:
          "Answers plain text containing 'successfully' (the screen removes the row when it does). A segment used by holdings or charges cannot be deleted (409).",
        params: idParamsSchema,
        response: { 200: textReply, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const segment = await deleteSegment(app.db, request.params.id);
      reply.type('text/plain; charset=utf-8');
      return `Segment ${segment.name} deleted successfully`;
    },
  );

  // --- charge types ---
  app.get(
    '/staff/charge-types',
    {
      schema: {
        tags: typeTags,
        summary: 'List charge types',
        response: { 200: z.array(chargeTypeDtoSchema), ...errorResponses(401, 403) },
      },
    },
    async () => listChargeTypes(app.db),
  );

  app.get(
    '/staff/charge-types/:id',
    {
      schema: {
        tags: typeTags,
        summary: 'Get a charge type',
        params: idParamsSchema,
        response: { 200: chargeTypeDtoSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getChargeType(app.db, request.params.id),
  );

  app.post(
    '/staff/charge-types',
    {
      schema: {
        tags: typeTags,
        summary: 'Create a charge type',
        description: 'Body: name. Names are unique regardless of case (409).',
        body: namedEntitySchema,
        response: { 201: chargeTypeDtoSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await createChargeType(app.db, request.body.name);
      reply.status(201);
      return created;
    },
  );

  app.put(
    '/staff/charge-types/:id',
    {
      schema: {
        tags: typeTags,
        summary: 'Rename a charge type',
        params: idParamsSchema,
        body: namedEntitySchema,
        response: { 200: chargeTypeDtoSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateChargeType(app.db, request.params.id, request.body.name),
  );

  app.delete(
    '/staff/charge-types/:id',
    {
      schema: {
        tags: typeTags,
        summary: 'Delete a charge type',
        description:
          "Answers plain text containing 'successfully'. A charge type that charges use cannot be deleted (409).",
        params: idParamsSchema,
        response: { 200: textReply, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const chargeType = await deleteChargeType(app.db, request.params.id);
      reply.type('text/plain; charset=utf-8');
      return `Charge Type ${chargeType.name} deleted successfully`;
    },
  );

  app.get(
    '/staff/buy-sell',
    {
      schema: {
        tags: ['staff: charges'],
        summary: 'Choices for a charge’s on buy/sell',
        response: { 200: z.array(z.enum(BUY_SELL_OPTIONS)).describe('BUY, SELL, BOTH'), ...errorResponses(401, 403) },
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
