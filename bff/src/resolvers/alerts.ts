/**
 * The alerts area (docs/product/alerts.md): the logged-in user's alert rules, notifications and alert settings,
 * and the e-mail's unsubscribe link, as the REST API keeps them. Ids are GraphQL IDs here, numbers there.
 */
import type { Resolvers } from '../__generated__/resolvers-types.js';
import { badUserInput, numericId } from '../graphql/errors.js';

/** The most notifications one query answers (LIST_SIZES sizes Query.notifications by it). */
export const MAX_NOTIFICATIONS_PER_QUERY = 200;

export const alertsResolvers: Resolvers = {
  AlertRule: {
    id: (rule) => String(rule.id),
  },
  Notification: {
    id: (notification) => String(notification.id),
  },
  Query: {
    alertRules: (_parent, _args, { dataSources }) => dataSources.alerts.alertRules(),
    notifications: (_parent, { unreadOnly, limit }, { dataSources }) => {
      const size = limit ?? 50;
      if (!Number.isInteger(size) || size < 1 || size > MAX_NOTIFICATIONS_PER_QUERY)
        throw badUserInput(`limit must be a whole number from 1 to ${MAX_NOTIFICATIONS_PER_QUERY}`, 'limit');
      return dataSources.alerts.notifications(unreadOnly ?? false, size);
    },
    unreadNotificationCount: async (_parent, _args, { dataSources }) => (await dataSources.alerts.unreadCount()).unread,
    alertSettings: (_parent, _args, { dataSources }) => dataSources.alerts.settings(),
  },
  Mutation: {
    createAlertRule: (_parent, { input }, { dataSources }) =>
      dataSources.alerts.createAlertRule({
        symbol: input.symbol ?? null,
        kind: input.kind,
        value: input.value ?? null,
      }),
    deleteAlertRule: async (_parent, { id }, { dataSources }) => {
      await dataSources.alerts.deleteAlertRule(numericId(id, 'id'));
      return { id, message: 'The alert rule was deleted' };
    },
    markNotificationsRead: (_parent, { ids }, { dataSources }) =>
      dataSources.alerts.markRead(ids?.map((id) => numericId(id, 'ids')) ?? undefined),
    updateAlertSettings: (_parent, { input }, { dataSources }) =>
      dataSources.alerts.updateSettings({
        ...(input.emailDigest != null ? { emailDigest: input.emailDigest } : {}),
        ...(input.newYearHighLow != null ? { newYearHighLow: input.newYearHighLow } : {}),
        ...(input.upcomingCorporateActions != null ? { upcomingCorporateActions: input.upcomingCorporateActions } : {}),
      }),
    unsubscribeFromAlertEmails: async (_parent, { token }, { dataSources }) =>
      (await dataSources.alerts.unsubscribe(token)).message,
  },
};
