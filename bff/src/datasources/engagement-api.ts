/**
 * The engagement area of the REST API: subscription plans and subscriptions, referrals (link as
 * text, QR code as a PNG) and contact messages.
 */
import type {
  AdminSubscriptionPlanDto,
  ContactMessageBody,
  ContactMessageDto,
  ContactMessageReceiptDto,
  ReferralBody,
  ReferralDto,
  SubscribeBody,
  SubscriptionPeriodDto,
  SubscriptionPlanBody,
  SubscriptionPlanDto,
  UserSubscriptionDto,
} from '@bazaar/shared/contract';
import { RestClient, type RequestScope } from './rest-client.js';
import { replyMessage } from './admin-api.js';

const path = (value: string | number) => encodeURIComponent(String(value));

export class EngagementApi extends RestClient {
  constructor(scope: RequestScope) {
    super(scope, scope.restApiUrl);
  }

  // --- subscription plans and subscriptions

  subscriptionPlans(): Promise<SubscriptionPlanDto[]> {
    return this.get('/public/subscription-plans', { anonymous: true });
  }

  adminSubscriptionPlans(): Promise<AdminSubscriptionPlanDto[]> {
    return this.get('/admin/subscription-plans');
  }

  createSubscriptionPlan(body: SubscriptionPlanBody): Promise<SubscriptionPlanDto> {
    return this.post('/admin/subscription-plans', { json: body });
  }

  updateSubscriptionPlan(id: string | number, body: SubscriptionPlanBody): Promise<SubscriptionPlanDto> {
    return this.put(`/admin/subscription-plans/${path(id)}`, { json: body });
  }

  async deleteSubscriptionPlan(id: string | number): Promise<string> {
    return replyMessage(
      await this.delete<unknown>(`/admin/subscription-plans/${path(id)}`),
      'Subscription deleted successfully!',
    );
  }

  subscribe(body: SubscribeBody): Promise<SubscriptionPeriodDto> {
    return this.post('/user/subscription/subscribe', { json: body });
  }

  mySubscription(): Promise<UserSubscriptionDto> {
    return this.get('/user/subscription');
  }

  // --- referrals

  /** The sign-up link (plain text). */
  async referralLink(username: string): Promise<string> {
    const reply = await this.get<unknown>(`/users/referrals/${path(username)}`);
    return typeof reply === 'string' ? reply.trim() : String(reply);
  }

  /** The QR code of the sign-up link: the PNG the REST API answers, as a data: URL. */
  async qrCodeDataUrl(username: string): Promise<string> {
    const reply = await this.get<unknown>(`/users/referrals/${path(username)}/QR-code`, {
      headers: { accept: 'image/png' },
    });
    if (!Buffer.isBuffer(reply)) throw new Error('the QR code answer is not an image');
    return `data:image/png;base64,${reply.toString('base64')}`;
  }

  referrals(referrerUserId: string | number): Promise<ReferralDto[]> {
    return this.get(`/user/referrals/referrer/${path(referrerUserId)}`);
  }

  recordReferral(body: ReferralBody): Promise<ReferralDto> {
    return this.post('/user/referrals', { json: body });
  }

  claimReferral(id: string | number): Promise<ReferralDto> {
    return this.post(`/user/referrals/${path(id)}/claim`);
  }

  // --- contact messages

  sendContactMessage(body: ContactMessageBody): Promise<ContactMessageReceiptDto> {
    return this.post('/public/contact-messages', { json: body });
  }

  contactMessages(limit?: number | null): Promise<ContactMessageDto[]> {
    return this.get('/staff/contact-messages', { query: { limit } });
  }
}
