/**
 * npm run bench:alerts — alerts after an upload (docs/product/alerts.md#when-alerts-fire), on a PostgreSQL server,
 * the built API process. Real prices: the first HISTORY_DAYS legacy NSE bhavcopies of ../shared/data as one upload,
 * then BASELINE_DAYS days one at a time with no investor (the upload's answer without alerts to evaluate), then
 * 10,000 investors, each watching 10 symbols and with 20 rules (closes above and below a level near the close, the
 * day's change, near the 12-month high and low, trend entries, corporate actions, two of them for every followed
 * symbol), and MEASURED_DAYS more days one at a time.
 *
 * Figures: each upload's answer (request to answer, over HTTP) with and without the investors, their medians and
 * ratio (target ≤ 1.1×: the upload's answer does not wait for alerts); and for each day with investors, the alert
 * job from its queueing (inside the upload) to its end, which includes waiting for the day's analysis, and its own
 * evaluation (the job's transaction, from the API's log line), with what it stored (target: evaluated and the
 * digests queued within 5 s). Each day waits for the job and its digests (to the outbox: no SMTP) to settle before
 * the next upload, then vacuums the alert tables and checkpoints (what the server does meanwhile, uploads being a day apart),
 * so one day's work never slows the next day's answer. The job's log line gives each stage's time.
 * Options: BENCH_INVESTORS (10000), BENCH_RULES (20), --quick (1,000 investors, 2 days each).
 */
import os from 'node:os';
import pg from 'pg';
import { insertInvestors } from '../lib/investors.js';
import { concatenated, legacyFiles, login, ACCOUNTS, startStack, uploadPrices } from '../lib/stack.js';

const QUICK = process.argv.includes('--quick');
const INVESTORS = Number(process.env.BENCH_INVESTORS ?? (QUICK ? 1_000 : 10_000));
const RULES = Number(process.env.BENCH_RULES ?? 20);
const WATCHED = 10;
const HISTORY_DAYS = 60;
const BASELINE_DAYS = QUICK ? 2 : 5;
const MEASURED_DAYS = QUICK ? 2 : 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
/** The machine's load average (1, 5, 15 minutes): the figures swing with it. */
const load = () =>
  `load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(', ')}`;

async function main(): Promise<void> {
  const stack = await startStack({ engine: 'postgres', apiEnv: { ALERT_JOB_POLL_SECONDS: '1', LOG_LEVEL: 'info' } });
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    const staff = await login(stack.api.url, ACCOUNTS.staff);
    const files = legacyFiles(HISTORY_DAYS + BASELINE_DAYS + MEASURED_DAYS);
    const history = files.slice(0, HISTORY_DAYS);
    console.log(`${stack.engine}; history ${history[0]!.date}..${history.at(-1)!.date} as one upload; ${load()}`);
    await uploadPrices(stack.api.url, staff, 'history.csv', concatenated(history.map((file) => file.path)));

    /** One day's upload, then its job and digests settled; answers the upload's time and the job's. */
    const day = async (file: (typeof files)[number]) => {
      const answer = await uploadPrices(stack.api.url, staff, file.name, concatenated([file.path]));
      let job: { state: string; outcome: string | null; queued_to_done_ms: number } | undefined;
      for (;;) {
        const { rows } = await db.query<{ state: string; outcome: string | null; queued_to_done_ms: number }>(
          `SELECT state, outcome, extract(epoch FROM (finished_at - created_at)) * 1000 AS queued_to_done_ms
           FROM alert_jobs WHERE job_key = $1`,
          [`prices:${file.date}`],
        );
        job = rows[0];
        if (job && job.state !== 'PENDING') break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      for (;;) {
        const { rows } = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM alert_digests WHERE state IN ('PENDING', 'SENDING')`,
        );
        if (rows[0]!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // what autovacuum and the checkpointer would do in the minutes after (uploads come a day apart, not a minute):
      // the next upload's answer then meets the server as a day's upload does, not busy with the rows just written
      await db.query('VACUUM (ANALYZE) alert_notifications, alert_digests, alert_jobs');
      await db.query('CHECKPOINT');
      const line = stack.api
        .output()
        .split('\n')
        .find((text) => text.includes(`prices:${file.date}`) && text.includes('alert job finished'));
      const logged = line ? (JSON.parse(line) as { ms?: number; stages?: Record<string, number> }) : {};
      return {
        date: file.date,
        answerMs: answer.wallMs,
        jobMs: Number(job.queued_to_done_ms),
        evaluationMs: logged.ms ?? Number.NaN,
        stages: Object.entries(logged.stages ?? {})
          .map(([stage, time]) => `${stage.replace(/Ms$/, '')} ${time}`)
          .join(', '),
        outcome: job.outcome ?? '',
      };
    };

    const baseline = [];
    for (const file of files.slice(HISTORY_DAYS, HISTORY_DAYS + BASELINE_DAYS)) baseline.push(await day(file));

    const started = performance.now();
    await insertInvestors(db, 'bench', INVESTORS);
    // each investor's symbols: WATCHED of the latest day's, spread by the user id
    await db.query(
      `WITH symbols AS (
         SELECT array_agg(DISTINCT symbol ORDER BY symbol) AS list FROM stock_prices
         WHERE trade_date = (SELECT max(trade_date) FROM stock_prices)
       )
       INSERT INTO watchlist_entries (user_id, symbol)
       SELECT u.id, s.list[1 + ((u.id * 37 + k * 211) % array_length(s.list, 1))]
       FROM users u CROSS JOIN symbols s CROSS JOIN generate_series(0, $1::int - 1) AS k
       WHERE u.username LIKE 'bench%'
       ON CONFLICT DO NOTHING`,
      [WATCHED],
    );
    // RULES rules each: kinds in turn on the watched symbols (levels 2 % around the latest close), and the last two
    // for every followed symbol
    await db.query(
      `WITH latest AS (
         -- one close per symbol (a symbol can trade in two series on a day)
         SELECT DISTINCT ON (symbol) symbol, close_price FROM stock_prices
         WHERE trade_date = (SELECT max(trade_date) FROM stock_prices)
         ORDER BY symbol, series
       ),
       watched AS (
         SELECT user_id, symbol, row_number() OVER (PARTITION BY user_id ORDER BY symbol) - 1 AS i,
           count(*) OVER (PARTITION BY user_id) AS n
         FROM watchlist_entries w JOIN users u ON u.id = w.user_id WHERE u.username LIKE 'bench%'
       ),
       wanted AS (
         SELECT w.user_id, k,
           CASE WHEN k >= $1::int - 2 THEN NULL ELSE w.symbol END AS symbol,
           (ARRAY['CLOSE_ABOVE','CLOSE_BELOW','DAY_CHANGE_BEYOND','NEAR_YEAR_HIGH','NEAR_YEAR_LOW','TREND_ENTRY','CORPORATE_ACTION'])[1 + k % 7] AS kind,
           l.close_price
         FROM watched w CROSS JOIN generate_series(0, $1::int - 1) AS k
         JOIN latest l ON l.symbol = w.symbol
         WHERE w.i = k % w.n
       ),
       valued AS (
         SELECT user_id, symbol, kind,
           CASE kind
             WHEN 'CLOSE_ABOVE' THEN round(close_price * 1.02, 2)::text
             WHEN 'CLOSE_BELOW' THEN round(close_price * 0.98, 2)::text
             WHEN 'DAY_CHANGE_BEYOND' THEN (2 + k % 3)::text
             WHEN 'NEAR_YEAR_HIGH' THEN (1 + k % 5)::text
             WHEN 'NEAR_YEAR_LOW' THEN (1 + k % 5)::text
             WHEN 'TREND_ENTRY' THEN (ARRAY['WEEKLY','MONTHLY','QUARTERLY'])[1 + k % 3]
             ELSE NULL END AS value
         FROM wanted
       )
       INSERT INTO alert_rules (user_id, symbol, kind, value, rule_key)
       SELECT user_id, symbol, kind, value, CASE WHEN value IS NULL THEN kind ELSE kind || ':' || value END
       FROM valued
       ON CONFLICT DO NOTHING`,
      [RULES],
    );
    // as rows made over weeks are by then: vacuumed (hint bits, visibility map) and analysed
    await db.query('VACUUM (ANALYZE) users, watchlist_entries, alert_rules');
    const { rows: counts } = await db.query<{ investors: number; watched: number; rules: number }>(
      `SELECT (SELECT count(*)::int FROM users WHERE username LIKE 'bench%') AS investors,
              (SELECT count(*)::int FROM watchlist_entries) AS watched,
              (SELECT count(*)::int FROM alert_rules) AS rules`,
    );
    console.log(
      `${counts[0]!.investors} investors, ${counts[0]!.watched} watched symbols, ${counts[0]!.rules} rules (made in ${ms(performance.now() - started)})`,
    );

    const measured = [];
    for (const file of files.slice(HISTORY_DAYS + BASELINE_DAYS)) measured.push(await day(file));

    console.log('\nupload answers without investors:');
    for (const row of baseline) console.log(`  ${row.date}: ${ms(row.answerMs)}`);
    console.log(`\nwith ${INVESTORS} investors × ${RULES} rules:`);
    for (const row of measured)
      console.log(
        `  ${row.date}: answer ${ms(row.answerMs)}; job queued → done ${ms(row.jobMs)} (evaluation ${ms(row.evaluationMs)}: ${row.stages}): ${row.outcome}`,
      );
    const ratio = median(measured.map((row) => row.answerMs)) / median(baseline.map((row) => row.answerMs));
    const worstJob = Math.max(...measured.map((row) => row.jobMs));
    console.log(
      `\nupload answer, median with ÷ without: ${ratio.toFixed(2)}× (target ≤ 1.1×) ${ratio <= 1.1 ? 'PASS' : 'FAIL'}`,
    );
    // a missed target fails the run (npm run bench reports it)
    if (ratio > 1.1 || worstJob > 5_000) process.exitCode = 1;
    console.log(
      `alert job, slowest queued → done: ${ms(worstJob)} (target ≤ 5 s) ${worstJob <= 5_000 ? 'PASS' : 'FAIL'}; evaluation median ${ms(median(measured.map((row) => row.evaluationMs)))}`,
    );
    console.log(load());
  } finally {
    await db.end();
    await stack.stop();
  }
}

await main();
