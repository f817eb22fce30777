/**
 * SIGKILL during a price upload (docs/decisions.md#uploads-survive-a-crash): the API process is killed at many points
 * of an upload of a multi-day bhavcopy — before the body has arrived, while the file is parsed, in the
 * middle of the COPY into stock_prices, around the commit, while other areas refresh after it —
 * and after a restart every file is either fully present (every row of every date in it, the
 * per-date counts, one upload record) or fully absent (no row, no count, no record); re-uploading
 * it then succeeds and leaves it fully present.
 *
 * The files are real legacy NSE bhavcopies from ../shared/data, several days concatenated into one
 * file (header once). Each run uses its own dates, so "present" and "absent" cannot be confused
 * with an earlier run. The expected rows per date are counted from the file's own lines here
 * (TIMESTAMP column, 'DD-MON-YYYY' turned into ISO by hand), not taken from the API.
 *
 * Time limits are generous (15 and 5 min) because the 2 cores are shared; the twenty runs of earlier took 1.5 min
 * (load average 6) to 4.5 min (load average 13) here, and 7.5 min when a second send of a file already present took
 * 262 s (a merge planned for a row or two: fixed, docs/decisions.md#statistics-after-price-loads).
 * PostgreSQL (production): 10 runs. Six kill at delays spread over the time a same-sized upload
 * takes (calibrated in the run: see killDelays); four watch pg_stat_activity and kill while the
 * upload's COPY into stock_prices is running, with a larger file (15 days, ~29,000 rows). The database is checked
 * directly over SQL. PGlite: fewer runs (UPLOAD_KILL_PGLITE_RUNS, default 3; 0 skips; each costs
 * ~20 s here), time-based, the data directory opened by the test itself while the API is down.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { login, postgres, ROOT, startApi, type PostgresServer, type ServiceProcess } from './harness.js';

const LEGACY_DIR = path.resolve(ROOT, '../shared/data/nse/bhavcopy/legacy');
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
// 20 runs (12 timed, 8 mid-COPY) until 2026-12-07: none ever left a partial file, and on the suite's busy two cores
// each run's restart took 5-10 s, so that they were most of the fault step's 450 s; ten runs cover the same
// points (before the body, checking, the COPY, the commit, the refresh after it) (docs/engineering.md#fault-tests)
const TIMED_RUNS = 6;
/** The mid-COPY runs: how long after the COPY is seen each waits before its kill. */
const MID_COPY_EXTRA_MS = [0, 5, 15, 30];
const COPY_RUNS = MID_COPY_EXTRA_MS.length;
const DAYS_PER_TIMED_FILE = 5;
const DAYS_PER_COPY_FILE = 15;
const PGLITE_RUNS = Number(process.env.UPLOAD_KILL_PGLITE_RUNS ?? 3);
const DAYS_PER_PGLITE_FILE = 2;

/** 'DD-MON-YYYY' (legacy bhavcopy TIMESTAMP) → 'YYYY-MM-DD'. */
function isoDate(legacy: string): string {
  const [day, month, year] = legacy.split('-');
  const monthIndex = MONTHS.indexOf(month!.toUpperCase());
  if (!day || monthIndex < 0 || !year) throw new Error(`not a legacy bhavcopy date: ${legacy}`);
  return `${year}-${String(monthIndex + 1).padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** '01APR2019.csv' → '2019-04-01', to take the days in order. */
function fileDate(name: string): string {
  return isoDate(`${name.slice(0, 2)}-${name.slice(2, 5)}-${name.slice(5, 9)}`);
}

interface UploadFile {
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
  sha256: string;
  /** Rows per trade date, counted from the file's lines. */
  rowsPerDate: Map<string, number>;
  rows: number;
}

/** Concatenates legacy bhavcopies (one header) and counts the file's rows per date. */
function multiDayFile(name: string, sources: string[]): UploadFile {
  const lines: string[] = [];
  const rowsPerDate = new Map<string, number>();
  for (const [index, source] of sources.entries()) {
    const sourceLines = fs
      .readFileSync(path.join(LEGACY_DIR, source), 'utf8')
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '');
    const header = sourceLines[0]!.split(',');
    const dateColumn = header.indexOf('TIMESTAMP');
    if (index === 0) lines.push(sourceLines[0]!);
    for (const line of sourceLines.slice(1)) {
      const date = isoDate(line.split(',')[dateColumn]!);
      rowsPerDate.set(date, (rowsPerDate.get(date) ?? 0) + 1);
      lines.push(line);
    }
  }
  const bytes = new Uint8Array(Buffer.from(`${lines.join('\n')}\n`));
  return { name, bytes, sha256: createHash('sha256').update(bytes).digest('hex'), rowsPerDate, rows: lines.length - 1 };
}

/** The legacy files in date order, cut into consecutive groups of the given sizes. */
function dayGroups(sizes: number[]): string[][] {
  const names = fs
    .readdirSync(LEGACY_DIR)
    .filter((name) => /^\d{2}[A-Z]{3}\d{4}\.csv$/i.test(name))
    .sort((a, b) => fileDate(a).localeCompare(fileDate(b)));
  const needed = sizes.reduce((sum, size) => sum + size, 0);
  if (names.length < needed)
    throw new Error(`need ${needed} legacy bhavcopies in ${LEGACY_DIR}, found ${names.length}`);
  let next = 0;
  return sizes.map((size) => names.slice(next, (next += size)));
}

/** What the database holds for one file. */
interface FileState {
  /** stock_prices rows per date of the file (dates with none left out). */
  priceRows: Map<string, number>;
  /** stock_price_dates.row_count per date of the file. */
  dateCounts: Map<string, number>;
  /** market_data_uploads rows with the file's SHA-256. */
  uploadRecords: number;
}

type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

async function fileState(query: Query, file: UploadFile): Promise<FileState> {
  const dates = [...file.rowsPerDate.keys()];
  const prices = await query<{ d: string; n: number }>(
    'SELECT trade_date::text AS d, count(*)::int AS n FROM stock_prices WHERE trade_date::text = ANY($1::text[]) GROUP BY trade_date',
    [dates],
  );
  const counts = await query<{ d: string; n: number }>(
    'SELECT trade_date::text AS d, row_count AS n FROM stock_price_dates WHERE trade_date::text = ANY($1::text[])',
    [dates],
  );
  const records = await query<{ n: number }>(
    'SELECT count(*)::int AS n FROM market_data_uploads WHERE file_sha256 = $1',
    [file.sha256],
  );
  return {
    priceRows: new Map(prices.map((row) => [row.d, Number(row.n)])),
    dateCounts: new Map(counts.map((row) => [row.d, Number(row.n)])),
    uploadRecords: Number(records[0]?.n ?? 0),
  };
}

/** 'present' (all rows, counts and `records` upload records), 'absent' (nothing), or what is wrong. */
function classify(state: FileState, file: UploadFile): 'present' | 'absent' | string {
  const expected = [...file.rowsPerDate.entries()].sort();
  const same = (actual: Map<string, number>) =>
    JSON.stringify([...actual.entries()].sort()) === JSON.stringify(expected);
  if (state.priceRows.size === 0 && state.dateCounts.size === 0 && state.uploadRecords === 0) return 'absent';
  if (same(state.priceRows) && same(state.dateCounts) && state.uploadRecords >= 1) return 'present';
  return `partial: prices ${JSON.stringify([...state.priceRows])}, date counts ${JSON.stringify([...state.dateCounts])}, upload records ${state.uploadRecords}`;
}

interface UploadAnswer {
  status: number;
  body: {
    rowsInFile?: number;
    inserted?: number;
    unchanged?: number;
    updated?: number;
    listenersMs?: number;
    message?: string;
  };
}

/**
 * Kill delays after the request starts. An answer takes `uploadMs`: receiving and checking the
 * file, the transaction, then `listenersMs` of other areas refreshing after the commit (trend
 * lists). Two thirds of the runs are spread from 0 to 1.1× the time before the commit (so several
 * land in the transaction and around the commit), the rest inside the listeners' part.
 */
function killDelays(runs: number, uploadMs: number, listenersMs: number): number[] {
  const beforeCommitMs = Math.max(50, uploadMs - listenersMs);
  const early = Math.ceil((runs * 2) / 3);
  return Array.from({ length: runs }, (_, index) =>
    Math.round(
      index < early
        ? (index / Math.max(1, early - 1)) * 1.1 * beforeCommitMs
        : beforeCommitMs + ((index - early + 1) / (runs - early + 1)) * listenersMs,
    ),
  );
}

async function upload(apiUrl: string, token: string, file: UploadFile): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('file', new Blob([file.bytes]), file.name);
  const response = await fetch(`${apiUrl}/insight/staff/uploads/stock-prices`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as UploadAnswer['body'] };
}

interface RunRecord {
  run: number;
  trigger: string;
  /** What the upload's database session was doing when the signal went (PostgreSQL runs). */
  stageAtKill: string;
  answeredBeforeKill: boolean;
  after: string;
  /** Where the run's time went: the kill (signal to exit), the restart, the re-upload with its checks. */
  ms: { kill: number; restart: number; reupload: number };
}

/** Re-uploads a file after the crash; it must succeed and leave the file fully present. */
async function reupload(apiUrl: string, token: string, file: UploadFile, before: 'present' | 'absent'): Promise<void> {
  const answer = await upload(apiUrl, token, file);
  expect(answer.status, answer.body.message).toBe(200);
  expect(answer.body.rowsInFile).toBe(file.rows);
  // nothing of an absent file was there (all new); a present file was there whole (all unchanged)
  if (before === 'absent') expect(answer.body.inserted).toBe(file.rows);
  else
    expect({ unchanged: answer.body.unchanged, updated: answer.body.updated, inserted: answer.body.inserted }).toEqual({
      unchanged: file.rows,
      updated: 0,
      inserted: 0,
    });
}

function printRuns(engine: string, runs: RunRecord[]): void {
  const lines = runs.map(
    (r) =>
      `  ${String(r.run).padStart(2)}  ${r.trigger.padEnd(26)} ${r.stageAtKill.slice(0, 44).padEnd(44)} ${(r.answeredBeforeKill ? 'answered' : 'cut').padEnd(9)} ${r.after.padEnd(8)} ${r.ms.kill} / ${r.ms.restart} / ${r.ms.reupload}`,
  );
  console.log(
    `SIGKILL during uploads on ${engine}:\n  run trigger                    stage at kill                                request   after    ms: kill / restart / re-upload\n${lines.join('\n')}`,
  );
}

describe('SIGKILL during a price upload', () => {
  let server: PostgresServer | undefined;
  let api: ServiceProcess | undefined;
  let monitor: pg.Client | undefined;
  afterAll(async () => {
    api?.kill('SIGKILL');
    await monitor?.end().catch(() => undefined);
    server?.stop();
  });

  it(`on PostgreSQL: every file is fully present or fully absent after a restart, and re-uploads succeed (${TIMED_RUNS + COPY_RUNS} runs)`, async () => {
    server = await postgres();
    // one data directory for every restart (the API keeps little there on PostgreSQL), removed at the end
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-faults-'));
    onTestFinished(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATABASE_URL: server.url('postgres'), DATA_DIR: dataDir };
    api = await startApi(env);
    monitor = new pg.Client({ connectionString: server.url('postgres') });
    await monitor.connect();
    const query: Query = async <T>(text: string, params: unknown[] = []) =>
      (await monitor!.query(text, params)).rows as T[];

    const groups = dayGroups([
      DAYS_PER_TIMED_FILE,
      ...Array<number>(TIMED_RUNS).fill(DAYS_PER_TIMED_FILE),
      ...Array<number>(COPY_RUNS).fill(DAYS_PER_COPY_FILE),
    ]);
    const files = groups.map((days, index) => multiDayFile(`bhavcopy-${index}-${days.length}-days.csv`, days));

    // calibration: how long an undisturbed upload of the same size takes here (and data already in the table)
    // one login for all the restarts: sessions are rows in the database and JWT_SECRET is fixed, so the token
    // outlives every kill (a production-cost scrypt per restart was a quarter of each run)
    const token = await login(api.url, 'staff', 'Staff@123');
    const calibrationStarted = Date.now();
    const calibration = await upload(api.url, token, files[0]!);
    const uploadMs = Date.now() - calibrationStarted;
    expect(calibration.status).toBe(200);
    const delays = killDelays(TIMED_RUNS, uploadMs, calibration.body.listenersMs ?? 0);
    console.log(
      `PostgreSQL calibration: ${files[0]!.rows} rows answered in ${uploadMs} ms, of which ${calibration.body.listenersMs} ms after the commit`,
    );
    expect(classify(await fileState(query, files[0]!), files[0]!)).toBe('present');

    /** What the API's open transaction is running (the upload's session), for the record. */
    const uploadSession = async (): Promise<string> => {
      const rows = await query<{ state: string; q: string }>(
        `SELECT state, left(regexp_replace(query, '\\s+', ' ', 'g'), 28) AS q FROM pg_stat_activity
          WHERE backend_type = 'client backend' AND pid <> pg_backend_pid() AND xact_start IS NOT NULL ORDER BY xact_start LIMIT 1`,
      );
      return rows[0] ? `${rows[0].state}: ${rows[0].q}` : 'no transaction open';
    };

    const runs: RunRecord[] = [];
    for (let run = 1; run < files.length; run++) {
      const file = files[run]!;
      const copyRun = run > TIMED_RUNS;
      let answered = false;
      const apiUrl = api.url;
      const send = () =>
        upload(apiUrl, token, file).then(
          () => (answered = true),
          () => false,
        );
      let pending = send();
      let trigger: string;
      let stageAtKill: string;
      if (!copyRun) {
        const delay = delays[run - 1]!;
        trigger = `after ${delay} ms`;
        await new Promise((resolve) => setTimeout(resolve, delay));
        stageAtKill = await uploadSession();
      } else {
        // poll until the COPY into stock_prices is running, then kill at once or a little later
        const extraMs = MID_COPY_EXTRA_MS[run - TIMED_RUNS - 1] ?? 0;
        trigger = `mid-COPY +${extraMs} ms`;
        const deadline = Date.now() + 30_000;
        for (;;) {
          stageAtKill = await uploadSession();
          if (/COPY stock_prices/.test(stageAtKill) && stageAtKill.startsWith('active')) break;
          if (Date.now() > deadline) throw new Error(`run ${run}: the COPY was never seen (last: ${stageAtKill})`);
          // the COPY ran between two polls and the upload has answered: send the same file again (it replaces
          // the same day's rows) and watch for its COPY
          if (answered) {
            answered = false;
            pending = send();
          }
        }
        if (extraMs > 0) {
          await new Promise((resolve) => setTimeout(resolve, extraMs));
          stageAtKill = await uploadSession();
        }
      }
      const killed = Date.now();
      api.kill('SIGKILL');
      await api.exited();
      const answeredBeforeKill = await pending;

      const restarted = Date.now();
      api = await startApi(env);
      const reuploaded = Date.now();
      const after = classify(await fileState(query, file), file);
      expect(['present', 'absent'], `run ${run} (${trigger}, ${stageAtKill})`).toContain(after);
      // an answered upload was committed: it must have survived
      if (answeredBeforeKill) expect(after).toBe('present');
      await reupload(api.url, token, file, after as 'present' | 'absent');
      expect(classify(await fileState(query, file), file)).toBe('present');
      const ms = { kill: restarted - killed, restart: reuploaded - restarted, reupload: Date.now() - reuploaded };
      runs.push({ run, trigger, stageAtKill, answeredBeforeKill, after, ms });
    }
    printRuns('PostgreSQL', runs);

    // every file is present once it was re-uploaded, and nothing else is in the price table
    const allDates = new Map(files.flatMap((file) => [...file.rowsPerDate.entries()]));
    const totals = await query<{ n: number }>('SELECT count(*)::int AS n FROM stock_prices');
    expect(Number(totals[0]!.n)).toBe([...allDates.values()].reduce((sum, n) => sum + n, 0));
    for (const file of files) expect(classify(await fileState(query, file), file)).toBe('present');
    // the runs covered the points they were meant to: some cut before the commit, the COPY runs mid-COPY
    expect(runs.filter((r) => r.after === 'absent').length).toBeGreaterThanOrEqual(COPY_RUNS);
    expect(
      runs.filter((r) => r.trigger.startsWith('mid-COPY') && /COPY stock_prices/.test(r.stageAtKill)).length,
    ).toBeGreaterThanOrEqual(COPY_RUNS / 2);
    // this test's last API process ends here (the PGlite test reuses the variable)
    api.kill('SIGKILL');
    await api.exited();
    api = undefined;
  }, 900_000);

  it.skipIf(PGLITE_RUNS === 0)(
    `on PGlite: every file is fully present or fully absent after a restart, and re-uploads succeed (${PGLITE_RUNS} runs)`,
    async () => {
      // the PostgreSQL test's API, if it stopped half-way
      api?.kill('SIGKILL');
      api = undefined;
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-faults-pglite-'));
      const env = { DATA_DIR: dataDir };
      /** Opens the API's data directory in this process (the API is down), runs `work`, closes it. */
      const withDatabase = async <T>(work: (query: Query) => Promise<T>): Promise<T> => {
        const db = new PGlite(path.join(dataDir, 'pglite'));
        try {
          return await work(async <R>(text: string, params: unknown[] = []) => (await db.query<R>(text, params)).rows);
        } finally {
          await db.close();
        }
      };
      // after the PostgreSQL runs' dates, so the two tests never share a file
      const offset = DAYS_PER_TIMED_FILE * (TIMED_RUNS + 1) + DAYS_PER_COPY_FILE * COPY_RUNS;
      const groups = dayGroups([offset, ...Array<number>(PGLITE_RUNS + 1).fill(DAYS_PER_PGLITE_FILE)]).slice(1);
      const files = groups.map((days, index) => multiDayFile(`bhavcopy-pglite-${index}.csv`, days));
      try {
        api = await startApi(env);
        // one login for all the restarts, as on PostgreSQL (the session is a row in the data directory)
        const token = await login(api.url, 'staff', 'Staff@123');
        const calibrationStarted = Date.now();
        const calibration = await upload(api.url, token, files[0]!);
        expect(calibration.status).toBe(200);
        const uploadMs = Date.now() - calibrationStarted;
        const delays = killDelays(PGLITE_RUNS, uploadMs, calibration.body.listenersMs ?? 0);
        console.log(
          `PGlite calibration: ${files[0]!.rows} rows answered in ${uploadMs} ms, of which ${calibration.body.listenersMs} ms after the commit`,
        );

        const runs: RunRecord[] = [];
        for (let run = 1; run < files.length; run++) {
          const file = files[run]!;
          const pending = upload(api.url, token, file).then(
            () => true,
            () => false,
          );
          const delay = delays[run - 1]!;
          await new Promise((resolve) => setTimeout(resolve, delay));
          const killed = Date.now();
          api.kill('SIGKILL');
          await api.exited();
          const answeredBeforeKill = await pending;
          const after = await withDatabase(async (query) => classify(await fileState(query, file), file));
          expect(['present', 'absent'], `run ${run} after ${delay} ms`).toContain(after);
          if (answeredBeforeKill) expect(after).toBe('present');
          const restarted = Date.now();
          api = await startApi(env);
          const reuploaded = Date.now();
          await reupload(api.url, token, file, after as 'present' | 'absent');
          // the PGlite check (opening the data directory in this process) counts with the kill
          const ms = { kill: restarted - killed, restart: reuploaded - restarted, reupload: Date.now() - reuploaded };
          runs.push({ run, trigger: `after ${delay} ms`, stageAtKill: '-', answeredBeforeKill, after, ms });
        }
        api.kill('SIGTERM');
        await api.exited();
        api = undefined;
        printRuns('PGlite', runs);
        const states = await withDatabase(async (query) =>
          Promise.all(files.map(async (file) => classify(await fileState(query, file), file))),
        );
        expect(states).toEqual(files.map(() => 'present'));
      } finally {
        api?.kill('SIGKILL');
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    300_000,
  );
});
