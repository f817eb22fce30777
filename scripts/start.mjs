// `npm start`: builds what is out of date, then runs the REST API and the BFF (which serves the
// web app) together, on the embedded database unless DATABASE_URL is set.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT, buildIsCurrent } from './lib/build-state.mjs';

const apiPort = process.env.API_PORT || '8080';
const webPort = process.env.PORT || '4000';
const apiBase = `http://127.0.0.1:${apiPort}`;

if (!buildIsCurrent()) {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const children = [];
let stopping = false;

function run(name, script, env) {
  const child = spawn(process.execPath, [path.join(ROOT, script)], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[start] ${name} stopped (${signal ?? code}); stopping the rest`);
    stop(code ?? 1);
  });
  children.push(child);
  return child;
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  const timer = setTimeout(() => process.exit(code), 30_000);
  timer.unref();
  Promise.all(
    children.map(
      (child) => new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve))),
    ),
  ).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function waitFor(url, label, timeoutMs) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (stopping) return false;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.error(`[start] ${label} did not answer at ${url} within ${timeoutMs / 1000} s`);
  return false;
}

console.log(
  `[start] starting the REST API on port ${apiPort} (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite in ' + (process.env.DATA_DIR || '.data')})…`,
);
run('api', 'api/dist/server.js', { API_PORT: apiPort });
run('bff', 'bff/dist/server.js', {
  PORT: webPort,
  REST_API_URL: process.env.REST_API_URL || `${apiBase}/api`,
  INSIGHT_API_URL: process.env.INSIGHT_API_URL || `${apiBase}/insight`,
});

const webUp = await waitFor(`http://127.0.0.1:${webPort}/healthz`, 'the web app', 60_000);
const apiUp = webUp && (await waitFor(`${apiBase}/ready`, 'the REST API', 600_000));
if (webUp && apiUp) {
  const production = process.env.NODE_ENV === 'production';
  // production serves neither unless asked (docs/decisions.md#no-explorers-in-production)
  const flag = (value, fallback) => (value ? ['1', 'true', 'yes'].includes(value) : fallback);
  const explorer = flag(process.env.GRAPHQL_EXPLORER, !production);
  const docs = flag(process.env.API_DOCS, !production);
  console.log(`
  Bazaar Insight is running: http://localhost:${webPort}/
    GraphQL:        http://localhost:${webPort}/graphql${explorer ? ' (explorer in a browser)' : ''}
    REST API:       ${apiBase}/api${docs ? `   (OpenAPI docs: ${apiBase}/docs)` : ''}
  ${
    production
      ? ''
      : `Demo accounts (username / password):
    admin    / ${process.env.ADMIN_PASSWORD || 'Admin@123'}     administrator
    staff    / ${process.env.STAFF_PASSWORD || 'Staff@123'}     staff
    investor / ${process.env.INVESTOR_PASSWORD || 'Investor@123'}  investor
  `
  }Stop with Ctrl+C.
`);
} else if (!stopping) {
  stop(1);
}
