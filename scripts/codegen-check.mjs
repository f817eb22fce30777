// Fails when the committed generated files differ from what `npm run codegen` produces now.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/build-state.mjs';

const GENERATED = ['bff/src/__generated__/resolvers-types.ts', 'web/src/__generated__/graphql.ts'];
const before = GENERATED.map((file) =>
  fs.existsSync(path.join(ROOT, file)) ? fs.readFileSync(path.join(ROOT, file), 'utf8') : '',
);
const result = spawnSync('npx', ['graphql-codegen', '--config', 'codegen.yml', '--silent'], {
  cwd: ROOT,
  encoding: 'utf8',
});
if (result.status !== 0) {
  console.error(result.stdout + result.stderr);
  console.error('codegen failed');
  process.exit(1);
}
const stale = GENERATED.filter((file, index) => fs.readFileSync(path.join(ROOT, file), 'utf8') !== before[index]);
if (stale.length > 0) {
  console.error(`Generated files were stale (now regenerated; commit them): ${stale.join(', ')}`);
  process.exit(1);
}
console.log('[codegen] generated files are current');
