/**
 * The accounts area of the REST API: password reset, subscription plans and subscriptions,
 * referrals (link as text, QR code as a PNG), contact messages and the mail outbox.
 */
import { RestClient, type RequestScope } from './rest-client.js';
import { replyMessage } from './admin-api.js';

export interface MessageDto {
  message: string;
}

export interface SubscriptionPlanDto {
  id: number;
  name: string;
  description: string;
  price: string;
  durationInDays: number;
  /** Only in the administrators' list. */
  activeSubscribers?: number;
}

export interface SubscriptionPlanWriteDto {
  name: string;
  description: string;
  price: string;
  durationInDays: number;
}

export interface SubscriptionPeriodDto {
  id: number;
  userId: number;
  planId: number | null;
  planName: string;
  price: string;
  startDate: string;
  endDate: string;
  createdAt: string;
}

export interface UserSubscriptionDto {
  current: SubscriptionPeriodDto | null;
  activeUntil: string | null;
  periods: SubscriptionPeriodDto[];
}

export interface ReferralDto {
  id: number;
  referrerUserId: number;
  referredUserId: number;
  referredUsername: string;
  createdAt: string;
  claimed: boolean;
  claimedAt: string | null;
}

/** The ReferralLink GraphQL type before its QR code is asked for (it is fetched only when selected). */
export interface ReferralLinkModel {
  username: string;
  referralCode: string;
  link: string;
}

export interface ContactMessageWriteDto {
  firstName: string;
  lastName: string;
  email: string;
  mobileNo?: string | null;
  message: string;
}

export interface ContactMessageDto {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  mobileNo: string | null;
  message: string;
  username: string | null;
  createdAt: string;
}

export interface ContactMessageReceiptDto {
  id: number;
  message: string;
}

export interface OutboxMailDto {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  body: string;
  createdAt: string;
}

const path = (value: string | number) => encodeURIComponent(String(value));

export class AccountsApi extends RestClient {
  constructor(scope: RequestScope) {
    super(scope, scope.restApiUrl);
  }

  // --- password reset: the contract puts the values in the query string, with no body

  requestPasswordReset(usernameOrEmail: string): Promise<MessageDto> {
    return this.post('/public/forgot-password', { query: { UsernameOrEmail: usernameOrEmail }, anonymous: true });
  }

  changePassword(token: string, password: string): Promise<MessageDto> {
    return this.post('/public/change-password', { query: { token, password }, anonymous: true });
  }

  // --- subscription plans and subscriptions

  listPublicPlans(): Promise<SubscriptionPlanDto[]> {
    return this.get('/public/subscription-plans', { anonymous: true });
  }

  listPlansForAdmin(): Promise<SubscriptionPlanDto[]> {
    return this.get('/admin/subscription-plans');
  }

  createPlan(input: SubscriptionPlanWriteDto): Promise<SubscriptionPlanDto> {
    return this.post('/admin/subscription-plans', { json: input });
  }

  updatePlan(id: string | number, input: SubscriptionPlanWriteDto): Promise<SubscriptionPlanDto> {
    return this.put(`/admin/subscription-plans/${path(id)}`, { json: input });
  }

  async deletePlan(id: string | number): Promise<string> {
    return replyMessage(
      await this.delete<unknown>(`/admin/subscription-plans/${path(id)}`),
      'Subscription deleted successfully!',
    );
  }

  subscribe(planId: string | number, userId: string | number): Promise<SubscriptionPeriodDto> {
    return this.post('/user/subscription/subscribe', { json: { planId: Number(planId), userId: Number(userId) } });
  }

  getMySubscription(): Promise<UserSubscriptionDto> {
    return this.get('/user/subscription');
  }

  // --- referrals

  /** The sign-up link (plain text). */
  async getReferralLink(username: string): Promise<string> {
    const reply = await this.get<unknown>(`/users/referrals/${path(username)}`);
    return typeof reply === 'string' ? reply.trim() : String(reply);
  }

  /** The QR code as PNG bytes. */
  async getReferralQrCode(username: string): Promise<Buffer> {
    const reply = await this.get<unknown>(`/users/referrals/${path(username)}/QR-code`, {
      headers: { accept: 'image/png' },
    });
    if (!Buffer.isBuffer(reply)) throw new Error('the QR code answer is not an image');
    return reply;
  }

  listReferrals(referrerUserId: string | number): Promise<ReferralDto[]> {
    return this.get(`/user/referrals/referrer/${path(referrerUserId)}`);
  }

  recordReferral(referrerUserId: string | number, referredUserId: string | number): Promise<ReferralDto> {
    return this.post('/user/referrals', {
      json: { referrerUserId: Number(referrerUserId), referredUserId: Number(referredUserId) },
    });
  }

  claimReferral(id: string | number): Promise<ReferralDto> {
    return this.post(`/user/referrals/${path(id)}/claim`);
  }

  // --- contact and outbox

  sendContactMessage(input: ContactMessageWriteDto): Promise<ContactMessageReceiptDto> {
    return this.post('/public/contact-messages', { json: input });
  }

  listContactMessages(limit?: number | null): Promise<ContactMessageDto[]> {
    return this.get('/staff/contact-messages', { query: { limit } });
  }

  listOutboxMail(limit?: number | null, recipient?: string | null): Promise<OutboxMailDto[]> {
    return this.get('/admin/mail-outbox', { query: { limit, recipient } });
  }
}
