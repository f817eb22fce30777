/**
 * The embedded database's files are the owner's only: the data directory the API creates and every
 * directory in it 0700, every file 0600 (at most: no group or other bits), whatever the umask.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startApi } from '../faults/harness.js';
import { MODES, modeEnv, type ServiceProcess } from './harness.js';

/** Every path under `root` (itself included) whose mode lets the group or others in. */
function openToOthers(root: string): string[] {
  const found: string[] = [];
  const walk = (target: string) => {
    const stat = fs.lstatSync(target);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0)
      found.push(`${path.relative(root, target) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(target)) walk(path.join(target, name));
  };
  walk(root);
  return found;
}

describe.each(MODES)('file modes of the data directory (%s)', (mode) => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-security-modes-'));
  let api: ServiceProcess | undefined;
  afterAll(async () => {
    api?.kill('SIGKILL');
    await api?.exited();
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it('creates the directory 0700 and its files 0600', async () => {
    // a directory the API creates itself, as on a first `npm start`
    const dataDir = path.join(parent, 'data');
    api = await startApi({ ...modeEnv(mode), DATA_DIR: dataDir, DEMO_DATA: '0' });
    // a write after the start (a sign-up), so files made later are covered too
    const signup = await fetch(`${api.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        user: { firstName: 'Mo', lastName: 'De', username: 'modes', email: 'modes@example.com', password: 'Modes@123' },
      }),
    });
    expect(signup.status).toBeLessThan(300);
    api.kill('SIGTERM');
    expect(await api.exited()).toBe(0);
    api = undefined;

    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    const files = fs.readdirSync(dataDir, { recursive: true });
    expect(files.length).toBeGreaterThan(10);
    expect(openToOthers(dataDir)).toEqual([]);
  });
});
