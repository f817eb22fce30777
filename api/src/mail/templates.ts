/** The texts of the mail the app sends (plain text: readable in any client and in the outbox). */
import type { MailMessage } from './mailer.js';

export const MAIL_KIND_PASSWORD_RESET = 'PASSWORD_RESET';

export function passwordResetMail(
  user: { firstName: string; email: string },
  link: string,
  validMinutes: number,
): MailMessage {
  return {
    kind: MAIL_KIND_PASSWORD_RESET,
    to: user.email,
    subject: 'Set a new Bazaar Insight password',
    text: [
      `Hello ${user.firstName},`,
      '',
      'Someone (hopefully you) asked to set a new password for your Bazaar Insight account.',
      `Open this link within ${validMinutes} minutes to choose a new password:`,
      '',
      link,
      '',
      'The link works once. If you did not ask for it, ignore this mail: your password stays as it is.',
      '',
      'Bazaar Insight',
    ].join('\n'),
    secret: link,
  };
}
