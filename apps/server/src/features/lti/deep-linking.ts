import { and, eq, lt, sql } from 'drizzle-orm';
import {
  createRemoteJWKSet,
  decodeJwt,
  errors as joseErrors,
  importJWK,
  importSPKI,
  jwtVerify,
  type JWK,
  type JWTPayload,
} from 'jose';
import type { TokenService } from '#auth/tokens.js';
import type { Db } from '#db/client.js';
import { courseSections, courses, ltiNonces, ltiToolItems, ltiTools, users } from '#db/schema/index.js';
import type { Clock } from '#lib/attempt-counter.js';
import { DEEP_LINKING_DATA, nextPosition } from './launch.js';
import { LtiRefusal, type LtiReason } from './reasons.js';
import { readClaims } from './signed.js';
import type { ToolRow } from './tools.js';
import { SECURE_URL_RULE, secureToolUrl } from './urls.js';

const LTI = 'https://purl.imsglobal.org/spec/lti/claim';
const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim';
/** A deep linking response may add this many items at most. */
export const DEEP_LINKING_MAX_ITEMS = 50;
const NONCE_KEPT_MS = 60 * 60 * 1000;

interface DeepLinkingData {
  d: string;
  u: string;
  s: string;
  t: string;
  e: number;
}

interface ContentItem {
  type?: unknown;
  title?: unknown;
  url?: unknown;
}

const httpUrl = (value: unknown): string | null => {
  if (typeof value !== 'string' || value.length > 1000) return null;
  try {
    return ['https:', 'http:'].includes(new URL(value).protocol) ? value : null;
  } catch {
    return null;
  }
};

/** The reason of a refusal jose threw while it checked a tool's token. */
function verifyReason(error: unknown): LtiReason {
  if (error instanceof joseErrors.JWTExpired) return 'token-expired';
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return 'wrong-audience';
    if (error.claim === 'iss') return 'wrong-issuer';
    if (error.claim === 'iat' || error.claim === 'exp') return 'token-expired';
    return 'invalid-message';
  }
  return 'bad-signature';
}

/**
 * The tool's deep linking response (LTI Deep Linking 2.0 §4.2): a JWT the tool signed with its key, posted by the
 * browser. Checked: the tool (its `iss` is its client_id), the signature against its JWKS or public key, `aud`
 * (Lyceum's issuer), `exp`/`iat`, its nonce and our `data` each used once, the message type, version and deployment;
 * then its ltiResourceLink items become external tool items of the section the request named.
 */
export function createDeepLinking(
  db: Db,
  options: { tokens: TokenService; clock: Clock; issuer: string; allowLoopbackHttp: boolean },
) {
  const { tokens, clock, issuer, allowLoopbackHttp } = options;
  /** Remote key sets by tool (id, URL and change time): jose caches and refetches on an unknown kid. */
  const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

  function keyOf(tool: ToolRow) {
    if (tool.jwksUrl) {
      const key = `${tool.id}|${tool.jwksUrl}|${tool.updatedAt.getTime()}`;
      let set = keySets.get(key);
      if (!set) {
        set = createRemoteJWKSet(new URL(tool.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
        keySets.set(key, set);
      }
      return set;
    }
    const text = tool.publicKey;
    return async () => (text.startsWith('{') ? importJWK(JSON.parse(text) as JWK, 'RS256') : importSPKI(text, 'RS256'));
  }

  /** Spends a value once per tool (the nonce table, across processes); false when it was spent before. */
  async function spendOnce(toolId: string, value: string): Promise<boolean> {
    await db.delete(ltiNonces).where(lt(ltiNonces.expiresAt, new Date(clock())));
    const kept = await db
      .insert(ltiNonces)
      .values({ toolId, nonce: value, expiresAt: new Date(clock() + NONCE_KEPT_MS) })
      .onConflictDoNothing()
      .returning({ nonce: ltiNonces.nonce });
    return kept.length > 0;
  }

  async function checked(jwt: string) {
    let unverified: JWTPayload;
    try {
      unverified = decodeJwt(jwt);
    } catch {
      return { tool: null, refusal: new LtiRefusal('invalid-message', 'the JWT cannot be read') };
    }
    const clientId = typeof unverified.iss === 'string' ? unverified.iss : '';
    const [tool] = clientId ? await db.select().from(ltiTools).where(eq(ltiTools.clientId, clientId)).limit(1) : [];
    if (!tool) return { tool: null, refusal: new LtiRefusal('unknown-client', `iss ${clientId || '(none)'}`) };
    try {
      if (!tool.enabled) throw new LtiRefusal('tool-disabled');
      const { payload } = await jwtVerify(jwt, keyOf(tool), {
        issuer: tool.clientId,
        audience: issuer,
        algorithms: ['RS256'],
        maxTokenAge: '10 minutes',
        currentDate: new Date(clock()),
        requiredClaims: ['iat', 'exp', 'nonce'],
      }).catch((error: unknown) => {
        throw new LtiRefusal(verifyReason(error), error instanceof Error ? error.message : String(error));
      });
      if (payload[`${LTI}/message_type`] !== 'LtiDeepLinkingResponse' || payload[`${LTI}/version`] !== '1.3.0') {
        throw new LtiRefusal('invalid-message', 'message_type LtiDeepLinkingResponse and version 1.3.0 are required');
      }
      if (payload[`${LTI}/deployment_id`] !== tool.deploymentId) {
        throw new LtiRefusal('deployment-mismatch', `deployment_id ${String(payload[`${LTI}/deployment_id`])}`);
      }
      const data = readClaims<DeepLinkingData>(tokens, DEEP_LINKING_DATA, payload[`${DL}/data`] as string);
      if (!data || data.t !== tool.id)
        throw new LtiRefusal('data-invalid', 'data is not the one Lyceum sent this tool');
      if (data.e <= clock()) throw new LtiRefusal('data-invalid', 'the deep linking request expired');
      // A link the items would launch must be one the platform may use (before anything is spent: the teacher may
      // fix the tool and answer again).
      const items = payload[`${DL}/content_items`];
      (Array.isArray(items) ? (items as ContentItem[]) : []).forEach((item, index) => {
        const url = item?.type === 'ltiResourceLink' ? httpUrl(item.url) : null;
        if (url && !secureToolUrl(url, allowLoopbackHttp)) {
          throw new LtiRefusal('insecure-url', `content_items.${index}.url ${SECURE_URL_RULE}`);
        }
      });
      if (!(await spendOnce(tool.id, `nonce:${String(payload.nonce)}`))) throw new LtiRefusal('nonce-reused');
      if (!(await spendOnce(tool.id, `data:${data.d}`))) throw new LtiRefusal('data-used');
      return { tool, payload, data, refusal: null };
    } catch (error) {
      if (error instanceof LtiRefusal) return { tool, refusal: error };
      throw error;
    }
  }

  return {
    /**
     * The response's items added to the section (ltiResourceLink ones, DEEP_LINKING_MAX_ITEMS at most), if the
     * teacher may still change it; answers what was added, or the refusal (and the tool, to log it).
     */
    async receive(jwt: string) {
      const result = await checked(jwt);
      if (result.refusal) return { tool: result.tool, refusal: result.refusal };
      const { tool, payload, data } = result;
      const [target] = await db
        .select({ sectionId: courseSections.id, courseId: courses.id, teacherId: courses.teacherId, role: users.role })
        .from(courseSections)
        .innerJoin(courses, eq(courses.id, courseSections.courseId))
        .innerJoin(users, and(eq(users.id, data.u), eq(users.status, 'active')))
        .where(eq(courseSections.id, data.s))
        .limit(1);
      if (!target || (target.teacherId !== data.u && target.role !== 'admin')) {
        return {
          tool,
          refusal: new LtiRefusal('item-not-visible', "the section is no longer the teacher's to change"),
        };
      }
      const items = (
        Array.isArray(payload[`${DL}/content_items`]) ? payload[`${DL}/content_items`] : []
      ) as ContentItem[];
      const links = items.filter((item) => item && item.type === 'ltiResourceLink').slice(0, DEEP_LINKING_MAX_ITEMS);
      const rows = links.map((item, index) => ({
        position: sql<number>`${nextPosition(target.sectionId)} + ${index}`,
        courseId: target.courseId,
        sectionId: target.sectionId,
        toolId: tool.id,
        title: (typeof item.title === 'string' && item.title.trim() ? item.title.trim() : tool.name).slice(0, 200),
        targetLinkUri: httpUrl(item.url) ?? '',
      }));
      const added = rows.length
        ? await db.insert(ltiToolItems).values(rows).returning({ id: ltiToolItems.id, title: ltiToolItems.title })
        : [];
      return {
        tool,
        refusal: null,
        userId: data.u,
        courseId: target.courseId,
        added,
        skipped: items.length - added.length,
      };
    },
  };
}

export type DeepLinking = ReturnType<typeof createDeepLinking>;
