// `npm test`: the whole suite, in the order a failure is cheapest to find.
//   1. system packages (Debian chromium-headless-shell and postgresql; installed with apt-get when missing)
//   2. generated GraphQL types are current; lint (import boundaries) and formatting; everything type-checks
//   3. unit tests (shared, web components)
//   4. REST API tests over HTTP on a real PostgreSQL server
//   5. build, then two at a time: end-to-end tests in Chromium's headless shell against the app as `npm start`
//      runs it (on PostgreSQL); beside them, one after another, fault tests (processes killed, restarted and cut off on
//      purpose: npm run test:faults), the BFF tests against the real API, the security tests that bound no
//      one's wait and the REST tests of engine-specific code on PGlite; and once the e2e step has ended, the
//      security attacks (floods, slow bodies, hostile files) that assert other clients are still answered in time
//      (the security tests, against the started stack in development and production mode: npm run test:security)
// `node scripts/test.mjs --only api,bff` runs some steps.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './lib/build-state.mjs';
import { ensureSystemDeps } from './lib/system-deps.mjs';

const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex > 0 ? new Set(process.argv[onlyIndex + 1].split(',')) : undefined;
const wanted = (step) => !only || only.has(step);
const results = [];
const suiteStarted = Date.now();
// Each vitest step also writes a JSON report here, so that a failure's test names and messages are
// printed again in the summary: CI shows the end of the output, where the first failure would be cut.
const reportDir = mkdtempSync(path.join(os.tmpdir(), 'bazaar-test-reports-'));
process.on('exit', () => rmSync(reportDir, { recursive: true, force: true }));

/**
 * Starts one step and resolves when it ends. A vitest step also writes a JSON report, read into the
 * summary's failures. `collect`: the output is kept and returned (steps that run together) instead
 * of going straight to the terminal.
 */
function spawnStep({ label, command, args, env = {} }, { collect }) {
  const started = Date.now();
  const report = path.join(reportDir, `${reportCount++}.json`);
  const isVitest = command === 'npx' && args[0] === 'vitest';
  const fullArgs = isVitest
    ? [...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, `--reporter=${HOOK_REPORTER}`]
    : args;
  const colour = collect ? { FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } : {};
  return new Promise((resolve) => {
    const child = spawn(command, fullArgs, {
      cwd: ROOT,
      env: { ...process.env, ...colour, HOOK_ERRORS_FILE: `${report}.hooks`, ...env },
      stdio: collect ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    const finish = (status, extra = '') => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const failures = isVitest && status !== 0 ? failedTests(report) : [];
      resolve({ label, ok: status === 0, seconds, failures, status, output: output + extra });
    };
    child.on('error', (error) => finish(1, `${error.message}\n`));
    child.on('close', (code) => finish(code ?? 1));
  });
}
let reportCount = 0;
const HOOK_REPORTER = path.join(ROOT, 'scripts/lib/hook-errors-reporter.mjs');

/** Stops the run after failed steps: the summary, then each failed step's name. */
function stopIfFailed(outcomes) {
  const failed = outcomes.filter((outcome) => !outcome.ok);
  if (failed.length === 0) return;
  summary();
  for (const outcome of failed) console.error(`\nFAILED: ${outcome.label}`);
  process.exit(failed[0].status || 1);
}

/** Runs one step with its output going straight to the terminal. */
async function run(step, label, command, args, env = {}) {
  if (!wanted(step)) return;
  console.log(`\n=== ${label}`);
  const {
    status: _status,
    output: _output,
    ...result
  } = await spawnStep({ label, command, args, env }, { collect: false });
  results.push(result);
  stopIfFailed([result]);
}

/**
 * Runs independent steps `width` at a time: the static checks (each one single-threaded, on two
 * cores), and the tests of the started app (e2e, security, faults), which mostly wait on pages and
 * on their services' starts, kills and timers. Each step's output is printed whole when it ends, so
 * outputs never interleave; the summary keeps the order given. After a failure the others still finish (their findings are
 * useful too), then the run stops as `run` does.
 */
async function runTogether(jobs, width = 2) {
  const wantedJobs = jobs.filter((job) => wanted(job.step));
  if (wantedJobs.length === 0) return;
  console.log(`\n=== ${wantedJobs.map((job) => job.label).join('; ')} (${width} at a time)`);
  const outcomes = new Array(wantedJobs.length);
  // a job with `after: step` starts once every job of that step has ended (or at once when none was wanted)
  const ended = (step) => Promise.all(wantedJobs.map((job, index) => (job.step === step ? finished[index] : null)));
  const finishers = [];
  const finished = wantedJobs.map((_, index) => new Promise((resolve) => (finishers[index] = resolve)));
  let next = 0;
  const worker = async () => {
    while (next < wantedJobs.length) {
      const index = next++;
      if (wantedJobs[index].after) await ended(wantedJobs[index].after);
      const outcome = await spawnStep(wantedJobs[index], { collect: true });
      finishers[index]();
      console.log(`\n=== ${outcome.label} (${outcome.ok ? 'ok' : 'FAILED'}, ${outcome.seconds} s)`);
      const { output } = outcome;
      if (output.trim() !== '') process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      outcomes[index] = outcome;
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, wantedJobs.length) }, worker));
  for (const { status: _status, output: _output, ...result } of outcomes) results.push(result);
  stopIfFailed(outcomes);
}

function summary() {
  console.log('\n=== summary');
  for (const r of results) {
    console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.label} (${r.seconds} s)`);
    for (const failure of r.failures) console.log(`     ✗ ${failure}`);
  }
  const total = Math.round((Date.now() - suiteStarted) / 1000);
  console.log(`total ${Math.floor(total / 60)} min ${total % 60} s (${total} s, system packages included)`);
}

/** The failed tests of a vitest JSON report: file › name, and the first lines of the first failure message. */
function failedTests(report) {
  if (!existsSync(report)) return [];
  try {
    const { testResults } = JSON.parse(readFileSync(report, 'utf8'));
    return testResults.flatMap((file) => {
      const name = path.relative(ROOT, file.name);
      const failed = file.assertionResults.filter((test) => test.status === 'failed');
      if (failed.length === 0 && file.status === 'failed')
        return [`${name}: ${firstLines(file.message || hookErrors(report, file.name))}`];
      return failed.map((test) => `${name} › ${test.fullName}: ${firstLines(test.failureMessages[0])}`);
    });
  } catch (error) {
    return [`(the JSON report could not be read: ${error.message})`];
  }
}

/** A file's suite errors (hooks that threw or timed out) from hook-errors-reporter.mjs, in words. */
function hookErrors(report, file) {
  try {
    const errors = JSON.parse(readFileSync(`${report}.hooks`, 'utf8')).filter((error) => error.file === file);
    if (errors.length > 0) return errors.map((error) => `(${error.where}) ${error.message}`).join('\n');
  } catch {
    // no hooks report: the message below
  }
  return 'a hook failed (beforeAll or afterAll): its error is in the step output';
}

const firstLines = (text = '') => text.split('\n').slice(0, 6).join('\n       ');

const vitest = (config) => ['vitest', 'run', '--config', config];
const vitestJob = (config) => ({ command: 'npx', args: vitest(config) });

if (wanted('deps')) {
  console.log('=== system packages (chromium-headless-shell, postgresql)');
  try {
    // PostgreSQL: the REST, BFF and e2e tests, the fault tests and the security suite's two-instance test
    ensureSystemDeps({
      chromium: !only || only.has('e2e'),
      postgres: !only || ['api', 'bff', 'e2e', 'faults', 'security'].some((step) => only.has(step)),
    });
  } catch (error) {
    console.error(`\n${error.message}`);
    process.exit(1);
  }
}
await run('codegen', 'GraphQL codegen is current', process.execPath, [path.join(ROOT, 'scripts/codegen-check.mjs')]);
// the static checks are independent of each other: two at a time, the longest first. Projects with
// the same compiler options are one program each (scripts/typecheck/README.md): their shared files
// (the API's sources) are checked once instead of three times.
const tsc = (...args) => ({ command: 'npx', args: ['tsc', ...args] });
await runTogether([
  {
    step: 'typecheck',
    label: 'type-check api and bff tests, repository checks',
    ...tsc('-p', 'scripts/typecheck/node-tests.json'),
  },
  { step: 'typecheck', label: 'type-check web', ...tsc('-p', 'web/tsconfig.json', '--noEmit') },
  { step: 'typecheck', label: 'type-check (tsc -b: shared, api, bff)', ...tsc('-b') },
  {
    step: 'typecheck',
    label: 'type-check fault and security tests, benchmarks',
    ...tsc('-p', 'scripts/typecheck/process-tests.json'),
  },
  {
    step: 'lint',
    label: 'lint (ESLint: import boundaries, typescript-eslint)',
    command: 'npx',
    args: ['eslint', '--cache', '--cache-location', 'node_modules/.cache/eslint/', '.'],
  },
  { step: 'lint', label: 'formatting (Prettier)', command: 'npx', args: ['prettier', '--check', '.'] },
]);
// The unit test files of a package share their worker's loaded modules (--no-isolate: loading them again
// per file was most of these steps, shared 11 -> 4 s, web 50 -> 25 s), except the web files that replace a
// module (vi.mock): a replaced module would stay replaced for the files after them, so they run apart, isolated.
const webTests = readdirSync(path.join(ROOT, 'web/src'), { recursive: true })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => path.join('src', file));
const webTestsReplacingModules = webTests.filter((file) =>
  /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(ROOT, 'web', file), 'utf8')),
);
// vitest runs a step's files in one worker on two cores (its default: a core fewer than the machine has), so the unit
// steps run two at a time, the longest first: one after another they left a core idle for 46 s
await runTogether([
  ...(webTestsReplacingModules.length > 0
    ? [
        {
          step: 'unit',
          label: 'web component tests that replace modules (isolated)',
          command: 'npx',
          args: [...vitest('web/vitest.config.ts'), ...webTestsReplacingModules],
        },
      ]
    : []),
  {
    step: 'unit',
    label: 'web component tests',
    command: 'npx',
    args: [
      ...vitest('web/vitest.config.ts'),
      '--no-isolate',
      ...webTestsReplacingModules.flatMap((file) => ['--exclude', file]),
    ],
  },
  {
    step: 'unit',
    label: 'shared unit tests',
    command: 'npx',
    args: [...vitest('shared/vitest.config.ts'), '--no-isolate'],
  },
  { step: 'unit', label: 'repository checks (Docker, compose, docs)', ...vitestJob('scripts/checks/vitest.config.ts') },
]);
// The whole REST suite runs on PostgreSQL, production's engine. On PGlite (`npm start`'s engine, which the
// fault and security steps' stacks run on as well) the files whose code differs by engine run again: the
// ingest pipeline (COPY or inserts, statistics, the import command), tradebook imports (the SQL session),
// the alert job's locks, admission control on the event loop, the data directory's modes, the counters'
// statements, and the real-price reads loaded through the pipeline (docs/engineering.md#test-suite).
// `TEST_DB=pglite npx vitest run --config api/vitest.config.ts` still runs every file on PGlite.
const API_TESTS_OF_ENGINE_CODE = [
  'test/uploads/',
  'test/portfolio/import',
  'test/alerts/',
  'test/routes/protection',
  'test/security/data-files',
  'test/counters/',
  'test/market/real-data',
];
await run('api', 'REST API tests on PostgreSQL', 'npx', vitest('api/vitest.config.ts'), { TEST_DB: 'postgres' });
// the end-to-end, security and fault tests start the built app as `npm start` runs it
const builtAppStep = ['e2e', 'security', 'faults'].find(wanted);
if (builtAppStep) await run(builtAppStep, 'build', process.execPath, [path.join(ROOT, 'scripts/build.mjs')]);
// Two at a time, each on its own free ports and temporary directories: the e2e step (three files at a time, each
// with its own app and browser) starts first; beside it the fault tests, then the BFF tests and the REST tests
// of engine-specific code on PGlite, each taking the place of the step before it.
// The security attacks that bound how long other clients wait start once the e2e step has ended: they assert that
// other clients keep being answered within seconds, which beside the e2e step's browsers measured the two cores
// more than the app (a /health probe took 2.8 s); beside the BFF tests or two busy loops they hold
// (docs/engineering.md#test-suite). The security files that bound no one's wait run in the other lane, beside the
// e2e step: alone at the end, the attacks left a third of the two cores idle. A new file runs with the attacks
// until it is named here.
const SECURITY_TESTS_WITHOUT_WAIT_BOUNDS = ['file-modes', 'production', 'sessions', 'signup', 'login-throttle'].map(
  (name) => `${name}.test.ts`,
);
await runTogether([
  { step: 'e2e', label: 'end-to-end tests in Chromium', ...vitestJob('web/e2e/vitest.config.ts') },
  { step: 'faults', label: 'fault tests (restarts, kills, shutdown)', ...vitestJob('faults/vitest.config.ts') },
  // the BFF tests' API on PostgreSQL: half the CPU of the same tests on PGlite (58 against 119 s), and the engine
  // is not what they test; PGlite runs under the fault and security steps' stacks
  {
    step: 'bff',
    label: 'BFF tests against the real API (on PostgreSQL)',
    ...vitestJob('bff/vitest.config.ts'),
    env: { TEST_DB: 'postgres' },
  },
  {
    step: 'security',
    label: 'security tests that bound no wait (file modes, production mode, sessions, sign-up, login guessing)',
    command: 'npx',
    args: [...vitest('security/vitest.config.ts'), ...SECURITY_TESTS_WITHOUT_WAIT_BOUNDS],
  },
  // the REST tests of engine-specific code on PGlite run here, beside the e2e step, instead of before the build: the
  // suite is bound by the two cores' CPU, and this lane (faults, BFF) has room while the e2e step runs
  {
    step: 'api',
    label: 'REST API tests of engine-specific code on PGlite',
    command: 'npx',
    args: [...vitest('api/vitest.config.ts'), ...API_TESTS_OF_ENGINE_CODE],
    env: { TEST_DB: 'pglite' },
  },
  {
    step: 'security',
    after: 'e2e',
    label: 'security attacks that bound other clients’ waits (once the e2e step has ended)',
    command: 'npx',
    args: [
      ...vitest('security/vitest.config.ts'),
      ...SECURITY_TESTS_WITHOUT_WAIT_BOUNDS.flatMap((file) => ['--exclude', `**/${file}`]),
    ],
  },
]);
summary();
