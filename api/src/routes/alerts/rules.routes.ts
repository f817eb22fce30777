/**
 * The caller's alert rules (docs/product/alerts.md#rest-calls): list, make, delete. Owner-only: every call works
 * on the session user's rules (another's id answers 404).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_ALERT_RULES_PER_USER } from '@bazaar/shared';
import { alertRuleBodySchema, alertRuleDtoSchema, errorResponses, idParamsSchema } from '@bazaar/shared/contract';
import { requireUser } from '../../auth/access.js';
import { createAlertRule, deleteAlertRule, listAlertRules } from '../../db/queries/alerts/rules.js';
import { answerMadeOrFound } from '../created.js';

const tags = ['user: alerts'];

export const alertRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/alert-rules',
    {
      schema: {
        tags,
        summary: 'My alert rules',
        description:
          'The rules I made (those for every held and watched symbol first, then by symbol). The default rules (new 52-week high or low, upcoming corporate actions) are not rows: they are switched in GET /user/alert-settings.',
        response: { 200: z.array(alertRuleDtoSchema), ...errorResponses(401) },
      },
    },
    async (request) => listAlertRules(app.db, requireUser(request).id),
  );

  app.post(
    '/user/alert-rules',
    {
      schema: {
        tags,
        summary: 'Make an alert rule',
        description: `Body \`{symbol, kind, value}\` (symbol null: every symbol I hold or watch). 201 with the rule; 200 with the rule when the same one (symbol, kind, value) was there already. 400 for a value that does not fit the kind (the message says what is wrong), a symbol without loaded prices, a stop-loss or target on a symbol I hold none of, or a ${MAX_ALERT_RULES_PER_USER + 1}st rule.`,
        body: alertRuleBodySchema,
        response: { 200: alertRuleDtoSchema, 201: alertRuleDtoSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { rule, created } = await createAlertRule(app.db, requireUser(request).id, request.body);
      return answerMadeOrFound(reply, rule, created);
    },
  );

  app.delete(
    '/user/alert-rules/:id',
    {
      schema: {
        tags,
        summary: 'Delete one of my alert rules',
        description: 'Answers the rule deleted; 404 when I have no rule of that id. Its notifications stay.',
        params: idParamsSchema,
        response: { 200: alertRuleDtoSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => deleteAlertRule(app.db, requireUser(request).id, request.params.id),
  );
};
