/**
 * The alerts machinery of an API instance (docs/product/alerts.md): called once by app.ts. After every upload
 * that loaded prices or changed corporate actions it queues a durable job (a row: the upload's transaction has
 * committed, and a crash after this point leaves the job to the next start); the worker runs it once the upload
 * has answered, or on its next poll. The worker runs from the moment the API listens (seeding done) until it
 * closes, unless ALERT_JOBS=0 leaves the work to other instances.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { enqueueAlertJob, type AlertJobScope } from '../db/queries/alerts/jobs.js';
import { createMailer } from '../mail/mailer.js';
import { createUnsubscribeTokens, type UnsubscribeTokens } from './unsubscribe-token.js';
import { AlertWorker } from './worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The alert worker and the unsubscribe links' tokens (api/src/alerts). */
    alerts: { worker: AlertWorker; unsubscribeTokens: UnsubscribeTokens };
  }
}

/** Upload types whose data alerts are evaluated from. */
const SCOPE_OF_UPLOAD: Record<string, AlertJobScope> = {
  UPLOAD_STOCK_PRICE: 'PRICES',
  UPLOAD_CORPORATE_ACTIONS: 'CORPORATE_ACTIONS',
};

/** The upload requests (their answers are what the worker waits for). */
function isUpload(request: FastifyRequest): boolean {
  return request.method === 'POST' && request.url.startsWith('/insight/staff/uploads/');
}

export function registerAlerts(app: FastifyInstance, options: { secret: string }): void {
  const { config } = app;
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    logger: app.log,
    production: config.env === 'production',
  });
  const unsubscribeTokens = createUnsubscribeTokens(options.secret, config.alerts.unsubscribeLinkMs);
  // the uploads still answering: the worker's wakes (a queued job's, the poll's) wait until the last has answered
  const uploadsAnswering = new Set<string>();
  const worker = new AlertWorker({
    db: app.db,
    mailer,
    tokens: unsubscribeTokens,
    log: app.log,
    config,
    holdWhile: () => uploadsAnswering.size > 0,
  });
  app.decorate('alerts', { worker, unsubscribeTokens });

  const answered = async (request: FastifyRequest) => {
    if (uploadsAnswering.delete(request.id) && uploadsAnswering.size === 0) worker.release();
  };
  app.addHook('onRequest', async (request) => {
    if (isUpload(request)) uploadsAnswering.add(request.id);
  });
  app.addHook('onResponse', answered);
  app.addHook('onRequestAbort', answered);

  app.events.on('market.dataChanged', async ({ uploadType }) => {
    const scope = SCOPE_OF_UPLOAD[uploadType];
    if (!scope) return;
    try {
      const jobKey = await enqueueAlertJob(app.db, scope);
      if (!jobKey) return;
      app.log.info({ job: jobKey }, 'alert job queued');
    } catch (error) {
      // the upload is committed either way; the next upload or start queues what was missed
      app.log.error({ err: error, uploadType }, 'alert job could not be queued');
      return;
    }
    // held while the upload answers (holdWhile), run right after its answer
    setImmediate(() => worker.wake());
  });

  if (config.alerts.jobs)
    app.addHook('onListen', async () => {
      // D's job, should a crash have come between an upload's commit and its listener (a no-op when it is there)
      await enqueueAlertJob(app.db, 'PRICES').catch((error: unknown) =>
        app.log.error({ err: error }, 'alert job could not be queued'),
      );
      worker.start();
    });
  app.addHook('onClose', async () => {
    await worker.stop();
    await mailer.close();
  });
}
