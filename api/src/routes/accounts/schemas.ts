/** Response shapes of the accounts routes (documentation in /docs; responses are plain JSON). */
import { z } from 'zod';

const isoTimestamp = z.string().describe('ISO timestamp');
const calendarDate = z.string().describe('Calendar date YYYY-MM-DD (India)');

export const subscriptionPlanDtoSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    price: z.string().describe('Price in rupees, exact decimal with 2 places, e.g. "499.00"'),
    durationInDays: z.number().int().describe('How many days a subscription to this plan lasts'),
    createdAt: isoTimestamp,
    updatedAt: isoTimestamp,
  })
  .describe('A subscription plan');

export const adminSubscriptionPlanDtoSchema = subscriptionPlanDtoSchema
  .extend({
    activeSubscribers: z.number().int().describe('Users whose subscription to this plan covers today or later'),
  })
  .describe('A subscription plan with its number of active subscribers');

export const subscriptionPeriodDtoSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    planId: z.number().int().nullable().describe('Null when the plan has since been deleted'),
    planName: z.string().describe('The plan’s name when the subscription was taken'),
    price: z.string().describe('The plan’s price when the subscription was taken (rupees; no payment is collected)'),
    startDate: calendarDate,
    endDate: calendarDate.describe('The last day covered (included)'),
    createdAt: isoTimestamp,
  })
  .describe('One period a user subscribed for');

export const userSubscriptionDtoSchema = z
  .object({
    current: subscriptionPeriodDtoSchema.nullable().describe('The period covering today, or null'),
    activeUntil: calendarDate.nullable().describe('The last day covered from today on, or null when nothing is active'),
    periods: z.array(subscriptionPeriodDtoSchema).describe('Every period, latest first'),
  })
  .describe('The caller’s subscription');

export const referralDtoSchema = z
  .object({
    id: z.number().int(),
    referrerUserId: z.number().int(),
    referredUserId: z.number().int(),
    referredUsername: z.string(),
    createdAt: isoTimestamp,
    claimed: z.boolean(),
    claimedAt: isoTimestamp.nullable(),
  })
  .describe('A referral: who referred whom, and whether the referrer has claimed it');

export const contactMessageDtoSchema = z
  .object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    mobileNo: z.string().nullable(),
    message: z.string(),
    username: z.string().nullable().describe('The sender’s username when they were logged in'),
    createdAt: isoTimestamp,
  })
  .describe('A message sent through Contact Us');

export const outboxMailDtoSchema = z
  .object({
    id: z.number().int(),
    kind: z.string().describe('What the mail is for, e.g. PASSWORD_RESET'),
    recipient: z.string(),
    subject: z.string(),
    body: z.string().describe('Plain text'),
    createdAt: isoTimestamp,
  })
  .describe('A mail kept in the outbox because no SMTP server is configured');

/** `?limit=` of the staff and admin lists. */
export const listLimitQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 500' })
    .int('limit must be a whole number from 1 to 500')
    .min(1, 'limit must be a whole number from 1 to 500')
    .max(500, 'limit must be a whole number from 1 to 500')
    .default(200),
});
