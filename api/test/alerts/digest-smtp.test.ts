/**
 * The alert digest through a real SMTP server (the `smtp-server` package on a loopback port): the e-mail of D
 * received with its headers (List-Unsubscribe, List-Unsubscribe-Post) and both parts (plain text and HTML, ₹ and
 * dd-Mmm-yyyy as the app writes them, links made from WEB_URL); a refused recipient retried with back-off without
 * holding up the others and delivered once; the unsubscribe link working without a session and refusing a forged
 * or expired token (docs/product/alerts.md#the-e-mail-digest).
 */
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertSettingsDto } from '@bazaar/shared/contract';
import { createUnsubscribeTokens } from '../../src/alerts/unsubscribe-token.js';
import { loginSecondInvestor, SECOND_INVESTOR, useTestApi, type StartTestApiOptions } from '../setup/test-api.js';
import { sqlRows } from '../uploads/helpers.js';
import { loadEarlierDays, smallMarketDay, uploadPrices } from './small-market.js';
import { settleAlerts } from './settle.js';

const SECRET = 'alert-digest-test-secret-that-is-long-enough-0123456789';
const WEB_URL = 'http://web.test:4000';
const INVESTOR_EMAIL = 'investor@bazaar-insight.local';

interface Received {
  to: string[];
  raw: string;
}

/** The smtp-server package on a free loopback port; `refuseOnce` answers 451 to the first RCPT of those. */
async function startSmtp(refuseOnce: Set<string>) {
  const received: Received[] = [];
  const refused: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      if (refuseOnce.delete(address.address)) {
        refused.push(address.address);
        const error = new Error('mailbox busy, try again later') as Error & { responseCode: number };
        error.responseCode = 451;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Headers of a raw message, unfolded, by lower-case name. */
function headersOf(raw: string): Map<string, string> {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n(?=[ \t])/g, '');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** A MIME part's body as text: quoted-printable or base64 decoded to bytes, read as UTF-8. */
function decodedBody(part: string): string {
  const separator = part.indexOf('\r\n\r\n');
  const headers = part.slice(0, separator);
  const body = part.slice(separator + 4);
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes: number[] = [];
    const text = body.replace(/=\r\n/g, '');
    for (let at = 0; at < text.length; at++) {
      if (text[at] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(at + 1, at + 3))) {
        bytes.push(parseInt(text.slice(at + 1, at + 3), 16));
        at += 2;
      } else bytes.push(...Buffer.from(text[at]!, 'utf8'));
    }
    return Buffer.from(bytes).toString('utf8');
  }
  if (/content-transfer-encoding:\s*base64/i.test(headers))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The decoded parts of a multipart/alternative message, by content type. */
function partsOf(raw: string): Map<string, string> {
  const boundary = /boundary="?([^";\s]+)"?/i.exec(headersOf(raw).get('content-type') ?? '')?.[1];
  expect(boundary, 'a multipart message').toBeDefined();
  const parts = new Map<string, string>();
  for (const part of raw.split(`--${boundary}`).slice(1, -1)) {
    const trimmed = part.replace(/^\r\n/, '');
    const type = /content-type:\s*([^;\r\n]+)/i.exec(trimmed)?.[1]?.trim().toLowerCase() ?? '';
    parts.set(type, decodedBody(trimmed));
  }
  return parts;
}

describe('the alert digest by SMTP', () => {
  const refuseOnce = new Set([SECOND_INVESTOR.email]);
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let other: string;
  const options: StartTestApiOptions = {
    config: {
      jwtSecret: SECRET,
      webUrl: WEB_URL,
      mailFrom: 'Bazaar Insight <alerts@bazaar.test>',
      alerts: {
        jobs: true,
        pollMs: 60_000,
        mailMaxAttempts: 3,
        mailRetryBaseMs: 200,
        mailTimeoutMs: 20_000,
        unsubscribeLinkMs: 90 * 86_400_000,
      },
    },
  };
  // the server listens before the app is built (this hook runs before useTestApi's, which reads the options)
  beforeAll(async () => {
    smtp = await startSmtp(refuseOnce);
    options.config!.smtpUrl = smtp.url;
  });
  const session = useTestApi(options);

  const digests = () =>
    sqlRows<{ email: string; state: string; attempts: number }>(
      session.api.handle,
      `SELECT u.email, d.state, d.attempts FROM alert_digests d JOIN users u ON u.id = d.user_id ORDER BY u.email`,
    );

  beforeAll(async () => {
    const { api, admin, staff, investor } = session;
    other = await loginSecondInvestor(api, admin);
    await loadEarlierDays(api, staff);
    await settleAlerts(api);
    for (const token of [investor, other])
      expect((await api.request('POST', '/user/watchlist', { token, json: { symbol: 'ALPHA' } })).status).toBe(201);
    await uploadPrices(api, staff, smallMarketDay(5));
    await settleAlerts(api);
    // the refused digest is due again after its back-off: wait for its state, not for a time
    for (let round = 0; round < 200; round++) {
      const states = (await digests()).map((row) => row.state);
      if (states.length === 2 && states.every((state) => state === 'SENT')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
      await settleAlerts(api);
    }
  });
  afterAll(async () => smtp?.close());

  it('is received once per investor, the refused one retried after a back-off', async () => {
    const byEmail = <T extends { email: string }>(rows: T[]) =>
      [...rows].sort((a, b) => a.email.localeCompare(b.email));
    expect(byEmail(await digests())).toEqual(
      byEmail([
        { email: INVESTOR_EMAIL, state: 'SENT', attempts: 1 },
        { email: SECOND_INVESTOR.email, state: 'SENT', attempts: 2 },
      ]),
    );
    expect(smtp.refused).toEqual([SECOND_INVESTOR.email]);
    expect(smtp.received.map((mail) => mail.to).sort()).toEqual([[INVESTOR_EMAIL], [SECOND_INVESTOR.email]].sort());
  });

  it('carries the headers of a one-click unsubscribe and both parts', () => {
    const mail = smtp.received.find((one) => one.to.includes(INVESTOR_EMAIL))!;
    const headers = headersOf(mail.raw);
    expect(headers.get('subject')).toBe('Bazaar Insight alerts for 13-Jan-2025: 1 alert');
    expect(headers.get('from')).toBe('Bazaar Insight <alerts@bazaar.test>');
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = /^<(.+)>$/.exec((headers.get('list-unsubscribe') ?? '').replace(/\s+/g, ''))?.[1] ?? '';
    expect(unsubscribe).toMatch(/^http:\/\/web\.test:4000\/unsubscribe\?token=[\w.-]+$/);
    expect(headers.get('content-type')).toMatch(/^multipart\/alternative/);
    const parts = partsOf(mail.raw);
    const text = parts.get('text/plain')!;
    const html = parts.get('text/html')!;
    // ALPHA on D: 104 → 110 with a high of 111 above every earlier high: the default rule's yearly list, which with
    // six trading days loaded is named for those days (docs/product/market.md#short-history)
    expect(text).toContain('13-Jan-2025');
    expect(text).toContain('- ALPHA made a new high of the 6 trading days loaded on 13-Jan-2025, closing at ₹110.00.');
    expect(text).toContain(`${WEB_URL}/company-analysis/ALPHA`);
    expect(text).toContain(`Change your alerts: ${WEB_URL}/alert-settings`);
    expect(text).toContain(`Stop these e-mails (one click, no login): ${unsubscribe}`);
    expect(html).toContain(`<a href="${WEB_URL}/company-analysis/ALPHA">ALPHA</a>`);
    expect(html).toContain(`<a href="${WEB_URL}/alert-settings">Change your alerts</a>`);
    expect(html).toContain(`<a href="${unsubscribe.replace(/&/g, '&amp;')}">Unsubscribe</a>`);
  });

  it('unsubscribes through the link without a session, and refuses a forged or expired token', async () => {
    const { api, investor } = session;
    const mail = smtp.received.find((one) => one.to.includes(INVESTOR_EMAIL))!;
    const link = new URL(/^<(.+)>$/.exec((headersOf(mail.raw).get('list-unsubscribe') ?? '').replace(/\s+/g, ''))![1]!);
    const token = link.searchParams.get('token')!;
    const settings = async () =>
      (await api.request<AlertSettingsDto>('GET', '/user/alert-settings', { token: investor })).body;

    const forged = createUnsubscribeTokens('another-secret-of-the-same-length-0123456789abcdef', 86_400_000);
    const expired = createUnsubscribeTokens(SECRET, -60_000);
    const investorId = (await api.request<{ id: number }>('GET', '/user/profile', { token: investor })).body.id;
    const [signature] = token.split('.').slice(2);
    const tampered = token.replace(
      /\.[^.]+\.[^.]+$/,
      `.${Buffer.from(JSON.stringify({ sub: String(investorId + 1) })).toString('base64url')}.${signature}`,
    );
    for (const [bad, message] of [
      [await forged.sign(investorId), 'This unsubscribe link is not valid.'],
      [tampered, 'This unsubscribe link is not valid.'],
      [await expired.sign(investorId), 'This unsubscribe link has expired.'],
    ] as const) {
      const refused = await api.request<{ message: string }>('POST', '/public/alert-digest/unsubscribe', {
        json: { token: bad },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(message);
    }
    expect((await settings()).emailDigest).toBe(true);

    const done = await api.request<{ message: string }>('POST', '/public/alert-digest/unsubscribe', {
      json: { token },
    });
    expect(done.status, done.text).toBe(200);
    expect(done.body.message).toContain('You will no longer receive the alert e-mails.');
    expect(await settings()).toEqual({ emailDigest: false, newYearHighLow: true, upcomingCorporateActions: true });
  });
});
