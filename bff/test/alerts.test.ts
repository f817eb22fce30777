/**
 * Alerts through the whole stack (docs/product/alerts.md): GraphQL on the BFF over HTTP to the real REST API, prices
 * uploaded through the staff route so the API's own job fires the alerts after answering. Rules made and refused,
 * the notifications and the bell's count, marking read, the settings, and the e-mail's unsubscribe link both ways:
 * the web page's mutation and the mail client's RFC 8058 one-click POST to WEB_URL/unsubscribe.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../api/test/setup/test-api.js';
import { loadEarlierDays, smallMarketDay, uploadPrices, D } from '../../api/test/alerts/small-market.js';
import { ok, type GraphQLClient, useStack } from './setup/stack.js';

const RULE = 'id symbol kind value description createdAt';
const NOTIFICATION = 'id date symbol kind message read';

describe('alerts through GraphQL', () => {
  const stack = useStack();
  let investor: GraphQLClient;

  beforeAll(async () => {
    investor = await stack.clientAs('investor');
    const staff = await stack.api.login(DEMO.staff.username, DEMO.staff.password);
    await loadEarlierDays(stack.api, staff);
    await stack.api.app.alerts.worker.runDue();
    await ok(investor, 'mutation { watchSymbol(symbol: "ALPHA") { symbol } }');
    const made = await ok<{ createAlertRule: { created: boolean; rule: Record<string, unknown> } }>(
      investor,
      `mutation ($input: CreateAlertRuleInput!) { createAlertRule(input: $input) { created rule { ${RULE} } } }`,
      { input: { symbol: 'ALPHA', kind: 'CLOSE_ABOVE', value: '105' } },
    );
    expect(made.createAlertRule).toMatchObject({
      created: true,
      rule: { symbol: 'ALPHA', kind: 'CLOSE_ABOVE', value: '105', description: 'ALPHA: close crosses above ₹105.00' },
    });
    await uploadPrices(stack.api, staff, smallMarketDay(5));
    await stack.api.app.alerts.worker.runDue();
  });

  it('lists the rules, answers the same rule again as not created, refuses a bad value by name', async () => {
    const again = await ok<{ createAlertRule: { created: boolean; rule: { id: string } } }>(
      investor,
      'mutation { createAlertRule(input: {symbol: "ALPHA", kind: CLOSE_ABOVE, value: "105.00"}) { created rule { id } } }',
    );
    expect(again.createAlertRule.created).toBe(false);
    const listed = await ok<{ alertRules: Array<{ id: string; kind: string }> }>(
      investor,
      `{ alertRules { ${RULE} } }`,
    );
    expect(listed.alertRules.map((rule) => rule.id)).toEqual([again.createAlertRule.rule.id]);
    const bad = await investor.request(
      'mutation { createAlertRule(input: {symbol: null, kind: STOP_LOSS, value: "100"}) { created } }',
    );
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(bad.errors?.[0]?.message).toContain('Stop-loss must be a percentage above 0 and at most 99');
    const anonymous = await stack.client().request('{ alertRules { id } }');
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('shows the notifications of D and the bell’s count, and marks them read', async () => {
    // ALPHA on D: 104 → 110 crosses 105 (the rule) and makes a new 52-week high (the default rule)
    const { notifications, unreadNotificationCount } = await ok<{
      notifications: Array<{ id: string; date: string; symbol: string; kind: string; message: string; read: boolean }>;
      unreadNotificationCount: number;
    }>(investor, `{ notifications(limit: 10) { ${NOTIFICATION} } unreadNotificationCount }`);
    expect(notifications.map((n) => [n.date, n.symbol, n.kind, n.read]).sort()).toEqual([
      [D, 'ALPHA', 'CLOSE_ABOVE', false],
      [D, 'ALPHA', 'TREND_ENTRY', false],
    ]);
    expect(unreadNotificationCount).toBe(2);
    const one = await ok<{ markNotificationsRead: { marked: number; unread: number } }>(
      investor,
      'mutation ($ids: [ID!]) { markNotificationsRead(ids: $ids) { marked unread } }',
      { ids: [notifications[0]!.id] },
    );
    expect(one.markNotificationsRead).toEqual({ marked: 1, unread: 1 });
    const unread = await ok<{ notifications: Array<{ id: string }> }>(
      investor,
      '{ notifications(unreadOnly: true) { id } }',
    );
    expect(unread.notifications.map((n) => n.id)).toEqual([notifications[1]!.id]);
    const all = await ok<{ markNotificationsRead: { marked: number; unread: number } }>(
      investor,
      'mutation { markNotificationsRead { marked unread } }',
    );
    expect(all.markNotificationsRead).toEqual({ marked: 1, unread: 0 });
    const tooMany = await investor.request('{ notifications(limit: 201) { id } }');
    expect(tooMany.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('changes the settings, and unsubscribes by the mutation and by the one-click POST, never by a forged token', async () => {
    const settings = async () =>
      (
        await ok<{ alertSettings: Record<string, boolean> }>(
          investor,
          '{ alertSettings { emailDigest newYearHighLow upcomingCorporateActions } }',
        )
      ).alertSettings;
    expect(await settings()).toEqual({ emailDigest: true, newYearHighLow: true, upcomingCorporateActions: true });
    const changed = await ok<{ updateAlertSettings: Record<string, boolean> }>(
      investor,
      'mutation { updateAlertSettings(input: {upcomingCorporateActions: false}) { emailDigest newYearHighLow upcomingCorporateActions } }',
    );
    expect(changed.updateAlertSettings).toEqual({
      emailDigest: true,
      newYearHighLow: true,
      upcomingCorporateActions: false,
    });

    const anonymous = stack.client();
    const forged = await anonymous.request(
      'mutation { unsubscribeFromAlertEmails(token: "eyJhbGciOiJIUzI1NiJ9.e30.AAAA") }',
    );
    expect(forged.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(forged.errors?.[0]?.message).toContain('This unsubscribe link is not valid.');
    const forgedClick = await fetch(`${stack.bffUrl}/unsubscribe?token=forged`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(forgedClick.status).toBe(400);
    expect(await settings()).toMatchObject({ emailDigest: true });

    const investorId = Number((await ok<{ me: { id: string } }>(investor, '{ me { id } }')).me.id);
    const token = await stack.api.app.alerts.unsubscribeTokens.sign(investorId);
    const byPage = await ok<{ unsubscribeFromAlertEmails: string }>(
      anonymous,
      'mutation ($token: String!) { unsubscribeFromAlertEmails(token: $token) }',
      { token },
    );
    expect(byPage.unsubscribeFromAlertEmails).toContain('You will no longer receive the alert e-mails.');
    expect(await settings()).toEqual({ emailDigest: false, newYearHighLow: true, upcomingCorporateActions: false });

    await ok(investor, 'mutation { updateAlertSettings(input: {emailDigest: true}) { emailDigest } }');
    const click = await fetch(`${stack.bffUrl}/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(click.status, await click.clone().text()).toBe(200);
    expect(await click.text()).toContain('You will no longer receive the alert e-mails.');
    expect((await settings()).emailDigest).toBe(false);
  });
});
