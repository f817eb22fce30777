/**
 * What production keeps to itself (docs/decisions.md#no-explorers-in-production and
 * #reset-links-only-by-mail-in-production): no /docs unless API_DOCS asks for it, and a
 * password reset link is never written to the log nor, without SMTP_URL, kept in the mail outbox
 * (so neither the database, its WAL nor a backup holds a working link). Outside production the
 * outbox keeps the link for developers, as the product describes.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../src/config.js';
import { createStartedApp } from '../../src/start.js';
import { WITHHELD_SECRET } from '../../src/mail/mailer.js';
import { createTestDatabase } from '../setup/test-api.js';
import { sqlRows } from '../uploads/helpers.js';
import type { DatabaseHandle } from '../../src/db/client.js';

interface Started {
  app: FastifyInstance;
  handle: DatabaseHandle;
  /** Every JSON log line the app wrote. */
  log: string[];
  close(): Promise<void>;
}

async function start(env: NodeJS.ProcessEnv): Promise<Started> {
  const handle = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-production-'));
  const config = loadConfig(
    {
      JWT_SECRET: randomBytes(48).toString('base64url'),
      INVESTOR_PASSWORD: 'Investor@123',
      DATA_DIR: dataDir,
      DEMO_DATA: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    { maxEventLoopDelayMs: Number.POSITIVE_INFINITY, maxQueueDelayMs: Number.POSITIVE_INFINITY },
  );
  const log: string[] = [];
  const app = await createStartedApp({ config, handle, logger: { write: (line) => void log.push(line) } });
  return {
    app,
    handle,
    log,
    close: async () => {
      await app.close();
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Asks for a reset link for the investor and waits until its mail is in the outbox. */
async function outboxMailAfterForgotPassword(started: Started): Promise<string> {
  const answer = await started.app.inject({
    method: 'POST',
    url: '/api/public/forgot-password?UsernameOrEmail=investor',
  });
  expect(answer.statusCode, answer.body).toBe(200);
  // the mail may be made after the answer has left: poll for it (bounded)
  const deadline = Date.now() + 30_000;
  for (;;) {
    const rows = await sqlRows<{ body: string }>(
      started.handle,
      `SELECT body FROM mail_outbox ORDER BY id DESC LIMIT 1`,
    );
    if (rows[0]) return rows[0].body;
    if (Date.now() > deadline) throw new Error('no mail reached the outbox within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('production', () => {
  let production: Started;
  beforeAll(async () => {
    production = await start({ NODE_ENV: 'production' });
  });
  afterAll(async () => production.close());

  it('serves no /docs', async () => {
    for (const url of ['/docs', '/docs/', '/docs/json', '/docs/static/index.html']) {
      const answer = await production.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body).not.toMatch(/swagger|openapi/i);
    }
  });

  it('neither logs nor keeps a reset link without SMTP_URL, and warns at start', async () => {
    const body = await outboxMailAfterForgotPassword(production);
    expect(body).toContain(WITHHELD_SECRET);
    expect(body).not.toMatch(/token=/);
    const log = production.log.join('');
    expect(log).toContain('mail kept in the outbox');
    expect(log).not.toMatch(/change-password\?token=|token=[A-Za-z0-9_-]{20,}/);
    expect(log).toContain('SMTP_URL is not set');
    // no row of the outbox holds a link
    const rows = await sqlRows<{ text: string }>(
      production.handle,
      `SELECT string_agg(body, '') AS text FROM mail_outbox`,
    );
    expect(rows[0]?.text ?? '').not.toMatch(/change-password\?token=/);
  });

  it('serves /docs when API_DOCS=1 asks for it', async () => {
    const documented = await start({ NODE_ENV: 'production', API_DOCS: '1' });
    try {
      expect((await documented.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
    } finally {
      await documented.close();
    }
  });
});

describe('development', () => {
  let development: Started;
  beforeAll(async () => {
    development = await start({ NODE_ENV: 'development' });
  });
  afterAll(async () => development.close());

  it('keeps the reset link in the outbox and the log for developers, and serves /docs', async () => {
    const body = await outboxMailAfterForgotPassword(development);
    expect(body).toMatch(/\/change-password\?token=[A-Za-z0-9_-]{20,}/);
    expect(development.log.join('')).toMatch(/change-password\?token=/);
    expect((await development.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
  });
});
