/**
 * Waits for the alert worker to have nothing left to do: runs it until no alert job is pending. A job of the
 * latest day waits for that day's analysis, which PostgreSQL may finish after the upload has answered (the job
 * then runs again shortly): a state to wait for, not a time.
 */
import { expect, vi } from 'vitest';
import type { TestApi } from '../setup/test-api.js';
import { sqlRows } from '../uploads/helpers.js';

export async function settleAlerts(api: TestApi): Promise<void> {
  await vi.waitFor(
    async () => {
      await api.app.alerts.worker.runDue();
      const [pending] = await sqlRows<{ count: number }>(
        api.handle,
        `SELECT count(*)::int AS count FROM alert_jobs WHERE state = 'PENDING'`,
      );
      expect(pending?.count).toBe(0);
    },
    { timeout: 60_000, interval: 200 },
  );
}
