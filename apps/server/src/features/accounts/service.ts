import { createHash, randomBytes } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  ACCOUNT_THROTTLE,
  EMAIL_UNDO_TTL_MS,
  MESSAGES,
  type ChangePasswordBody,
  type LoginBody,
  type LoginResponse,
  type Profile,
  type ProfileChanges,
  type ProfileSessionResponse,
  type RegisterBody,
  type SessionResponse,
  type MessageResponse,
} from '@lyceum/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import { getDecoyHash, hashPassword, verifyPassword } from '#auth/passwords.js';
import { assertUncommonPassword } from '#auth/password-policy.js';
import { openSession, revokeSession, revokeUserSessions } from '#auth/sessions.js';
import type { TokenService } from '#auth/tokens.js';
import type { Db } from '#db/client.js';
import { emailChangeUndos, users } from '#db/schema/index.js';
import { systemClock, type AttemptCounter, type Clock } from '#lib/attempt-counter.js';
import { badRequest, conflict, HttpError, isUniqueViolation, notFound, unauthorized } from '#lib/errors.js';
import { topics, type InvalidationBus } from '#lib/invalidation.js';
import { sendInBackground, type MailLog, type Mailer } from '#lib/mailer.js';
import {
  closeOpenPasswordResets,
  emailTaken,
  emailTakenByOther,
  findByEmail,
  findPasswordHash,
  findProfileById,
  raiseTokenVersion,
  toProfile,
  toTokenUser,
  usernamesLike,
  usernameTakenByOther,
  type ProfileRow,
} from './repository.js';

export const EMAIL_TAKEN = 'User is already registered with this email. Please sign in.';
export const USERNAME_TAKEN = ACCOUNT_MESSAGES.usernameTaken;
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const ACCOUNT_SUSPENDED = 'Your account is suspended. Please contact an administrator.';

/** The smallest free "base", "base 2", "base 3", ... */
export function nextFreeUsername(base: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base} ${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/**
 * Where profile pictures go (the uploads feature, handed over by the app). `encode` checks and re-encodes
 * outside any transaction; `save` and `remove` run inside the caller's.
 */
export interface ProfileImageStore {
  encode(bytes: Buffer): Promise<unknown>;
  save(encoded: unknown, executor?: Db): Promise<{ id: string; name: string }>;
  remove(id: string, executor?: Db): Promise<void>;
}

export interface AccountServiceDeps {
  images: ProfileImageStore;
  /** Failed logins per account; shared between nodes when Redis is configured. */
  attempts: AttemptCounter;
  mailer: Mailer;
  log?: MailLog;
  clock?: Clock;
  /** Told when a name or picture that public pages show changes. */
  invalidation?: InvalidationBus;
  /** The web app's address, for the undo link mailed after an e-mail change. */
  publicUrl?: string;
}

/** Only this digest of an undo token is stored. */
const hashUndoToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export function undoEmailLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/undo-email-change?token=${encodeURIComponent(token)}`;
}

const normalEmail = (email: string) => email.trim().toLowerCase();
/** The throttle key of one account's failed logins from all clients (the ceiling). */
export const loginFailuresKey = (email: string) => `login-failures:${normalEmail(email)}`;
/** Raised by a password reset: every (account, client) counter of the account starts afresh. */
export const loginGenerationKey = (email: string) => `login-generation:${normalEmail(email)}`;
/** While counted, the account is held: only clients without recent failures may try (ADR 022). */
export const loginHoldKey = (email: string) => `login-hold:${normalEmail(email)}`;
const loginHoldLevelKey = (email: string) => `login-hold-level:${normalEmail(email)}`;
const DAY_MS = 24 * 60 * 60 * 1000;

export function createAccountService(db: Db, tokens: TokenService, deps: AccountServiceDeps) {
  const { images, attempts, mailer, log, invalidation } = deps;
  /** A person's name and picture show on course pages, reviews and the forum. */
  const publicFacesChanged = () => invalidation?.publish(topics.everything());
  const publicUrl = deps.publicUrl ?? 'http://localhost:3000';
  const clock = deps.clock ?? systemClock;

  async function loadProfileRow(id: string): Promise<ProfileRow> {
    const row = await findProfileById(db, id);
    if (!row) throw notFound('User not found');
    return row;
  }

  /** A token for the calling session: same expiry as the presented one, so a change never extends a session. */
  function reissue(row: ProfileRow, user: SessionUser, tokenVersion: number): Promise<string> {
    return tokens.issue(toTokenUser(row), tokenVersion, {
      sessionId: user.sessionId,
      expiresAt: user.tokenExpiresAt,
    });
  }

  async function profileSession(user: SessionUser, message: string): Promise<ProfileSessionResponse> {
    const row = await loadProfileRow(user.id);
    // The session's own version: if another request raised it meanwhile, this token must not outlive that.
    return { message, user: toProfile(row), token: await reissue(row, user, user.tokenVersion) };
  }

  /** Stores the new picture and drops the old one, inside the caller's transaction. */
  async function replaceProfileImage(tx: Db, userId: string, encoded: unknown): Promise<void> {
    const [current] = await tx
      .select({ imageId: users.profileImageId })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!current) throw notFound('User not found');
    const stored = await images.save(encoded, tx);
    await tx.update(users).set({ profileImageId: stored.id }).where(eq(users.id, userId));
    if (current.imageId) await images.remove(current.imageId, tx);
  }

  function notify(to: string, subject: string, text: string) {
    void sendInBackground(mailer, { to, subject, text }, log);
  }

  return {
    async register(body: RegisterBody): Promise<Profile> {
      // The one password policy (auth/password-policy.ts), as on change and reset; before the 409 checks (v1 order).
      assertUncommonPassword(body.password, 'password');
      const email = body.email.trim();
      if (await emailTaken(db, email))
        throw conflict(EMAIL_TAKEN, [{ path: 'email', message: 'is already registered' }]);
      const passwordHash = await hashPassword(body.password);
      // A derived name that is taken gets a suffix; a chosen one that is taken is the caller's to change.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        let username = body.username?.trim();
        if (!username) {
          const base = `${body.firstname.trim()} ${body.lastname.trim()}`;
          username = nextFreeUsername(base, await usernamesLike(db, base));
        }
        try {
          const [created] = await db
            .insert(users)
            .values({
              role: body.role,
              email,
              username,
              passwordHash,
              firstname: body.firstname.trim(),
              lastname: body.lastname.trim(),
              phone: body.phone.trim(),
              timeZone: body.timeZone ?? null,
            })
            .returning({ id: users.id });
          const row = created && (await findProfileById(db, created.id));
          if (!row) throw new Error('registered user vanished');
          return toProfile(row);
        } catch (error) {
          if (isUniqueViolation(error, 'users_email_lower_key')) {
            throw conflict(EMAIL_TAKEN, [{ path: 'email', message: 'is already registered' }]);
          }
          if (isUniqueViolation(error, 'users_username_key')) {
            if (body.username) throw conflict(USERNAME_TAKEN, [{ path: 'username', message: 'is already taken' }]);
            continue;
          }
          throw error;
        }
      }
      throw conflict(USERNAME_TAKEN);
    },

    /**
     * Failed logins are counted per (account, client address): after ACCOUNT_THROTTLE.maxFailedLogins that
     * client gets 429 for the window, even with the right password, while the owner elsewhere is untouched.
     * Past accountCeiling failures from all clients the account is held, 15 minutes doubling per hold within a
     * day: a client with failures gets 429, a fresh one only gets in with the right password (a wrong guess is
     * a 429 without a verdict). Unknown e-mails are counted alike, so the answer tells nothing (ADR 022).
     */
    async login(body: LoginBody, client: { userAgent?: string; ip?: string } = {}): Promise<LoginResponse> {
      const generation = await attempts.count(loginGenerationKey(body.email));
      const pairKey = `${loginFailuresKey(body.email)}|${generation}|${client.ip ?? 'unknown'}`;
      const clientFailures = await attempts.count(pairKey);
      if (clientFailures >= ACCOUNT_THROTTLE.maxFailedLogins) {
        throw new HttpError(429, ACCOUNT_MESSAGES.tooManyFailedLogins);
      }
      const held = (await attempts.count(loginHoldKey(body.email))) > 0;
      if (held && clientFailures > 0) throw new HttpError(429, ACCOUNT_MESSAGES.tooManyFailedLogins);
      const row = await findByEmail(db, body.email.trim());
      const ok = await verifyPassword(row?.passwordHash ?? (await getDecoyHash()), body.password);
      if (!row || !ok) {
        await attempts.hit(pairKey, ACCOUNT_THROTTLE.windowMs);
        if (held) throw new HttpError(429, ACCOUNT_MESSAGES.tooManyFailedLogins);
        const total = await attempts.hit(loginFailuresKey(body.email), ACCOUNT_THROTTLE.windowMs);
        if (total >= ACCOUNT_THROTTLE.accountCeiling) {
          const level = await attempts.hit(loginHoldLevelKey(body.email), DAY_MS);
          const holdMs = Math.min(ACCOUNT_THROTTLE.holdBaseMs * 2 ** (level - 1), ACCOUNT_THROTTLE.holdMaxMs);
          await attempts.hit(loginHoldKey(body.email), holdMs);
          await attempts.reset(loginFailuresKey(body.email));
        }
        throw unauthorized(INVALID_CREDENTIALS);
      }
      if (row.status !== 'active') throw new HttpError(403, ACCOUNT_SUSPENDED);
      await attempts.reset(pairKey);
      // The browser's zone fills an account that has none (issue 46.9, ADR 050); one chosen in My Account stays.
      if (body.timeZone && row.timeZone === null) {
        await db
          .update(users)
          .set({ timeZone: body.timeZone })
          .where(and(eq(users.id, row.id), isNull(users.timeZone)));
        row.timeZone = body.timeZone;
      }
      const { issuedAt, expiresAt } = tokens.newSession(body.remember ?? false);
      const sessionId = await openSession(db, row.id, new Date(expiresAt * 1000), client.userAgent);
      const token = await tokens.issue(toTokenUser(row), row.tokenVersion, { sessionId, expiresAt, issuedAt });
      return { message: MESSAGES.loginSuccess, token, role: row.role, user: toProfile(row) };
    },

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

    /**
     * Needs the current password (400 and nothing changes when it is wrong). Raises the token version, so
     * every other session ends, and returns a fresh token for this one.
     */
    async changePassword(user: SessionUser, body: ChangePasswordBody): Promise<SessionResponse> {
      assertUncommonPassword(body.newPassword);
      const currentHash = await findPasswordHash(db, user.id);
      if (!currentHash || !(await verifyPassword(currentHash, body.currentPassword))) {
        throw new HttpError(400, ACCOUNT_MESSAGES.currentPasswordIncorrect, [
          { path: 'currentPassword', message: 'is incorrect' },
        ]);
      }
      const passwordHash = await hashPassword(body.newPassword);
      const tokenVersion = await db.transaction(async (tx) => {
        const version = await raiseTokenVersion(tx, user.id, passwordHash);
        await closeOpenPasswordResets(tx, user.id, new Date(clock()));
        await revokeUserSessions(tx, user.id, 'password-changed', new Date(clock()), user.sessionId);
        return version;
      });
      const row = await loadProfileRow(user.id);
      notify(
        row.email,
        'Your Lyceum password was changed',
        `Hello ${row.firstname},\n\nThe password of your Lyceum account was just changed and every other ` +
          'session was signed out.\nIf you did not do this, reset your password and contact an administrator.\n',
      );
      return { message: ACCOUNT_MESSAGES.passwordChanged, token: await reissue(row, user, tokenVersion) };
    },

    /** Raises the token version: every token issued so far stops working; the caller gets a fresh one. */
    async logoutEverywhere(user: SessionUser): Promise<SessionResponse> {
      const tokenVersion = await db.transaction(async (tx) => {
        await revokeUserSessions(tx, user.id, 'signed-out', new Date(clock()), user.sessionId);
        return raiseTokenVersion(tx, user.id);
      });
      const row = await loadProfileRow(user.id);
      return { message: ACCOUNT_MESSAGES.loggedOutEverywhere, token: await reissue(row, user, tokenVersion) };
    },

    /** Ends the caller's session on the server: its token answers 401 (reason signed-out) from now on. */
    async logout(user: SessionUser): Promise<{ message: string }> {
      await revokeSession(db, user.sessionId, 'signed-out', new Date(clock()));
      return { message: MESSAGES.logoutSuccess };
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

export type AccountService = ReturnType<typeof createAccountService>;
