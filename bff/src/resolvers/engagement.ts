/**
 * Engagement: subscription plans and subscriptions, referrals, Contact Us. The REST API enforces
 * roles and ownership; where an operation concerns "me" (subscribe, my referral link, my
 * referrals) the caller comes from GET /user/profile, which answers UNAUTHENTICATED without a session.
 */
import type { AdminSubscriptionPlanDto, SubscriptionPlanDto } from '@bazaar/shared/contract';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { DataSources } from '../datasources/index.js';
import { numericId } from '../graphql/errors.js';

async function myProfile(dataSources: DataSources) {
  return dataSources.auth.me();
}

/** Only the administrators' list carries the number of active subscribers. */
function isAdminPlan(plan: SubscriptionPlanDto): plan is AdminSubscriptionPlanDto {
  return 'activeSubscribers' in plan;
}

export const engagementResolvers: Resolvers = {
  SubscriptionPlan: {
    id: (plan) => String(plan.id),
    activeSubscribers: (plan) => (isAdminPlan(plan) ? plan.activeSubscribers : null),
  },
  SubscriptionPeriod: {
    id: (period) => String(period.id),
    planId: (period) => (period.planId === null ? null : String(period.planId)),
  },
  ReferralLink: {
    // the image is fetched only when a screen asks for it
    qrCodeDataUrl: (referral, _args, { dataSources }) => dataSources.engagement.qrCodeDataUrl(referral.username),
  },
  Referral: {
    id: (referral) => String(referral.id),
    referrerUserId: (referral) => String(referral.referrerUserId),
    referredUserId: (referral) => String(referral.referredUserId),
  },
  ContactMessage: {
    id: (message) => String(message.id),
  },
  ContactMessageReceipt: {
    id: (receipt) => String(receipt.id),
  },
  Query: {
    subscriptionPlans: (_parent, _args, { dataSources }) => dataSources.engagement.subscriptionPlans(),
    adminSubscriptionPlans: (_parent, _args, { dataSources }) => dataSources.engagement.adminSubscriptionPlans(),
    mySubscription: (_parent, _args, { dataSources }) => dataSources.engagement.mySubscription(),
    referralLink: async (_parent, { username }, { dataSources }) => {
      const name = username?.trim() || (await myProfile(dataSources)).username;
      const link = await dataSources.engagement.referralLink(name);
      let referralCode = '';
      try {
        referralCode = new URL(link).searchParams.get('referralCode') ?? '';
      } catch {
        // not a URL: leave the code empty rather than fail the whole screen
      }
      return { username: name, referralCode, link };
    },
    referrals: async (_parent, { referrerUserId }, { dataSources }) => {
      const id = referrerUserId ? numericId(referrerUserId, 'referrerUserId') : (await myProfile(dataSources)).id;
      return dataSources.engagement.referrals(id);
    },
    contactMessages: (_parent, { limit }, { dataSources }) => dataSources.engagement.contactMessages(limit),
  },
  Mutation: {
    createSubscriptionPlan: (_parent, { input }, { dataSources }) =>
      dataSources.engagement.createSubscriptionPlan(input),
    updateSubscriptionPlan: (_parent, { id, input }, { dataSources }) =>
      dataSources.engagement.updateSubscriptionPlan(numericId(id, 'id'), input),
    deleteSubscriptionPlan: async (_parent, { id }, { dataSources }) => ({
      id,
      message: await dataSources.engagement.deleteSubscriptionPlan(numericId(id, 'id')),
    }),
    subscribe: async (_parent, { input }, { dataSources }) => {
      const planId = numericId(input.planId, 'planId');
      const userId = input.userId ? numericId(input.userId, 'userId') : (await myProfile(dataSources)).id;
      return dataSources.engagement.subscribe({ planId, userId });
    },
    recordReferral: (_parent, { input }, { dataSources }) =>
      dataSources.engagement.recordReferral({
        referrerUserId: numericId(input.referrerUserId, 'referrerUserId'),
        referredUserId: numericId(input.referredUserId, 'referredUserId'),
      }),
    claimReferral: (_parent, { id }, { dataSources }) => dataSources.engagement.claimReferral(numericId(id, 'id')),
    sendContactMessage: (_parent, { input }, { dataSources }) =>
      dataSources.engagement.sendContactMessage({ ...input, mobileNo: input.mobileNo || null }),
  },
};
