/**
 * What one evaluation of the alert rules reads and writes (docs/product/alerts.md#when-alerts-fire), run inside
 * the job's transaction (api/src/alerts/evaluate.ts puts it together):
 * - the day it is for: D must still be the latest trading day (a job for an older day is superseded: a backfill
 *   never alerts) and, for prices, the analysis (trend lists, 12-month extremes) must be D's;
 * - the symbols followed (held, watched, or named by a rule), the upcoming corporate actions of those, and for
 *   stop-losses and targets each holding's average price in today's shares;
 * - the alerts that fire: one statement over every rule (the defaults of investors without settings included,
 *   docs/decisions.md#default-alert-rules-without-rows) against the day's facts, less what was already notified,
 *   kept in a temporary table of the job's transaction; only their distinct words' inputs go to the API;
 * - the notifications (at most once per user, rule identity, symbol, day and event) written with the digests
 *   they join, in one statement.
 */
import Big from 'big.js';
import { sql, type SQL } from 'drizzle-orm';
import {
  addDays,
  DEFAULT_ALERT_RULES,
  holdingEventEffects,
  UPCOMING_ACTION_DAYS,
  type AlertRuleKind,
  type HoldingEvent,
} from '@bazaar/shared';
import type { PeriodCoverageDto } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { queryRows } from '../../client.js';
import { LATEST_TRADE_DATE } from '../market/equity-series.js';
import { holdingEvents } from '../portfolio/holdings.js';

/** The latest trading day and the day the analysis describes (null while none, or while it is being computed). */
export async function alertEvaluationDays(
  db: Database,
): Promise<{ latestTradeDate: string | null; analysedTradeDate: string | null }> {
  const [row] = await queryRows<{ latest: string | null; analysed: string | null }>(
    db,
    sql`SELECT ${LATEST_TRADE_DATE}::text AS latest,
          (SELECT as_of::text FROM analysis_state WHERE id = 1 AND marks_as_of = as_of) AS analysed`,
  );
  return { latestTradeDate: row?.latest ?? null, analysedTradeDate: row?.analysed ?? null };
}

/**
 * Inside the job's transaction, before its statements: memory enough for the sorts and hashes of some 10⁵–10⁶ rows
 * (the default 4 MB spills them to disk), and no JIT compilation (it cost more than it saved on these statements).
 */
export async function settingsForEvaluation(db: Database): Promise<void> {
  await db.execute(sql`SET LOCAL work_mem = '64MB'`);
  await db.execute(sql`SET LOCAL jit = off`);
}

/** Held (open) and watched symbols per investor, as a relation (user_id, symbol). */
const FOLLOWED = sql`(
  SELECT user_id, symbol FROM holdings WHERE status = 'UNREALIZED'
  UNION
  SELECT user_id, symbol FROM watchlist_entries
)`;

/**
 * Every symbol a rule can be about: held, watched, or named by a rule (one set of symbols, not of investors'
 * pairs: a few thousand symbols out of hundreds of thousands of rows, gathered without sorting them).
 */
export async function followedSymbols(db: Database): Promise<string[]> {
  const rows = await queryRows<{ symbol: string }>(
    db,
    sql`SELECT DISTINCT symbol FROM (
          SELECT symbol FROM holdings WHERE status = 'UNREALIZED'
          UNION ALL SELECT symbol FROM watchlist_entries
          UNION ALL SELECT symbol FROM alert_rules WHERE symbol IS NOT NULL
        ) AS s`,
  );
  return rows.map((row) => row.symbol);
}

/** A corporate action of a followed symbol whose ex-date is after D and at most UPCOMING_ACTION_DAYS after it. */
export interface UpcomingAction {
  symbol: string;
  exDate: string;
  kind: HoldingEvent['kind'];
  amount: string | null;
  label: string;
  /** Its identity in notifications: announced once per rule whatever day (ex-date, kind, label). */
  eventKey: string;
}

export async function upcomingActions(
  db: Database,
  tradeDate: string,
  symbols: readonly string[],
): Promise<UpcomingAction[]> {
  if (symbols.length === 0) return [];
  const rows = await queryRows<Omit<UpcomingAction, 'eventKey'>>(
    db,
    sql`SELECT DISTINCT symbol, ex_date::text AS "exDate", kind, amount::text AS amount, label
        FROM corporate_action_events
        WHERE ex_date > ${tradeDate}::date AND ex_date <= ${addDays(tradeDate, UPCOMING_ACTION_DAYS)}::date
          AND symbol = ANY(${sqlTextArray(symbols)})
        ORDER BY symbol, "exDate", kind, label`,
  );
  return rows.map((row) => ({ ...row, eventKey: `${row.exDate}:${row.kind}:${row.label}` }));
}

function sqlTextArray(values: readonly string[]): SQL {
  return sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::varchar[]`;
}

/** An investor's average price of a held symbol, in today's shares (what stop-losses and targets are set on). */
export interface HoldingCost {
  userId: number;
  symbol: string;
  /** Σ paid ÷ Σ shares held today, exact to 6 decimals. */
  averagePrice: string;
}

/**
 * The average price of every open position some STOP_LOSS or TARGET rule watches: what was paid (the trade as
 * entered) over the shares held today (after the splits and bonuses in effect on D: the one rule,
 * shared/src/portfolio/holding-events.ts), per investor and symbol.
 */
export async function holdingCostsForRules(db: Database): Promise<HoldingCost[]> {
  const rows = await queryRows<{
    user_id: number;
    symbol: string;
    quantity: number;
    price: string;
    creation_date: string;
    basis_date: string | null;
  }>(
    db,
    sql`SELECT h.user_id, h.symbol, h.quantity, h.price::text AS price, h.creation_date::text AS creation_date,
          h.basis_date::text AS basis_date
        FROM holdings h
        WHERE h.status = 'UNREALIZED' AND EXISTS (
          SELECT 1 FROM alert_rules r WHERE r.user_id = h.user_id AND r.kind IN ('STOP_LOSS', 'TARGET')
            AND (r.symbol IS NULL OR r.symbol = h.symbol))`,
  );
  if (rows.length === 0) return [];
  const { latestTradeDate, events } = await holdingEvents(db, [...new Set(rows.map((row) => row.symbol))]);
  const positions = new Map<string, { userId: number; symbol: string; paid: Big; shares: Big }>();
  for (const row of rows) {
    const effects = holdingEventEffects(
      { creationDate: row.creation_date, quantity: row.quantity, basisDate: row.basis_date },
      events.get(row.symbol) ?? [],
      latestTradeDate,
    );
    const key = `${row.user_id} ${row.symbol}`;
    const position = positions.get(key) ?? {
      userId: row.user_id,
      symbol: row.symbol,
      paid: new Big(0),
      shares: new Big(0),
    };
    position.paid = position.paid.plus(effects.tradedQuantity.times(row.price));
    position.shares = position.shares.plus(effects.quantity);
    positions.set(key, position);
  }
  return [...positions.values()]
    .filter((position) => position.shares.gt(0))
    .map((position) => ({
      userId: position.userId,
      symbol: position.symbol,
      averagePrice: position.paid.div(position.shares).round(6, Big.roundHalfUp).toFixed(),
    }));
}

/** What a symbol did on D (only symbols with a row on D). */
export interface SymbolFacts {
  symbol: string;
  close: string;
  /** The close of its trading day before, adjusted for the events of D; null for a first day. */
  previousClose: string | null;
  /** (close − previous) ÷ previous × 100, 2 decimals. */
  changePercent: string | null;
  yearHigh: string | null;
  yearLow: string | null;
  /** The trend lists of D it is in, as "HIGH:YEARLY". */
  trends: string[];
  /**
   * Whether the loaded prices cover each period's window of D (market/trend-lists.ts#getPeriodCoverages):
   * a message names a period ("52-week", "12-month") only when they do. Absent: taken as covered.
   */
  coverages?: readonly PeriodCoverageDto[];
}

/**
 * What a fired alert's words depend on (api/src/alerts/messages.ts): many investors' alerts share them (the same
 * symbol, kind and value), so each is written once.
 */
export interface FiredAlertWords {
  /** The identity of the words among the day's fired alerts. */
  wordsKey: string;
  kind: AlertRuleKind;
  value: string | null;
  symbol: string;
  /** '' for the day's price rules, the side (HIGH, LOW) of a trend entry, the corporate action's identity. */
  eventKey: string;
  /** STOP_LOSS and TARGET: the holding's average price the level is set on. */
  averagePrice: string | null;
}

/** The default rules as a relation d(rule_key, kind, value, setting). */
const DEFAULT_RULES = sql`(VALUES ${sql.join(
  DEFAULT_ALERT_RULES.map(
    (rule) =>
      sql`(${rule.value === null ? rule.kind : `${rule.kind}:${rule.value}`}::text, ${rule.kind}::text, ${rule.value}::text, ${rule.setting}::text)`,
  ),
  sql`, `,
)}) AS d(rule_key, kind, value, setting)`;

/** The job's fired alerts, kept on the database server until they are stored (dropped at the transaction's end). */
const FIRED = sql.raw('alert_fired');

/**
 * Finds the alerts that fire on D for the rules of the given kinds, against the day's facts (D's closes and
 * lists, upcoming actions, average prices), not yet notified, into a temporary table of the job's transaction
 * (nothing travels to the API and back: docs/decisions.md#alerts-evaluated-and-stored-on-the-database-server).
 * Crossing rules (close above/below, stop-loss, target) fire on the day the close crosses the level (the previous
 * close on the other side); the others on every day their condition holds; a corporate action once per rule
 * whatever the day. Two rules of one identity (a default and the same rule made by hand) fire once. Each row also says whether it goes into an e-mail (the investor's digest setting now).
 * Answers the distinct words to write.
 */
export async function findFiredAlerts(
  db: Database,
  input: {
    tradeDate: string;
    kinds: readonly AlertRuleKind[];
    facts: readonly SymbolFacts[];
    actions: readonly UpcomingAction[];
    costs: readonly HoldingCost[];
  },
): Promise<FiredAlertWords[]> {
  const facts = JSON.stringify(
    input.facts.map((fact) => ({
      symbol: fact.symbol,
      close: fact.close,
      previous_close: fact.previousClose,
      change_percent: fact.changePercent,
      year_high: fact.yearHigh,
      year_low: fact.yearLow,
    })),
  );
  // the trend lists' entries of D as rows (symbol, side, period): a TREND_ENTRY rule fires where one matches
  const trendEntries = JSON.stringify(
    input.facts.flatMap((fact) =>
      fact.trends.map((list) => {
        const [side, period] = list.split(':');
        return { symbol: fact.symbol, side, period };
      }),
    ),
  );
  const actions = JSON.stringify(
    input.actions.map((action) => ({ symbol: action.symbol, event_key: action.eventKey })),
  );
  const costs = JSON.stringify(
    input.costs.map((cost) => ({ user_id: cost.userId, symbol: cost.symbol, average_price: cost.averagePrice })),
  );
  // an empty list of kinds fires nothing (the table is made all the same: storing reads it)
  const kinds = input.kinds.length === 0 ? sql`ARRAY[]::varchar[]` : sqlTextArray(input.kinds);
  // every column of the rules' union as text: the kind filters of the branches below reach into each part of it
  // (a union whose parts' types differ is planned as a whole, every rule of every kind)
  await db.execute(sql`
      CREATE TEMPORARY TABLE ${FIRED} ON COMMIT DROP AS
      WITH facts AS MATERIALIZED (
        SELECT * FROM json_to_recordset(${facts}::json) AS f(symbol text, close numeric, previous_close numeric,
          change_percent numeric, year_high numeric, year_low numeric)
      ),
      trend_entries AS MATERIALIZED (
        SELECT * FROM json_to_recordset(${trendEntries}::json) AS e(symbol text, side text, period text)
      ),
      actions AS MATERIALIZED (SELECT * FROM json_to_recordset(${actions}::json) AS a(symbol text, event_key text)),
      costs AS MATERIALIZED (
        SELECT * FROM json_to_recordset(${costs}::json) AS c(user_id int, symbol text, average_price numeric)
      ),
      followed AS MATERIALIZED (SELECT user_id, symbol::text AS symbol FROM ${FOLLOWED} AS f),
      targets AS NOT MATERIALIZED (
        SELECT r.user_id, r.rule_key::text AS rule_key, r.kind::text AS kind, r.value::text AS value,
          r.symbol::text AS symbol
        FROM alert_rules r
        WHERE r.kind = ANY(${kinds}) AND r.symbol IS NOT NULL
        UNION ALL
        SELECT r.user_id, r.rule_key::text, r.kind::text, r.value::text, f.symbol
        FROM alert_rules r
        JOIN followed f ON f.user_id = r.user_id
        WHERE r.kind = ANY(${kinds}) AND r.symbol IS NULL
        UNION ALL
        SELECT f.user_id, d.rule_key, d.kind, d.value, f.symbol
        FROM followed f
        LEFT JOIN alert_settings s ON s.user_id = f.user_id
        JOIN ${DEFAULT_RULES} ON d.kind = ANY(${kinds})
          AND CASE d.setting WHEN 'newYearHighLow' THEN coalesce(s.new_year_high_low, true)
                             ELSE coalesce(s.upcoming_corporate_actions, true) END
      ),
      fired AS (
        SELECT t.user_id, t.rule_key, t.kind, t.value, t.symbol, ''::text AS event_key, c.average_price
        FROM targets t
        JOIN facts x ON x.symbol = t.symbol
        LEFT JOIN costs c ON c.user_id = t.user_id AND c.symbol = t.symbol AND t.kind IN ('STOP_LOSS', 'TARGET')
        WHERE t.kind IN ('CLOSE_ABOVE', 'CLOSE_BELOW', 'DAY_CHANGE_BEYOND', 'NEAR_YEAR_HIGH', 'NEAR_YEAR_LOW',
            'STOP_LOSS', 'TARGET')
          AND CASE t.kind
          WHEN 'CLOSE_ABOVE' THEN x.close > t.value::numeric AND x.previous_close <= t.value::numeric
          WHEN 'CLOSE_BELOW' THEN x.close < t.value::numeric AND x.previous_close >= t.value::numeric
          WHEN 'DAY_CHANGE_BEYOND' THEN abs(x.change_percent) >= t.value::numeric
          WHEN 'NEAR_YEAR_HIGH' THEN x.year_high > 0 AND (x.year_high - x.close) * 100 <= t.value::numeric * x.year_high
          WHEN 'NEAR_YEAR_LOW' THEN x.year_low > 0 AND (x.close - x.year_low) * 100 <= t.value::numeric * x.year_low
          WHEN 'STOP_LOSS' THEN x.close * 100 <= c.average_price * (100 - t.value::numeric)
            AND x.previous_close * 100 > c.average_price * (100 - t.value::numeric)
          WHEN 'TARGET' THEN x.close * 100 >= c.average_price * (100 + t.value::numeric)
            AND x.previous_close * 100 < c.average_price * (100 + t.value::numeric)
          ELSE false END
        UNION ALL
        SELECT t.user_id, t.rule_key, t.kind, t.value, t.symbol, e.side, NULL::numeric
        FROM targets t
        JOIN trend_entries e ON e.symbol = t.symbol AND e.period = t.value
        WHERE t.kind = 'TREND_ENTRY'
        UNION ALL
        SELECT t.user_id, t.rule_key, t.kind, t.value, t.symbol, a.event_key, NULL::numeric
        FROM targets t
        JOIN actions a ON a.symbol = t.symbol
        WHERE t.kind = 'CORPORATE_ACTION' AND NOT EXISTS (
          SELECT 1 FROM alert_notifications n
          WHERE n.user_id = t.user_id AND n.rule_key = t.rule_key AND n.symbol = t.symbol AND n.event_key = a.event_key)
      )
      SELECT DISTINCT ON (f.user_id, f.rule_key, f.symbol, f.event_key) f.user_id, f.rule_key, f.kind,
        f.value, f.symbol, f.event_key, f.average_price::text AS average_price,
        json_build_array(f.kind, f.value, f.symbol, f.event_key, f.average_price::text)::text AS words_key,
        coalesce(s.email_digest, true) AS mail
      FROM fired f
      LEFT JOIN alert_settings s ON s.user_id = f.user_id
      WHERE NOT EXISTS (
        SELECT 1 FROM alert_notifications n
        WHERE n.user_id = f.user_id AND n.rule_key = f.rule_key AND n.symbol = f.symbol
          AND n.trade_date = ${input.tradeDate}::date AND n.event_key = f.event_key)
      ORDER BY f.user_id, f.rule_key, f.symbol, f.event_key`);
  const rows = await queryRows<{
    words_key: string;
    kind: AlertRuleKind;
    value: string | null;
    symbol: string;
    event_key: string;
    average_price: string | null;
  }>(
    db,
    sql`SELECT DISTINCT ON (words_key) words_key, kind, value, symbol, event_key, average_price FROM ${FIRED}
        ORDER BY words_key`,
  );
  return rows.map((row) => ({
    wordsKey: row.words_key,
    kind: row.kind,
    value: row.value,
    symbol: row.symbol,
    eventKey: row.event_key,
    averagePrice: row.average_price,
  }));
}

/**
 * Stores the alerts findFiredAlerts found, each with its words (an identity already stored is left as it is), and
 * queues the digests, in one statement: each investor with alerts for an e-mail (these, or earlier ones still
 * waiting) gets D's digest, or joins it while it is still PENDING (a digest already sent leaves them for the next
 * day's); the new notifications are written with their digest, the earlier ones join it. Answers how many were
 * stored, for how many investors, and how many digests now carry them.
 */
export async function storeFiredAlerts(
  db: Database,
  tradeDate: string,
  words: ReadonlyMap<string, string>,
): Promise<{ notifications: number; investors: number; digests: number }> {
  const messages = JSON.stringify([...words].map(([key, message]) => ({ words_key: key, message })));
  const [row] = await queryRows<{ notifications: number; investors: number; digests: number }>(
    db,
    sql`WITH words AS MATERIALIZED (
          SELECT * FROM json_to_recordset(${messages}::json) AS w(words_key text, message text)
        ),
        waiting AS (
          SELECT user_id FROM ${FIRED} WHERE mail
          UNION
          SELECT user_id FROM alert_notifications WHERE mail AND digest_id IS NULL
        ),
        digests AS (
          INSERT INTO alert_digests (user_id, trade_date)
          SELECT user_id, ${tradeDate}::date FROM waiting
          ON CONFLICT (user_id, trade_date) DO UPDATE SET next_attempt_at = alert_digests.next_attempt_at
            WHERE alert_digests.state = 'PENDING'
          RETURNING id, user_id
        ),
        stored AS (
          INSERT INTO alert_notifications (user_id, rule_key, kind, symbol, trade_date, event_key, message, mail,
            digest_id)
          SELECT f.user_id, f.rule_key, f.kind, f.symbol, ${tradeDate}::date, f.event_key, w.message,
            f.mail, CASE WHEN f.mail THEN d.id END
          FROM ${FIRED} f
          JOIN words w ON w.words_key = f.words_key
          LEFT JOIN digests d ON d.user_id = f.user_id
          ORDER BY f.user_id, f.rule_key, f.symbol, f.event_key
          ON CONFLICT DO NOTHING
          RETURNING user_id, digest_id
        ),
        -- the notifications of earlier days still waiting (their day's digest had gone): the new ones are not
        -- seen here (one statement, one snapshot), they were written with their digest
        earlier AS (
          UPDATE alert_notifications n SET digest_id = d.id FROM digests d
          WHERE n.user_id = d.user_id AND n.mail AND n.digest_id IS NULL
          RETURNING n.digest_id
        )
        SELECT (SELECT count(*)::int FROM stored) AS notifications,
          (SELECT count(DISTINCT user_id)::int FROM stored) AS investors,
          (SELECT count(DISTINCT digest_id)::int
           FROM (SELECT digest_id FROM stored UNION ALL SELECT digest_id FROM earlier) AS carried) AS digests`,
  );
  return { notifications: row?.notifications ?? 0, investors: row?.investors ?? 0, digests: row?.digests ?? 0 };
}
