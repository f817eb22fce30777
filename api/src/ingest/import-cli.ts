/**
 * `npm run import -- <folder-or-zip-or-file>...` (docs/product/uploads.md#import-command): loads stock-price
 * files from disk into the configured database (DATABASE_URL, else the PGlite under DATA_DIR, as
 * the app uses them) through the same code as the batch upload: date order, each file its own
 * transaction, files already loaded skipped by SHA-256, one analysis refresh at the end. Safe to
 * run again after an interruption: what committed stays, the rest loads on the next run.
 *
 * Folders are read recursively (hidden files skipped); a .zip stands for its members (a zip of
 * NSE's daily zips too). Exit status: 0 when every file loaded or was already loaded, 1 when a
 * file was refused, 2 on a usage error. Stop the app first when it uses PGlite: one process at a
 * time may open its data directory.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { UploadBatchFileDto } from '@bazaar/shared/contract';
import { loadConfig } from '../config.js';
import { createStartedApp } from '../start.js';
import { isAnalysisCurrent } from '../db/queries/market/analysis-state.js';
import { ensureAnalysisCurrent } from '../market/analysis-refresh.js';
import { AppError } from '../errors.js';
import { uploadStockPriceBatch, type BatchSource } from './batch.js';
import { isFileArchive, unzipFiles, type ZipLimits, type ZipMember } from '../files/zip.js';
import { uploadLimits, type UploadEnvironment } from './index.js';
import { formatCount } from './values.js';

const USAGE = 'Usage: npm run import -- <folder-or-zip-or-file>...';

/** The files under a folder, recursively, by path; hidden files and folders skipped. */
function walk(folder: string): string[] {
  return fs
    .readdirSync(folder, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.'))
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) return walk(full);
      return entry.isFile() ? [full] : [];
    });
}

/**
 * Sources for the files on disk, read when their turn comes. An archive is listed once (its
 * members' names), then inflated again when its first member is loaded and kept until another
 * archive is needed: members of one archive load one after another in date order.
 */
function sourcesOf(files: string[], limits: ZipLimits): BatchSource[] {
  let open: { file: string; members: ZipMember[] } | undefined;
  const membersOf = (file: string) => {
    if (open?.file !== file) open = { file, members: unzipFiles(path.basename(file), fs.readFileSync(file), limits) };
    return open.members;
  };
  return files.flatMap((file): BatchSource[] => {
    const name = path.basename(file);
    const lazy = { name, archive: null, read: () => fs.promises.readFile(file) };
    if (!/\.zip$/i.test(name)) return [lazy];
    const bytes = fs.readFileSync(file);
    if (!isFileArchive(bytes)) return [lazy];
    try {
      const names = unzipFiles(name, bytes, limits).map((member) => member.name);
      return names.map((member, index) => ({ name: member, archive: name, read: () => membersOf(file)[index]!.bytes }));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return [
        {
          name,
          archive: null,
          read: () => {
            throw error;
          },
        },
      ];
    }
  });
}

function describe(file: UploadBatchFileDto): string {
  const where = file.archive ? `${file.archive} › ${file.file}` : file.file;
  const date = (file.date ?? '—').padEnd(10);
  if (file.status === 'ok') return `loaded   ${date}  ${where}: ${file.message}`;
  if (file.status === 'skipped') return `skipped  ${date}  ${where}: ${file.reason}`;
  return `REFUSED  ${date}  ${where}: ${file.reason}`;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  if (args.length === 0 || args.includes('--help') || args.includes('-h')) {
    console.error(USAGE);
    return 2;
  }
  // npm runs scripts from the repository's root: paths are the caller's, relative to where npm was run
  const base = process.env.INIT_CWD ?? process.cwd();
  const files: string[] = [];
  for (const arg of args) {
    const full = path.resolve(base, arg);
    if (!fs.existsSync(full)) {
      console.error(`No such file or folder: ${arg}\n${USAGE}`);
      return 2;
    }
    files.push(...(fs.statSync(full).isDirectory() ? walk(full) : [full]));
  }

  const config = loadConfig();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  const app = await createStartedApp({ config, logger: false, seed: false });
  try {
    const limits = uploadLimits(app);
    const sources = sourcesOf(files, {
      maxEntries: limits.uploadMaxArchiveEntries,
      maxUncompressedBytes: limits.uploadMaxUncompressedBytes,
    });
    console.log(`Importing ${formatCount(sources.length)} files into ${where}…`);
    // an earlier run that stopped half way loaded files it never refreshed for: then the whole
    // analysis is recomputed once at the end instead of refreshing for this run's dates only
    const staleBefore = !(await isAnalysisCurrent(app.db));
    const environment: UploadEnvironment = staleBefore
      ? { dbHandle: app.dbHandle, config: app.config, log: app.log }
      : app;
    const width = String(sources.length).length;
    const result = await uploadStockPriceBatch(
      environment,
      sources,
      { id: null, username: 'import' },
      {
        onFile: (file, position, total) =>
          console.log(`[${String(position).padStart(width)}/${total}] ${describe(file)}`),
      },
    );
    let refreshMs = result.listenersMs;
    if (staleBefore) {
      const started = performance.now();
      await ensureAnalysisCurrent(app);
      refreshMs = Math.round(performance.now() - started);
    }
    console.log(result.message);
    if (result.loaded === 0 && result.refused === 0)
      console.log(`Nothing to load: all ${formatCount(result.skipped)} files were already loaded.`);
    if (result.dates.length > 0)
      console.log(
        `Prices changed for ${formatCount(result.dates.length)} dates from ${result.dates[0]} to ${result.dates[result.dates.length - 1]}.`,
      );
    if (result.dates.length > 0 || staleBefore)
      console.log(`Analysis refreshed once (${(refreshMs / 1000).toFixed(1)} s).`);
    console.log(`Done in ${(result.durationMs / 1000).toFixed(1)} s.`);
    return result.refused > 0 ? 1 : 0;
  } finally {
    await app.close();
  }
}

process.exitCode = await main();
