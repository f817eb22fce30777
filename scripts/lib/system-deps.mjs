// Makes sure the system packages the test suite needs are present: Debian's chromium-headless-shell (browser
// tests) and postgresql (API tests on a real server). Installs them with apt-get when running as
// root; otherwise says clearly what is missing and how to install it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { findPostgresBin } from './postgres.mjs';

/**
 * The browser of the e2e and fault tests: Chromium's headless shell (the Debian package of that name), the
 * browser Playwright itself runs headless tests in. It renders pages as Chromium does without the full browser
 * around them; the whole e2e step took a third less CPU in it than in /usr/bin/chromium (469 against 697 CPU
 * seconds: the browsers 216 against ~400), on two cores where the suite is bound by CPU
 * (docs/engineering.md#test-suite). CHROMIUM_PATH chooses another.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';
const CHROMIUM_PACKAGE = CHROMIUM_PATH.endsWith('chromium-headless-shell') ? 'chromium-headless-shell' : 'chromium';

function aptInstall(packages) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(
      `Missing system packages: ${packages.join(', ')}. Install them as root:\n  apt-get update && apt-get install -y ${packages.join(' ')}`,
    );
  }
  console.log(`[deps] installing ${packages.join(', ')} from Debian packages (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status !== 0) throw new Error('apt-get update failed: cannot install ' + packages.join(', '));
  const install = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
    stdio: 'inherit',
    env,
  });
  if (install.status !== 0) throw new Error('apt-get install failed for ' + packages.join(', '));
}

export function ensureSystemDeps({ chromium = true, postgres = true } = {}) {
  const missing = [];
  if (chromium && !fs.existsSync(CHROMIUM_PATH)) missing.push(CHROMIUM_PACKAGE);
  if (postgres && !findPostgresBin()) missing.push('postgresql');
  if (missing.length > 0) aptInstall(missing);
  if (chromium && !fs.existsSync(CHROMIUM_PATH)) throw new Error(`Chromium is still missing at ${CHROMIUM_PATH}`);
  if (postgres && !findPostgresBin()) throw new Error('PostgreSQL server binaries are still missing');
}
