import { ACCOUNT_MESSAGES, type MessageResponse } from '@lyceum/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { revokeUserSessions } from '#auth/sessions.js';
import { emailChangeUndos, users } from '#db/schema/index.js';
import { badRequest, conflict, isUniqueViolation } from '#lib/errors.js';
import { closeOpenPasswordResets, emailTakenByOther, findProfileById } from './repository.js';
import { hashUndoToken, type AccountContext } from './account-context.js';

/** Undoing an e-mail change from the link mailed to the old address. */
export function createEmailUndo({ db, clock, notify }: AccountContext) {
  return {
    /**
     * The link mailed to the old address: restores it, ends every session (a thief's included), closes open
     * reset links (one may have gone to the thief's address). Single use, 7 days; 409 when the old address
     * now belongs to another account (the link then stays usable).
     */
    async undoEmailChange(token: string): Promise<MessageResponse> {
      const now = new Date(clock());
      const restored = await db
        .transaction(async (tx) => {
          const [claimed] = await tx
            .update(emailChangeUndos)
            .set({ usedAt: now })
            .where(
              and(
                eq(emailChangeUndos.tokenHash, hashUndoToken(token)),
                isNull(emailChangeUndos.usedAt),
                gt(emailChangeUndos.expiresAt, now),
              ),
            )
            .returning({ userId: emailChangeUndos.userId, oldEmail: emailChangeUndos.oldEmail });
          if (!claimed) throw badRequest(ACCOUNT_MESSAGES.undoLinkInvalid);
          if (await emailTakenByOther(tx, claimed.oldEmail, claimed.userId)) {
            throw conflict(ACCOUNT_MESSAGES.emailTaken, [
              { path: 'email', message: 'is already used by another account' },
            ]);
          }
          await tx
            .update(users)
            .set({ email: claimed.oldEmail, tokenVersion: sql`${users.tokenVersion} + 1` })
            .where(eq(users.id, claimed.userId));
          await revokeUserSessions(tx, claimed.userId, 'signed-out', now);
          await closeOpenPasswordResets(tx, claimed.userId, now);
          return claimed;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error, 'users_email_lower_key')) throw conflict(ACCOUNT_MESSAGES.emailTaken);
          throw error;
        });
      const row = await findProfileById(db, restored.userId);
      if (row) {
        notify(
          row.email,
          'Your Lyceum e-mail address was restored',
          `Hello ${row.firstname},\n\nThis address is the e-mail of your Lyceum account again and every session ` +
            'was signed out. If you did not change the address yourself, reset your password now.\n',
        );
      }
      return { message: ACCOUNT_MESSAGES.emailChangeUndone };
    },
  };
}
