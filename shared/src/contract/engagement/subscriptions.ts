/**
 * Subscription plans (/public and /admin/subscription-plans) and the caller's subscription
 * (/user/subscription…). Periods are calendar dates in India, both ends included.
 */
import { z } from 'zod';
import { subscribeSchema, subscriptionPlanSchema } from '../../validation/reference.js';
import { isoTimestampSchema, timestampsShape } from '../common.js';

const calendarDate = z.string().describe('Calendar date YYYY-MM-DD (India)');

export const subscriptionPlanDtoSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    price: z.string().describe('Price in rupees, exact decimal with 2 places, e.g. "499.00"'),
    durationInDays: z.number().int().describe('How many days a subscription to this plan lasts'),
    apiDailyRequests: z
      .number()
      .int()
      .describe('API quota of its subscribers: requests a day, all their keys together'),
    apiPointsPerMinute: z.number().int().describe('API quota of its subscribers: GraphQL cost points a minute'),
    ...timestampsShape,
  })
  .describe('A subscription plan');
export type SubscriptionPlanDto = z.infer<typeof subscriptionPlanDtoSchema>;

export const adminSubscriptionPlanDtoSchema = subscriptionPlanDtoSchema
  .extend({
    activeSubscribers: z.number().int().describe('Users whose subscription to this plan covers today or later'),
  })
  .describe('A subscription plan with its number of active subscribers');
export type AdminSubscriptionPlanDto = z.infer<typeof adminSubscriptionPlanDtoSchema>;

/** POST and PUT /admin/subscription-plans: name, description, price (rupees), durationInDays. */
export const subscriptionPlanBodySchema = subscriptionPlanSchema;
export type SubscriptionPlanBody = z.input<typeof subscriptionPlanBodySchema>;
/** The body as the API has it after validation (price a normalised decimal string). */
export type SubscriptionPlanValues = z.output<typeof subscriptionPlanBodySchema>;

export const subscriptionPeriodDtoSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    planId: z.number().int().nullable().describe('Null when the plan has since been deleted'),
    planName: z.string().describe('The plan’s name when the subscription was taken'),
    price: z.string().describe('The plan’s price when the subscription was taken (rupees; no payment is collected)'),
    startDate: calendarDate,
    endDate: calendarDate.describe('The last day covered (included)'),
    createdAt: isoTimestampSchema,
  })
  .describe('One period a user subscribed for');
export type SubscriptionPeriodDto = z.infer<typeof subscriptionPeriodDtoSchema>;

export const userSubscriptionDtoSchema = z
  .object({
    current: subscriptionPeriodDtoSchema.nullable().describe('The period covering today, or null'),
    activeUntil: calendarDate.nullable().describe('The last day covered from today on, or null when nothing is active'),
    periods: z.array(subscriptionPeriodDtoSchema).describe('Every period, latest first'),
  })
  .describe('The caller’s subscription');
export type UserSubscriptionDto = z.infer<typeof userSubscriptionDtoSchema>;

/** POST /user/subscription/subscribe: `{planId, userId}`, userId the caller's own. */
export const subscribeBodySchema = subscribeSchema;
export type SubscribeBody = z.input<typeof subscribeBodySchema>;
