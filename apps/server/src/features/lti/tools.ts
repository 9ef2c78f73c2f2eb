import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { importJWK, importSPKI, type JWK } from 'jose';
import type { Db } from '#db/client.js';
import { ltiLaunchAttempts, ltiTools } from '#db/schema/index.js';
import { fieldError, notFound } from '#lib/errors.js';
import { requireSecureUrls } from './urls.js';

export type ToolRow = typeof ltiTools.$inferSelect;
export const TOOL_NOT_FOUND = 'Tool not found';

export interface ToolInput {
  name: string;
  deploymentId: string;
  loginUrl: string;
  targetLinkUri: string;
  jwksUrl: string;
  publicKey: string;
  redirectUris: string[];
  shareName: boolean;
  shareEmail: boolean;
  enabled: boolean;
}

/** The platform's addresses a tool is configured with (the same for every tool). */
export function platformEndpoints(publicUrl: string) {
  return {
    issuer: publicUrl,
    authorizationEndpoint: `${publicUrl}/api/lti/authorize`,
    jwksUrl: `${publicUrl}/api/lti/jwks`,
  };
}

/** A tool's public key as the admin pasted it: a public RSA JWK (JSON) or an SPKI PEM. */
async function checkedPublicKey(text: string): Promise<string> {
  if (!text) return '';
  try {
    if (text.startsWith('{')) {
      const jwk = JSON.parse(text) as JWK;
      if (jwk.kty !== 'RSA' || 'd' in jwk) throw new Error('not a public RSA key');
      await importJWK(jwk, 'RS256');
    } else {
      await importSPKI(text, 'RS256');
    }
    return text;
  } catch {
    throw fieldError('publicKey', 'must be a public RSA key: a JWK (JSON) or a PEM "BEGIN PUBLIC KEY" block');
  }
}

/** The registered tools, as the admin manages them (issue 51 point 1). */
export function createToolAdmin(db: Db, publicUrl: string, allowLoopbackHttp: boolean) {
  const platform = platformEndpoints(publicUrl);
  const toAdminTool = (row: ToolRow) => ({
    id: row.id,
    name: row.name,
    clientId: row.clientId,
    deploymentId: row.deploymentId,
    loginUrl: row.loginUrl,
    targetLinkUri: row.targetLinkUri,
    jwksUrl: row.jwksUrl,
    publicKey: row.publicKey,
    redirectUris: row.redirectUris,
    shareName: row.shareName,
    shareEmail: row.shareEmail,
    enabled: row.enabled,
    platform,
  });

  async function toolById(id: string): Promise<ToolRow> {
    const [row] = await db.select().from(ltiTools).where(eq(ltiTools.id, id)).limit(1);
    if (!row) throw notFound(TOOL_NOT_FOUND);
    return row;
  }

  /** The tool's URLs, each https (http only to a loopback host outside production): a 400 naming the field. */
  const checkUrls = (input: Partial<ToolInput>) =>
    requireSecureUrls(
      {
        loginUrl: input.loginUrl,
        targetLinkUri: input.targetLinkUri,
        jwksUrl: input.jwksUrl,
        redirectUris: input.redirectUris,
      },
      allowLoopbackHttp,
    );

  return {
    async listTools() {
      const rows = await db.select().from(ltiTools).orderBy(ltiTools.name, ltiTools.id).limit(500);
      return rows.map(toAdminTool);
    },
    async getTool(id: string) {
      return toAdminTool(await toolById(id));
    },
    /** Registers a tool; its client_id is Lyceum's to give. */
    async createTool(input: ToolInput) {
      checkUrls(input);
      const publicKey = await checkedPublicKey(input.publicKey);
      const clientId = randomBytes(18).toString('base64url');
      const [row] = await db
        .insert(ltiTools)
        .values({ ...input, publicKey, clientId })
        .returning();
      return toAdminTool(row!);
    },
    async updateTool(id: string, patch: Partial<ToolInput>) {
      checkUrls(patch);
      const current = await toolById(id);
      const publicKey = patch.publicKey === undefined ? undefined : await checkedPublicKey(patch.publicKey);
      const next = { ...patch, ...(publicKey === undefined ? {} : { publicKey }) };
      if ((next.jwksUrl ?? current.jwksUrl) === '' && (next.publicKey ?? current.publicKey) === '') {
        throw fieldError('jwksUrl', 'a JWKS URL or a public key is needed');
      }
      const [row] = await db
        .update(ltiTools)
        .set({ ...next, updatedAt: new Date() })
        .where(eq(ltiTools.id, id))
        .returning();
      if (!row) throw notFound(TOOL_NOT_FOUND);
      return toAdminTool(row);
    },
    /** Removes a tool with its items, launches and log (cascade). */
    async deleteTool(id: string) {
      const [row] = await db.delete(ltiTools).where(eq(ltiTools.id, id)).returning({ id: ltiTools.id });
      if (!row) throw notFound(TOOL_NOT_FOUND);
    },
    /** The last 50 authorization requests of registered tools, with the reason of each refusal. */
    async recentAttempts() {
      const rows = await db.select().from(ltiLaunchAttempts).orderBy(desc(ltiLaunchAttempts.at)).limit(50);
      return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
    },
  };
}
