/**
 * The shared counters in PostgreSQL, one row per counter in `shared_counters` (created by the API's migrations):
 * every instance of both services counts in the same rows, so N instances give a client the limit once, not N
 * times (docs/decisions.md#counters-shared-through-postgresql). Each change is one atomic upsert (INSERT … ON
 * CONFLICT DO UPDATE: the row's lock orders concurrent changes); a take of several steps is one statement whose
 * steps are chained data-modifying CTEs, each applied only when the ones before it were granted. The same
 * semantics as memory-counter-store.ts. The client is anything with pg's `query(text, values)` (a pg Pool with
 * synchronous_commit off, or PGlite), so this module needs no database driver of its own. With a pg Pool the
 * statements are named (prepared): each connection parses and plans one once, not at every change of a counter.
 */
import {
  assertDistinctKeys,
  bucketExpiry,
  MAX_LOG_TIMES,
  type BucketStep,
  type CounterStep,
  type CounterStore,
  type LogRecord,
  type StepState,
  type TakeResult,
  type WindowStep,
} from './counter-store.js';

/** What the store needs of a database client: pg's Pool and PGlite both have it. */
export interface SqlClient {
  query<Row>(text: string, values?: unknown[]): Promise<{ rows: Row[] }>;
}

/** pg's Pool also runs a named statement, prepared once per connection. */
export interface NamedStatementClient {
  query<Row>(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: Row[] }>;
}

export const COUNTERS_TABLE = 'shared_counters';

/** Expired rows are deleted at most this often, by whichever instance gets there. */
const PURGE_EVERY_MS = 60_000;

/** Numbered parameters of one statement. */
class Parameters {
  readonly values: unknown[] = [];
  add(value: unknown, type: 'text' | 'float8' | 'int8'): string {
    this.values.push(type === 'int8' ? Math.round(value as number) : value);
    return `$${this.values.length}::${type}`;
  }
}

/** The level of bucket `step` in row `c`, refilled up to `now`. */
function refilledSql(c: string, capacity: string, rate: string, now: string): string {
  return `LEAST(${capacity}, ${c}.value + GREATEST(0, ${now} - ${c}.stamp) * ${rate})`;
}

interface StepSql {
  /** The CTE applying the step (INSERT … ON CONFLICT … RETURNING value, granted), reading `source` rows. */
  apply(name: string, source: string | undefined): string;
  /** The step's value as it is (for a step that was not applied). */
  current: string;
}

function stepSql(step: CounterStep, now: number, p: Parameters): StepSql {
  const key = p.add(step.key, 'text');
  const amount = p.add(step.amount, 'float8');
  const from = (source: string | undefined) => (source ? ` FROM ${source} WHERE ${source}.granted` : '');
  if (step.kind === 'bucket') {
    const capacity = p.add(step.capacity, 'float8');
    const rate = p.add(step.refillPerMs, 'float8');
    const at = p.add(now, 'int8');
    const expires = p.add(bucketExpiry(step, now), 'int8');
    const given = p.add(step.give ?? 0, 'float8');
    const level = `LEAST(${capacity}, ${refilledSql('c', capacity, rate, at)} + ${given})`;
    return {
      apply: (name, source) => `${name} AS (
  INSERT INTO ${COUNTERS_TABLE} AS c (key, value, stamp, granted, expires_at)
  SELECT ${key}, CASE WHEN ${amount} <= ${capacity} THEN ${capacity} - ${amount} ELSE ${capacity} END, ${at},
    ${amount} <= ${capacity}, ${expires}${from(source)}
  ON CONFLICT (key) DO UPDATE SET
    value = ${level} - CASE WHEN ${level} >= ${amount} THEN ${amount} ELSE 0 END,
    granted = ${level} >= ${amount},
    stamp = GREATEST(c.stamp, ${at}),
    expires_at = ${expires}
  RETURNING value, granted)`,
      current: `COALESCE((SELECT ${refilledSql('r', capacity, rate, at)} FROM ${COUNTERS_TABLE} r WHERE r.key = ${key}), ${capacity})`,
    };
  }
  const limit = p.add(step.limit, 'float8');
  const start = p.add(step.start, 'int8');
  const end = p.add(step.end, 'int8');
  return {
    apply: (name, source) => `${name} AS (
  INSERT INTO ${COUNTERS_TABLE} AS c (key, value, stamp, granted, expires_at)
  SELECT ${key}, CASE WHEN ${amount} <= ${limit} THEN ${amount} ELSE 0 END, ${start}, ${amount} <= ${limit}, ${end}${from(source)}
  ON CONFLICT (key) DO UPDATE SET
    value = CASE WHEN c.stamp < ${start} THEN CASE WHEN ${amount} <= ${limit} THEN ${amount} ELSE 0 END
                 WHEN c.value + ${amount} <= ${limit} THEN c.value + ${amount} ELSE c.value END,
    granted = CASE WHEN c.stamp < ${start} THEN ${amount} <= ${limit} ELSE c.value + ${amount} <= ${limit} END,
    stamp = GREATEST(c.stamp, ${start}),
    expires_at = GREATEST(c.expires_at, ${end})
  RETURNING value, granted)`,
    current: `COALESCE((SELECT CASE WHEN r.stamp >= ${start} THEN r.value ELSE 0 END FROM ${COUNTERS_TABLE} r WHERE r.key = ${key}), 0)`,
  };
}

export class SqlCounterStore implements CounterStore {
  readonly kind = 'postgres';
  private lastPurge = 0;
  private purging: Promise<void> | undefined;

  /**
   * `onError` hears the failures of the background purge; `release` ends the client when the store is closed
   * (a pool made for the counters), left out when the client belongs to someone else.
   */
  constructor(
    private readonly client: SqlClient,
    private readonly onError: (error: unknown) => void = () => undefined,
    private readonly release?: () => Promise<void>,
    /** The client runs named statements (a pg Pool; PGlite does not). */
    private readonly named?: NamedStatementClient,
  ) {}

  /** One statement, named when the client can prepare it. */
  private query<Row>(text: string, values: unknown[]): Promise<{ rows: Row[] }> {
    if (!this.named) return this.client.query<Row>(text, values);
    return this.named.query<Row>({ name: statementName(text), text, values });
  }

  async take(steps: readonly CounterStep[], now: number): Promise<TakeResult> {
    assertDistinctKeys(steps);
    this.purgeNowAndThen(now);
    if (steps.length === 0) return { granted: true, refusedAt: -1, steps: [] };
    const p = new Parameters();
    const parts = steps.map((step) => stepSql(step, now, p));
    const ctes = parts.map((part, index) => part.apply(`s${index}`, index === 0 ? undefined : `s${index - 1}`));
    const columns = parts.map(
      (part, index) =>
        `(SELECT value FROM s${index}) AS v${index}, (SELECT granted FROM s${index}) AS g${index}, ${part.current} AS c${index}`,
    );
    const { rows } = await this.query<Record<string, number | boolean | null>>(
      `WITH ${ctes.join(',\n')}\nSELECT ${columns.join(',\n  ')}`,
      p.values,
    );
    const row = rows[0] ?? {};
    const states: StepState[] = steps.map((_step, index) => {
      const applied = row[`g${index}`];
      return applied === null || applied === undefined
        ? { granted: false, value: Number(row[`c${index}`]) }
        : { granted: applied === true, value: Number(row[`v${index}`]) };
    });
    const refusedAt = states.findIndex((state) => !state.granted);
    // a later step refused: the earlier ones give back what they took (all or nothing)
    if (refusedAt > 0)
      for (const [index, step] of steps.slice(0, refusedAt).entries())
        states[index] = { granted: false, value: (await this.give(step, now)).value };
    return { granted: refusedAt < 0, refusedAt, steps: states };
  }

  async give(step: CounterStep, now: number): Promise<StepState> {
    const p = new Parameters();
    const key = p.add(step.key, 'text');
    const amount = p.add(step.amount, 'float8');
    let sql: string;
    if (step.kind === 'bucket') {
      const capacity = p.add(step.capacity, 'float8');
      const rate = p.add(step.refillPerMs, 'float8');
      const at = p.add(now, 'int8');
      sql = `UPDATE ${COUNTERS_TABLE} AS c SET value = LEAST(${capacity}, ${refilledSql('c', capacity, rate, at)} + ${amount}),
        stamp = GREATEST(c.stamp, ${at}) WHERE c.key = ${key} RETURNING value`;
    } else {
      const start = p.add(step.start, 'int8');
      sql = `UPDATE ${COUNTERS_TABLE} AS c SET value = GREATEST(0, c.value - ${amount})
        WHERE c.key = ${key} AND c.stamp >= ${start} RETURNING value`;
    }
    const { rows } = await this.query<{ value: number }>(sql, p.values);
    const value = rows[0]?.value;
    return { granted: true, value: value === undefined ? emptyValue(step) : Number(value) };
  }

  async record(key: string, at: number, windowMs: number, max: number): Promise<LogRecord> {
    this.purgeNowAndThen(at);
    const p = new Parameters();
    const k = p.add(key, 'text');
    const time = p.add(at, 'int8');
    const from = p.add(at - windowMs, 'int8');
    const most = p.add(max, 'float8');
    const keep = p.add(MAX_LOG_TIMES, 'int8');
    const expires = p.add(at + windowMs, 'int8');
    // the times still inside the window, oldest first; the new one appended when fewer than max are there
    const kept = `ARRAY(SELECT t FROM unnest(c.times) AS u(t) WHERE t > ${from} ORDER BY t)`;
    const { rows } = await this.query<{ times: Array<number | string>; granted: boolean }>(
      `INSERT INTO ${COUNTERS_TABLE} AS c (key, value, stamp, times, granted, expires_at)
       VALUES (${k}, 0, ${time},
         CASE WHEN ${most} >= 1 THEN ARRAY[${time}] ELSE ARRAY[]::int8[] END, ${most} >= 1, ${expires})
       ON CONFLICT (key) DO UPDATE SET
         times = (SELECT CASE WHEN cardinality(k.kept) < ${most}
                   THEN (k.kept || ${time})[GREATEST(1, cardinality(k.kept) + 2 - ${keep}):]
                   ELSE k.kept END FROM (SELECT ${kept} AS kept) AS k),
         granted = cardinality(${kept}) < ${most},
         stamp = GREATEST(c.stamp, ${time}),
         expires_at = GREATEST(c.expires_at, ${expires})
       RETURNING times, granted`,
      p.values,
    );
    const row = rows[0];
    const times = (row?.times ?? []).map(Number).sort((a, b) => a - b);
    return { granted: row?.granted === true, times };
  }

  async retract(key: string, at: number): Promise<void> {
    // one occurrence of `at` (two attempts may share a millisecond): every element but the first equal one
    await this.query(
      `UPDATE ${COUNTERS_TABLE} AS c SET times = (
         SELECT COALESCE(array_agg(t ORDER BY i), ARRAY[]::int8[]) FROM unnest(c.times) WITH ORDINALITY AS u(t, i)
         WHERE i IS DISTINCT FROM (SELECT min(j) FROM unnest(c.times) WITH ORDINALITY AS v(s, j) WHERE s = $2::int8))
       WHERE c.key = $1::text`,
      [key, Math.round(at)],
    );
  }

  async times(key: string, now: number, windowMs: number): Promise<number[]> {
    const { rows } = await this.query<{ times: Array<number | string> | null }>(
      `SELECT times FROM ${COUNTERS_TABLE} WHERE key = $1::text AND expires_at >= $2::int8`,
      [key, Math.round(now)],
    );
    return (rows[0]?.times ?? [])
      .map(Number)
      .filter((time) => time > now - windowMs)
      .sort((a, b) => a - b);
  }

  async forget(key: string): Promise<void> {
    await this.query(`DELETE FROM ${COUNTERS_TABLE} WHERE key = $1::text`, [key]);
  }

  async close(): Promise<void> {
    await this.purging;
    await this.release?.();
  }

  /** Deletes the rows that mean nothing any more, at most once a minute, without delaying the caller. */
  private purgeNowAndThen(now: number): void {
    if (now - this.lastPurge < PURGE_EVERY_MS || this.purging) return;
    this.lastPurge = now;
    this.purging = this.query(`DELETE FROM ${COUNTERS_TABLE} WHERE expires_at < $1::int8`, [Math.round(now)])
      .then(
        () => undefined,
        (error: unknown) => this.onError(error),
      )
      .finally(() => (this.purging = undefined));
  }
}

/**
 * The name of each statement text run so far in this process (a few dozen shapes at most): one text, one name,
 * whichever store and pool runs it (a pg connection refuses one name for two texts).
 */
const NAMES = new Map<string, string>();

function statementName(text: string): string {
  let name = NAMES.get(text);
  if (name === undefined) {
    name = `shared_counters_${NAMES.size + 1}`;
    NAMES.set(text, name);
  }
  return name;
}

function emptyValue(step: BucketStep | WindowStep): number {
  return step.kind === 'bucket' ? step.capacity : 0;
}
