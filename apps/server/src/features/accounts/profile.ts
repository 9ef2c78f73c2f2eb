import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  EMAIL_UNDO_TTL_MS,
  type Profile,
  type ProfileChanges,
  type ProfileSessionResponse,
} from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import { verifyPassword } from '#auth/passwords.js';
import { emailChangeUndos, users } from '#db/schema/index.js';
import { conflict, HttpError, isUniqueViolation } from '#lib/errors.js';
import { emailTakenByOther, findPasswordHash, toProfile, usernameTakenByOther } from './repository.js';
import { hashUndoToken, undoEmailLink, USERNAME_TAKEN, type AccountContext } from './account-context.js';

/** A profile: read, changed (e-mail changes mail an undo link, email-undo.ts), its picture set and removed. */
export function createProfile(context: AccountContext) {
  const {
    db,
    deps,
    clock,
    publicUrl,
    publicFacesChanged,
    loadProfileRow,
    profileSession,
    replaceProfileImage,
    notify,
  } = context;
  const { images } = deps;
  return {
    async getProfile(id: string): Promise<Profile> {
      return toProfile(await loadProfileRow(id));
    },

    /**
     * Sets the given fields (absent ones stay); e-mail and username stay unique (409). With `image`, the
     * picture is replaced in the same transaction, so a refused change stores no picture and a refused
     * picture changes no field (the v1 form sends both at once).
     */
    async updateProfile(
      user: SessionUser,
      changes: ProfileChanges,
      options: { image?: Buffer } = {},
    ): Promise<ProfileSessionResponse> {
      const { currentPassword, ...fields } = changes;
      const values = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Omit<
        ProfileChanges,
        'currentPassword'
      >;
      // Checked and re-encoded before anything is written (CPU only, outside the transaction).
      const encoded = options.image ? await images.encode(options.image) : undefined;
      const before = await loadProfileRow(user.id);
      const newEmail =
        values.email !== undefined && values.email.toLowerCase() !== before.email.toLowerCase() ? values.email : null;
      if (newEmail !== null) {
        // A bearer token alone must not move the account to another address (then reset its password there).
        if (!currentPassword) {
          throw new HttpError(400, `currentPassword ${ACCOUNT_MESSAGES.currentPasswordForEmail}`, [
            { path: 'currentPassword', message: ACCOUNT_MESSAGES.currentPasswordForEmail },
          ]);
        }
        const currentHash = await findPasswordHash(db, user.id);
        if (!currentHash || !(await verifyPassword(currentHash, currentPassword))) {
          throw new HttpError(400, ACCOUNT_MESSAGES.currentPasswordIncorrect, [
            { path: 'currentPassword', message: 'is incorrect' },
          ]);
        }
      }
      if (values.email !== undefined && (await emailTakenByOther(db, values.email, user.id))) {
        throw conflict(ACCOUNT_MESSAGES.emailTaken, [{ path: 'email', message: 'is already used by another account' }]);
      }
      if (values.username !== undefined && (await usernameTakenByOther(db, values.username, user.id))) {
        throw conflict(USERNAME_TAKEN, [{ path: 'username', message: 'is already taken' }]);
      }
      const undoToken = newEmail !== null ? randomBytes(32).toString('base64url') : null;
      if (Object.keys(values).length > 0 || encoded) {
        try {
          await db.transaction(async (tx) => {
            if (Object.keys(values).length > 0) await tx.update(users).set(values).where(eq(users.id, user.id));
            if (encoded) await replaceProfileImage(tx, user.id, encoded);
            if (undoToken && newEmail !== null) {
              await tx.insert(emailChangeUndos).values({
                userId: user.id,
                oldEmail: before.email,
                newEmail,
                tokenHash: hashUndoToken(undoToken),
                expiresAt: new Date(clock() + EMAIL_UNDO_TTL_MS),
              });
            }
          });
        } catch (error) {
          // A concurrent request took the address or name between the check and the write.
          if (isUniqueViolation(error, 'users_email_lower_key')) throw conflict(ACCOUNT_MESSAGES.emailTaken);
          if (isUniqueViolation(error, 'users_username_key')) throw conflict(USERNAME_TAKEN);
          throw error;
        }
        publicFacesChanged();
      }
      if (undoToken && newEmail !== null) {
        notify(
          before.email,
          'Your Lyceum e-mail address was changed',
          `Hello ${before.firstname},\n\nThe e-mail address of your Lyceum account was changed to ${newEmail}.\n\n` +
            'If you did not do this, open this link within 7 days to restore this address and sign out every ' +
            `session:\n\n${undoEmailLink(publicUrl, undoToken)}\n\n` +
            'Then reset your password. The link works once.\n',
        );
      }
      return profileSession(user, ACCOUNT_MESSAGES.profileUpdated);
    },

    /** Replaces the picture (the old image row is deleted in the same transaction). */
    async setProfileImage(user: SessionUser, bytes: Buffer): Promise<ProfileSessionResponse> {
      const encoded = await images.encode(bytes);
      await db.transaction((tx) => replaceProfileImage(tx, user.id, encoded));
      publicFacesChanged();
      return profileSession(user, ACCOUNT_MESSAGES.profileImageUpdated);
    },

    /** Back to the default picture; answers the same when there is none. */
    async removeProfileImage(user: SessionUser): Promise<ProfileSessionResponse> {
      const removed = await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ imageId: users.profileImageId })
          .from(users)
          .where(eq(users.id, user.id))
          .for('update');
        if (!current?.imageId) return false;
        await tx.update(users).set({ profileImageId: null }).where(eq(users.id, user.id));
        await images.remove(current.imageId, tx);
        return true;
      });
      if (removed) publicFacesChanged();
      return profileSession(user, ACCOUNT_MESSAGES.profileImageRemoved);
    },
  };
}
