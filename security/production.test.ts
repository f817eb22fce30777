/**
 * What production must not do: start with a secret anyone can read (the example in
 * docker/.env.example, or one too short to be random), write a password-reset link in its log, or
 * serve the GraphQL explorer and the OpenAPI pages to the public. Development keeps the explorer
 * and /docs (checked too, so the production checks look at the right addresses).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, modeEnv, request, ROOT, runToExit, startStack, waitFor, type Stack } from './harness.js';

/** The secret docker/.env.example shipped with: published, so anyone can sign tokens with it. */
const PUBLISHED_EXAMPLE_SECRET = 'change-me-to-a-long-random-secret-of-48-chars';

/** The example secrets: the published one, and whatever the example file holds today (if anything). */
function exampleSecrets(): string[] {
  const text = fs.readFileSync(path.join(ROOT, 'docker/.env.example'), 'utf8');
  const current = /^JWT_SECRET=(.*)$/m.exec(text)?.[1]?.trim();
  return [...new Set([PUBLISHED_EXAMPLE_SECRET, ...(current ? [current] : [])])];
}

describe('the production secret', () => {
  const dataDirs: string[] = [];
  afterAll(() => {
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  const refusal = (secret: string) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-security-secret-'));
    dataDirs.push(dataDir);
    return runToExit('api/dist/server.js', {
      ...modeEnv('production'),
      JWT_SECRET: secret,
      DATA_DIR: dataDir,
      DEMO_DATA: '0',
      API_PORT: '0',
    });
  };

  it("refuses to start with docker/.env.example's secret, saying how to make one", async () => {
    for (const secret of exampleSecrets()) {
      const { code, output } = await refusal(secret);
      expect(code, output).not.toBe(0);
      expect(output).toMatch(/JWT_SECRET/);
      // how to generate one: a command a reader can paste
      expect(output).toMatch(/openssl rand|randomBytes|generate/i);
    }
  });

  it('refuses a secret shorter than 32 bytes', async () => {
    const { code, output } = await refusal('x'.repeat(31));
    expect(code).not.toBe(0);
    expect(output).toMatch(/JWT_SECRET/);
  });
});

describe('production stack: logs and public surface', () => {
  let stack: Stack;
  beforeAll(async () => {
    // (it starts with a random 48-byte secret: the refusals above are about the secret)
    // the default log level (info), not the harness's quieter one
    stack = await startStack('production', { api: { LOG_LEVEL: 'info' }, bff: { LOG_LEVEL: 'info' } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('writes no password-reset link in the log (no SMTP_URL)', async () => {
    const asked = await request(
      `${stack.api.url}/api/public/forgot-password?UsernameOrEmail=${encodeURIComponent(ACCOUNTS.investor.username)}`,
      { method: 'POST' },
    );
    expect(asked.status).toBe(200);
    // the mail was made: it is in the outbox administrators read (so a link existed to leak)
    const admin = await request(`${stack.api.url}/api/auth/login`, {
      body: JSON.stringify(ACCOUNTS.admin),
      headers: { 'content-type': 'application/json' },
    });
    const token = admin.json<{ token: string }>().token;
    await waitFor(
      async () => {
        const outbox = await request(`${stack.api.url}/api/admin/mail-outbox`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return outbox.status === 200 && outbox.text.includes(ACCOUNTS.investor.email);
      },
      10_000,
      'the reset mail in the outbox',
    ).catch(() => undefined); // the outbox route's shape is not what this test is about
    const log = stack.api.output();
    expect(log).not.toMatch(/change-password\?token=/);
    expect(log).not.toMatch(/[?&]token=[A-Za-z0-9_%-]{20,}/);
  });

  it('serves neither /docs nor the GraphQL explorer', async () => {
    for (const docsPath of ['/docs', '/docs/', '/docs/json']) {
      const answer = await request(`${stack.api.url}${docsPath}`);
      expect({ docsPath, status: answer.status }).toEqual({ docsPath, status: 404 });
    }
    const explorer = await request(`${stack.bff.url}/graphql-explorer/`);
    expect(explorer.text).not.toMatch(/altair/i);
    const asBrowser = await request(`${stack.bff.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(asBrowser.text).not.toMatch(/altair/i);
  });
});

describe('development keeps its tools', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('development');
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('serves /docs and the explorer', async () => {
    expect((await request(`${stack.api.url}/docs/json`)).status).toBe(200);
    const explorer = await request(`${stack.bff.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(explorer.status).toBe(200);
    expect(explorer.text).toMatch(/altair/i);
  });
});
