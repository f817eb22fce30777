/**
 * Subscription plans and subscriptions: /admin/subscription-plans CRUD for administrators, a public read of the plans for the User
 * subscription screen, POST /user/subscription/subscribe and the caller's own subscription.
 * No payment is collected: subscribing records the period (docs/product/engagement.md#rules).
 * "Today" is the date in India (exchangeToday), whatever the server's time zone.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exchangeToday, SUCCESS_MESSAGES } from '@bazaar/shared';
import {
  adminSubscriptionPlanDtoSchema,
  errorResponses,
  idParamsSchema,
  messageSchema,
  subscribeBodySchema,
  subscriptionPeriodDtoSchema,
  subscriptionPlanBodySchema,
  subscriptionPlanDtoSchema,
  userSubscriptionDtoSchema,
} from '@bazaar/shared/contract';
import { requireUser } from '../../auth/access.js';
import { ForbiddenError } from '../../errors.js';
import {
  createSubscriptionPlan,
  deleteSubscriptionPlan,
  getSubscriptionPlan,
  listSubscriptionPlans,
  listSubscriptionPlansForAdmin,
  updateSubscriptionPlan,
} from '../../db/queries/engagement/subscription-plans.js';
import { getUserSubscription, subscribeUser } from '../../db/queries/engagement/subscriptions.js';

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminTags = ['admin: subscription plans'];
  const userTags = ['user: subscription'];

  app.get(
    '/public/subscription-plans',
    {
      schema: {
        tags: userTags,
        summary: 'List the subscription plans (public)',
        description: 'The plans anyone may subscribe to, cheapest first, for the User subscription screen.',
        response: { 200: z.array(subscriptionPlanDtoSchema) },
      },
    },
    async () => listSubscriptionPlans(app.db),
  );

  app.get(
    '/admin/subscription-plans',
    {
      schema: {
        tags: adminTags,
        summary: 'List subscription plans',
        description: 'Every plan, cheapest first, with its number of active subscribers.',
        response: { 200: z.array(adminSubscriptionPlanDtoSchema), ...errorResponses(401, 403) },
      },
    },
    async () => listSubscriptionPlansForAdmin(app.db, exchangeToday()),
  );

  app.get(
    '/admin/subscription-plans/:id',
    {
      schema: {
        tags: adminTags,
        summary: 'Get a subscription plan',
        params: idParamsSchema,
        response: { 200: subscriptionPlanDtoSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getSubscriptionPlan(app.db, request.params.id),
  );

  app.post(
    '/admin/subscription-plans',
    {
      schema: {
        tags: adminTags,
        summary: 'Create a subscription plan',
        description:
          'Body: name, description, price (rupees, up to 2 decimals, not negative), durationInDays (1 to 3650), and the API quota of its ' +
          'subscribers: apiDailyRequests and apiPointsPerMinute (1 to 100,000,000 each; left out: the free quota, API_KEY_DAILY_REQUESTS and ' +
          'API_KEY_POINTS_PER_MINUTE). Names are unique regardless of case (409).',
        body: subscriptionPlanBodySchema,
        response: { 201: subscriptionPlanDtoSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { freeQuota } = app.config.apiKeys;
      const created = await createSubscriptionPlan(app.db, {
        ...request.body,
        apiDailyRequests: request.body.apiDailyRequests ?? freeQuota.dailyRequests,
        apiPointsPerMinute: request.body.apiPointsPerMinute ?? freeQuota.pointsPerMinute,
      });
      reply.status(201);
      return created;
    },
  );

  app.put(
    '/admin/subscription-plans/:id',
    {
      schema: {
        tags: adminTags,
        summary: 'Update a subscription plan',
        description:
          'Replaces name, description, price and durationInDays, and the API quota (apiDailyRequests, apiPointsPerMinute) when given ' +
          '(left out: unchanged). Subscriptions already taken keep their dates and price; a new quota applies to the subscribers at once.',
        params: idParamsSchema,
        body: subscriptionPlanBodySchema,
        response: { 200: subscriptionPlanDtoSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateSubscriptionPlan(app.db, request.params.id, request.body),
  );

  app.delete(
    '/admin/subscription-plans/:id',
    {
      schema: {
        tags: adminTags,
        summary: 'Delete a subscription plan',
        description: 'A plan with active subscribers (a period covering today or later) cannot be deleted (409).',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await deleteSubscriptionPlan(app.db, request.params.id, exchangeToday());
      return { message: SUCCESS_MESSAGES.subscriptionDeleted };
    },
  );

  app.post(
    '/user/subscription/subscribe',
    {
      schema: {
        tags: userTags,
        summary: 'Subscribe to a plan',
        description:
          'Body `{planId, userId}`; userId must be the caller’s own id (403 otherwise). The period starts today, or the day after the current ' +
          'subscription ends (subscribing again extends it), and lasts the plan’s durationInDays. No payment is collected.',
        body: subscribeBodySchema,
        response: { 201: subscriptionPeriodDtoSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      if (request.body.userId !== caller.id) throw new ForbiddenError('You can only subscribe yourself');
      const period = await subscribeUser(app.db, caller.id, request.body.planId, exchangeToday());
      reply.status(201);
      return period;
    },
  );

  app.get(
    '/user/subscription',
    {
      schema: {
        tags: userTags,
        summary: 'My subscription',
        description: 'The caller’s current period, the last day covered, and every period taken.',
        response: { 200: userSubscriptionDtoSchema, ...errorResponses(401) },
      },
    },
    async (request) => getUserSubscription(app.db, requireUser(request).id, exchangeToday()),
  );
};
