import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type * as oidc from 'openid-client';
import { hashPassword } from '#auth/passwords.js';
import type { Db } from '#db/client.js';
import { linkedIdentities, users } from '#db/schema/index.js';
import { Refusal, type ProviderRow } from './context.js';

/** The account signing in: linked, linked now through a verified e-mail, or created with the provider's role. */
export async function accountFor(db: Db, provider: ProviderRow, claims: oidc.IDToken): Promise<string> {
  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  const [linked] = await db
    .select({ userId: linkedIdentities.userId, status: users.status })
    .from(linkedIdentities)
    .innerJoin(users, eq(users.id, linkedIdentities.userId))
    .where(and(eq(linkedIdentities.providerId, provider.id), eq(linkedIdentities.subject, claims.sub)))
    .limit(1);
  if (linked) {
    if (linked.status !== 'active') throw new Refusal('account-suspended', '', email);
    return linked.userId;
  }
  if (!email) throw new Refusal('email-missing');
  const [existing] = await db
    .select({ id: users.id, status: users.status })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  if (existing) {
    // Only the provider's word that the address is the user's links an account made another way.
    if (claims.email_verified !== true) throw new Refusal('email-not-verified', '', email);
    if (existing.status !== 'active') throw new Refusal('account-suspended', '', email);
    await db
      .insert(linkedIdentities)
      .values({ userId: existing.id, providerId: provider.id, subject: claims.sub, email });
    return existing.id;
  }
  const firstname =
    (typeof claims.given_name === 'string' && claims.given_name.trim()) || email.split('@')[0] || 'User';
  const lastname = (typeof claims.family_name === 'string' && claims.family_name.trim()) || '';
  // No password: a random one nobody knows (a reset mail can give one later).
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        role: provider.newUserRole,
        email,
        username: `${`${firstname} ${lastname}`.trim().slice(0, 40)} ${randomBytes(3).toString('hex')}`,
        passwordHash,
        firstname: firstname.slice(0, 100),
        lastname: lastname.slice(0, 100),
      })
      .returning({ id: users.id });
    if (!created) throw new Error('user insert returned nothing');
    await tx
      .insert(linkedIdentities)
      .values({ userId: created.id, providerId: provider.id, subject: claims.sub, email });
    return created.id;
  });
}
