/**
 * SIGTERM: requests in flight finish with their normal answers, new connections are refused, and
 * the process exits 0.
 */
import { describe, expect, it } from 'vitest';
import { startApi, waitFor } from './harness.js';

describe('graceful shutdown of the API', () => {
  it('finishes in-flight requests on SIGTERM and then exits 0', async () => {
    // info-level logs say when each request has been read ("incoming request"), so the signal is sent
    // only once all six logins are being answered (a request not yet read when it arrives is refused)
    const api = await startApi({ LOG_LEVEL: 'info' });
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
    const loginsRead = () =>
      api
        .output()
        .split('\n')
        .filter((line) => line.includes('"incoming request"') && line.includes('/api/auth/login')).length;
    await waitFor(() => loginsRead() === 6, 20_000, 'the API reading all six logins');
    api.kill('SIGTERM');
    const statuses = await Promise.all(inFlight);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await api.exited()).toBe(0);
    await expect(fetch(`${api.url}/health`, { signal: AbortSignal.timeout(2000) })).rejects.toThrow();
  });
});
