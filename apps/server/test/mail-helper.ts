import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { MailMessage, Mailer } from '../src/lib/mailer.js';

export interface ReceivedMail {
  to: string[];
  /** The whole message as received, headers and (decoded) body. */
  raw: string;
}

/** Undoes quoted-printable soft line breaks and escapes, so links can be read from the body. */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * A real SMTP server on a free local port, recording what it receives. `waitFor` resolves when a mail for
 * the address arrives (at once if it already has): tests wait on the event, never on a timer.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const waiters: { address: string; resolve: (mail: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: decodeQuotedPrintable(raw),
        };
        received.push(mail);
        for (const waiter of waiters.splice(0)) {
          if (mail.to.includes(waiter.address)) waiter.resolve(mail);
          else waiters.push(waiter);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The first mail for `address` at or after position `after` of `received`, once it has arrived. */
    waitFor(address: string, after = 0): Promise<ReceivedMail> {
      const wanted = address.toLowerCase();
      const arrived = received.slice(after).find((mail) => mail.to.includes(wanted));
      if (arrived) return Promise.resolve(arrived);
      // Anything that arrives from now on comes after `after`.
      return new Promise((resolve) => waiters.push({ address: wanted, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Wraps a mailer so a test can await every send it triggered (sends run in the background). */
export function trackSends(mailer: Mailer) {
  const pending: Promise<unknown>[] = [];
  const tracked: Mailer = {
    send(message: MailMessage) {
      const sending = mailer.send(message);
      pending.push(sending.catch(() => undefined));
      return sending;
    },
    close: () => mailer.close(),
  };
  return { mailer: tracked, settled: () => Promise.all(pending) };
}

/** The reset link in a mail, and its token. */
export function resetLinkIn(mail: ReceivedMail): { link: string; token: string } {
  const match = /(https?:\/\/\S+\/reset-password\?token=([A-Za-z0-9_-]+))/.exec(mail.raw);
  if (!match) throw new Error(`no reset link in mail:\n${mail.raw}`);
  return { link: match[1]!, token: match[2]! };
}
