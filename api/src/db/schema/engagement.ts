/**
 * Engagement: subscription plans and the periods users subscribed for, referrals between users,
 * and the messages sent through Contact Us.
 *
 * Subscription periods are calendar dates (`date`, 'YYYY-MM-DD' in Asia/Kolkata): a period covers
 * start_date through end_date, both included. A plan that has subscribers keeps its history: a
 * period remembers the plan's name and price when it was taken, so a plan whose subscriptions
 * have all ended can be deleted (plan_id becomes null) without losing what users had.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { createdAt, idColumn, instant, requiredRef, timestamps } from './columns.js';

/** A subscription plan: name, description, price in rupees, duration in days, and the API quota it gives. */
export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: idColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    description: varchar('description', { length: 1000 }).notNull(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    durationInDays: integer('duration_in_days').notNull(),
    /** The API quota of its subscribers (docs/product/developer.md#quotas): requests a day, all their keys together. */
    apiDailyRequests: integer('api_daily_requests').notNull().default(5000),
    /** And GraphQL cost points a minute (the bucket's size; it refills at a sixtieth of it a second). */
    apiPointsPerMinute: integer('api_points_per_minute').notNull().default(10000),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('subscription_plans_name_lower_key').on(sql`lower(${table.name})`),
    check('subscription_plans_price_check', sql`${table.price} >= 0`),
    check('subscription_plans_duration_check', sql`${table.durationInDays} between 1 and 3650`),
    check(
      'subscription_plans_api_quota_check',
      sql`${table.apiDailyRequests} between 1 and 100000000 and ${table.apiPointsPerMinute} between 1 and 100000000`,
    ),
  ],
);

/** One period a user subscribed for; subscribing again adds a period that starts after the last one. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: idColumn(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    /** Null once the plan was deleted (only possible after every period of it ended). */
    planId: integer('plan_id').references(() => subscriptionPlans.id, { onDelete: 'set null' }),
    planName: varchar('plan_name', { length: 100 }).notNull(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** The last day covered (included). */
    endDate: date('end_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('subscriptions_user_end_idx').on(table.userId, table.endDate),
    index('subscriptions_plan_end_idx').on(table.planId, table.endDate),
    check('subscriptions_dates_check', sql`${table.endDate} >= ${table.startDate}`),
  ],
);

/**
 * A referral. A user is referred at most once;
 * the referrer claims it once (claimed_at).
 */
export const referrals = pgTable(
  'referrals',
  {
    id: idColumn(),
    referrerUserId: requiredRef('referrer_user_id', () => users.id, 'cascade'),
    referredUserId: requiredRef('referred_user_id', () => users.id, 'cascade'),
    createdAt: createdAt(),
    claimedAt: instant('claimed_at'),
  },
  (table) => [
    uniqueIndex('referrals_referred_key').on(table.referredUserId),
    index('referrals_referrer_idx').on(table.referrerUserId),
    check('referrals_not_self_check', sql`${table.referrerUserId} <> ${table.referredUserId}`),
  ],
);

/** A message sent through Contact Us, kept for staff to read. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: idColumn(),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    mobileNo: varchar('mobile_no', { length: 10 }),
    message: text('message').notNull(),
    /** The sender's account when they were logged in. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('contact_messages_created_idx').on(table.createdAt)],
);
