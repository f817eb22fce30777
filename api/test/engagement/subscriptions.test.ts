/**
 * Subscription plans (admin CRUD, validation, roles) and subscribing (self only, dates from the
 * plan's duration, extension from the current end, deletion refused while subscribers are active).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.js';
import type {
  AdminSubscriptionPlanDto,
  SubscriptionPeriodDto as Period,
  UserSubscriptionDto as MySubscription,
} from '@bazaar/shared/contract';
import { DEMO, useApi } from '../setup/test-api.js';

/** The public list has no activeSubscribers; the administrators' list has it. */
type Plan = Omit<AdminSubscriptionPlanDto, 'activeSubscribers'> & { activeSubscribers?: number };

/** Today in India, worked out without Intl: India is UTC+05:30 all year (no daylight saving). */
function indiaToday(): string {
  return new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
}

/** date + n days on the calendar (UTC midnight arithmetic, no time zone involved). */
function plusDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

describe('subscription plans and subscriptions', () => {
  const api = useApi();
  let admin: string;
  let staff: string;
  let investor: string;
  let investorId: number;

  async function planCount(): Promise<number> {
    const [row] = await queryRows<{ n: number }>(api.handle.db, sql`select count(*)::int as n from subscription_plans`);
    return row?.n ?? -1;
  }

  async function createPlan(plan: Record<string, unknown>): Promise<Plan> {
    const result = await api.request<Plan>('POST', '/admin/subscription-plans', { token: admin, json: plan });
    expect(result.status, result.text).toBe(201);
    return result.body;
  }

  beforeAll(async () => {
    admin = await api.login(DEMO.admin.username, DEMO.admin.password);
    staff = await api.login(DEMO.staff.username, DEMO.staff.password);
    const login = await api.request<{ token: string; user: { id: number } }>('POST', '/auth/login', {
      json: DEMO.investor,
    });
    investor = login.body.token;
    investorId = login.body.user.id;
  });

  describe('plans', () => {
    it('creates plans with exact rupee prices and lists them cheapest first', async () => {
      const gold = await createPlan({
        name: 'Gold',
        description: 'Every analysis screen',
        price: '499',
        durationInDays: 30,
      });
      expect(gold).toMatchObject({
        name: 'Gold',
        description: 'Every analysis screen',
        price: '499.00',
        durationInDays: 30,
      });
      const silver = await createPlan({
        name: 'Silver',
        description: 'Trend lists',
        price: 149.5,
        durationInDays: '7',
      });
      expect(silver).toMatchObject({ price: '149.50', durationInDays: 7 });
      const list = await api.request<Plan[]>('GET', '/admin/subscription-plans', { token: admin });
      expect(list.body.map((plan) => [plan.name, plan.price, plan.activeSubscribers])).toEqual([
        ['Silver', '149.50', 0],
        ['Gold', '499.00', 0],
      ]);
      // anyone may read the plans for the User subscription screen
      const visitors = await api.request<Plan[]>('GET', '/public/subscription-plans');
      expect(visitors.status).toBe(200);
      expect(visitors.body.map((plan) => plan.name)).toEqual(['Silver', 'Gold']);
      expect(visitors.body[0]).not.toHaveProperty('activeSubscribers');
    });

    it('validates with the shared validation messages and writes nothing', async () => {
      const before = await planCount();
      const valid = { name: 'Bronze', description: 'Prices', price: '99', durationInDays: 30 };
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ name: '' }, 'Name is required!'],
        [{ name: undefined }, 'Name is required!'],
        [{ description: '  ' }, 'Description is required!'],
        [{ price: '' }, 'Price is required!'],
        [{ price: null }, 'Price is required!'],
        [{ durationInDays: '' }, 'Duration In Days is required!'],
        [{ price: '-1' }, 'Price must not be negative'],
        [{ price: '9.999' }, 'Price may have at most 2 decimals'],
        [{ price: 'ten' }, 'Price must be a number'],
        [{ durationInDays: 0 }, 'Duration In Days must be at least 1'],
        [{ durationInDays: 1.5 }, 'Duration In Days must be a whole number'],
      ];
      for (const [change, message] of cases) {
        const result = await api.request('POST', '/admin/subscription-plans', {
          token: admin,
          json: { ...valid, ...change },
        });
        expect(result.status, message).toBe(400);
        expect(result.body).toMatchObject({ status: 400, error: 'Bad Request', message });
      }
      expect(await planCount()).toBe(before);
    });

    it('refuses a duplicate name regardless of case, and updates and finds plans', async () => {
      const duplicate = await api.request('POST', '/admin/subscription-plans', {
        token: admin,
        json: { name: 'GOLD', description: 'x', price: 1, durationInDays: 1 },
      });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body).toMatchObject({ message: 'A subscription plan with this name already exists' });
      const platinum = await createPlan({
        name: 'Platinum',
        description: 'Everything',
        price: '999',
        durationInDays: 90,
      });
      const renamed = await api.request<Plan>('PUT', `/admin/subscription-plans/${platinum.id}`, {
        token: admin,
        json: { name: 'Platinum Plus', description: 'Everything, longer', price: '1199.99', durationInDays: 120 },
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({
        id: platinum.id,
        name: 'Platinum Plus',
        price: '1199.99',
        durationInDays: 120,
      });
      const clash = await api.request('PUT', `/admin/subscription-plans/${platinum.id}`, {
        token: admin,
        json: { name: 'silver', description: 'x', price: 1, durationInDays: 1 },
      });
      expect(clash.status).toBe(409);
      expect(
        (await api.request<Plan>('GET', `/admin/subscription-plans/${platinum.id}`, { token: admin })).body.name,
      ).toBe('Platinum Plus');
      expect(
        (
          await api.request('PUT', '/admin/subscription-plans/99999', {
            token: admin,
            json: { name: 'Nope', description: 'x', price: 1, durationInDays: 1 },
          })
        ).status,
      ).toBe(404);
      expect((await api.request('DELETE', '/admin/subscription-plans/99999', { token: admin })).status).toBe(404);
    });

    it('keeps plan administration to administrators', async () => {
      const body = { name: 'Sneaky', description: 'x', price: '1', durationInDays: 1 };
      for (const [token, status] of [
        [undefined, 401],
        [investor, 403],
        [staff, 403],
      ] as const) {
        expect((await api.request('GET', '/admin/subscription-plans', { token })).status).toBe(status);
        expect((await api.request('POST', '/admin/subscription-plans', { token, json: body })).status).toBe(status);
        expect((await api.request('PUT', '/admin/subscription-plans/1', { token, json: body })).status).toBe(status);
        expect((await api.request('DELETE', '/admin/subscription-plans/1', { token })).status).toBe(status);
      }
      const names = (await api.request<Plan[]>('GET', '/public/subscription-plans')).body.map((plan) => plan.name);
      expect(names).not.toContain('Sneaky');
    });
  });

  describe('subscribing', () => {
    let gold: Plan;
    let silver: Plan;
    beforeAll(async () => {
      const plans = (await api.request<Plan[]>('GET', '/public/subscription-plans')).body;
      gold = plans.find((plan) => plan.name === 'Gold')!;
      silver = plans.find((plan) => plan.name === 'Silver')!;
    });

    it('subscribes the caller from today for the plan’s duration, then extends from the current end', async () => {
      const today = indiaToday();
      const first = await api.request<Period>('POST', '/user/subscription/subscribe', {
        token: investor,
        json: { planId: gold.id, userId: investorId },
      });
      expect(first.status).toBe(201);
      // 30 days from today: today is day 1, so the last day is today + 29
      expect(first.body).toMatchObject({
        userId: investorId,
        planId: gold.id,
        planName: 'Gold',
        price: '499.00',
        startDate: today,
        endDate: plusDays(today, 29),
      });

      const second = await api.request<Period>('POST', '/user/subscription/subscribe', {
        token: investor,
        json: { planId: silver.id, userId: investorId },
      });
      expect(second.status).toBe(201);
      // the 7-day Silver period starts the day after Gold ends: days 31 to 37
      expect(second.body).toMatchObject({
        planName: 'Silver',
        startDate: plusDays(today, 30),
        endDate: plusDays(today, 36),
      });

      const mine = await api.request<MySubscription>('GET', '/user/subscription', { token: investor });
      expect(mine.status).toBe(200);
      expect(mine.body.current).toMatchObject({ planName: 'Gold', startDate: today, endDate: plusDays(today, 29) });
      expect(mine.body.activeUntil).toBe(plusDays(today, 36));
      expect(mine.body.periods.map((period) => period.planName)).toEqual(['Silver', 'Gold']);

      const plans = (await api.request<Plan[]>('GET', '/admin/subscription-plans', { token: admin })).body;
      expect(plans.find((plan) => plan.id === gold.id)?.activeSubscribers).toBe(1);
    });

    it('lets nobody subscribe someone else, not even an administrator', async () => {
      const [staffRow] = await queryRows<{ id: number }>(
        api.handle.db,
        sql`select id from users where username = 'staff'`,
      );
      const before = await queryRows<{ n: number }>(api.handle.db, sql`select count(*)::int as n from subscriptions`);
      const forOther = await api.request('POST', '/user/subscription/subscribe', {
        token: investor,
        json: { planId: gold.id, userId: staffRow!.id },
      });
      expect(forOther.status).toBe(403);
      expect(forOther.body).toMatchObject({ status: 403, message: 'You can only subscribe yourself' });
      expect(
        (
          await api.request('POST', '/user/subscription/subscribe', {
            token: admin,
            json: { planId: gold.id, userId: investorId },
          })
        ).status,
      ).toBe(403);
      expect(
        (await api.request('POST', '/user/subscription/subscribe', { json: { planId: gold.id, userId: investorId } }))
          .status,
      ).toBe(401);
      const unknownPlan = await api.request('POST', '/user/subscription/subscribe', {
        token: investor,
        json: { planId: 99999, userId: investorId },
      });
      expect(unknownPlan.status).toBe(404);
      expect(unknownPlan.body).toMatchObject({ message: 'Subscription plan 99999 was not found' });
      expect(
        (await api.request('POST', '/user/subscription/subscribe', { token: investor, json: { userId: investorId } }))
          .status,
      ).toBe(400);
      const after = await queryRows<{ n: number }>(api.handle.db, sql`select count(*)::int as n from subscriptions`);
      expect(after).toEqual(before);
    });

    it('starts afresh today when the last period has ended', async () => {
      const today = indiaToday();
      const [staffRow] = await queryRows<{ id: number }>(
        api.handle.db,
        sql`select id from users where username = 'staff'`,
      );
      const staffId = staffRow!.id;
      // a Silver period that ended yesterday
      await api.handle.db.execute(
        sql`insert into subscriptions (user_id, plan_id, plan_name, price, start_date, end_date) values (${staffId}, ${silver.id}, 'Silver', '149.50', ${plusDays(today, -7)}, ${plusDays(today, -1)})`,
      );
      const before = await api.request<MySubscription>('GET', '/user/subscription', { token: staff });
      expect(before.body).toMatchObject({ current: null, activeUntil: null });
      expect(before.body.periods).toHaveLength(1);
      const period = await api.request<Period>('POST', '/user/subscription/subscribe', {
        token: staff,
        json: { planId: silver.id, userId: staffId },
      });
      expect(period.body).toMatchObject({ startDate: today, endDate: plusDays(today, 6) });
    });

    it('refuses to delete a plan with active subscribers, and keeps history when a plan goes', async () => {
      const blocked = await api.request('DELETE', `/admin/subscription-plans/${gold.id}`, { token: admin });
      expect(blocked.status).toBe(409);
      expect(blocked.body).toMatchObject({
        message: 'The plan Gold has 1 active subscriber; it can be deleted once their subscriptions have ended',
      });

      const trial = await createPlan({ name: 'Trial', description: 'One day', price: 0, durationInDays: 1 });
      const login = await api.request<{ user: { id: number } }>('POST', '/auth/login', { json: DEMO.admin });
      const adminId = login.body.user.id;
      const taken = await api.request<Period>('POST', '/user/subscription/subscribe', {
        token: admin,
        json: { planId: trial.id, userId: adminId },
      });
      expect(taken.body).toMatchObject({ price: '0.00', startDate: indiaToday(), endDate: indiaToday() });
      expect((await api.request('DELETE', `/admin/subscription-plans/${trial.id}`, { token: admin })).status).toBe(409);
      // once the period is over the plan may go; the period keeps its name and price
      await api.handle.db.execute(
        sql`update subscriptions set start_date = start_date - 10, end_date = end_date - 10 where id = ${taken.body.id}`,
      );
      const deleted = await api.request('DELETE', `/admin/subscription-plans/${trial.id}`, { token: admin });
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ message: 'Subscription deleted successfully!' });
      const history = await api.request<MySubscription>('GET', '/user/subscription', { token: admin });
      expect(history.body.periods[0]).toMatchObject({ planId: null, planName: 'Trial', price: '0.00' });
    });
  });
});
