import { EmailSchema, LIMITS, PasswordSchema, requiredText, type Profile } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { hashPassword } from '#auth/passwords.js';
import { isCommonPassword } from '#auth/password-policy.js';
import type { Db } from '#db/client.js';
import { users } from '#db/schema/index.js';
import { findByEmail, findProfileById, toProfile, usernamesLike } from './repository.js';
import { nextFreeUsername } from './service.js';

/** `npm run admin:create` input, validated with the contract's field rules. */
export const AdminInputSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema.refine((password) => !isCommonPassword(password), {
    error: 'is one of the most common passwords; choose another',
  }),
  firstname: requiredText(LIMITS.firstname).optional(),
  lastname: requiredText(LIMITS.lastname).optional(),
});
export type AdminInput = z.infer<typeof AdminInputSchema>;

export interface AdminResult {
  /** True when a new account was created, false when an existing one was promoted or updated. */
  created: boolean;
  profile: Profile;
}

/**
 * Creates an admin account, or makes the account with this e-mail (any letter case) an active admin with
 * this password; its token version is raised, so tokens issued before (with the old role) stop working.
 * Registration never creates admins: this (and the embedded demo seed) is the only way.
 */
export async function createOrPromoteAdmin(db: Db, input: AdminInput): Promise<AdminResult> {
  const passwordHash = await hashPassword(input.password);
  const existing = await findByEmail(db, input.email);
  if (existing) {
    await db
      .update(users)
      .set({
        role: 'admin',
        status: 'active',
        passwordHash,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        ...(input.firstname ? { firstname: input.firstname } : {}),
        ...(input.lastname ? { lastname: input.lastname } : {}),
      })
      .where(sql`${users.id} = ${existing.id}`);
    const row = await findProfileById(db, existing.id);
    return { created: false, profile: toProfile(row!) };
  }
  const firstname = input.firstname ?? 'Site';
  const lastname = input.lastname ?? 'Admin';
  const base = `${firstname} ${lastname}`;
  const username = nextFreeUsername(base, await usernamesLike(db, base));
  const [created] = await db
    .insert(users)
    .values({ role: 'admin', email: input.email, username, passwordHash, firstname, lastname })
    .returning({ id: users.id });
  const row = await findProfileById(db, created!.id);
  return { created: true, profile: toProfile(row!) };
}
