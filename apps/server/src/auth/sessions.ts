import type { SessionEndReason } from '@lyceum/contract';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sessions } from '../db/schema/index.js';

/** last_seen_at is written at most this often per session, so authentication stays one read per request. */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60 * 1000;
/** A user agent is kept for the list of sessions; longer ones are cut. */
const USER_AGENT_MAX = 300;

/** Opens a session row for a sign-in (web, API or v1 client) and returns its id, the token's `sid`. */
export async function openSession(
  db: Db,
  userId: string,
  expiresAt: Date,
  userAgent: string | undefined,
): Promise<string> {
  const [row] = await db
    .insert(sessions)
    .values({ userId, expiresAt, userAgent: (userAgent ?? '').slice(0, USER_AGENT_MAX) })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return row.id;
}

/** Ends one session (logout). */
export async function revokeSession(db: Db, id: string, reason: SessionEndReason, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/** Ends every open session of the user, except `keep` (the caller's, after a password change). */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  reason: SessionEndReason,
  at: Date,
  keep?: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined));
}

/** Records that the session was used (called at most every SESSION_TOUCH_INTERVAL_MS). */
export async function touchSession(db: Db, id: string, at: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
}
