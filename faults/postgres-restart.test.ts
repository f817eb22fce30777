/**
 * PostgreSQL restarts while requests keep coming: requests during the outage fail cleanly with 503
 * (none hangs), and the API serves again by itself within 5 s of the server being back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, postgres, startApi, waitFor, type PostgresServer, type ServiceProcess } from './harness.js';

interface Outcome {
  status: number;
  ms: number;
  at: number;
}

describe('PostgreSQL restart under load', () => {
  let pg: PostgresServer;
  let api: ServiceProcess;
  beforeAll(async () => {
    pg = await postgres();
    api = await startApi({ DATABASE_URL: pg.url('postgres') });
  });
  afterAll(async () => {
    api?.kill('SIGKILL');
    pg?.stop();
  });

  it('answers 503 during the outage, never hangs, and reconnects within 5 s', async () => {
    const token = await login(api.url);
    const outcomes: Outcome[] = [];
    let running = true;
    // four clients reading a user list (a real query) as fast as they can
    const clients = Array.from({ length: 4 }, async () => {
      while (running) {
        const started = Date.now();
        let status: number;
        try {
          const response = await fetch(`${api.url}/api/admin/users`, {
            headers: { authorization: `Bearer ${token}` },
            signal: AbortSignal.timeout(10_000),
          });
          status = response.status;
          const body = (await response.json()) as { message?: string };
          if (status === 503) expect(body.message).toMatch(/unavailable/i);
        } catch {
          status = -1; // a hang (timeout) or a dropped connection
        }
        outcomes.push({ status, ms: Date.now() - started, at: started });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });

    await waitFor(() => outcomes.filter((o) => o.status === 200).length >= 20, 30_000, 'the clients being served');
    const stoppedAt = Date.now();
    pg.stopServer();
    // the outage lasts until the clients have seen enough of it (what the assertions below need)
    const inOutage = () => outcomes.filter((o) => o.at > stoppedAt + 200);
    await waitFor(
      () => inOutage().length > 20 && inOutage().filter((o) => o.status === 503).length > 10,
      30_000,
      'answers during the outage',
    );
    pg.startServer();
    const backAt = Date.now();
    // keep going until the API has answered 200 again for a while (or the assertions below say why not)
    await waitFor(
      () => outcomes.filter((o) => o.at > backAt && o.status === 200).length >= 20,
      15_000,
      'the API serving again',
      100,
    ).catch(() => undefined);
    running = false;
    await Promise.all(clients);

    const during = outcomes.filter((o) => o.at > stoppedAt + 200 && o.at < backAt);
    expect(during.length).toBeGreaterThan(10);
    // every request in the outage got a clean answer: 503 (or a 200 from a query that finished first)
    expect(during.filter((o) => o.status !== 503 && o.status !== 200)).toEqual([]);
    expect(during.filter((o) => o.status === 503).length).toBeGreaterThan(5);
    // none hung
    expect(Math.max(...outcomes.map((o) => o.ms))).toBeLessThan(6_000);
    // back within 5 s of PostgreSQL being back
    const firstOkAfter = outcomes.find((o) => o.at >= backAt && o.status === 200);
    expect(firstOkAfter).toBeDefined();
    expect(firstOkAfter!.at + firstOkAfter!.ms - backAt).toBeLessThan(5_000);
    // and stays up
    const after = outcomes.filter((o) => o.at > firstOkAfter!.at);
    expect(after.every((o) => o.status === 200)).toBe(true);
    const health = await fetch(`${api.url}/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'postgres' });
  });
});
