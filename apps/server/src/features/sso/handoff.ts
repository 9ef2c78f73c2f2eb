import type { TokenUser } from '@lyceum/contract';
import { and, eq, gt } from 'drizzle-orm';
import { openSession } from '#auth/sessions.js';
import { images, ssoHandoffs, users } from '#db/schema/index.js';
import { badRequest, forbidden } from '#lib/errors.js';
import { hash, type SsoContext } from './context.js';

/** The hand-off to the web app: its one-time code exchanged for a session. */
export function createHandoff({ db, options, now }: SsoContext) {
  const { tokens } = options;
  return {
    /** The one-time code for a session, opened exactly as a password sign-in opens one (a 1-day session). */
    async exchange(code: string, userAgent: string | undefined): Promise<{ token: string; role: TokenUser['role'] }> {
      const [handoff] = await db
        .delete(ssoHandoffs)
        .where(and(eq(ssoHandoffs.codeHash, hash(code)), gt(ssoHandoffs.expiresAt, now())))
        .returning();
      if (!handoff) throw badRequest('This sign-in has expired or was already used. Sign in again.');
      const [row] = await db
        .select({
          id: users.id,
          username: users.username,
          role: users.role,
          status: users.status,
          firstname: users.firstname,
          lastname: users.lastname,
          timeZone: users.timeZone,
          language: users.language,
          tokenVersion: users.tokenVersion,
          profileImage: images.name,
        })
        .from(users)
        .leftJoin(images, eq(images.id, users.profileImageId))
        .where(eq(users.id, handoff.userId))
        .limit(1);
      if (!row || row.status !== 'active') throw forbidden('This account cannot sign in.');
      const user: TokenUser = {
        id: row.id,
        username: row.username,
        role: row.role,
        profileImage: row.profileImage ?? null,
        firstname: row.firstname,
        lastname: row.lastname,
        timeZone: row.timeZone,
        language: row.language,
      };
      const { issuedAt, expiresAt } = tokens.newSession(false);
      const sessionId = await openSession(db, row.id, new Date(expiresAt * 1000), userAgent);
      const token = await tokens.issue(user, row.tokenVersion, { sessionId, expiresAt, issuedAt });
      return { token, role: row.role };
    },
  };
}
