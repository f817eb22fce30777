/**
 * Outgoing mail. With SMTP_URL set, mail goes to that SMTP server through nodemailer; without
 * it, mail is kept in the mail_outbox table (administrators read it in the app) and logged, so a
 * fresh install can reset passwords without any mail set-up.
 *
 * In production a message's secret (the reset link) is never logged, and without SMTP_URL it is not
 * kept either: the outbox row says the link was withheld, so no working link sits in the database,
 * its WAL or its backups, and a warning at start says to set SMTP_URL
 * (docs/decisions.md#reset-links-only-by-mail-in-production).
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
  /** Text within `text` that grants access (a reset link): never logged, nor kept in production. */
  secret?: string;
  /** An HTML part beside the text (the outbox keeps the text). */
  html?: string;
  /** Extra headers (List-Unsubscribe…). */
  headers?: Record<string, string>;
  /** The Message-ID to send it with (without one nodemailer makes one). */
  messageId?: string;
}

/**
 * A delivery that failed. `uncertain`: the connection broke while the message itself was being handed over, so
 * the server may have taken it (a caller that must not send twice does not try again).
 */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly uncertain: boolean,
  ) {
    super(message);
    this.name = 'MailDeliveryError';
  }
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  /** Hands the message over (SMTP, in the background) or stores it in the outbox through `db`. */
  send(db: Database, message: MailMessage): Promise<void>;
  /**
   * Hands the message over and waits for the outcome: resolves once the SMTP server accepted it (or the outbox
   * row is written through `db`), throws a MailDeliveryError otherwise. For senders that retry (alert digests).
   */
  deliver(db: Database, message: MailMessage): Promise<void>;
  /** Resolves when every background delivery started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  logger: FastifyBaseLogger;
  /** Production: secrets are never logged, and the outbox keeps mail without them. */
  production?: boolean;
}

/** What the outbox keeps in place of a secret in production. */
export const WITHHELD_SECRET =
  '[link withheld: in production reset links are only sent by mail; set SMTP_URL to deliver them]';

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) return new SmtpMailer(options.smtpUrl, options.from, options.logger);
  if (options.production)
    options.logger.warn(
      'SMTP_URL is not set: in production reset links are neither kept nor logged, so nobody can reset a password; set SMTP_URL',
    );
  return new OutboxMailer(options.logger, options.production ?? false);
}

/** The text with its secret replaced. */
function withoutSecret(message: MailMessage): string {
  return message.secret ? message.text.split(message.secret).join(WITHHELD_SECRET) : message.text;
}

class OutboxMailer implements Mailer {
  readonly transport = 'outbox' as const;

  constructor(
    private readonly logger: FastifyBaseLogger,
    private readonly production: boolean,
  ) {}

  async send(db: Database, message: MailMessage): Promise<void> {
    const body = this.production ? withoutSecret(message) : message.text;
    await db.insert(mailOutbox).values({ kind: message.kind, recipient: message.to, subject: message.subject, body });
    // no SMTP server: outside production the log is where a developer finds the link
    const mail = { kind: message.kind, to: message.to, subject: message.subject };
    this.logger.info(
      this.production ? { mail } : { mail: { ...mail, text: message.text } },
      'mail kept in the outbox (SMTP_URL is not set)',
    );
  }

  async deliver(db: Database, message: MailMessage): Promise<void> {
    await this.send(db, message);
  }

  async idle(): Promise<void> {}

  async close(): Promise<void> {}
}

/**
 * Failures without a reply from the server that can come after the message went out: the connection closed or
 * timed out mid-session (nodemailer reports both as the connection's, whatever the stage). A refused connection,
 * a DNS or TLS failure, or any reply code happened before the server could take the message.
 */
function mayHaveBeenDelivered(error: { responseCode?: number; code?: string; message?: string }): boolean {
  if (error.responseCode !== undefined) return false;
  if (error.code === 'ETIMEDOUT') return !/greeting/i.test(error.message ?? '');
  return error.code === 'ECONNECTION' && /closed unexpectedly/i.test(error.message ?? '');
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

  async deliver(_db: Database, message: MailMessage): Promise<void> {
    try {
      await this.transporter.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
        ...(message.messageId ? { messageId: message.messageId } : {}),
      });
    } catch (error) {
      const failure = error as { responseCode?: number; code?: string; message?: string };
      throw new MailDeliveryError(
        `${failure.responseCode ? `${failure.responseCode} ` : ''}${String(failure.message ?? error).slice(0, 500)}`,
        mayHaveBeenDelivered(failure),
      );
    }
    this.logger.info({ mail: { kind: message.kind, to: message.to } }, 'mail sent');
  }

  async idle(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  async close(): Promise<void> {
    await this.idle();
    this.transporter.close();
  }
}
