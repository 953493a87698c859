/**
 * The one way mail leaves the server (docs/decisions/0013). With `SMTP_URL` it goes out through nodemailer; without,
 * it is kept in the `outbox` table (the developer's Outbox screen) and written to the server log, so a demo without a
 * mail server stays usable from the browser. No HTTP reply ever carries what a mail carries.
 */
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Executor } from '../db/connect.ts';
import { outbox } from '../db/schema.ts';

export interface Mail {
  /** The address, or null when the account has none (kept in the outbox under `name`, never sent over SMTP). */
  to: string | null;
  /** Who it is for, in the outbox when there is no address. */
  name: string;
  subject: string;
  text: string;
  /** The one-time link the mail carries, if any. */
  link?: string;
  companyId?: string | null;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /**
   * Sends (SMTP, in the background: the reply never waits for the mail server, nor tells by its timing whether a mail
   * went out) or keeps (outbox, through `db`, so a transaction's mail is kept only when it commits).
   */
  send(db: Executor, mails: readonly Mail[]): Promise<void>;
}

/** A link into the app from the configured `PUBLIC_URL`, never from the request's Host header. */
export function publicLink(config: Pick<Config, 'publicUrl'>, path: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return `${config.publicUrl}${path}${query ? `?${query}` : ''}`;
}

const recipientOf = (mail: Mail) => mail.to ?? `${mail.name} (no email address)`;

export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      kind: 'smtp',
      async send(_db, mails) {
        for (const mail of mails) {
          if (!mail.to) {
            log.warn({ name: mail.name, subject: mail.subject }, 'mail not sent: the account has no email address');
            continue;
          }
          transport.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text }).then(
            () => log.info({ to: mail.to, subject: mail.subject }, 'mail sent'),
            (error: Error) => log.error({ to: mail.to, subject: mail.subject, err: error.message }, 'mail not sent'),
          );
        }
      },
    };
  }
  return {
    kind: 'outbox',
    async send(db, mails) {
      for (let i = 0; i < mails.length; i += 500) {
        const batch = mails.slice(i, i + 500);
        await db.insert(outbox).values(
          batch.map((mail) => ({
            company_id: mail.companyId ?? null,
            recipient: recipientOf(mail),
            subject: mail.subject,
            body: mail.text,
            link: mail.link ?? null,
          })),
        );
      }
      for (const mail of mails) {
        log.info({ to: recipientOf(mail), subject: mail.subject, link: mail.link }, 'mail kept in the outbox');
      }
    },
  };
}
