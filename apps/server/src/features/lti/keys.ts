import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import type { Db } from '#db/client.js';
import { ltiPlatformKeys } from '#db/schema/index.js';
import type { SecretBox } from '#lib/secret-box.js';

type KeyRow = typeof ltiPlatformKeys.$inferSelect;
type SigningKey = Awaited<ReturnType<typeof importJWK>>;

/**
 * The platform's signing keys (ADR 068): RS256 pairs in the database, the private half sealed. One `current` key
 * signs; the `previous` one stays in the JWKS until the next rotation, so a token signed just before a rotation
 * still verifies. The first key is made on first use (any process: the unique status index keeps one).
 */
export function createPlatformKeys(db: Db, secrets: SecretBox) {
  /** Private keys by kid, imported once. */
  const imported = new Map<string, Promise<SigningKey>>();

  async function newKeyRow(status: 'current' | 'previous') {
    const { publicKey, privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const kid = randomBytes(12).toString('base64url');
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
    const privateJwk = await exportJWK(privateKey);
    return { kid, status, publicJwk, privateJwkSealed: secrets.seal(JSON.stringify(privateJwk)) };
  }

  async function current(): Promise<KeyRow> {
    const [row] = await db.select().from(ltiPlatformKeys).where(eq(ltiPlatformKeys.status, 'current')).limit(1);
    if (row) return row;
    await db
      .insert(ltiPlatformKeys)
      .values(await newKeyRow('current'))
      .onConflictDoNothing();
    const [made] = await db.select().from(ltiPlatformKeys).where(eq(ltiPlatformKeys.status, 'current')).limit(1);
    if (!made) throw new Error('no current LTI platform key');
    return made;
  }

  function privateKey(row: KeyRow): Promise<SigningKey> {
    let key = imported.get(row.kid);
    if (!key) {
      key = importJWK(JSON.parse(secrets.open(row.privateJwkSealed)) as JWK, 'RS256') as Promise<SigningKey>;
      imported.set(row.kid, key);
      key.catch(() => imported.delete(row.kid));
    }
    return key;
  }

  return {
    /** The public keys a tool verifies Lyceum's tokens with: current first, then previous. */
    async jwks(): Promise<{ keys: Record<string, unknown>[] }> {
      await current();
      const rows = await db
        .select({ status: ltiPlatformKeys.status, publicJwk: ltiPlatformKeys.publicJwk })
        .from(ltiPlatformKeys)
        .where(inArray(ltiPlatformKeys.status, ['current', 'previous']));
      rows.sort((a, b) => (a.status === 'current' ? -1 : b.status === 'current' ? 1 : 0));
      return { keys: rows.map((r) => r.publicJwk) };
    },

    /** Signs claims with the current key (RS256, its kid in the header). */
    async sign(claims: JWTPayload, expiresInSeconds: number): Promise<string> {
      const row = await current();
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: row.kid, typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime(`${expiresInSeconds}s`)
        .sign(await privateKey(row));
    },

    /**
     * A new current key; the current one becomes previous and the previous one is dropped (in one transaction, the
     * status index serialising concurrent rotations). Answers the new and the kept kid.
     */
    async rotate(): Promise<{ currentKid: string; previousKid: string }> {
      const old = await current();
      const next = await newKeyRow('current');
      await db.transaction(async (tx) => {
        await tx.delete(ltiPlatformKeys).where(eq(ltiPlatformKeys.status, 'previous'));
        await tx.update(ltiPlatformKeys).set({ status: 'previous' }).where(eq(ltiPlatformKeys.status, 'current'));
        await tx.insert(ltiPlatformKeys).values(next);
      });
      return { currentKid: next.kid, previousKid: old.kid };
    },
  };
}

export type PlatformKeys = ReturnType<typeof createPlatformKeys>;
