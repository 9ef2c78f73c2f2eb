import { createHash, randomBytes } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  ACCOUNT_THROTTLE,
  RESET_TOKEN_TTL_MS,
  type MessageResponse,
  type ResetPasswordBody,
} from '@lyceum/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { hashPassword } from '#auth/passwords.js';
import { assertUncommonPassword } from '#auth/password-policy.js';
import { revokeUserSessions } from '#auth/sessions.js';
import type { Db } from '#db/client.js';
import { passwordResets, users } from '#db/schema/index.js';
import { systemClock, type AttemptCounter, type Clock } from '#lib/attempt-counter.js';
import { badRequest } from '#lib/errors.js';
import { sendInBackground, type MailLog, type Mailer } from '#lib/mailer.js';
import { closeOpenPasswordResets, findByEmail, findProfileById, raiseTokenVersion } from './repository.js';
import { loginFailuresKey, loginGenerationKey, loginHoldKey } from './service.js';

export interface PasswordResetDeps {
  mailer: Mailer;
  /** Reset requests per e-mail address; shared between nodes when Redis is configured. */
  attempts: AttemptCounter;
  /** The web app's address, for the link in the mail. */
  publicUrl: string;
  log?: MailLog;
  clock?: Clock;
}

/** Only this digest of a reset token is stored: a leaked table cannot be turned into working links. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
}

/** Matches no account: the reset insert for an unknown address selects nothing. */
const NO_USER = '00000000-0000-0000-0000-000000000000';

function resetMail(firstname: string, link: string) {
  return {
    subject: 'Reset your Lyceum password',
    text:
      `Hello ${firstname},\n\n` +
      'Someone (hopefully you) asked to reset the password of your Lyceum account. ' +
      'Open this link within 1 hour to choose a new password:\n\n' +
      `${link}\n\n` +
      'The link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.\n',
  };
}

export function createPasswordResetService(db: Db, deps: PasswordResetDeps) {
  const { mailer, attempts, publicUrl, log } = deps;
  const clock = deps.clock ?? systemClock;

  return {
    /**
     * Mails a single-use link valid for 1 hour when an active account has this e-mail; answers the same
     * message, at the same speed (the mail is sent in the background), whether or not it does.
     */
    async requestReset(email: string): Promise<MessageResponse> {
      // The mail is the protection: a request is never refused; past one mail a minute or 10 a day per address,
      // it gets the same answer and no further mail (the earlier links still work). ADR 022.
      const address = email.trim().toLowerCase();
      const recent = await attempts.hit(`reset-mail-recent:${address}`, ACCOUNT_THROTTLE.resetMailIntervalMs);
      const today = recent === 1 ? await attempts.hit(`reset-mail-day:${address}`, 24 * 60 * 60 * 1000) : 0;
      if (recent > 1 || today > ACCOUNT_THROTTLE.maxResetMailsPerDay)
        return { message: ACCOUNT_MESSAGES.resetLinkSent };
      // The same work whether or not the address has an account (issue 13.9): one lookup, a token and its digest,
      // one insert statement (which inserts nothing for an unknown or inactive address) and the mail's text. Only
      // the sending differs, and it happens after the answer.
      const user = await findByEmail(db, email);
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(clock() + RESET_TOKEN_TTL_MS);
      const column = (c: { name: string }) => sql.identifier(c.name);
      const inserted = (await db.execute(sql`
        insert into ${passwordResets}
          (${column(passwordResets.userId)}, ${column(passwordResets.tokenHash)}, ${column(passwordResets.expiresAt)})
        select ${column(users.id)}, ${hashResetToken(token)}, ${expiresAt.toISOString()}::timestamptz
        from ${users}
        where ${column(users.id)} = ${user?.id ?? NO_USER} and ${column(users.status)} = 'active'
        returning ${column(passwordResets.userId)}`)) as unknown as { rows: unknown[] };
      const mail = resetMail(user?.firstname ?? '', resetLink(publicUrl, token));
      if (user && inserted.rows.length === 1) void sendInBackground(mailer, { to: user.email, ...mail }, log);
      return { message: ACCOUNT_MESSAGES.resetLinkSent };
    },

    /**
     * Sets the new password for an open, unexpired link, closes every open link of that user, raises the
     * token version (every existing session ends) and lifts a login lock-out. Anything else: 400, nothing changes.
     */
    async resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
      assertUncommonPassword(body.newPassword);
      const passwordHash = await hashPassword(body.newPassword);
      const now = new Date(clock());
      const userId = await db.transaction(async (tx) => {
        // Claiming the link and checking it are one statement, so two racing requests cannot both use it.
        const [claimed] = await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(
            and(
              eq(passwordResets.tokenHash, hashResetToken(body.token)),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, now),
            ),
          )
          .returning({ userId: passwordResets.userId });
        if (!claimed) throw badRequest(ACCOUNT_MESSAGES.resetLinkInvalid);
        await raiseTokenVersion(tx, claimed.userId, passwordHash);
        await closeOpenPasswordResets(tx, claimed.userId, now);
        await revokeUserSessions(tx, claimed.userId, 'password-changed', now);
        return claimed.userId;
      });
      // Whoever locked the account with wrong guesses must not keep its owner out after a reset.
      const user = await findProfileById(db, userId);
      if (user) {
        await attempts.hit(loginGenerationKey(user.email), 24 * 60 * 60 * 1000);
        await attempts.reset(loginFailuresKey(user.email));
        await attempts.reset(loginHoldKey(user.email));
      }
      return { message: ACCOUNT_MESSAGES.passwordReset };
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
