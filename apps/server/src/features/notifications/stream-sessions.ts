import type { SessionEndReason } from '@lyceum/contract';
import { eq, inArray } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import { sessions, users } from '#db/schema/index.js';

/** What a stream's session is now: ended (and why), or good at this token version. */
export type SessionState = { ended: SessionEndReason } | { ended: null; tokenVersion: number };

/** The sessions of these streams' users as authentication would judge them (guards.ts), 1,000 to a query. */
export async function readSessions(db: Db, streams: { user: SessionUser }[]): Promise<Map<string, SessionState>> {
  const ids = [...new Set(streams.map((s) => s.user.sessionId))];
  const states = new Map<string, SessionState>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .select({
        sessionId: sessions.id,
        revokedAt: sessions.revokedAt,
        revokedReason: sessions.revokedReason,
        expiresAt: sessions.expiresAt,
        tokenVersion: users.tokenVersion,
        status: users.status,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(inArray(sessions.id, ids.slice(i, i + 1000)));
    const now = Date.now();
    for (const row of rows) {
      const ended: SessionEndReason | null = row.revokedAt
        ? (row.revokedReason ?? 'signed-out')
        : row.status !== 'active'
          ? 'suspended'
          : row.expiresAt.getTime() <= now
            ? 'expired'
            : null;
      states.set(row.sessionId, ended ? { ended } : { ended, tokenVersion: row.tokenVersion });
    }
  }
  return states;
}

/** Why the stream's session no longer carries it, or null while it does. */
export function endReason(stream: { user: SessionUser }, states: Map<string, SessionState>): SessionEndReason | null {
  const state = states.get(stream.user.sessionId);
  // Gone with its account.
  if (!state) return 'signed-out';
  if (state.ended) return state.ended;
  // A raised token version (role change; this session's own password change or "log out everywhere", which
  // answered it a new token): the stream's token is refused from now on, as the 401 of an API call says.
  return state.tokenVersion === stream.user.tokenVersion ? null : 'signed-out';
}
