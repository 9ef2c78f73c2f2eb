import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * The Message-ID (`<...@...>`), stable across retries of one delivery: a receiver (and the outbox, which names
   * the file after it) sees a repeated delivery as the same message.
   */
  messageId?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Delivers one message; rejects when delivery fails. Routes use `sendInBackground` instead. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** The part of a pino logger the mailer uses. */
export interface MailLog {
  info(details: object, message: string): void;
  /** Mail text (reset and undo links) is logged only at this level. */
  debug?(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** SMTP through `SMTP_URL` (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(options: { url: string; from: string; log?: MailLog }): Mailer {
  const transport = nodemailer.createTransport(options.url, { from: options.from });
  return {
    async send(message) {
      const info = await transport.sendMail(message);
      options.log?.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
    },
    close() {
      transport.close();
    },
  };
}

/**
 * Without SMTP: each message is written as an RFC 822 `.eml` file to `dir` (open it in any mail client)
 * and its text is logged at debug level, so a developer can follow a reset link without a mail server.
 */
export function createOutboxMailer(options: { dir: string; from: string; log?: MailLog }): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      // A message with its own id is one file, whenever and however often it is written.
      const name = message.messageId
        ? `msg-${message.messageId.replace(/[^\w.@-]/g, '')}`
        : `${stamp}-${randomBytes(4).toString('hex')}`;
      const file = path.join(options.dir, `${name}.eml`);
      await writeFile(file, info.message as Buffer);
      options.log?.info(
        { to: message.to, subject: message.subject, file },
        'mail written to the outbox (SMTP_URL is not set)',
      );
      // The text holds single-use links (password reset, undo): only at debug level (LOG_LEVEL=debug in development).
      options.log?.debug?.({ to: message.to, text: message.text }, 'outbox mail text');
    },
    close() {},
  };
}

/** SMTP when `smtpUrl` is configured, otherwise the outbox in `<dataDir>/outbox`. */
export function createMailer(
  config: { smtpUrl: string | undefined; mailFrom: string; dataDir: string },
  log?: MailLog,
): Mailer {
  if (config.smtpUrl) return createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom, log });
  return createOutboxMailer({ dir: path.join(config.dataDir, 'outbox'), from: config.mailFrom, log });
}

/**
 * Sends without making the caller wait or fail: mail is a side effect that must never change a response
 * (nor its timing, which would tell whether an account exists) or crash the process. The returned promise
 * always resolves, to `true` when the message was handed over.
 */
export function sendInBackground(mailer: Mailer, message: MailMessage, log?: MailLog): Promise<boolean> {
  return mailer.send(message).then(
    () => true,
    (error: unknown) => {
      log?.error({ err: error, to: message.to, subject: message.subject }, 'mail delivery failed');
      return false;
    },
  );
}
