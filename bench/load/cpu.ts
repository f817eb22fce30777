/**
 * CPU time used by the benchmark's processes (Linux /proc), to say where the machine's cores
 * went during a measurement: the API, the BFF, PostgreSQL (the server and its backends), the
 * attacker's process and the load generator (this process). All threads of a process count (libuv's
 * pool, where scrypt runs, included). Elsewhere than Linux the figures are absent.
 */
import fs from 'node:fs';
import os from 'node:os';

const TICKS_PER_SECOND = 100;

/** User + system CPU seconds of one process (all its threads), or NaN when it cannot be read. */
export function cpuSecondsOf(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name may hold spaces: the fields after it start behind its closing parenthesis
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

/**
 * The process, its children that have exited (the kernel adds their time to the parent's once it has
 * waited for them) and its live children: PostgreSQL's backends come and go under the postmaster.
 */
export function cpuSecondsWithChildren(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  let total: number;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime, cstime: fields 14 to 17 of the whole line
    total = (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) total += cpuSecondsOf(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

export type CpuSources = Record<string, () => number>;

/** Starts counting; the returned function answers the CPU seconds each source used since. */
export function cpuMeter(sources: CpuSources): () => Record<string, number> {
  const start = Object.fromEntries(Object.entries(sources).map(([name, read]) => [name, read()]));
  return () => Object.fromEntries(Object.entries(sources).map(([name, read]) => [name, read() - start[name]!]));
}

/** "API 3.1, BFF 2.0, …" CPU seconds, and their sum against the machine's core-seconds when `seconds` is given. */
export function cpuText(used: Record<string, number>, seconds?: number): string {
  const parts = Object.entries(used)
    .filter(([, value]) => Number.isFinite(value))
    .map(([name, value]) => `${name} ${value.toFixed(1)}`);
  const total = Object.values(used)
    .filter(Number.isFinite)
    .reduce((sum, value) => sum + value, 0);
  return `${parts.join(', ')} CPU s${seconds ? ` (${total.toFixed(1)} of the ${(os.availableParallelism() * seconds).toFixed(0)} core-seconds)` : ''}`;
}
