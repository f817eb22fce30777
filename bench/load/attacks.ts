/**
 * The attacks of the load benchmark's "under attack" section (docs/decisions.md#load-targets), each
 * from its own loopback address (127.0.0.x: the normal clients stay on 127.0.0.1, so per-address
 * limits tell them apart as they would tell two real clients apart):
 *  - bodies that never finish: 600 connections to the BFF and 600 to the API, each sending headers
 *    and one byte of a 100,000-byte body, reopened (at most once a second each) when the server
 *    closes them;
 *  - multipart batch flood: 4 clients posting 6,000 technicalAnalysis operations in one multipart
 *    request, again and again;
 *  - expensive legal batches: 20 clients repeating the costliest batch the limits accept (tried
 *    from 5 Technical Analysis pages with every symbol's extremes + 5 × 30 aliased moving averages
 *    down to one page);
 *  - sign-up flood: 80 parallel sign-ups with new names;
 *  - login guessing: 20 parallel wrong passwords for the demo investor (username and e-mail);
 *  - hostile tradebooks: a new free account previewing a 50,000-trade tradebook (the most a file may
 *    hold; one symbol, so every sell closes the oldest lot) back to back, one at a time as an
 *    account may (docs/decisions.md#tradebook-imports-bounded-per-account).
 * Every attack runs until stopped (and stops by itself after 10 minutes); every socket is closed.
 */
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { request, slowBody, type SlowBody } from '../../security/clients.js';
import { batch, graphqlMultipart } from '../../security/payloads.js';

/** The Technical Analysis page's ten lists and every symbol's extremes: legal, and large. */
const WHOLE_TECHNICAL_ANALYSIS = `{ technicalAnalysis { asOf
  highs { weekly { ...T } monthly { ...T } quarterly { ...T } halfYearly { ...T } yearly { ...T } }
  lows { weekly { ...T } monthly { ...T } quarterly { ...T } halfYearly { ...T } yearly { ...T } }
  highestPrices { symbol highPrice highDate lowPrice lowDate } } }
fragment T on TrendItem { symbol presentClose previousClose change changePercent presentDate previousDate }`;

export interface AttackTarget {
  apiUrl: string;
  bffUrl: string;
  /** A symbol with prices (for the moving averages). */
  symbol: string;
}

export interface AttackTally {
  /** Requests (or connections) the attacker sent. */
  sent: number;
  /** Answers by status ('no answer' when the server closed without one, 'error' for socket errors). */
  statuses: Record<string, number>;
}

export interface Attack {
  /** Short name for `--attacks` (slow-bodies, multipart, legal-batches, signup, login, tradebook). */
  key: string;
  name: string;
  from: string;
  start(target: AttackTarget): Promise<{ stop(): Promise<AttackTally> }>;
}

const LONGEST_MS = 600_000;

/** A JSON POST from the attacker's address (`body` sent as it is when a string), waiting at most a minute. */
function postJson(url: string, body: string | object, from: string) {
  return request(url, {
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
    from,
    timeoutMs: 60_000,
  });
}

/** A sign-up's body: a new account `username` (its e-mail at example.com) with this name and password. */
function signupBody(username: string, password: string, firstName: string, lastName: string) {
  return { user: { firstName, lastName, username, email: `${username}@example.com`, password } };
}

/** `concurrency` loops of `once` until stopped; each call answers a status (or throws). */
function loops(concurrency: number, call: () => Promise<string | number>): { stop(): Promise<AttackTally> } {
  const tally: AttackTally = { sent: 0, statuses: {} };
  let running = true;
  const deadline = Date.now() + LONGEST_MS;
  const workers = Array.from({ length: concurrency }, async () => {
    while (running && Date.now() < deadline) {
      tally.sent++;
      let status: string;
      try {
        status = String(await call());
      } catch {
        status = 'error';
        // a refused connection: do not spin
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
    }
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(workers);
      return tally;
    },
  };
}

function slowBodies(from: string): Attack {
  return {
    key: 'slow-bodies',
    name: 'bodies that never finish (600 to the BFF, 600 to the API)',
    from,
    async start(target) {
      const open = new Set<SlowBody>();
      const tally: AttackTally = { sent: 0, statuses: {} };
      let running = true;
      const deadline = Date.now() + LONGEST_MS;
      const slot = async (url: string) => {
        while (running && Date.now() < deadline) {
          const opened = Date.now();
          tally.sent++;
          let status = 'error';
          try {
            const held = await slowBody(url, from);
            open.add(held);
            if (!held.closed()) await once(held.socket, 'close');
            open.delete(held);
            status = /^HTTP\/1\.1 (\d{3})/.exec(held.received())?.[1] ?? 'no answer';
          } catch {
            // refused or reset: counted as an error, tried again below
          }
          tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
          // the attacker reconnects, but each slot at most once a second
          const wait = opened + 1000 - Date.now();
          if (running && wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        }
      };
      const slots = [
        ...Array.from({ length: 600 }, () => slot(`${target.bffUrl}/graphql`)),
        ...Array.from({ length: 600 }, () => slot(`${target.apiUrl}/api/auth/login`)),
      ];
      return {
        stop: async () => {
          running = false;
          for (const held of open) held.socket.destroy();
          await Promise.all(slots);
          return tally;
        },
      };
    },
  };
}

function multipartFlood(from: string): Attack {
  const flood = graphqlMultipart(batch(6000));
  return {
    key: 'multipart',
    name: 'multipart batch flood (6,000 operations per request, 4 clients)',
    from,
    start: async (target) =>
      loops(4, async () => {
        const answer = await request(`${target.bffUrl}/graphql`, {
          body: flood.body,
          headers: { 'content-type': flood.contentType, 'apollo-require-preflight': '1' },
          from,
          timeoutMs: 60_000,
        });
        return answer.status;
      }),
  };
}

/**
 * The costliest batch the limits still accept: candidates from the finding's (5 Technical Analysis
 * pages and 5 × 30 aliased moving averages) down to one page, the first answered without errors.
 */
async function costliestLegalBatch(target: AttackTarget, from: string): Promise<{ label: string; body: string }> {
  const averages = (count: number) =>
    `{ ${Array.from(
      { length: count },
      (_, index) =>
        `a${index}: sma(symbol: "${target.symbol}", priceSize: 1000, windowSize: ${index + 2}) { date value }`,
    ).join('\n')} }`;
  const candidates = [
    {
      label: '5 pages + 5 × 30 moving averages',
      operations: [...batch(5, WHOLE_TECHNICAL_ANALYSIS), ...batch(5, averages(30))],
    },
    { label: '10 pages', operations: batch(10, WHOLE_TECHNICAL_ANALYSIS) },
    {
      label: '5 pages + 5 × 10 moving averages',
      operations: [...batch(5, WHOLE_TECHNICAL_ANALYSIS), ...batch(5, averages(10))],
    },
    { label: '10 × 10 moving averages', operations: batch(10, averages(10)) },
    { label: '5 pages', operations: batch(5, WHOLE_TECHNICAL_ANALYSIS) },
    { label: '1 page', operations: batch(1, WHOLE_TECHNICAL_ANALYSIS) },
  ];
  for (const candidate of candidates) {
    const body = JSON.stringify(candidate.operations);
    const answer = await postJson(`${target.bffUrl}/graphql`, body, from);
    if (answer.status === 200 && !answer.text.includes('"errors":[')) return { label: candidate.label, body };
  }
  throw new Error('not even one Technical Analysis page is accepted');
}

function legalBatches(from: string): Attack {
  const attack: Attack = {
    key: 'legal-batches',
    name: 'expensive legal batches (the costliest accepted, 20 clients)',
    from,
    async start(target) {
      const { label, body } = await costliestLegalBatch(target, from);
      attack.name = `expensive legal batches (${label}, 20 clients)`;
      return loops(20, async () => {
        const answer = await postJson(`${target.bffUrl}/graphql`, body, from);
        return answer.status;
      });
    },
  };
  return attack;
}

function signupFlood(from: string): Attack {
  return {
    key: 'signup',
    name: 'sign-up flood (80 in parallel)',
    from,
    start: async (target) =>
      loops(80, async () => {
        const name = `flood${randomUUID().slice(0, 12).replace('-', '')}`;
        const answer = await postJson(
          `${target.apiUrl}/api/auth/signup`,
          signupBody(name, 'Flood@1234', 'Flo', 'Od'),
          from,
        );
        return answer.status;
      }),
  };
}

function loginGuessing(from: string): Attack {
  return {
    key: 'login',
    name: 'login guessing (20 in parallel, username and e-mail)',
    from,
    async start(target) {
      let guess = 0;
      return loops(20, async () => {
        guess++;
        const username = guess % 2 ? 'investor' : 'investor@bazaar-insight.local';
        const answer = await postJson(
          `${target.apiUrl}/api/auth/login`,
          { username, password: `Guess@${guess}xyz` },
          from,
        );
        return answer.status;
      });
    },
  };
}

/** A tradebook of 50,000 trades of one symbol: 25,000 buys of 1, then 25,000 sells of 1 (the quadratic shape). */
function largestTradebook(symbol: string): Buffer {
  const lines = ['date,symbol,side,quantity,price,exchange,trade_id'];
  const day = (index: number) => new Date(Date.UTC(1990, 0, 1) + index * 86_400_000).toISOString().slice(0, 10);
  for (let index = 0; index < 25_000; index++) lines.push(`${day(index)},${symbol},BUY,1,100.25,NSE,B${index}`);
  for (let index = 0; index < 25_000; index++) lines.push(`${day(index)},${symbol},SELL,1,101.5,NSE,S${index}`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

function hostileTradebooks(from: string): Attack {
  return {
    key: 'tradebook',
    name: 'hostile tradebooks (50,000-trade previews, back to back)',
    from,
    async start(target) {
      const name = `trader${randomUUID().slice(0, 12).replace('-', '')}`;
      await postJson(`${target.apiUrl}/api/auth/signup`, signupBody(name, 'Trader@1234', 'Tra', 'Der'), from);
      const login = await postJson(
        `${target.apiUrl}/api/auth/login`,
        { username: name, password: 'Trader@1234' },
        from,
      );
      const { token } = login.json<{ token: string }>();
      const file = largestTradebook(target.symbol);
      const boundary = '----hostiletradebook';
      const part = (field: string, value: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`;
      const body = Buffer.concat([
        Buffer.from(
          part('brokerageFirm', 'Zerodha') +
            part('segment', 'Equity') +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="tradebook.csv"\r\nContent-Type: text/csv\r\n\r\n`,
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return loops(1, async () => {
        const answer = await request(`${target.apiUrl}/api/user/holding/import?dryRun=true`, {
          body,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
          from,
          timeoutMs: 120_000,
        });
        return answer.status;
      });
    },
  };
}

export const ATTACKS: Attack[] = [
  slowBodies('127.0.0.2'),
  multipartFlood('127.0.0.3'),
  legalBatches('127.0.0.4'),
  signupFlood('127.0.0.5'),
  loginGuessing('127.0.0.6'),
  hostileTradebooks('127.0.0.9'),
];
