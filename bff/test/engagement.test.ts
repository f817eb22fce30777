/**
 * Engagement through GraphQL, over HTTP against the real REST API: plan administration and roles,
 * subscribing and extending, the referral link and its QR code (decoded), sign-up through the
 * link, claiming once, and Contact Us for staff only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import jsQRModule from 'jsqr';
import { type GraphQLClient, useStack } from './setup/stack.js';

// jsqr is a CommonJS bundle typed as an ES module: its default export is the module object itself
const jsQR = jsQRModule.default;

const WEB_URL = 'https://bazaar.example.in';

/** India is UTC+05:30 all year: today's date there, without Intl. */
const indiaToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('engagement through GraphQL', () => {
  const stack = useStack({ api: { config: { webUrl: WEB_URL } } });
  let admin: GraphQLClient;
  let staff: GraphQLClient;
  let investor: GraphQLClient;

  beforeAll(async () => {
    admin = await stack.clientAs('admin');
    staff = await stack.clientAs('staff');
    investor = await stack.clientAs('investor');
  });

  it('administers plans (administrators only) and lets an investor subscribe and extend', async () => {
    const create = `mutation ($input: SubscriptionPlanInput!) { createSubscriptionPlan(input: $input) { id name price durationInDays } }`;
    const gold = await admin.request<{ createSubscriptionPlan: { id: string; price: string } }>(create, {
      input: { name: 'Gold', description: 'Every analysis screen', price: '499', durationInDays: 30 },
    });
    expect(gold.errors).toBeUndefined();
    expect(gold.data?.createSubscriptionPlan).toMatchObject({ name: 'Gold', price: '499.00', durationInDays: 30 });
    const goldId = gold.data!.createSubscriptionPlan.id;
    const refused = await investor.request(create, {
      input: { name: 'Free', description: 'x', price: '0', durationInDays: 1 },
    });
    expect(refused.errors?.[0]).toMatchObject({
      message: 'This action is for administrators only',
      extensions: { code: 'FORBIDDEN', status: 403 },
    });
    const noName = await admin.request(create, {
      input: { name: ' ', description: 'x', price: '1', durationInDays: 1 },
    });
    expect(noName.errors?.[0]?.message).toBe('Name is required!');
    const updated = await admin.request<{ updateSubscriptionPlan: { description: string } }>(
      'mutation ($id: ID!, $input: SubscriptionPlanInput!) { updateSubscriptionPlan(id: $id, input: $input) { description } }',
      {
        id: goldId,
        input: { name: 'Gold', description: 'Every screen, every day', price: '499.00', durationInDays: 30 },
      },
    );
    expect(updated.data?.updateSubscriptionPlan.description).toBe('Every screen, every day');

    const visitor = stack.client();
    const plans = await visitor.request<{
      subscriptionPlans: Array<{ name: string; activeSubscribers: number | null }>;
    }>('{ subscriptionPlans { name activeSubscribers } }');
    expect(plans.data?.subscriptionPlans).toEqual([{ name: 'Gold', activeSubscribers: null }]);

    const subscribe = 'mutation ($input: SubscribeInput!) { subscribe(input: $input) { planName startDate endDate } }';
    const dayBefore = indiaToday();
    const first = await investor.request<{ subscribe: { startDate: string; endDate: string } }>(subscribe, {
      input: { planId: goldId },
    });
    // today in India, whichever side of midnight the call fell on
    const today = first.data?.subscribe.startDate ?? '';
    expect([dayBefore, indiaToday()]).toContain(today);
    expect(first.data?.subscribe).toEqual({ planName: 'Gold', startDate: today, endDate: plusDays(today, 29) });
    const second = await investor.request<{ subscribe: { startDate: string; endDate: string } }>(subscribe, {
      input: { planId: goldId },
    });
    expect(second.data?.subscribe).toEqual({
      planName: 'Gold',
      startDate: plusDays(today, 30),
      endDate: plusDays(today, 59),
    });
    const mine = await investor.request<{
      mySubscription: { current: { planName: string }; activeUntil: string; periods: unknown[] };
    }>('{ mySubscription { current { planName } activeUntil periods { id } } }');
    expect(mine.data?.mySubscription).toMatchObject({
      current: { planName: 'Gold' },
      activeUntil: plusDays(today, 59),
    });
    expect(mine.data?.mySubscription.periods).toHaveLength(2);
    const forAdmin = await investor.request(subscribe, { input: { planId: goldId, userId: '1' } });
    expect(forAdmin.errors?.[0]).toMatchObject({
      message: 'You can only subscribe yourself',
      extensions: { code: 'FORBIDDEN' },
    });

    const admins = await admin.request<{ adminSubscriptionPlans: Array<{ name: string; activeSubscribers: number }> }>(
      '{ adminSubscriptionPlans { name activeSubscribers } }',
    );
    expect(admins.data?.adminSubscriptionPlans).toEqual([{ name: 'Gold', activeSubscribers: 1 }]);
    const blocked = await admin.request('mutation ($id: ID!) { deleteSubscriptionPlan(id: $id) { id message } }', {
      id: goldId,
    });
    expect(blocked.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', status: 409 });
  });

  it('gives the referral link and a QR code that decodes to it; sign-up through it is recorded and claimed once', async () => {
    const result = await investor.request<{
      referralLink: { username: string; referralCode: string; link: string; qrCodeDataUrl: string };
    }>('{ referralLink { username referralCode link qrCodeDataUrl } }');
    expect(result.errors).toBeUndefined();
    const referral = result.data!.referralLink;
    expect(referral.referralCode).toMatch(/^[A-Z0-9]{10}$/);
    expect(referral.link).toBe(`${WEB_URL}/signup?referralCode=${referral.referralCode}`);
    const [prefix, base64] = referral.qrCodeDataUrl.split(',');
    expect(prefix).toBe('data:image/png;base64');
    const image = PNG.sync.read(Buffer.from(base64!, 'base64'));
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(referral.link);

    // someone else's link is not found, as a name nobody has; a visitor must log in
    expect((await staff.request('{ referralLink(username: "investor") { link } }')).errors?.[0]?.extensions?.code).toBe(
      'NOT_FOUND',
    );
    expect((await stack.client().request('{ referralLink { link } }')).errors?.[0]).toMatchObject({
      message: 'Please log in to continue',
      extensions: { code: 'UNAUTHENTICATED' },
    });

    const visitor = stack.client();
    const signup = await visitor.request<{ signup: { message: string } }>(
      'mutation ($input: SignupInput!) { signup(input: $input) { message } }',
      {
        input: {
          firstName: 'Kiran',
          lastName: 'Das',
          username: 'kiran',
          email: 'kiran@example.com',
          password: 'Kiran#2025',
          referralCode: new URL(referral.link).searchParams.get('referralCode'),
        },
      },
    );
    expect(signup.errors).toBeUndefined();
    // the answer does not carry the account: its id comes from kiran's own session
    const kiran = stack.client();
    await kiran.login('kiran', 'Kiran#2025');
    const kiranId = (await kiran.request<{ me: { id: string } }>('{ me { id } }')).data!.me.id;
    const list = `{ referrals { id referredUserId referredUsername claimed } }`;
    const mine = await investor.request<{
      referrals: Array<{ id: string; referredUserId: string; referredUsername: string; claimed: boolean }>;
    }>(list);
    expect(mine.data?.referrals).toEqual([
      { id: expect.any(String), referredUserId: kiranId, referredUsername: 'kiran', claimed: false },
    ]);

    const claim = 'mutation ($id: ID!) { claimReferral(id: $id) { claimed } }';
    const id = mine.data!.referrals[0]!.id;
    await visitor.login('kiran', 'Kiran#2025');
    expect((await visitor.request(claim, { id })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(
      (await investor.request<{ claimReferral: { claimed: boolean } }>(claim, { id })).data?.claimReferral.claimed,
    ).toBe(true);
    expect((await investor.request(claim, { id })).errors?.[0]).toMatchObject({
      message: 'This referral has already been claimed',
      extensions: { code: 'CONFLICT' },
    });
  });

  it('stores Contact Us messages for staff to read, and no one else', async () => {
    const visitor = stack.client();
    const send = 'mutation ($input: ContactMessageInput!) { sendContactMessage(input: $input) { id message } }';
    const sent = await visitor.request<{ sendContactMessage: { id: string; message: string } }>(send, {
      input: {
        firstName: 'Meera',
        lastName: 'Iyer',
        email: 'meera@example.com',
        mobileNo: '',
        message: 'Line one\nLine two',
      },
    });
    expect(sent.errors).toBeUndefined();
    expect(sent.data?.sendContactMessage.message).toBe('Thank you for your message. We will get back to you soon.');
    const invalid = await visitor.request(send, {
      input: { firstName: 'M', lastName: 'I', email: 'meera@example.com', message: '' },
    });
    expect(invalid.errors?.[0]?.message).toBe('Message is required!');

    const read = '{ contactMessages { id firstName email mobileNo message username } }';
    const forStaff = await staff.request<{ contactMessages: Array<Record<string, unknown>> }>(read);
    expect(forStaff.data?.contactMessages).toEqual([
      {
        id: sent.data!.sendContactMessage.id,
        firstName: 'Meera',
        email: 'meera@example.com',
        mobileNo: null,
        message: 'Line one\nLine two',
        username: null,
      },
    ]);
    expect((await investor.request(read)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await visitor.request(read)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
