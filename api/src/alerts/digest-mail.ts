/**
 * The alert digest e-mail (docs/product/alerts.md#the-e-mail-digest): one per investor and trading day, plain
 * text and HTML, the alerts by day and symbol with dates as the app shows them (dd-Mmm-yyyy), each symbol linking
 * to its Company Analysis page; a link to the notifications and one to the alert settings; a one-click
 * unsubscribe link (RFC 8058: `List-Unsubscribe` with the HTTPS address, `List-Unsubscribe-Post`) that works
 * without logging in. Its Message-ID names the digest, so a mail client can tell a copy by it.
 */
import { formatDatesInText, formatMarketDate } from '@bazaar/shared';
import type { MailMessage } from '../mail/mailer.js';
import type { DigestContent } from '../db/queries/alerts/digests.js';

export const MAIL_KIND_ALERT_DIGEST = 'ALERT_DIGEST';

/** The web app's pages the e-mail links to (docs/product/alerts.md#screens). */
export const ALERT_PAGES = {
  notifications: '/notifications',
  settings: '/alert-settings',
  unsubscribe: '/unsubscribe',
  company: (symbol: string) => `/company-analysis/${encodeURIComponent(symbol)}`,
} as const;

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

export function alertDigestMail(options: {
  digestId: number;
  tradeDate: string;
  content: DigestContent;
  webUrl: string;
  unsubscribeToken: string;
}): MailMessage {
  const { content, webUrl, tradeDate } = options;
  const day = formatMarketDate(tradeDate);
  const unsubscribeUrl = `${webUrl}${ALERT_PAGES.unsubscribe}?token=${encodeURIComponent(options.unsubscribeToken)}`;
  const settingsUrl = `${webUrl}${ALERT_PAGES.settings}`;
  const notificationsUrl = `${webUrl}${ALERT_PAGES.notifications}`;
  const byDate = new Map<string, DigestContent['alerts']>();
  for (const alert of content.alerts) byDate.set(alert.date, [...(byDate.get(alert.date) ?? []), alert]);

  const subject = `Bazaar Insight alerts for ${day}: ${plural(content.alerts.length, 'alert')}`;
  const text = [
    `Hello ${content.firstName},`,
    '',
    `${plural(content.alerts.length, 'alert')} fired for your holdings and watch list after the prices of ${day}:`,
    ...[...byDate].flatMap(([date, alerts]) => [
      '',
      formatMarketDate(date),
      ...alerts.flatMap((alert) => [
        `- ${formatDatesInText(alert.message)}`,
        `  ${webUrl}${ALERT_PAGES.company(alert.symbol)}`,
      ]),
    ]),
    '',
    `All your notifications: ${notificationsUrl}`,
    `Change your alerts: ${settingsUrl}`,
    `Stop these e-mails (one click, no login): ${unsubscribeUrl}`,
    '',
    'Bazaar Insight',
  ].join('\n');

  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1b1e">',
    `<p>Hello ${escapeHtml(content.firstName)},</p>`,
    `<p>${escapeHtml(plural(content.alerts.length, 'alert'))} fired for your holdings and watch list after the prices of ${escapeHtml(day)}:</p>`,
    ...[...byDate].flatMap(([date, alerts]) => [
      `<h3 style="margin:16px 0 4px">${escapeHtml(formatMarketDate(date))}</h3>`,
      '<ul>',
      ...alerts.map(
        (alert) =>
          `<li><a href="${escapeHtml(`${webUrl}${ALERT_PAGES.company(alert.symbol)}`)}">${escapeHtml(alert.symbol)}</a>: ${escapeHtml(formatDatesInText(alert.message))}</li>`,
      ),
      '</ul>',
    ]),
    `<p><a href="${escapeHtml(notificationsUrl)}">All your notifications</a> · <a href="${escapeHtml(settingsUrl)}">Change your alerts</a></p>`,
    `<p style="font-size:12px;color:#555">You get this e-mail because the alert digest is on in your settings. <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a> (one click, no login needed).</p>`,
    '</body></html>',
  ].join('\n');

  const host = new URL(webUrl).hostname || 'bazaar-insight.local';
  return {
    kind: MAIL_KIND_ALERT_DIGEST,
    to: content.email,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Auto-Submitted': 'auto-generated',
    },
    messageId: `<alert-digest-${options.digestId}-${tradeDate}@${host}>`,
  };
}
