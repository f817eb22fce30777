// Builds everything `npm start` runs: the TypeScript packages (tsc -b) and the web app (vite).
import { spawnSync } from 'node:child_process';
import { ROOT, recordBuild } from './lib/build-state.mjs';

function step(label, command, args) {
  const started = Date.now();
  process.stdout.write(`[build] ${label}… `);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) {
    process.stdout.write('failed\n');
    process.stderr.write(result.stdout + result.stderr);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

step('compiling shared, api and bff', 'npx', ['tsc', '-b']);
step('building the web app', 'npm', ['run', 'build', '-w', '@bazaar/web', '--silent']);
recordBuild();
