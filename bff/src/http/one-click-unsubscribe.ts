/**
 * The alert e-mail's one-click unsubscribe (RFC 8058; docs/product/alerts.md#the-e-mail-digest): a mail client
 * that honours `List-Unsubscribe-Post: List-Unsubscribe=One-Click` POSTs `List-Unsubscribe=One-Click` to the
 * address of the `List-Unsubscribe` header, WEB_URL/unsubscribe?token=…, without cookies or a session. This
 * handler passes the token to the REST API's public unsubscribe call, which checks its signature and expiry.
 * A person who opens the same link gets the web app's page (a GET), which does the same through GraphQL.
 */
import express, { type Request, type Response } from 'express';
import type { RequestScope } from '../datasources/rest-client.js';
import { AlertsApi } from '../datasources/alerts-api.js';
import { GraphQLError } from 'graphql';

/** The path of the link (shared with the REST API's e-mail: api/src/alerts/digest-mail.ts ALERT_PAGES). */
export const UNSUBSCRIBE_PATH = '/unsubscribe';

export function oneClickUnsubscribe(scopeOf: (request: Request, response: Response) => RequestScope) {
  const router = express.Router();
  router.post(
    UNSUBSCRIBE_PATH,
    express.urlencoded({ extended: false, limit: '2kb' }),
    async (request: Request, response: Response) => {
      const token = typeof request.query.token === 'string' ? request.query.token : '';
      if (token === '') {
        response.status(400).type('text/plain').send('The unsubscribe link has no token: use the link of the e-mail.');
        return;
      }
      try {
        const answer = await new AlertsApi(scopeOf(request, response)).unsubscribe(token);
        response.status(200).type('text/plain').send(answer.message);
      } catch (error) {
        // the REST API's answer as a GraphQL error (rest-client.ts): its status and message, 5xx in our words
        const status = error instanceof GraphQLError ? Number(error.extensions.status ?? 502) : 502;
        const refused = status >= 400 && status < 500;
        response
          .status(refused ? status : 502)
          .type('text/plain')
          .send(
            refused ? (error as GraphQLError).message : 'The unsubscribe link could not be used now; try again later.',
          );
      }
    },
  );
  return router;
}
