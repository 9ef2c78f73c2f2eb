import {
  ACCOUNT_MESSAGES,
  ACCOUNT_THROTTLE,
  MESSAGES,
  type ChangePasswordBody,
  type LoginBody,
  type LoginResponse,
  type SessionResponse,
} from '@lyceum/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import { getDecoyHash, hashPassword, verifyPassword } from '#auth/passwords.js';
import { assertUncommonPassword } from '#auth/password-policy.js';
import { openSession, revokeSession, revokeUserSessions } from '#auth/sessions.js';
import { users } from '#db/schema/index.js';
import { HttpError, unauthorized } from '#lib/errors.js';
import {
  closeOpenPasswordResets,
  findByEmail,
  findPasswordHash,
  raiseTokenVersion,
  toProfile,
  toTokenUser,
} from './repository.js';
import { ACCOUNT_SUSPENDED, INVALID_CREDENTIALS, type AccountContext } from './account-context.js';

const normalEmail = (email: string) => email.trim().toLowerCase();
/** The throttle key of one account's failed logins from all clients (the ceiling). */
export const loginFailuresKey = (email: string) => `login-failures:${normalEmail(email)}`;
/** Raised by a password reset: every (account, client) counter of the account starts afresh. */
export const loginGenerationKey = (email: string) => `login-generation:${normalEmail(email)}`;
/** While counted, the account is held: only clients without recent failures may try (ADR 022). */
export const loginHoldKey = (email: string) => `login-hold:${normalEmail(email)}`;
const loginHoldLevelKey = (email: string) => `login-hold-level:${normalEmail(email)}`;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Signing in (with its throttle, ADR 022), changing the password, and signing out here or everywhere. */
export function createSignIn({ db, tokens, deps, clock, loadProfileRow, reissue, notify }: AccountContext) {
  const { attempts } = deps;
  return {
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
  };
}
