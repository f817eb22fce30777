// Starts a throw-away PostgreSQL server on a free loopback port in a temporary directory
// (tests and benchmarks). Uses Debian's server binaries (/usr/lib/postgresql/<v>/bin).
// As root, the cluster runs as the `postgres` user (initdb refuses root).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export function findPostgresBin() {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return undefined;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : undefined;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function run(bin, args, options = {}) {
  const command = isRoot ? 'runuser' : bin;
  const fullArgs = isRoot ? ['-u', 'postgres', '--', bin, ...args] : args;
  const result = spawnSync(command, fullArgs, { encoding: 'utf8', ...options });
  if (result.status !== 0) {
    throw new Error(`${path.basename(bin)} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
  return result.stdout;
}

/**
 * @param {{ fast?: boolean }} options fast: no fsync (tests); otherwise PostgreSQL's defaults.
 * @returns {Promise<{ url: (db?: string) => string, port: number, dir: string, stop: () => void, restart: () => void, pid: () => number | undefined }>}
 */
export async function startPostgres(options = {}) {
  const bin = findPostgresBin();
  if (!bin)
    throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql (apt-get install -y postgresql)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-pg-'));
  const dataDir = path.join(dir, 'data');
  if (isRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  run(path.join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    '-h 127.0.0.1',
    '-c max_connections=200',
    '-c shared_buffers=256MB',
    '-c max_wal_size=2GB',
  ];
  if (options.fast !== false) settings.push('-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off');
  const start = () =>
    run(path.join(bin, 'pg_ctl'), [
      '-D',
      dataDir,
      '-o',
      settings.join(' '),
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      'start',
    ]);
  const stop = (mode = 'fast') => {
    try {
      run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', mode, '-w', 'stop']);
    } catch {
      // already stopped
    }
  };
  start();
  return {
    port,
    dir,
    url: (db = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${db}`,
    restart: () => {
      stop('fast');
      start();
    },
    stopServer: () => stop('fast'),
    startServer: () => start(),
    pid: () => {
      try {
        return Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      } catch {
        return undefined;
      }
    },
    stop: () => {
      stop('immediate');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs SQL statements on a database of a server startPostgres started (psql from the same binaries; the
 * cluster trusts loopback connections).
 * @param {string} url a database URL: server.url(db)
 * @param {string} sql
 */
export function runSql(url, sql) {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL client binaries not found under /usr/lib/postgresql');
  const result = spawnSync(path.join(bin, 'psql'), ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', url, '-c', sql], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`psql failed (${result.status}): ${result.stderr || result.stdout}`);
  return result.stdout;
}
