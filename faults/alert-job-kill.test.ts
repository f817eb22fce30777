/**
 * SIGKILL in the middle of an alert job (docs/decisions.md#alert-jobs-in-a-table): the API, on PostgreSQL, takes an
 * upload of a new latest day D for investors who watch the symbols; its job is caught inside its transaction (the
 * test holds a lock on the notifications table, so the job's insert waits where the test can see it in
 * pg_stat_activity) and the process is killed there. After a restart the job completes, every investor has D's
 * notifications once, and each receives exactly one digest through a real SMTP server (the `smtp-server` package in
 * this process). Then a second kill while a digest is being handed to the SMTP server (the server holds its answer):
 * after the restart that digest is never sent again, and the others arrive once.
 */
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { insertInvestors } from '../bench/lib/investors.js';
import { login, postgres, startApi, waitFor, type PostgresServer, type ServiceProcess } from './harness.js';

const INVESTORS = 40;

/**
 * A made-up market as legacy bhavcopies: ALPHA rises and BETA falls every day, so on each new day ALPHA makes a new
 * 52-week high and BETA a new low (high = close + 1, low = close − 1): the default rule fires twice per investor.
 */
const EARLIER_DAYS = ['2025-01-06', '2025-01-07', '2025-01-08', '2025-01-09', '2025-01-10'];
const D = '2025-01-13';
const SECOND_D = '2025-01-14';
const DAYS = [...EARLIER_DAYS, D, SECOND_D];
const HEADER = 'SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN,';
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

function dayFile(date: string): { name: string; text: string } {
  const [year, month, day] = date.split('-') as [string, string, string];
  const name = MONTHS[Number(month) - 1]!;
  const index = DAYS.indexOf(date);
  const line = (symbol: string, close: number) =>
    `${symbol},EQ,${close},${close + 1},${close - 1},${close},${close},${close},1000,${close * 1000},${day}-${name}-${year},10,INE000000000,`;
  return {
    name: `${day}${name}${year}.csv`,
    text: [HEADER, line('ALPHA', 100 + 5 * index), line('BETA', 50 - 2 * index)].join('\n'),
  };
}

interface SmtpRecorder {
  url: string;
  /** Messages accepted, by recipient. */
  accepted: Map<string, number>;
  /** Messages whose DATA arrived while held (never answered). */
  heldCount: () => number;
  hold: (on: boolean) => void;
  close: () => Promise<void>;
}

async function startSmtp(): Promise<SmtpRecorder> {
  const accepted = new Map<string, number>();
  let holding = false;
  let held = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        if (holding) {
          held++;
          return; // never answered: the sender is killed while waiting
        }
        for (const rcpt of session.envelope.rcptTo) accepted.set(rcpt.address, (accepted.get(rcpt.address) ?? 0) + 1);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    heldCount: () => held,
    hold: (on) => {
      holding = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function uploadDay(apiUrl: string, token: string, file: { name: string; text: string }): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([file.text]), file.name);
  const response = await fetch(`${apiUrl}/insight/staff/uploads/stock-prices`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

describe('an alert job killed in the middle', () => {
  let server: PostgresServer | undefined;
  let api: ServiceProcess | undefined;
  let smtp: SmtpRecorder | undefined;
  let client: pg.Client | undefined;
  afterAll(async () => {
    api?.kill('SIGKILL');
    await api?.exited();
    await client?.end().catch(() => undefined);
    await smtp?.close();
    server?.stop();
  });

  it('finishes the job after a restart and mails every investor once', async () => {
    server = await postgres();
    smtp = await startSmtp();
    const env = {
      DATABASE_URL: server.url(),
      SMTP_URL: smtp.url,
      WEB_URL: 'http://web.test:4000',
      ALERT_JOB_POLL_SECONDS: '1',
      ALERT_MAIL_TIMEOUT_SECONDS: '1',
    };
    api = await startApi(env);
    client = new pg.Client({ connectionString: server.url() });
    await client.connect();
    const admin = await login(api.url);
    for (const date of EARLIER_DAYS) await uploadDay(api.url, admin, dayFile(date));

    // the earlier days' jobs done (no one follows anything yet: they fire nothing)
    await waitFor(
      async () =>
        (await client!.query<{ n: number }>(`SELECT count(*)::int AS n FROM alert_jobs WHERE state <> 'PENDING'`))
          .rows[0]!.n === EARLIER_DAYS.length,
      120_000,
      'the earlier days’ alert jobs done',
    );
    // investors straight into the table (they never log in), each watching ALPHA and BETA
    await insertInvestors(client, 'alerts', INVESTORS);
    await client.query(
      `INSERT INTO watchlist_entries (user_id, symbol)
       SELECT u.id, s.symbol FROM users u CROSS JOIN (VALUES ('ALPHA'), ('BETA')) AS s(symbol)
       WHERE u.username LIKE 'alerts%'`,
    );

    // the job of D will wait on this lock inside its transaction
    const blocker = new pg.Client({ connectionString: server.url() });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE alert_notifications IN EXCLUSIVE MODE');
    await uploadDay(api.url, admin, dayFile(D));
    const waiting = await waitFor(
      async () =>
        (
          await client!.query<{ pid: number }>(
            `SELECT pid FROM pg_stat_activity
             WHERE wait_event_type = 'Lock' AND query LIKE '%INSERT INTO alert_notifications%'`,
          )
        ).rows[0],
      120_000,
      'the alert job waiting inside its transaction',
    );
    expect(waiting.pid).toBeGreaterThan(0);
    api.kill('SIGKILL');
    await api.exited();
    await blocker.query('ROLLBACK');
    await blocker.end();
    // the killed job's transaction never committed: nothing of it is there
    const stored = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM alert_notifications');
    expect(stored.rows[0]!.n).toBe(0);
    expect(smtp.accepted.size).toBe(0);

    api = await startApi(env);
    // ALPHA and BETA on D: a new 52-week high and a new low (the default rule) for every investor
    await waitFor(
      async () =>
        (await client!.query<{ state: string }>(`SELECT state FROM alert_jobs WHERE job_key = $1`, [`prices:${D}`]))
          .rows[0]?.state === 'DONE',
      120_000,
      'the job of D done after the restart',
    );
    const perInvestor = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM alert_notifications n JOIN users u ON u.id = n.user_id
       WHERE u.username LIKE 'alerts%' AND n.trade_date = $1 GROUP BY n.user_id`,
      [D],
    );
    expect(perInvestor.rows.map((row) => row.n)).toEqual(Array.from({ length: INVESTORS }, () => 2));
    await waitFor(() => smtp!.accepted.size === INVESTORS, 120_000, 'a digest for every investor');
    expect([...smtp.accepted.values()].every((count) => count === 1)).toBe(true);

    // a kill while digests are being handed over: the held ones are never sent again, the rest arrive once
    smtp.hold(true);
    await uploadDay(api.url, admin, dayFile(SECOND_D));
    await waitFor(() => smtp!.heldCount() > 0, 120_000, 'a digest of the second day at the SMTP server');
    api.kill('SIGKILL');
    await api.exited();
    smtp.hold(false);
    const before = new Map(smtp.accepted);
    api = await startApi(env);
    await waitFor(
      async () =>
        (
          await client!.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM alert_digests WHERE trade_date = $1 AND state IN ('PENDING', 'SENDING')`,
            [SECOND_D],
          )
        ).rows[0]!.n === 0,
      120_000,
      'every digest of the second day settled',
    );
    const settled = await client.query<{ state: string; n: number }>(
      `SELECT state, count(*)::int AS n FROM alert_digests WHERE trade_date = $1 GROUP BY state ORDER BY state`,
      [SECOND_D],
    );
    const states = Object.fromEntries(settled.rows.map((row) => [row.state, row.n]));
    expect((states.SENT ?? 0) + (states.UNCERTAIN ?? 0)).toBe(INVESTORS);
    expect(states.UNCERTAIN ?? 0).toBeGreaterThan(0);
    // each investor at most one digest of the second day: the uncertain ones none, the others one
    const secondDay = [...smtp.accepted].map(([address, count]) => count - (before.get(address) ?? 0));
    expect(secondDay.every((count) => count <= 1)).toBe(true);
    expect(secondDay.reduce((sum, count) => sum + count, 0)).toBe(states.SENT ?? 0);
  });
});
