/**
 * Outgoing mail. With SMTP_URL set, mail goes to that SMTP server through nodemailer; without
 * it, mail is kept in the mail_outbox table (administrators read it in the app) and logged, so a
 * fresh install can reset passwords without any mail set-up.
 *
 * SMTP delivery runs in the background: the caller (e.g. forgot-password) answers at once, so the
 * time of the answer does not tell whether an account exists and a slow mail server does not
 * hold the request. Failures are logged. The outbox is written with the caller's database handle,
 * so a reset token and its mail are stored in one transaction.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';

export interface MailMessage {
  /** What the mail is for (PASSWORD_RESET…); kept with outbox mail. */
  kind: string;
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  /** Hands the message over (SMTP, in the background) or stores it in the outbox through `db`. */
  send(db: Database, message: MailMessage): Promise<void>;
  /** Resolves when every background delivery started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  logger: FastifyBaseLogger;
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl
    ? new SmtpMailer(options.smtpUrl, options.from, options.logger)
    : new OutboxMailer(options.logger);
}

class OutboxMailer implements Mailer {
  readonly transport = 'outbox' as const;

  constructor(private readonly logger: FastifyBaseLogger) {}

  async send(db: Database, message: MailMessage): Promise<void> {
    await db
      .insert(mailOutbox)
      .values({ kind: message.kind, recipient: message.to, subject: message.subject, body: message.text });
    // no SMTP server: the log is where a developer finds the link
    this.logger.info(
      { mail: { kind: message.kind, to: message.to, subject: message.subject, text: message.text } },
      'mail kept in the outbox (SMTP_URL is not set)',
    );
  }

  async idle(): Promise<void> {}

  async close(): Promise<void> {}
}

class SmtpMailer implements Mailer {
  readonly transport = 'smtp' as const;
  private readonly transporter: Transporter;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly logger: FastifyBaseLogger,
  ) {
    this.transporter = nodemailer.createTransport(smtpUrl);
  }

  async send(_db: Database, message: MailMessage): Promise<void> {
    const delivery = this.transporter
      .sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text })
      .then(
        () => this.logger.info({ mail: { kind: message.kind, to: message.to } }, 'mail sent'),
        (error: unknown) =>
          this.logger.error({ err: error, mail: { kind: message.kind, to: message.to } }, 'mail could not be sent'),
      );
    this.pending.add(delivery);
    void delivery.finally(() => this.pending.delete(delivery));
  }

  async idle(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  async close(): Promise<void> {
    await this.idle();
    this.transporter.close();
  }
}
