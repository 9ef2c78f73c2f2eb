import type { TokenUser } from '@lyceum/contract';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '#db/client.js';
import { images, passwordResets, users } from '#db/schema/index.js';
import { profileColumns, toProfile, type ProfileRow } from '#lib/profiles.js';

export { profileColumns, toProfile, type ProfileRow };

export function toTokenUser(row: ProfileRow): TokenUser {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    profileImage: row.profileImage ?? null,
    firstname: row.firstname,
    lastname: row.lastname,
    timeZone: row.timeZone,
    language: row.language,
  };
}

export async function findProfileById(db: Db, id: string): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select(profileColumns)
    .from(users)
    .leftJoin(images, eq(images.id, users.profileImageId))
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export async function findByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ ...profileColumns, passwordHash: users.passwordHash })
    .from(users)
    .leftJoin(images, eq(images.id, users.profileImageId))
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return Boolean(row);
}

/** Usernames equal to `base` or of the form `base N`. */
export async function usernamesLike(db: Db, base: string): Promise<string[]> {
  const escaped = base.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(sql`${users.username} = ${base} or ${users.username} like ${`${escaped} %`}`);
  return rows.map((r) => r.username);
}

/** True when another account than `exceptId` uses this e-mail, in any letter case. */
export async function emailTakenByOther(db: Db, email: string, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, exceptId)))
    .limit(1);
  return Boolean(row);
}

/** True when another account than `exceptId` has this username. */
export async function usernameTakenByOther(db: Db, username: string, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, username), ne(users.id, exceptId)))
    .limit(1);
  return Boolean(row);
}

export async function findPasswordHash(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, id)).limit(1);
  return row?.passwordHash;
}

/**
 * Raises the token version (every token issued before stops working), optionally setting a new password
 * hash in the same statement, and returns the new version.
 */
export async function raiseTokenVersion(db: Db, id: string, passwordHash?: string): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, ...(passwordHash ? { passwordHash } : {}) })
    .where(eq(users.id, id))
    .returning({ tokenVersion: users.tokenVersion });
  if (!row) throw new Error(`user ${id} vanished`);
  return row.tokenVersion;
}

/** Ends every reset link of the user that is still open (after a password change or a reset). */
export async function closeOpenPasswordResets(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: at })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
