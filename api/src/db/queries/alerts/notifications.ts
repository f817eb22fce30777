/**
 * The caller's notifications (/user/notifications, docs/product/alerts.md#notifications): newest first (by
 * trading day, then the latest made), a page at a time when asked (keyset paging on (date, id): a page continues
 * after its last row whatever fired meanwhile), the unread count and marking read. Owner-only.
 */
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AlertRuleKind } from '@bazaar/shared';
import type { NotificationDto } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { alertNotifications } from '../../schema/index.js';

/** A notification's place in the list: its trading day and id. */
export type NotificationSortKey = [string, number];
export const NOTIFICATION_CURSOR_KINDS = ['date', 'int'] as const;

export interface NotificationPage {
  items: NotificationDto[];
  total: number;
  /** The sort key of the page's last row while more follow. */
  next: NotificationSortKey | null;
}

const columns = {
  id: alertNotifications.id,
  date: alertNotifications.tradeDate,
  symbol: alertNotifications.symbol,
  kind: alertNotifications.kind,
  message: alertNotifications.message,
  read: sql<boolean>`${alertNotifications.readAt} IS NOT NULL`,
};

/** The caller's notifications newest first; `limit` rows after `after` (whole list without a limit). */
export async function listNotifications(
  db: Database,
  userId: number,
  options: { unreadOnly?: boolean; limit?: number | undefined; after?: NotificationSortKey | null } = {},
): Promise<NotificationPage> {
  const mine = and(
    eq(alertNotifications.userId, userId),
    options.unreadOnly ? isNull(alertNotifications.readAt) : undefined,
  );
  const after = options.after
    ? sql`(${alertNotifications.tradeDate}, ${alertNotifications.id}) < (${options.after[0]}::date, ${options.after[1]})`
    : undefined;
  const query = db
    .select(columns)
    .from(alertNotifications)
    .where(and(mine, after))
    .orderBy(sql`${alertNotifications.tradeDate} DESC NULLS LAST, ${alertNotifications.id} DESC NULLS LAST`);
  const rows = await (options.limit === undefined ? query : query.limit(options.limit + 1));
  const items = (options.limit === undefined ? rows : rows.slice(0, options.limit)).map((row) => ({
    ...row,
    kind: row.kind as AlertRuleKind,
  }));
  const more = options.limit !== undefined && rows.length > options.limit;
  const last = items.at(-1);
  const total =
    options.limit === undefined
      ? items.length
      : ((await db.select({ n: count() }).from(alertNotifications).where(mine))[0]?.n ?? 0);
  return { items, total, next: more && last ? [last.date, last.id] : null };
}

export async function countUnreadNotifications(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(alertNotifications)
    .where(and(eq(alertNotifications.userId, userId), isNull(alertNotifications.readAt)));
  return row?.n ?? 0;
}

/** Marks the caller's notifications read (these ids, or all); ids of others' are ignored. Answers how many changed. */
export async function markNotificationsRead(db: Database, userId: number, ids?: readonly number[]): Promise<number> {
  const marked = await db
    .update(alertNotifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(alertNotifications.userId, userId),
        isNull(alertNotifications.readAt),
        ids ? inArray(alertNotifications.id, [...ids]) : undefined,
      ),
    )
    .returning({ id: alertNotifications.id });
  return marked.length;
}
