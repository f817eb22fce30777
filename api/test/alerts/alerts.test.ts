/**
 * Alert rules, settings and notifications through the REST API (docs/product/alerts.md), on the made-up market
 * of small-market.ts (its header works out what fires). Prices go in through the staff upload route, so the job
 * is queued by the upload itself and run by the worker after the answer; the test then waits for the worker
 * (runDue joins its run) instead of a time.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALERT_RULES_FULL_MESSAGE, MAX_ALERT_RULES_PER_USER } from '@bazaar/shared';
import type { AlertRuleDto, AlertSettingsDto, NotificationDto, OutboxMailDto } from '@bazaar/shared/contract';
import { createInvestor, SECOND_INVESTOR, useTestApi } from '../setup/test-api.js';
import { addHolding, createReference } from '../portfolio/helpers.js';
import { sqlRows, upload } from '../uploads/helpers.js';
import {
  bhavcopyLine,
  CORPORATE_ACTIONS_HEADER,
  corporateActionLine,
  D,
  dayFile,
  loadEarlierDays,
  smallMarketDay,
  uploadPrices,
} from './small-market.js';
import { settleAlerts } from './settle.js';

describe('alerts', () => {
  const session = useTestApi();
  let other: string;
  let otherId: number;

  const rules = (token: string) => session.api.request<AlertRuleDto[]>('GET', '/user/alert-rules', { token });
  const makeRule = (token: string, body: Record<string, unknown>) =>
    session.api.request<AlertRuleDto & { message: string }>('POST', '/user/alert-rules', { token, json: body });
  const notifications = (token: string, query = '') =>
    session.api.request<NotificationDto[]>('GET', `/user/notifications${query}`, { token });
  const jobs = () =>
    sqlRows<{ job_key: string; state: string; outcome: string | null }>(
      session.api.handle,
      'SELECT job_key, state, outcome FROM alert_jobs ORDER BY id',
    );

  beforeAll(async () => {
    const { api, admin, staff, investor } = session;
    otherId = await createInvestor(api, admin, SECOND_INVESTOR);
    other = await api.login(SECOND_INVESTOR.username, SECOND_INVESTOR.password);
    await loadEarlierDays(api, staff);
    await settleAlerts(api);
    for (const symbol of ['ALPHA', 'BETA', 'QUIET'])
      expect((await api.request('POST', '/user/watchlist', { token: investor, json: { symbol } })).status).toBe(201);
    expect((await api.request('POST', '/user/watchlist', { token: other, json: { symbol: 'ALPHA' } })).status).toBe(
      201,
    );
    const reference = await createReference(api, staff, 'Alerts');
    await addHolding(api, investor, reference, {
      symbol: 'GAMMA',
      price: '200',
      quantity: 10,
      creationDate: '2025-01-06',
    });
  });

  describe('rules', () => {
    it('makes a rule (201), answers the same rule again with 200, lists and deletes it', async () => {
      const { investor } = session;
      const made = await makeRule(investor, { symbol: 'alpha', kind: 'CLOSE_ABOVE', value: '105.50' });
      expect(made.status, made.text).toBe(201);
      expect(made.body).toMatchObject({ symbol: 'ALPHA', kind: 'CLOSE_ABOVE', value: '105.5' });
      expect(made.body.description).toBe('ALPHA: close crosses above ₹105.50');
      const again = await makeRule(investor, { symbol: 'ALPHA', kind: 'CLOSE_ABOVE', value: 105.5 });
      expect(again.status).toBe(200);
      expect(again.body.id).toBe(made.body.id);
      expect((await rules(investor)).body.map((rule) => rule.id)).toContain(made.body.id);
      // owner-only: another investor neither sees nor deletes it
      expect((await rules(other)).body).toEqual([]);
      expect((await session.api.request('DELETE', `/user/alert-rules/${made.body.id}`, { token: other })).status).toBe(
        404,
      );
      const deleted = await session.api.request<AlertRuleDto>('DELETE', `/user/alert-rules/${made.body.id}`, {
        token: investor,
      });
      expect(deleted.status).toBe(200);
      expect((await rules(investor)).body.map((rule) => rule.id)).not.toContain(made.body.id);
    });

    it.each([
      [{ symbol: 'ALPHA', kind: 'CLOSE_ABOVE', value: -5 }, 'Price must be a number above 0, in rupees (got -5)'],
      [{ symbol: 'ALPHA', kind: 'CLOSE_ABOVE', value: '0' }, 'Price must be greater than 0'],
      [{ symbol: 'ALPHA', kind: 'CLOSE_BELOW', value: '10.12345' }, 'Price may have at most 4 decimals'],
      [{ symbol: 'ALPHA', kind: 'CLOSE_BELOW' }, 'CLOSE_BELOW needs a value: the price in rupees'],
      [
        { symbol: null, kind: 'DAY_CHANGE_BEYOND', value: 150 },
        'Day’s change must be a percentage above 0 and at most 100',
      ],
      [
        { symbol: null, kind: 'NEAR_YEAR_HIGH', value: 'close' },
        'Distance from the 12-month high must be a percentage above 0 and at most 50 (got close)',
      ],
      [
        { symbol: null, kind: 'TREND_ENTRY', value: 'DAILY' },
        'TREND_ENTRY needs a trend period: one of WEEKLY, MONTHLY, QUARTERLY, HALFYEARLY, YEARLY (got DAILY)',
      ],
      [{ symbol: null, kind: 'CORPORATE_ACTION', value: 5 }, 'CORPORATE_ACTION takes no value: leave value empty'],
      [{ symbol: null, kind: 'STOP_LOSS', value: 100 }, 'Stop-loss must be a percentage above 0 and at most 99'],
      [
        { symbol: 'ALPHA', kind: 'PRICE_JUMP', value: 5 },
        'kind must be one of CLOSE_ABOVE, CLOSE_BELOW, DAY_CHANGE_BEYOND, TREND_ENTRY, NEAR_YEAR_HIGH, NEAR_YEAR_LOW, STOP_LOSS, TARGET, CORPORATE_ACTION',
      ],
      [
        { symbol: 'NOSUCH', kind: 'CLOSE_ABOVE', value: 5 },
        'Unknown symbol NOSUCH: no prices are loaded for it; choose a symbol from the list',
      ],
      [
        { symbol: 'ALPHA', kind: 'STOP_LOSS', value: 5 },
        "A stop-loss is set on a holding's price: you hold no ALPHA now",
      ],
    ])('refuses %j with a message naming the problem, writing nothing', async (body, message) => {
      const before = (await rules(session.investor)).body.length;
      const answer = await makeRule(session.investor, body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain(message);
      expect((await rules(session.investor)).body.length).toBe(before);
    });

    it(`keeps at most ${MAX_ALERT_RULES_PER_USER} rules an account`, async () => {
      const { api } = session;
      // the second investor's rules 1..200 straight into the table, then the 201st through the API
      for (let n = 1; n <= MAX_ALERT_RULES_PER_USER; n++)
        await api.handle.db.execute(
          sql`INSERT INTO alert_rules (user_id, symbol, kind, value, rule_key) VALUES (${otherId}, 'QUIET', 'CLOSE_ABOVE', ${String(n)}, ${`CLOSE_ABOVE:${n}`})`,
        );
      const refused = await makeRule(other, { symbol: 'QUIET', kind: 'CLOSE_ABOVE', value: 9999 });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(ALERT_RULES_FULL_MESSAGE);
      await api.handle.db.execute(sql`DELETE FROM alert_rules WHERE user_id = ${otherId}`);
    });
  });

  describe('settings', () => {
    it('are all on for an investor who never saved them, change one at a time, and refuse unknown ones', async () => {
      const { api } = session;
      expect((await api.request<AlertSettingsDto>('GET', '/user/alert-settings', { token: other })).body).toEqual({
        emailDigest: true,
        newYearHighLow: true,
        upcomingCorporateActions: true,
      });
      const changed = await api.request<AlertSettingsDto>('PUT', '/user/alert-settings', {
        token: other,
        json: { emailDigest: false },
      });
      expect(changed.body).toEqual({ emailDigest: false, newYearHighLow: true, upcomingCorporateActions: true });
      const unknown = await api.request<{ message: string }>('PUT', '/user/alert-settings', {
        token: other,
        json: { sms: true },
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toContain('Unknown setting');
      expect((await api.request('GET', '/user/alert-settings')).status).toBe(401);
    });
  });

  describe('after the upload of D', () => {
    let answerMs: number;

    beforeAll(async () => {
      const { api, staff, investor } = session;
      for (const body of [
        { symbol: 'ALPHA', kind: 'CLOSE_ABOVE', value: 105 },
        { symbol: 'ALPHA', kind: 'CLOSE_ABOVE', value: 100 },
        { symbol: 'BETA', kind: 'CLOSE_BELOW', value: 45.5 },
        { symbol: null, kind: 'DAY_CHANGE_BEYOND', value: 5 },
        { symbol: 'ALPHA', kind: 'NEAR_YEAR_HIGH', value: 2 },
        { symbol: 'BETA', kind: 'NEAR_YEAR_LOW', value: 3 },
        { symbol: 'GAMMA', kind: 'STOP_LOSS', value: 10 },
        { symbol: 'GAMMA', kind: 'TARGET', value: 20 },
        // the same as the default rule: fires once, as this rule
        { symbol: 'ALPHA', kind: 'TREND_ENTRY', value: 'YEARLY' },
      ])
        expect((await makeRule(investor, body)).status).toBe(201);
      // the second investor watches ALPHA with the 52-week default off: nothing for them
      await api.request('PUT', '/user/alert-settings', { token: other, json: { newYearHighLow: false } });
      const started = performance.now();
      await uploadPrices(api, staff, smallMarketDay(5));
      answerMs = performance.now() - started;
      await settleAlerts(api);
    });

    it('fires exactly the alerts worked out by hand, newest first, for their owner only', async () => {
      const list = (await notifications(session.investor)).body;
      expect(list.map((n) => `${n.symbol} ${n.kind}`).sort()).toEqual(
        [
          'ALPHA CLOSE_ABOVE',
          'ALPHA DAY_CHANGE_BEYOND',
          'ALPHA NEAR_YEAR_HIGH',
          'ALPHA TREND_ENTRY',
          'BETA CLOSE_BELOW',
          'BETA NEAR_YEAR_LOW',
          'BETA TREND_ENTRY',
          'GAMMA STOP_LOSS',
          'GAMMA TREND_ENTRY',
        ].sort(),
      );
      expect(list.every((n) => n.date === D && !n.read)).toBe(true);
      // six of the messages, word for word
      expect(Object.fromEntries(list.map((n) => [`${n.symbol} ${n.kind}`, n.message]))).toMatchObject({
        'ALPHA CLOSE_ABOVE': 'ALPHA closed at ₹110.00 on 2025-01-13, crossing above ₹105.00 (previous close ₹104.00).',
        'ALPHA DAY_CHANGE_BEYOND':
          'ALPHA rose 5.77% on 2025-01-13 to ₹110.00 (previous close ₹104.00), beyond your ±5%.',
        'ALPHA NEAR_YEAR_HIGH':
          'ALPHA closed at ₹110.00 on 2025-01-13, 0.90% below its 6-trading-day high of ₹111.00 (within your 2%).',
        'BETA TREND_ENTRY': 'BETA made a new low of the 6 trading days loaded on 2025-01-13, closing at ₹45.00.',
        'BETA NEAR_YEAR_LOW':
          'BETA closed at ₹45.00 on 2025-01-13, 2.27% above its 6-trading-day low of ₹44.00 (within your 3%).',
        'GAMMA STOP_LOSS':
          'GAMMA closed at ₹178.00 on 2025-01-13, at or below your stop-loss of ₹180.00 (10% below your average price of ₹200.00).',
      });
      expect((await notifications(other)).body).toEqual([]);
      const [job] = (await jobs()).filter((row) => row.job_key === `prices:${D}`);
      expect(job).toMatchObject({ state: 'DONE', outcome: '9 notifications for 1 investors, 1 digests queued' });
      // the upload answered before the job ran (its own answer does not wait for alerts)
      expect(answerMs).toBeGreaterThan(0);
    });

    it('fires once per rule and day: the same day again, a changed file of D, an older day add nothing', async () => {
      const { api, staff, investor } = session;
      const before = (await notifications(investor)).body;
      await uploadPrices(api, staff, smallMarketDay(5));
      // D again with other volumes: the prices changed, the job of D is there already
      await uploadPrices(
        api,
        staff,
        dayFile(D, [bhavcopyLine('ALPHA', D, 110, 111, 109, 2000), bhavcopyLine('BETA', D, 45, 46, 44, 2000)]),
      );
      // an older day (a backfill): D stays, no job for it
      await uploadPrices(api, staff, dayFile('2025-01-03', [bhavcopyLine('ALPHA', '2025-01-03', 99)]));
      await settleAlerts(api);
      expect((await notifications(investor)).body).toEqual(before);
      expect((await jobs()).map((row) => row.job_key)).toEqual([
        'prices:2025-01-06',
        'prices:2025-01-07',
        'prices:2025-01-08',
        'prices:2025-01-09',
        'prices:2025-01-10',
        `prices:${D}`,
      ]);
    });

    it('puts the digest of D in the mail outbox (no SMTP server): kind ALERT_DIGEST, the day’s alerts, the links', async () => {
      const outbox = await session.api.request<OutboxMailDto[]>(
        'GET',
        '/admin/mail-outbox?recipient=investor@bazaar-insight.local',
        { token: session.admin },
      );
      const digests = outbox.body.filter((mail) => mail.kind === 'ALERT_DIGEST');
      expect(digests).toHaveLength(1);
      const [mail] = digests;
      expect(mail!.subject).toBe('Bazaar Insight alerts for 13-Jan-2025: 9 alerts');
      expect(mail!.body).toContain('- ALPHA closed at ₹110.00 on 13-Jan-2025, crossing above ₹105.00');
      expect(mail!.body).toContain('http://localhost:4000/company-analysis/ALPHA');
      expect(mail!.body).toContain('Change your alerts: http://localhost:4000/alert-settings');
      expect(mail!.body).toMatch(
        /Stop these e-mails \(one click, no login\): http:\/\/localhost:4000\/unsubscribe\?token=\S+/,
      );
    });

    it('announces a corporate action loaded later once, and its digest waits for the next day', async () => {
      const { api, staff, investor } = session;
      const actions = [
        CORPORATE_ACTIONS_HEADER,
        corporateActionLine('GAMMA', 'Dividend - Rs 5 Per Share', '2025-01-16'),
        // beyond 7 days of D: not yet
        corporateActionLine('ALPHA', 'Dividend - Rs 2 Per Share', '2025-01-21'),
        // no one follows it
        corporateActionLine('DELTA', 'Dividend - Rs 3 Per Share', '2025-01-15'),
      ].join('\n');
      const answer = await upload(api, staff, 'UPLOAD_CORPORATE_ACTIONS', 'CF-CA-equities.csv', actions);
      expect(answer.status, answer.text).toBe(200);
      await settleAlerts(api);
      const actionAlerts = (await notifications(investor)).body.filter((n) => n.kind === 'CORPORATE_ACTION');
      expect(actionAlerts.map((n) => n.message)).toEqual(['GAMMA goes ex-dividend on 2025-01-16: ₹5.00 a share.']);
      // the same file again changes nothing and announces nothing
      await upload(api, staff, 'UPLOAD_CORPORATE_ACTIONS', 'CF-CA-equities.csv', actions);
      await settleAlerts(api);
      expect((await notifications(investor)).body.filter((n) => n.kind === 'CORPORATE_ACTION')).toHaveLength(1);
      const [waiting] = await sqlRows<{ n: number }>(
        api.handle,
        "SELECT count(*)::int AS n FROM alert_notifications WHERE kind = 'CORPORATE_ACTION' AND mail AND digest_id IS NULL",
      );
      expect(waiting!.n).toBe(1);
    });

    it('pages the list newest first, counts the unread and marks read', async () => {
      const { api, investor } = session;
      const all = (await notifications(investor)).body;
      const first = await notifications(investor, '?limit=4');
      expect(first.body).toEqual(all.slice(0, 4));
      expect(first.headers.get('x-total-count')).toBe(String(all.length));
      const cursor = first.headers.get('x-next-cursor')!;
      const rest = await notifications(investor, `?limit=500&cursor=${cursor}`);
      expect([...first.body, ...rest.body]).toEqual(all);
      expect((await notifications(investor, '?cursor=abc')).status).toBe(400);

      const unread = () =>
        api.request<{ unread: number }>('GET', '/user/notifications/unread-count', { token: investor });
      expect((await unread()).body.unread).toBe(all.length);
      const marked = await api.request<{ marked: number; unread: number }>('POST', '/user/notifications/read', {
        token: investor,
        json: { ids: [all[0]!.id, all[1]!.id] },
      });
      expect(marked.body).toEqual({ marked: 2, unread: all.length - 2 });
      // another's ids change nothing
      expect(
        (
          await api.request<{ marked: number }>('POST', '/user/notifications/read', {
            token: other,
            json: { ids: [all[2]!.id] },
          })
        ).body.marked,
      ).toBe(0);
      expect((await notifications(investor, '?unread=true')).body).toHaveLength(all.length - 2);
      const rest2 = await api.request<{ marked: number; unread: number }>('POST', '/user/notifications/read', {
        token: investor,
      });
      expect(rest2.body).toEqual({ marked: all.length - 2, unread: 0 });
      const bad = await api.request<{ message: string }>('POST', '/user/notifications/read', {
        token: investor,
        json: { ids: ['x'] },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('ids must be notification ids');
    });
  });
});
