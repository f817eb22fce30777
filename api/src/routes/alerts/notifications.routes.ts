/**
 * The caller's notifications (docs/product/alerts.md#rest-calls): the list newest first (paged on request:
 * docs/integrators.md#paging), the unread count (the bell) and marking read. Owner-only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  decodeCursor,
  encodeCursor,
  errorResponses,
  INVALID_CURSOR_MESSAGE,
  markNotificationsReadBodySchema,
  MAX_PAGE_SIZE,
  notificationDtoSchema,
  notificationsQuerySchema,
  notificationsReadDtoSchema,
  PAGE_HEADERS,
  unreadNotificationsDtoSchema,
} from '@bazaar/shared/contract';
import { requireUser } from '../../auth/access.js';
import { BadRequestError } from '../../errors.js';
import {
  countUnreadNotifications,
  listNotifications,
  markNotificationsRead,
  NOTIFICATION_CURSOR_KINDS,
  type NotificationSortKey,
} from '../../db/queries/alerts/notifications.js';

const tags = ['user: alerts'];

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/notifications',
    {
      schema: {
        tags,
        summary: 'My notifications',
        description:
          `The alerts that fired for me, \`[{id, date, symbol, kind, message, read}]\`, newest first (by trading day, then the latest made); \`?unread=true\` only the unread ones. ` +
          `Paged with \`?limit=\` (1 to ${MAX_PAGE_SIZE}) and \`?cursor=\` (the X-Next-Cursor of the page before): a page carries X-Total-Count, and while more follow X-Next-Cursor and a Link header with rel="next".`,
        querystring: notificationsQuerySchema,
        response: { 200: z.array(notificationDtoSchema), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const userId = requireUser(request).id;
      const { limit, cursor, unread } = request.query;
      if (cursor !== undefined && limit === undefined) throw new BadRequestError('cursor needs limit');
      const after = cursor === undefined ? null : decodeCursor(cursor, NOTIFICATION_CURSOR_KINDS);
      if (cursor !== undefined && after === null) throw new BadRequestError(INVALID_CURSOR_MESSAGE);
      const page = await listNotifications(app.db, userId, {
        unreadOnly: unread,
        limit,
        after: after as NotificationSortKey | null,
      });
      if (limit !== undefined) {
        reply.header(PAGE_HEADERS.total, String(page.total));
        if (page.next) {
          const next = encodeCursor(page.next);
          const url = new URL(request.url, 'http://api.invalid');
          url.searchParams.set('cursor', next);
          reply.header(PAGE_HEADERS.next, next).header('link', `<${url.pathname}${url.search}>; rel="next"`);
        }
      }
      return page.items;
    },
  );

  app.get(
    '/user/notifications/unread-count',
    {
      schema: {
        tags,
        summary: 'How many of my notifications are unread',
        description: 'The count the notification bell shows.',
        response: { 200: unreadNotificationsDtoSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ unread: await countUnreadNotifications(app.db, requireUser(request).id) }),
  );

  app.post(
    '/user/notifications/read',
    {
      schema: {
        tags,
        summary: 'Mark notifications read',
        description:
          'Body `{ids}`: those of my notifications (ids not mine are ignored); an empty body or no ids: all of mine. Answers how many changed and how many are left unread.',
        body: markNotificationsReadBodySchema,
        response: { 200: notificationsReadDtoSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const userId = requireUser(request).id;
      const marked = await markNotificationsRead(app.db, userId, request.body.ids);
      return { marked, unread: await countUnreadNotifications(app.db, userId) };
    },
  );
};
