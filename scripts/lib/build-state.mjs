// Decides whether the compiled output is older than the sources, so `npm start` builds only
// when needed. The stamp is a hash of the source files' paths, sizes and modification times.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const SOURCES = [
  'shared/src',
  'api/src',
  'api/drizzle',
  'bff/src',
  'web/src',
  'web/index.html',
  'web/public',
  'web/vite.config.ts',
  'schema',
  'package-lock.json',
];
const OUTPUTS = ['shared/dist/index.js', 'api/dist/server.js', 'bff/dist/server.js', 'web/dist/index.html'];
const STAMP = path.join(ROOT, 'node_modules/.cache/bazaar-build-stamp');

function walk(target, hash) {
  if (!fs.existsSync(target)) return;
  const stat = fs.statSync(target);
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(target).sort()) {
      if (name === 'node_modules' || name === 'dist') continue;
      walk(path.join(target, name), hash);
    }
  } else {
    hash.update(`${path.relative(ROOT, target)}:${stat.size}:${stat.mtimeMs}\n`);
  }
}

export function sourceStamp() {
  const hash = createHash('sha256');
  for (const source of SOURCES) walk(path.join(ROOT, source), hash);
  return hash.digest('hex');
}

export function buildIsCurrent() {
  if (!OUTPUTS.every((output) => fs.existsSync(path.join(ROOT, output)))) return false;
  try {
    return fs.readFileSync(STAMP, 'utf8') === sourceStamp();
  } catch {
    return false;
  }
}

export function recordBuild() {
  fs.mkdirSync(path.dirname(STAMP), { recursive: true });
  fs.writeFileSync(STAMP, sourceStamp());
}
