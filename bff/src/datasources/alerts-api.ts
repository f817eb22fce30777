/**
 * The alerts area's REST calls (docs/product/alerts.md#rest-calls): the caller's alert rules, notifications and
 * alert settings, and the e-mail's unsubscribe link (no session: its token names the investor).
 */
import type {
  AlertRuleDto,
  AlertSettingsBody,
  AlertSettingsDto,
  MessageBody,
  NewAlertRule,
  NotificationDto,
  NotificationsReadDto,
  UnreadNotificationsDto,
} from '@bazaar/shared/contract';
import { RestClient, type RequestScope } from './rest-client.js';

/** The body of POST /user/alert-rules as sent (the REST API checks and normalises the value). */
export interface AlertRuleRequest {
  symbol: string | null;
  kind: NewAlertRule['kind'];
  value: string | null;
}

export class AlertsApi extends RestClient {
  constructor(scope: RequestScope) {
    super(scope, scope.restApiUrl);
  }

  /** GET /user/alert-rules */
  alertRules(): Promise<AlertRuleDto[]> {
    return this.get('/user/alert-rules', { revalidate: false });
  }

  /** POST /user/alert-rules: 201 made, 200 the same rule was there. */
  async createAlertRule(body: AlertRuleRequest): Promise<{ rule: AlertRuleDto; created: boolean }> {
    const answer = await this.send<AlertRuleDto>('POST', '/user/alert-rules', { json: body });
    return { rule: answer.data, created: answer.status === 201 };
  }

  /** DELETE /user/alert-rules/{id} */
  deleteAlertRule(id: number): Promise<AlertRuleDto> {
    return this.delete(`/user/alert-rules/${id}`);
  }

  /** GET /user/notifications?limit=&unread= (the first page: newest first). */
  notifications(unreadOnly: boolean, limit: number): Promise<NotificationDto[]> {
    return this.get('/user/notifications', {
      query: { limit, unread: unreadOnly ? 'true' : undefined },
      revalidate: false,
    });
  }

  /** GET /user/notifications/unread-count */
  unreadCount(): Promise<UnreadNotificationsDto> {
    return this.get('/user/notifications/unread-count', { revalidate: false });
  }

  /** POST /user/notifications/read: these ids, or (undefined) every notification of the caller. */
  markRead(ids: number[] | undefined): Promise<NotificationsReadDto> {
    return this.post('/user/notifications/read', { json: ids === undefined ? {} : { ids } });
  }

  /** GET /user/alert-settings */
  settings(): Promise<AlertSettingsDto> {
    return this.get('/user/alert-settings', { revalidate: false });
  }

  /** PUT /user/alert-settings */
  updateSettings(body: AlertSettingsBody): Promise<AlertSettingsDto> {
    return this.put('/user/alert-settings', { json: body });
  }

  /** POST /public/alert-digest/unsubscribe */
  unsubscribe(token: string): Promise<MessageBody> {
    return this.post('/public/alert-digest/unsubscribe', { json: { token } });
  }
}
