/**
 * SIGTERM: requests in flight finish with their normal answers, new connections are refused, and
 * the process exits 0.
 */
import { describe, expect, it } from 'vitest';
import { startApi, waitFor } from './harness.js';

describe('graceful shutdown of the API', () => {
  it('finishes in-flight requests on SIGTERM and then exits 0', async () => {
    const api = await startApi();
    // each login hashes with scrypt (~0.2 s): several are in flight when the signal arrives
    const inFlight = Array.from({ length: 6 }, () =>
      fetch(`${api.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'Admin@123' }),
      }).then(
        (response) => response.status,
        () => -1,
      ),
    );
    // a request sent after the logins has been answered: the logins have been read and are hashing
    await waitFor(async () => (await fetch(`${api.url}/health`)).ok, 10_000, 'the API answering beside the logins');
    api.kill('SIGTERM');
    const statuses = await Promise.all(inFlight);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await api.exited()).toBe(0);
    await expect(fetch(`${api.url}/health`, { signal: AbortSignal.timeout(2000) })).rejects.toThrow();
  });
});
