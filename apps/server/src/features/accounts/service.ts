import { MESSAGES, type LoginBody, type LoginResponse, type Profile, type RegisterBody } from '@lyceum/contract';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { getDecoyHash, hashPassword, verifyPassword } from '../../auth/passwords.js';
import type { TokenService } from '../../auth/tokens.js';
import { conflict, HttpError, isUniqueViolation, notFound, unauthorized } from '../../lib/errors.js';
import { emailTaken, findByEmail, findProfileById, toProfile, toTokenUser, usernamesLike } from './repository.js';

export const EMAIL_TAKEN = 'User is already registered with this email. Please sign in.';
export const USERNAME_TAKEN = 'username is already taken';
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

export function createAccountService(db: Db, tokens: TokenService) {
  return {
    async register(body: RegisterBody): Promise<Profile> {
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

    async login(body: LoginBody): Promise<LoginResponse> {
      const row = await findByEmail(db, body.email.trim());
      const ok = await verifyPassword(row?.passwordHash ?? (await getDecoyHash()), body.password);
      if (!row || !ok) throw unauthorized(INVALID_CREDENTIALS);
      if (row.status !== 'active') throw new HttpError(403, ACCOUNT_SUSPENDED);
      const token = await tokens.issue(toTokenUser(row), row.tokenVersion, { remember: body.remember ?? false });
      return { message: MESSAGES.loginSuccess, token, role: row.role, user: toProfile(row) };
    },

    async getProfile(id: string): Promise<Profile> {
      const row = await findProfileById(db, id);
      if (!row) throw notFound('User not found');
      return toProfile(row);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
