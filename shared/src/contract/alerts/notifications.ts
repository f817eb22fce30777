/**
 * The caller's notifications (/user/notifications, docs/product/alerts.md#notifications): the alerts that fired,
 * newest first, each once per rule, symbol and trading day; read or not.
 */
import { z } from 'zod';
import { MAX_PAGE_SIZE, pageQueryShape } from '../paging.js';
import { alertRuleKindSchema } from './rules.js';

export const notificationDtoSchema = z
  .object({
    id: z.number().int(),
    date: z.string().describe('The trading day D the alert is of (YYYY-MM-DD)'),
    symbol: z.string(),
    kind: alertRuleKindSchema,
    message: z
      .string()
      .describe('What happened, in words, e.g. "TCS closed at ₹2,150.40 on 2020-03-31, above ₹2,100.00"'),
    read: z.boolean(),
  })
  .describe('An alert that fired');
export type NotificationDto = z.infer<typeof notificationDtoSchema>;

/** GET /user/notifications: the whole list (most recent first) or a page of it. */
export const notificationsQuerySchema = z.object({
  ...pageQueryShape,
  unread: z
    .enum(['true', 'false'], { error: 'unread must be true or false' })
    .optional()
    .transform((value) => value === 'true')
    .describe('true: only the unread ones'),
});
export type NotificationsQuery = z.input<typeof notificationsQuerySchema>;

/** The most notifications one mark-read call names. */
export const MAX_NOTIFICATIONS_PER_MARK = MAX_PAGE_SIZE;

/** POST /user/notifications/read: these ids, or without ids every notification of the caller. */
export const markNotificationsReadBodySchema = z
  .object({
    ids: z
      .array(
        z
          .number({ error: 'ids must be notification ids (whole numbers)' })
          .int('ids must be notification ids (whole numbers)')
          .positive('ids must be notification ids (whole numbers)'),
        { error: 'ids must be a list of notification ids' },
      )
      .min(1, 'ids must name at least one notification; leave ids out to mark every notification read')
      .max(MAX_NOTIFICATIONS_PER_MARK, `ids may name at most ${MAX_NOTIFICATIONS_PER_MARK} notifications`)
      .optional()
      .describe('The notifications to mark read; absent: all of the caller’s'),
  })
  // a POST without a body (null or absent) marks everything read
  .nullish()
  .transform((body) => body ?? {});
export type MarkNotificationsReadBody = z.input<typeof markNotificationsReadBodySchema>;

export const notificationsReadDtoSchema = z
  .object({
    marked: z.number().int().describe('Notifications that were unread and are now read'),
    unread: z.number().int().describe('Unread notifications left'),
  })
  .describe('What marking read did');
export type NotificationsReadDto = z.infer<typeof notificationsReadDtoSchema>;

export const unreadNotificationsDtoSchema = z
  .object({ unread: z.number().int().describe('The caller’s unread notifications: the bell’s count') })
  .describe('How many notifications are unread');
export type UnreadNotificationsDto = z.infer<typeof unreadNotificationsDtoSchema>;
