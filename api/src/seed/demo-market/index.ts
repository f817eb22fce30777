/**
 * Start-up seeder of the demo market: on the first start of a database with no market data
 * (and unless DEMO_DATA=0), the generated files (generate.ts) are written under
 * DATA_DIR/demo-market/ for anyone to look at, then loaded in order through uploadFile, exactly as
 * if staff had uploaded them (each file one transaction, recorded as uploaded by "demo-data").
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { uploadFile } from '../../ingest/index.js';
import { DEMO_DATA_USERNAME, hasMarketData } from '../../db/queries/uploads/index.js';
import { generateDemoMarket, type DemoMarketOptions } from './generate.js';

export const DEMO_DATA_USER = { id: null, username: DEMO_DATA_USERNAME } as const;

/** The seeder (areaSeeders): the default demo market. */
export async function seedDemoMarket(app: FastifyInstance): Promise<void> {
  await loadDemoMarket(app);
}

/** Loads a demo market into an empty database (nothing when DEMO_DATA=0 or market data exists). */
export async function loadDemoMarket(app: FastifyInstance, options: DemoMarketOptions = {}): Promise<void> {
  if (!app.config.demoData) return;
  if (await hasMarketData(app.db)) return;
  const started = performance.now();
  const market = generateDemoMarket(options);
  const generatedMs = Math.round(performance.now() - started);
  const directory = path.join(app.config.dataDir, 'demo-market');
  try {
    fs.mkdirSync(directory, { recursive: true });
    for (const file of market.files) fs.writeFileSync(path.join(directory, file.fileName), file.content);
  } catch (error) {
    // the files are for people to look at; loading does not need them on disk
    app.log.warn({ err: error, directory }, 'could not write the demo market files');
  }
  for (const file of market.files) {
    const result = await uploadFile(
      app,
      file.uploadType,
      file.fileName,
      Buffer.from(file.content, 'utf8'),
      DEMO_DATA_USER,
    );
    app.log.info({ file: file.fileName, ms: result.durationMs }, result.message);
  }
  app.log.info(
    {
      companies: market.companies.length,
      tradingDays: market.tradingDays.length,
      generatedMs,
      totalMs: Math.round(performance.now() - started),
      directory,
    },
    'demo market loaded',
  );
}
