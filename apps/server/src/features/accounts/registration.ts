import { type Profile, type RegisterBody } from '@lyceum/contract';
import { hashPassword } from '#auth/passwords.js';
import { assertUncommonPassword } from '#auth/password-policy.js';
import { users } from '#db/schema/index.js';
import { conflict, isUniqueViolation } from '#lib/errors.js';
import { emailTaken, findProfileById, toProfile, usernamesLike } from './repository.js';
import { EMAIL_TAKEN, USERNAME_TAKEN, type AccountContext } from './account-context.js';

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
 * A new account's fields: the registration form's (student or teacher), or a guardian's through an invitation
 * (features/guardians, issue 52), which only that feature creates, with the invitation's address.
 */
export type NewAccount = Omit<RegisterBody, 'role'> & { role: RegisterBody['role'] | 'guardian' };

/** Registering: a new account, its username derived when none is chosen. */
export function createRegistration({ db }: AccountContext) {
  return {
    async register(body: NewAccount): Promise<Profile> {
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
  };
}
