/**
 * The alert worker of one API instance (docs/decisions.md#alert-jobs-in-a-table): it runs the queued alert jobs,
 * one transaction each, then delivers the digests they queued. It wakes when an upload that queued a job has
 * answered, every ALERT_JOB_POLL_SECONDS for what other instances, the import command or a retry left due, and at
 * start, so a job a crash interrupted is finished when the API comes back. A wake while an upload of this instance
 * is answering (the poll's included) waits for its answer: the upload's answer never waits for alerts nor shares
 * the CPU with them. Several instances share the work through the tables' row locks; nothing is stored or sent
 * twice whoever runs it.
 */
import type { FastifyBaseLogger } from 'fastify';
import { mailedWebUrl, type ApiConfig } from '../config.js';
import type { Database } from '../db/client.js';
import {
  claimDueDigests,
  digestContent,
  markDigestRetry,
  markDigestSent,
  markDigestSkipped,
  markDigestUncertain,
  nextDigestDueInMs,
  settleAbandonedDigests,
  type ClaimedDigest,
} from '../db/queries/alerts/digests.js';
import {
  finishAlertJob,
  nextAlertJobDueInMs,
  postponeAlertJob,
  recordAlertJobFailure,
  takeDueAlertJob,
  type AlertJob,
} from '../db/queries/alerts/jobs.js';
import { MailDeliveryError, type Mailer } from '../mail/mailer.js';
import { alertDigestMail } from './digest-mail.js';
import { evaluateAlertJob, type EvaluationOutcome } from './evaluate.js';
import type { UnsubscribeTokens } from './unsubscribe-token.js';

/** Digests delivered at once: one slow or failing recipient's server never holds the others. */
const DELIVERIES_AT_ONCE = 4;
/** A job waiting for D's analysis looks again this soon. */
const ANALYSIS_WAIT_MS = 2_000;
/** A failed job (a database error, a bug) is tried again after this, doubled per attempt; FAILED after the last. */
const JOB_RETRY_MS = 30_000;
const JOB_MAX_ATTEMPTS = 5;
/** The longest a retry waits. */
const MAX_RETRY_MS = 6 * 3_600_000;

export interface AlertWorkerOptions {
  db: Database;
  mailer: Mailer;
  tokens: UnsubscribeTokens;
  log: FastifyBaseLogger;
  config: Pick<ApiConfig, 'webUrl' | 'alerts'>;
  /**
   * While this says true (an upload of this instance is answering), a wake (the poll's included) is held until
   * release(): the worker never competes with an upload for the CPU, nor finds its job before D's analysis.
   */
  holdWhile?: () => boolean;
}

export interface AlertRunSummary {
  jobs: Array<{ jobKey: string; outcome: EvaluationOutcome }>;
  digests: { sent: number; retried: number; failed: number; skipped: number; uncertain: number };
}

export class AlertWorker {
  private running: Promise<AlertRunSummary> | undefined;
  /** The one run queued behind the run in progress, shared by every caller meanwhile. */
  private followUp: Promise<AlertRunSummary> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private stopped = false;
  /** A wake came while holdWhile said true. */
  private held = false;

  constructor(private readonly options: AlertWorkerOptions) {}

  /** Starts the polling and runs what is due now (a job a crash left is finished here). */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.wake();
  }

  /** Stops waking and waits for the run in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
    await this.followUp?.catch(() => undefined);
  }

  /** Runs soon (now, or right after the run in progress), unless held (holdWhile): then at release(). */
  wake(): void {
    if (!this.started || this.stopped) return;
    if (this.options.holdWhile?.()) {
      this.held = true;
      return;
    }
    void this.runDue().catch((error: unknown) => this.options.log.error({ err: error }, 'alert worker run failed'));
  }

  /** Runs a wake that was held, if any (holdWhile now says false). */
  release(): void {
    if (!this.held) return;
    this.held = false;
    this.wake();
  }

  /**
   * Runs every due job, then delivers every due digest; answers what it did. A call during a run gets the one run
   * queued after it (however many ask meanwhile: never a chain of runs asking for more runs). Also what tests call
   * to wait for the worker.
   */
  runDue(): Promise<AlertRunSummary> {
    if (this.followUp) return this.followUp;
    if (!this.running) return this.startRun();
    this.followUp = this.running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        this.followUp = undefined;
        return this.startRun();
      });
    return this.followUp;
  }

  private startRun(): Promise<AlertRunSummary> {
    if (this.timer) clearTimeout(this.timer);
    const run = this.runOnce().finally(() => {
      this.running = undefined;
      if (!this.stopped && !this.followUp) void this.schedule();
    });
    this.running = run;
    return run;
  }

  private async runOnce(): Promise<AlertRunSummary> {
    const summary: AlertRunSummary = {
      jobs: [],
      digests: { sent: 0, retried: 0, failed: 0, skipped: 0, uncertain: 0 },
    };
    const { db, log, config } = this.options;
    for (;;) {
      if (this.stopped) return summary;
      const ran = await this.runOneJob();
      if (!ran) break;
      summary.jobs.push(ran);
    }
    const abandoned = await settleAbandonedDigests(db, 2 * config.alerts.mailTimeoutMs);
    if (abandoned > 0) {
      summary.digests.uncertain += abandoned;
      log.warn({ digests: abandoned }, 'alert digests left mid-delivery by a stopped sender: not sent again');
    }
    await this.deliverDue(summary);
    return summary;
  }

  /** One job in one transaction; null when none is due. */
  private async runOneJob(): Promise<{ jobKey: string; outcome: EvaluationOutcome } | null> {
    const { db, log } = this.options;
    let job: AlertJob | null = null;
    try {
      const outcome = await db.transaction(async (tx) => {
        job = await takeDueAlertJob(tx);
        if (!job) return null;
        const result = await evaluateAlertJob(tx, job);
        if (result.status === 'waiting') await postponeAlertJob(tx, job.id, ANALYSIS_WAIT_MS, result.text);
        else await finishAlertJob(tx, job.id, result.status === 'done' ? 'DONE' : 'SKIPPED', result.text);
        return result;
      });
      const taken = job as AlertJob | null;
      if (!outcome || !taken) return null;
      if (outcome.status === 'waiting') return { jobKey: taken.jobKey, outcome };
      log.info({ job: taken.jobKey, ...outcome }, 'alert job finished');
      return { jobKey: taken.jobKey, outcome };
    } catch (error) {
      const failed = job as AlertJob | null;
      if (!failed) throw error;
      const delay = Math.min(MAX_RETRY_MS, JOB_RETRY_MS * 2 ** failed.attempts);
      const final = await recordAlertJobFailure(db, failed.id, String(error), delay, JOB_MAX_ATTEMPTS);
      log.error({ err: error, job: failed.jobKey, final }, 'alert job failed');
      return null;
    }
  }

  /**
   * Delivers every due digest, DELIVERIES_AT_ONCE at a time, each lane claiming one digest just before sending it:
   * a sender killed mid-delivery leaves at most that many digests claimed (UNCERTAIN), not a batch never started.
   */
  private async deliverDue(summary: AlertRunSummary): Promise<void> {
    const { db } = this.options;
    const lanes = Array.from({ length: DELIVERIES_AT_ONCE }, async () => {
      while (!this.stopped) {
        const [digest] = await claimDueDigests(db, 1);
        if (!digest) return;
        await this.deliver(digest, summary);
      }
    });
    await Promise.all(lanes);
  }

  /** One digest: sent, or back to PENDING after a back-off, or FAILED, SKIPPED or UNCERTAIN; never thrown. */
  private async deliver(digest: ClaimedDigest, summary: AlertRunSummary): Promise<void> {
    const { db, mailer, tokens, log, config } = this.options;
    try {
      const content = await digestContent(db, digest.id);
      if (!content || !content.emailDigest || content.alerts.length === 0) {
        await markDigestSkipped(
          db,
          digest.id,
          content?.emailDigest === false ? 'the digest was turned off' : 'nothing to say',
        );
        summary.digests.skipped++;
        return;
      }
      const mail = alertDigestMail({
        digestId: digest.id,
        tradeDate: digest.tradeDate,
        content,
        webUrl: mailedWebUrl(config),
        unsubscribeToken: await tokens.sign(digest.userId),
      });
      if (mailer.transport === 'outbox') {
        // the outbox row and the digest's state in one transaction: exactly once
        await db.transaction(async (tx) => {
          await mailer.deliver(tx, mail);
          await markDigestSent(tx, digest.id, mail.messageId ?? '');
        });
      } else {
        await mailer.deliver(db, mail);
        await markDigestSent(db, digest.id, mail.messageId ?? '');
      }
      summary.digests.sent++;
    } catch (error) {
      if (error instanceof MailDeliveryError && error.uncertain) {
        await markDigestUncertain(db, digest.id, error.message).catch(() => undefined);
        summary.digests.uncertain++;
        log.warn({ digest: digest.id, err: error }, 'alert digest may have been delivered: not sent again');
        return;
      }
      const final = digest.attempts >= config.alerts.mailMaxAttempts;
      const delay = Math.min(MAX_RETRY_MS, config.alerts.mailRetryBaseMs * 2 ** (digest.attempts - 1));
      await markDigestRetry(db, digest.id, String((error as Error).message ?? error), delay, final).catch(
        (markError: unknown) => log.error({ err: markError, digest: digest.id }, 'could not record a digest failure'),
      );
      if (final) summary.digests.failed++;
      else summary.digests.retried++;
      log.warn({ digest: digest.id, attempts: digest.attempts, final, err: error }, 'alert digest not delivered');
    }
  }

  /** The next wake: the poll interval, or sooner when a job or a retry is due before it. */
  private async schedule(): Promise<void> {
    if (this.stopped) return;
    const { db, config } = this.options;
    let delay = config.alerts.pollMs;
    try {
      const [job, digest] = await Promise.all([nextAlertJobDueInMs(db), nextDigestDueInMs(db)]);
      for (const due of [job, digest]) if (due !== null) delay = Math.min(delay, Math.max(50, due));
    } catch {
      // the database is away: try again at the poll interval
    }
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), delay);
    this.timer.unref();
  }
}
