/**
 * Accounts and engagement: password reset, subscription plans and subscriptions, referrals,
 * Contact Us and the mail outbox. The REST API enforces roles and ownership; where an operation
 * concerns "me" (subscribe, my referral link, my referrals) the caller comes from GET /user/profile,
 * which answers UNAUTHENTICATED without a session.
 */
import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { DataSources } from '../datasources/index.js';
import { badUserInput } from '../errors.js';

function numericId(id: string, field: string): number {
  if (!/^\d{1,10}$/.test(id)) throw badUserInput(`${field} must be a positive whole number`, field);
  return Number(id);
}

async function myProfile(dataSources: DataSources) {
  return dataSources.auth.getProfile();
}

export const accountsResolvers: Resolvers = {
  SubscriptionPlan: {
    id: (plan) => String(plan.id),
    activeSubscribers: (plan) => plan.activeSubscribers ?? null,
  },
  SubscriptionPeriod: {
    id: (period) => String(period.id),
    planId: (period) => (period.planId === null ? null : String(period.planId)),
  },
  ReferralLink: {
    // the image is fetched only when a screen asks for it
    qrCodeDataUrl: async (referral, _args, { dataSources }) => {
      const png = await dataSources.accounts.getReferralQrCode(referral.username);
      return `data:image/png;base64,${png.toString('base64')}`;
    },
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
  OutboxMail: {
    id: (mail) => String(mail.id),
  },
  Query: {
    subscriptionPlans: (_parent, _args, { dataSources }) => dataSources.accounts.listPublicPlans(),
    adminSubscriptionPlans: (_parent, _args, { dataSources }) => dataSources.accounts.listPlansForAdmin(),
    mySubscription: (_parent, _args, { dataSources }) => dataSources.accounts.getMySubscription(),
    referralLink: async (_parent, { username }, { dataSources }) => {
      const name = username?.trim() || (await myProfile(dataSources)).username;
      const link = await dataSources.accounts.getReferralLink(name);
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
      return dataSources.accounts.listReferrals(id);
    },
    contactMessages: (_parent, { limit }, { dataSources }) => dataSources.accounts.listContactMessages(limit),
    mailOutbox: (_parent, { limit, recipient }, { dataSources }) =>
      dataSources.accounts.listOutboxMail(limit, recipient),
  },
  Mutation: {
    requestPasswordReset: (_parent, { input }, { dataSources }) =>
      dataSources.accounts.requestPasswordReset(input.usernameOrEmail),
    resetPassword: (_parent, { input }, { dataSources }) =>
      dataSources.accounts.changePassword(input.token, input.password),
    createSubscriptionPlan: (_parent, { input }, { dataSources }) => dataSources.accounts.createPlan(input),
    updateSubscriptionPlan: (_parent, { id, input }, { dataSources }) =>
      dataSources.accounts.updatePlan(numericId(id, 'id'), input),
    deleteSubscriptionPlan: async (_parent, { id }, { dataSources }) => ({
      id,
      message: await dataSources.accounts.deletePlan(numericId(id, 'id')),
    }),
    subscribe: async (_parent, { input }, { dataSources }) => {
      const planId = numericId(input.planId, 'planId');
      const userId = input.userId ? numericId(input.userId, 'userId') : (await myProfile(dataSources)).id;
      return dataSources.accounts.subscribe(planId, userId);
    },
    recordReferral: (_parent, { input }, { dataSources }) =>
      dataSources.accounts.recordReferral(
        numericId(input.referrerUserId, 'referrerUserId'),
        numericId(input.referredUserId, 'referredUserId'),
      ),
    claimReferral: (_parent, { id }, { dataSources }) => dataSources.accounts.claimReferral(numericId(id, 'id')),
    sendContactMessage: (_parent, { input }, { dataSources }) =>
      dataSources.accounts.sendContactMessage({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        mobileNo: input.mobileNo || null,
        message: input.message,
      }),
  },
};
