/**
 * What each analysis refresh of a test app did, read from the app's own log line ("analysis
 * recomputed", with the refresh's mode: docs/decisions.md#incremental-analysis-refresh), so that a
 * test about the refresh can check which of its plans the uploads actually took instead of
 * assuming it. Pass `logs` to startTestApi (its `logs` option) and read `refreshes` afterwards.
 */
import type { LogStream } from '../../../src/app.js';

export type RefreshPlan = 'full' | 'carried' | 'lists' | 'unchanged';

export interface RecordedRefresh {
  plan: RefreshPlan;
  /** D after the refresh. */
  asOf: string | null;
  /** How many symbols' adjustment ranges changed on a date of the windows. */
  adjustedSymbols: number;
}

export interface RefreshLog {
  logs: LogStream;
  refreshes: RecordedRefresh[];
}

export function recordRefreshes(): RefreshLog {
  const refreshes: RecordedRefresh[] = [];
  return {
    refreshes,
    logs: {
      write(line: string) {
        // request lines are most of the traffic: parse only the refresh's
        if (!line.includes('"analysis recomputed"')) return;
        const entry = JSON.parse(line) as { mode: RefreshPlan; asOf: string | null; adjustedSymbols: number };
        refreshes.push({ plan: entry.mode, asOf: entry.asOf, adjustedSymbols: entry.adjustedSymbols });
      },
    },
  };
}

/** How many refreshes took each plan (every plan present, 0 when none). */
export function countPlans(refreshes: readonly RecordedRefresh[]): Record<RefreshPlan, number> {
  const counts: Record<RefreshPlan, number> = { full: 0, carried: 0, lists: 0, unchanged: 0 };
  for (const refresh of refreshes) counts[refresh.plan]++;
  return counts;
}

const DAY_MS = 86_400_000;

/**
 * The exclusive start D − P of a window (the window is D − P < t ≤ D), from the definition and
 * independently of the app's code: a week is 7 days; months are calendar months, the day clamped
 * to the target month's last day (31 March − 1 month = 29 February 2020).
 */
export function windowAfter(day: string, period: 'WEEKLY' | 'MONTHLY' | 'QUARTERLY' | 'HALFYEARLY' | 'YEARLY'): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  if (period === 'WEEKLY') return new Date(Date.UTC(year, month - 1, date) - 7 * DAY_MS).toISOString().slice(0, 10);
  const months = { MONTHLY: 1, QUARTERLY: 3, HALFYEARLY: 6, YEARLY: 12 }[period];
  const index = year * 12 + (month - 1) - months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return `${targetYear}-${String(targetMonth + 1).padStart(2, '0')}-${String(Math.min(date, lastDay)).padStart(2, '0')}`;
}
