// `npm run bench`: every `bench:<area>` script of the root package.json (bench/<area>/), one after
// another (each starts the built servers and measures against a baseline taken in the same run, so
// they must not run in parallel on 2 cores). `npm run bench -- analysis portfolio` runs some.
// Prints each area's figures; exits non-zero when any benchmark reports a missed target.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scripts = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts ?? {};
const benches = Object.keys(scripts)
  .filter((name) => name.startsWith('bench:'))
  .sort();
const only = process.argv.slice(2);
const results = [];
for (const name of benches) {
  if (only.length > 0 && !only.includes(name.slice('bench:'.length))) continue;
  console.log(`\n=== ${name}`);
  const result = spawnSync('npm', ['run', '--silent', name], { cwd: root, stdio: 'inherit' });
  results.push({ name, ok: result.status === 0 });
}
console.log('\n=== benchmarks');
for (const { name, ok } of results) console.log(`${ok ? 'ok    ' : 'MISSED'} ${name}`);
if (results.some((r) => !r.ok)) process.exitCode = 1;
