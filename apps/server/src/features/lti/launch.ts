import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import type { TokenService } from '#auth/tokens.js';
import type { Db } from '#db/client.js';
import {
  courseSections,
  courses,
  enrolments,
  ltiLaunchAttempts,
  ltiLaunches,
  ltiNonces,
  ltiToolItems,
  ltiTools,
  sessions,
  users,
} from '#db/schema/index.js';
import type { Clock } from '#lib/attempt-counter.js';
import { conflict, forbidden, HttpError, notFound } from '#lib/errors.js';
import type { PlatformKeys } from './keys.js';
import { LtiRefusal, type LtiReason } from './reasons.js';
import { readClaims, signClaims } from './signed.js';
import type { AuthorizeParams } from './schemas.js';
import { platformEndpoints, TOOL_NOT_FOUND, type ToolRow } from './tools.js';
import { requireSecureUrls, SECURE_URL_RULE, secureToolUrl } from './urls.js';

/** A launch begun must reach the authorization endpoint within this (the message hint's life). */
export const LAUNCH_TTL_MS = 5 * 60 * 1000;
/** The id_token's life: enough for the browser to post it. */
export const ID_TOKEN_TTL_SECONDS = 5 * 60;
/** A nonce is remembered this long (longer than any id_token carrying it lives). */
const NONCE_KEPT_MS = 60 * 60 * 1000;
const ATTEMPTS_KEPT_MS = 30 * 24 * 60 * 60 * 1000;
export const ITEM_NOT_FOUND = 'Item not found';
const NOT_YOUR_COURSE = 'You can only add tools to your own courses';

const LTI = 'https://purl.imsglobal.org/spec/lti/claim';
const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim';
/** The purpose of the deep linking request's signed `data` (deep-linking.ts reads it back). */
export const DEEP_LINKING_DATA = 'lti-deep-linking-data';
/** The teacher has this long to choose content in the tool. */
export const DEEP_LINKING_TTL_MS = 30 * 60 * 1000;
export const LIS_ROLES = {
  learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  administrator: 'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator',
} as const;

export interface LaunchOptions {
  tokens: TokenService;
  keys: PlatformKeys;
  clock: Clock;
  publicUrl: string;
  /** http:// tool URLs to a loopback host are allowed (never in production). */
  allowLoopbackHttp: boolean;
}

/** The cookie binding a launch to the browser that began it (ADR 073). */
export const LTI_BROWSER_COOKIE = 'lyceum_lti_browser';
const BROWSER_PURPOSE = 'lti-browser';
/** A hash of the browser cookie: what the message hint carries (the hint travels through the tool). */
const browserDigest = (cookie: string) => createHash('sha256').update(cookie).digest('base64url').slice(0, 32);

/** The subject a tool knows a user by: stable, opaque, different for each tool (no correlation across tools). */
export function subjectFor(tool: Pick<ToolRow, 'clientId'>, userId: string): string {
  return createHash('sha256').update(`lyceum-lti-sub:${tool.clientId}:${userId}`).digest('base64url').slice(0, 32);
}

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page that posts the id_token to the tool's redirect URI (response_mode=form_post), and its own CSP. */
export function formPostPage(action: string, fields: Record<string, string>) {
  const nonce = randomBytes(16).toString('base64');
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const html =
    '<!doctype html><html><head><meta charset="utf-8"><title>Opening the tool…</title></head><body>' +
    `<form method="post" action="${escapeHtml(action)}">${inputs}<noscript><button type="submit">Continue</button></noscript></form>` +
    `<script nonce="${nonce}">document.forms[0].submit();</script></body></html>`;
  const csp = `default-src 'none'; script-src 'nonce-${nonce}'; form-action ${new URL(action).origin}; base-uri 'none'; frame-ancestors 'self'`;
  return { html, csp };
}

/**
 * External tool items, the launch (LTI 1.3 core §5.1: third-party login initiation, then the authentication
 * request answered with an id_token) and its checks (ADR 068).
 */
export function createLaunches(db: Db, { tokens, keys, clock, publicUrl, allowLoopbackHttp }: LaunchOptions) {
  const now = () => new Date(clock());
  const issuer = platformEndpoints(publicUrl).issuer;

  /** The item, its tool and course, and the caller's role there; 404 when the caller may not see it. */
  async function visibleItem(itemId: string, user: Pick<SessionUser, 'id' | 'role'>) {
    const [row] = await db
      .select({ item: ltiToolItems, tool: ltiTools, course: courses, enrolmentId: enrolments.id })
      .from(ltiToolItems)
      .innerJoin(ltiTools, eq(ltiTools.id, ltiToolItems.toolId))
      .innerJoin(courses, eq(courses.id, ltiToolItems.courseId))
      .leftJoin(enrolments, and(eq(enrolments.courseId, courses.id), eq(enrolments.studentId, user.id)))
      .where(eq(ltiToolItems.id, itemId))
      .limit(1);
    if (!row) throw notFound(ITEM_NOT_FOUND);
    const instructor = row.course.teacherId === user.id || user.role === 'admin';
    const learner = user.role === 'student' && row.enrolmentId !== null;
    if (!instructor && !learner) throw notFound(ITEM_NOT_FOUND);
    const roles = learner
      ? [LIS_ROLES.learner]
      : user.role === 'admin' && row.course.teacherId !== user.id
        ? [LIS_ROLES.instructor, LIS_ROLES.administrator]
        : [LIS_ROLES.instructor];
    return { ...row, roles };
  }

  /** A section of a course the user may change (its teacher or an admin), for deep linking; 404 otherwise. */
  async function editableSection(sectionId: string, user: Pick<SessionUser, 'id' | 'role'>) {
    const [row] = await db
      .select({ section: courseSections, course: courses })
      .from(courseSections)
      .innerJoin(courses, eq(courses.id, courseSections.courseId))
      .where(eq(courseSections.id, sectionId))
      .limit(1);
    if (!row) throw notFound('Section not found');
    if (row.course.teacherId !== user.id && user.role !== 'admin') throw forbidden(NOT_YOUR_COURSE);
    const roles =
      row.course.teacherId === user.id ? [LIS_ROLES.instructor] : [LIS_ROLES.instructor, LIS_ROLES.administrator];
    return { ...row, roles };
  }

  /**
   * The signed message hint: the launch's id, user, item (or section, for deep linking), expiry, the session that
   * began it and a digest of the browser's cookie.
   */
  interface Hint {
    l: string;
    u: string;
    i: string;
    e: number;
    s: string;
    b: string;
  }
  const messageHint = (claims: Hint) => signClaims(tokens, 'lti-message-hint', claims);

  function readHint(hint: string | undefined) {
    const parsed = readClaims<Hint>(tokens, 'lti-message-hint', hint);
    if (!parsed) throw new LtiRefusal('hint-invalid', 'lti_message_hint is not one Lyceum signed');
    if (parsed.e <= clock()) throw new LtiRefusal('hint-expired');
    return parsed;
  }

  /** The browser cookie's value if Lyceum signed it for this user, else null. */
  function browserOf(cookie: string | undefined, userId: string): string | null {
    const claims = readClaims<{ r: string; u: string }>(tokens, BROWSER_PURPOSE, cookie);
    return claims && claims.u === userId ? cookie! : null;
  }

  /**
   * The hint is taken only from the browser that began the launch (its cookie) while the session that began it
   * is still signed in; checked before the launch is spent, so another browser cannot use it up.
   */
  async function checkBinding(hint: Hint, cookie: string | undefined) {
    const browser = browserOf(cookie, hint.u);
    if (!browser || browserDigest(browser) !== hint.b) {
      throw new LtiRefusal('browser-mismatch', 'the launch was begun in another browser or by another user');
    }
    const [session] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.id, hint.s),
          eq(sessions.userId, hint.u),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now()),
        ),
      )
      .limit(1);
    if (!session) throw new LtiRefusal('session-ended', 'the user who began the launch is signed out');
  }

  async function log(toolId: string, outcome: 'launched' | 'refused', reason: LtiReason, detail = '', userId?: string) {
    await db.delete(ltiLaunchAttempts).where(lt(ltiLaunchAttempts.at, new Date(clock() - ATTEMPTS_KEPT_MS)));
    await db
      .insert(ltiLaunchAttempts)
      .values({ toolId, outcome, reason, detail: detail.slice(0, 500), userId: userId ?? null, at: now() });
  }

  /** The checks of an authentication request, in order; answers the id_token and where to post it. */
  async function checkedLaunch(tool: ToolRow, params: AuthorizeParams, cookie: string | undefined) {
    if (!tool.enabled) throw new LtiRefusal('tool-disabled');
    if (!params.redirect_uri || !tool.redirectUris.includes(params.redirect_uri)) {
      throw new LtiRefusal('redirect-uri-not-registered', `redirect_uri ${params.redirect_uri ?? '(none)'}`);
    }
    // A tool registered before the rule (or in development) gets no token over plain http in production.
    if (!secureToolUrl(params.redirect_uri, allowLoopbackHttp)) {
      throw new LtiRefusal('insecure-url', `redirect_uri ${SECURE_URL_RULE}`);
    }
    const scopes = (params.scope ?? '').split(' ');
    if (
      !scopes.includes('openid') ||
      params.response_type !== 'id_token' ||
      params.response_mode !== 'form_post' ||
      (params.prompt !== undefined && params.prompt !== 'none')
    ) {
      throw new LtiRefusal(
        'invalid-request',
        'scope=openid, response_type=id_token, response_mode=form_post and prompt=none are required',
      );
    }
    if (params.lti_deployment_id !== undefined && params.lti_deployment_id !== tool.deploymentId) {
      throw new LtiRefusal('deployment-mismatch', `lti_deployment_id ${params.lti_deployment_id}`);
    }
    if (!params.nonce) throw new LtiRefusal('nonce-missing');
    const hint = readHint(params.lti_message_hint);
    await checkBinding(hint, cookie);
    // Single use: the launch is gone once read, whatever follows.
    await db.delete(ltiLaunches).where(lt(ltiLaunches.expiresAt, now()));
    const [launch] = await db.delete(ltiLaunches).where(eq(ltiLaunches.id, hint.l)).returning();
    if (
      !launch ||
      launch.toolId !== tool.id ||
      launch.userId !== hint.u ||
      (launch.itemId ?? launch.sectionId) !== hint.i
    ) {
      throw new LtiRefusal('launch-unknown-or-used');
    }
    if (params.login_hint !== subjectFor(tool, launch.userId)) {
      throw new LtiRefusal('login-hint-mismatch', 'login_hint names another user than the launch');
    }
    await db.delete(ltiNonces).where(lt(ltiNonces.expiresAt, now()));
    const kept = await db
      .insert(ltiNonces)
      .values({ toolId: tool.id, nonce: params.nonce, expiresAt: new Date(clock() + NONCE_KEPT_MS) })
      .onConflictDoNothing()
      .returning({ nonce: ltiNonces.nonce });
    if (kept.length === 0) throw new LtiRefusal('nonce-reused');
    const [user] = await db
      .select({
        id: users.id,
        role: users.role,
        firstname: users.firstname,
        lastname: users.lastname,
        email: users.email,
        language: users.language,
        status: users.status,
      })
      .from(users)
      .where(eq(users.id, launch.userId))
      .limit(1);
    if (!user || user.status !== 'active') throw new LtiRefusal('item-not-visible', 'the account is suspended');
    const notVisible = (error: unknown) => {
      if (error instanceof HttpError) return null;
      throw error;
    };
    const common = {
      iss: issuer,
      aud: tool.clientId,
      azp: tool.clientId,
      sub: subjectFor(tool, user.id),
      nonce: params.nonce,
      [`${LTI}/version`]: '1.3.0',
      [`${LTI}/deployment_id`]: tool.deploymentId,
      [`${LTI}/tool_platform`]: { guid: issuer, name: 'Lyceum', product_family_code: 'lyceum' },
      [`${LTI}/launch_presentation`]: { document_target: 'window', locale: user.language ?? 'en' },
    };
    const contextOf = (course: { id: string; title: string }) => ({
      id: course.id,
      label: course.title.slice(0, 64),
      title: course.title,
      type: ['http://purl.imsglobal.org/vocab/lis/v2/course#CourseOffering'],
    });
    let claims: Record<string, unknown>;
    if (launch.messageType === 'LtiResourceLinkRequest') {
      const seen = launch.itemId ? await visibleItem(launch.itemId, user).catch(notVisible) : null;
      if (!seen || seen.tool.id !== tool.id) throw new LtiRefusal('item-not-visible');
      claims = {
        ...common,
        [`${LTI}/message_type`]: 'LtiResourceLinkRequest',
        [`${LTI}/target_link_uri`]: seen.item.targetLinkUri || tool.targetLinkUri,
        [`${LTI}/resource_link`]: { id: seen.item.id, title: seen.item.title },
        [`${LTI}/roles`]: seen.roles,
        [`${LTI}/context`]: contextOf(seen.course),
      };
    } else {
      const target = launch.sectionId ? await editableSection(launch.sectionId, user).catch(notVisible) : null;
      if (!target) throw new LtiRefusal('item-not-visible', "the section is no longer the caller's to change");
      claims = {
        ...common,
        [`${LTI}/message_type`]: 'LtiDeepLinkingRequest',
        [`${LTI}/target_link_uri`]: tool.targetLinkUri,
        [`${LTI}/roles`]: target.roles,
        [`${LTI}/context`]: contextOf(target.course),
        [`${DL}/deep_linking_settings`]: {
          deep_link_return_url: `${publicUrl}/api/lti/deep-linking/return`,
          accept_types: ['ltiResourceLink'],
          accept_presentation_document_targets: ['iframe', 'window'],
          accept_multiple: true,
          auto_create: true,
          title: target.section.title,
          data: signClaims(tokens, DEEP_LINKING_DATA, {
            d: randomBytes(12).toString('base64url'),
            u: user.id,
            s: target.section.id,
            t: tool.id,
            e: clock() + DEEP_LINKING_TTL_MS,
          }),
        },
      };
    }
    if (tool.shareName) {
      claims.given_name = user.firstname;
      claims.family_name = user.lastname;
      claims.name = `${user.firstname} ${user.lastname}`.trim();
    }
    if (tool.shareEmail) claims.email = user.email;
    const idToken = await keys.sign(claims, ID_TOKEN_TTL_SECONDS);
    return { idToken, userId: user.id, redirectUri: params.redirect_uri };
  }

  /**
   * A launch row, and the login initiation naming it (single use, LAUNCH_TTL_MS), bound to the caller's session
   * and browser: `browserCookie` is the cookie to set when the browser has none of this user's yet.
   */
  async function begin(
    tool: ToolRow,
    user: SessionUser,
    target: { itemId: string } | { sectionId: string },
    targetLinkUri: string,
    cookie: string | undefined,
  ) {
    if (!tool.enabled) throw conflict('This tool is disabled by the administrator');
    if (!secureToolUrl(tool.loginUrl, allowLoopbackHttp) || !secureToolUrl(targetLinkUri, allowLoopbackHttp)) {
      throw conflict(`This tool's login or launch URL ${SECURE_URL_RULE}; the administrator must change it`);
    }
    const kept = browserOf(cookie, user.id);
    const browser =
      kept ?? signClaims(tokens, BROWSER_PURPOSE, { r: randomBytes(24).toString('base64url'), u: user.id });
    const launchId = randomBytes(24).toString('base64url');
    const expiresAt = clock() + LAUNCH_TTL_MS;
    await db.delete(ltiLaunches).where(lt(ltiLaunches.expiresAt, now()));
    await db.insert(ltiLaunches).values({
      id: launchId,
      toolId: tool.id,
      userId: user.id,
      expiresAt: new Date(expiresAt),
      ...('itemId' in target
        ? { messageType: 'LtiResourceLinkRequest' as const, itemId: target.itemId }
        : { messageType: 'LtiDeepLinkingRequest' as const, sectionId: target.sectionId }),
    });
    const targetId = 'itemId' in target ? target.itemId : target.sectionId;
    const hint = { l: launchId, u: user.id, i: targetId, e: expiresAt, s: user.sessionId, b: browserDigest(browser) };
    return {
      start: {
        action: tool.loginUrl,
        method: 'POST' as const,
        fields: {
          iss: issuer,
          login_hint: subjectFor(tool, user.id),
          target_link_uri: targetLinkUri,
          lti_message_hint: messageHint(hint),
          client_id: tool.clientId,
          lti_deployment_id: tool.deploymentId,
        },
      },
      browserCookie: kept ? null : browser,
    };
  }

  return {
    /** Logs an end of a tool's request for the admin (the deep linking response's too). */
    log,

    /** A course's external tool items, for its teacher (or an admin). */
    async listItems(courseId: string, user: SessionUser) {
      const [course] = await db
        .select({ teacherId: courses.teacherId })
        .from(courses)
        .where(eq(courses.id, courseId))
        .limit(1);
      if (!course) throw notFound('Course not found');
      if (course.teacherId !== user.id && user.role !== 'admin') throw forbidden(NOT_YOUR_COURSE);
      const rows = await db
        .select({ item: ltiToolItems, toolName: ltiTools.name })
        .from(ltiToolItems)
        .innerJoin(ltiTools, eq(ltiTools.id, ltiToolItems.toolId))
        .where(eq(ltiToolItems.courseId, courseId))
        .orderBy(asc(ltiToolItems.sectionId), asc(ltiToolItems.position), asc(ltiToolItems.id))
        .limit(500);
      return rows.map(({ item, toolName }) => ({ ...pick(item), toolName }));
    },

    /** Adds an external tool item to a section of the caller's course. */
    async addItem(
      courseId: string,
      sectionId: string,
      user: SessionUser,
      body: { toolId: string; title: string; targetLinkUri: string },
    ) {
      requireSecureUrls({ targetLinkUri: body.targetLinkUri }, allowLoopbackHttp);
      const [row] = await db
        .select({ teacherId: courses.teacherId, sectionId: courseSections.id })
        .from(courses)
        .leftJoin(courseSections, and(eq(courseSections.courseId, courses.id), eq(courseSections.id, sectionId)))
        .where(eq(courses.id, courseId))
        .limit(1);
      if (!row) throw notFound('Course not found');
      if (row.teacherId !== user.id && user.role !== 'admin') throw forbidden(NOT_YOUR_COURSE);
      if (!row.sectionId) throw notFound('Section not found');
      const [tool] = await db
        .select({ name: ltiTools.name, enabled: ltiTools.enabled })
        .from(ltiTools)
        .where(eq(ltiTools.id, body.toolId))
        .limit(1);
      if (!tool) throw notFound(TOOL_NOT_FOUND);
      if (!tool.enabled) throw conflict('This tool is disabled by the administrator');
      const [item] = await db
        .insert(ltiToolItems)
        .values({
          courseId,
          sectionId,
          toolId: body.toolId,
          title: body.title,
          targetLinkUri: body.targetLinkUri,
          position: nextPosition(sectionId),
        })
        .returning();
      return { ...pick(item!), toolName: tool.name };
    },

    async deleteItem(courseId: string, itemId: string, user: SessionUser) {
      const [course] = await db
        .select({ teacherId: courses.teacherId })
        .from(courses)
        .where(eq(courses.id, courseId))
        .limit(1);
      if (!course) throw notFound('Course not found');
      if (course.teacherId !== user.id && user.role !== 'admin') throw forbidden(NOT_YOUR_COURSE);
      const [gone] = await db
        .delete(ltiToolItems)
        .where(and(eq(ltiToolItems.id, itemId), eq(ltiToolItems.courseId, courseId)))
        .returning({ id: ltiToolItems.id });
      if (!gone) throw notFound(ITEM_NOT_FOUND);
    },

    /**
     * Begins a launch: the third-party login initiation request the browser sends to the tool (LTI 1.3 core
     * §5.1.1.1), with a message hint bound to the caller and the item, single use, LAUNCH_TTL_MS long.
     */
    async start(itemId: string, user: SessionUser, cookie: string | undefined) {
      const { item, tool } = await visibleItem(itemId, user);
      return begin(tool, user, { itemId: item.id }, item.targetLinkUri || tool.targetLinkUri, cookie);
    },

    /**
     * Begins a deep linking launch (LTI Deep Linking 2.0) from a section of the caller's course: the teacher picks
     * content in the tool, whose answer (deep-linking.ts) adds it to the section as external tool items.
     */
    async startDeepLinking(
      courseId: string,
      sectionId: string,
      toolId: string,
      user: SessionUser,
      cookie: string | undefined,
    ) {
      const target = await editableSection(sectionId, user);
      if (target.course.id !== courseId) throw notFound('Section not found');
      const [tool] = await db.select().from(ltiTools).where(eq(ltiTools.id, toolId)).limit(1);
      if (!tool) throw notFound(TOOL_NOT_FOUND);
      return begin(tool, user, { sectionId }, tool.targetLinkUri, cookie);
    },

    /**
     * The tool's authentication request. Without a known client_id and a registered redirect_uri nothing is
     * posted anywhere (the refusal is the answer); every refusal of a known tool is logged with its reason.
     */
    async authorize(params: AuthorizeParams, cookie: string | undefined) {
      const [tool] = params.client_id
        ? await db.select().from(ltiTools).where(eq(ltiTools.clientId, params.client_id)).limit(1)
        : [];
      if (!tool) return { refused: new LtiRefusal('unknown-client', `client_id ${params.client_id ?? '(none)'}`) };
      try {
        const launched = await checkedLaunch(tool, params, cookie);
        await log(tool.id, 'launched', 'launched', '', launched.userId);
        const fields: Record<string, string> = { id_token: launched.idToken };
        if (params.state !== undefined) fields.state = params.state;
        return { page: formPostPage(launched.redirectUri, fields) };
      } catch (error) {
        if (!(error instanceof LtiRefusal)) throw error;
        await log(tool.id, 'refused', error.reason, error.detail);
        return { refused: error };
      }
    },
  };
}

/** After the section's last tool item (computed in the insert: one statement). */
export const nextPosition = (sectionId: string) =>
  sql<number>`(select coalesce(max(position) + 1, 0) from lti_tool_items where section_id = ${sectionId})`;

function pick(item: typeof ltiToolItems.$inferSelect) {
  return {
    id: item.id,
    courseId: item.courseId,
    sectionId: item.sectionId,
    toolId: item.toolId,
    title: item.title,
    targetLinkUri: item.targetLinkUri,
  };
}

export type Launches = ReturnType<typeof createLaunches>;
