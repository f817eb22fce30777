/**
 * The caller's alert settings (docs/product/alerts.md#settings) and the e-mail's one-click unsubscribe, which
 * works without a session: its signed token names the investor (docs/decisions.md#unsubscribe-links-signed-and-expiring).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  alertSettingsBodySchema,
  alertSettingsDtoSchema,
  errorResponses,
  messageSchema,
  unsubscribeBodySchema,
} from '@bazaar/shared/contract';
import { requireUser } from '../../auth/access.js';
import { BadRequestError } from '../../errors.js';
import { getAlertSettings, updateAlertSettings } from '../../db/queries/alerts/settings.js';

const tags = ['user: alerts'];

export const UNSUBSCRIBED_MESSAGE =
  'You will no longer receive the alert e-mails. Your alerts still show in the app; turn the e-mails on again in your alert settings.';
export const UNSUBSCRIBE_INVALID_MESSAGE =
  'This unsubscribe link is not valid. Turn the e-mails off in your alert settings instead.';
export const UNSUBSCRIBE_EXPIRED_MESSAGE =
  'This unsubscribe link has expired. Turn the e-mails off in your alert settings, or use the link of a newer e-mail.';

export const alertSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/alert-settings',
    {
      schema: {
        tags,
        summary: 'My alert settings',
        description: 'The e-mail digest and the two default rules; all on until changed.',
        response: { 200: alertSettingsDtoSchema, ...errorResponses(401) },
      },
    },
    async (request) => getAlertSettings(app.db, requireUser(request).id),
  );

  app.put(
    '/user/alert-settings',
    {
      schema: {
        tags,
        summary: 'Change my alert settings',
        description:
          'Any of `emailDigest`, `newYearHighLow`, `upcomingCorporateActions` (booleans); the others stay. Answers them all.',
        body: alertSettingsBodySchema,
        response: { 200: alertSettingsDtoSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => updateAlertSettings(app.db, requireUser(request).id, request.body),
  );

  app.post(
    '/public/alert-digest/unsubscribe',
    {
      schema: {
        tags: ['public: alerts'],
        summary: 'Stop the alert e-mails (the e-mail’s unsubscribe link)',
        description:
          'Body `{token}`: the token of an alert e-mail’s unsubscribe link. No session needed: the signed token names the investor, whose e-mail digest is turned off. 400 for a token that is not one the API signed, or that has expired.',
        body: unsubscribeBodySchema,
        response: { 200: messageSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const check = await app.alerts.unsubscribeTokens.verify(request.body.token);
      if ('problem' in check)
        throw new BadRequestError(
          check.problem === 'expired' ? UNSUBSCRIBE_EXPIRED_MESSAGE : UNSUBSCRIBE_INVALID_MESSAGE,
        );
      await updateAlertSettings(app.db, check.userId, { emailDigest: false }).catch((error: unknown) => {
        // the investor's account is gone (the foreign key refuses the row): the link has nothing left to do
        const failure = error as { code?: string; cause?: { code?: string } };
        if ((failure.code ?? failure.cause?.code) !== '23503') throw error;
      });
      return { message: UNSUBSCRIBED_MESSAGE };
    },
  );
};
