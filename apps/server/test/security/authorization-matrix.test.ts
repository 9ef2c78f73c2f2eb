import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAccess } from '#auth/access.js';
import { useTestApp, type TestUser } from '../helper.js';
import {
  createCast,
  createFixtures,
  genericSample,
  routeCollector,
  samples,
  tinyPng,
  tinyWebBuild,
  type Cast,
  type Fixtures,
  type Sample,
  type TableRoute,
} from './route-table.js';

/**
 * Issue 13, the permanent suite (a): every route of the route table × every kind of caller, checked against the
 * route's own `config.access` declaration. A route without a declaration (or without a sample request below)
 * fails the suite by name.
 */
const collector = routeCollector();
const webDir = tinyWebBuild();
const ctx = useTestApp({ onRoute: collector.onRoute, env: { WEB_DIST_DIR: webDir } });
afterAll(() => rmSync(webDir, { recursive: true, force: true }));

const ACTORS = [
  'anonymous',
  'owner',
  'other',
  'student',
  'teacher',
  'admin',
  'guardian',
  'suspended',
  'revoked',
] as const;
type Actor = (typeof ACTORS)[number];
type Expectation = 'allow' | 'unauthenticated' | 'wrong-role' | 'not-owner';

type CastRole = 'student' | 'teacher' | 'admin' | 'guardian';

/** Who owns the records a scoped route names, and who is "another user of the same role". */
function ownerRole(access: RouteAccess): CastRole {
  // A guardian's routes (issue 52): the owner is the guardian linked to studentA, or the invitation's addressee.
  if (access.scope === 'guardian-of' || (Array.isArray(access.who) && access.who[0] === 'guardian')) return 'guardian';
  if (access.scope === 'course-teacher') return 'teacher';
  if (access.scope === 'owner' || access.scope === 'enrolled') return 'student';
  if (Array.isArray(access.who)) return access.who[0] as CastRole;
  return 'student';
}

function roleOf(actor: Actor, access: RouteAccess): string | null {
  if (actor === 'owner' || actor === 'other') return ownerRole(access);
  if (actor === 'anonymous' || actor === 'suspended' || actor === 'revoked') return null;
  return actor;
}

/** What the declaration says the actor gets. */
export function expectationFor(access: RouteAccess, actor: Actor): Expectation {
  if (access.who === 'public') return 'allow';
  const role = roleOf(actor, access);
  if (role === null) return 'unauthenticated';
  if (Array.isArray(access.who) && !access.who.includes(role as never)) return 'wrong-role';
  if (!access.scope || access.scope === 'self' || actor === 'owner') return 'allow';
  const adminPasses =
    access.adminOverride ||
    (access.scope === 'course-teacher' && Array.isArray(access.who) && access.who.includes('admin'));
  if (role === 'admin' && adminPasses) return 'allow';
  return 'not-owner';
}

let cast: Cast & { adminB: TestUser };
let shared: Fixtures;
let image: Buffer;

beforeAll(async () => {
  const base = await createCast(ctx);
  const { createUser } = await import('../helper.js');
  cast = { ...base, adminB: await createUser(ctx, 'admin') };
  shared = await createFixtures(ctx, cast);
  image = await tinyPng();
});

function userFor(actor: Actor, access: RouteAccess): TestUser | null {
  const role = ownerRole(access);
  const byRole = {
    student: { owner: cast.studentA, other: cast.studentB },
    teacher: { owner: cast.teacherA, other: cast.teacherB },
    admin: { owner: cast.admin, other: cast.adminB },
    guardian: { owner: cast.guardianA, other: cast.guardianB },
  }[role];
  switch (actor) {
    case 'anonymous':
      return null;
    case 'owner':
      return byRole.owner;
    case 'other':
      return byRole.other;
    case 'student':
      return role === 'student' ? cast.studentC : cast.studentA;
    case 'teacher':
      return role === 'teacher' ? cast.teacherC : cast.teacherA;
    case 'admin':
      return role === 'admin' ? cast.adminB : cast.admin;
    // Any guardian: the one linked to studentA, unless the route is a guardian's own (then one of another child).
    case 'guardian':
      return role === 'guardian' ? cast.guardianC : cast.guardianA;
    case 'suspended':
      return cast.suspended;
    case 'revoked':
      return cast.revoked;
  }
}

async function snapshot() {
  const result = await ctx.database.db.execute(sql`
    select
      (select md5(string_agg(u::text, ',' order by id)) from users u) as users,
      (select md5(coalesce(string_agg(c::text, ',' order by id), '')) from courses c) as courses,
      (select md5(coalesce(string_agg(e::text, ',' order by student_id, course_id), '')) from enrolments e) as enrolments,
      (select md5(coalesce(string_agg(w::text, ',' order by student_id, course_id), '')) from wishlist_items w) as wishlist,
      (select md5(coalesce(string_agg(q::text, ',' order by id), '')) from forum_questions q) as questions,
      (select md5(coalesce(string_agg(a::text, ',' order by id), '')) from forum_answers a) as answers,
      (select md5(coalesce(string_agg(r::text, ',' order by id), '')) from reviews r) as reviews,
      (select md5(coalesce(string_agg(s::text, ',' order by id), '')) from course_sections s) as sections,
      (select md5(coalesce(string_agg(i::text, ',' order by id), '')) from course_items i) as items,
      (select md5(coalesce(string_agg(l::text, ',' order by item_id), '')) from lessons l) as lessons,
      (select md5(coalesce(string_agg(f::text, ',' order by id), '')) from lesson_attachments f) as attachments,
      (select md5(coalesce(string_agg(k::text, ',' order by student_id, item_id), '')) from item_completions k)
        as completions,
      (select md5(coalesce(string_agg(b::text, ',' order by id), '')) from questions b) as bank,
      (select md5(coalesce(string_agg(r::text, ',' order by id), '')) from rubrics r) as rubrics,
      (select md5(coalesce(string_agg(m::text, ',' order by id), '')) from comment_bank m) as comment_bank,
      (select md5(coalesce(string_agg(o::text, ',' order by id), '')) from grade_overrides o) as overrides,
      (select md5(coalesce(string_agg(w::text, ',' order by course_id), '')) from gradebook_settings w) as weights,
      (select md5(coalesce(string_agg(g::text, ',' order by id), '')) from answer_grade_log g) as grade_log,
      (select md5(coalesce(string_agg(k::text, ',' order by student_id, question_id), '')) from mistake_cards k)
        as mistakes,
      (select md5(coalesce(string_agg(x::text, ',' order by id), '')) from classes x) as classes,
      (select md5(coalesce(string_agg(m::text, ',' order by class_id, student_id), '')) from class_members m)
        as members,
      (select md5(coalesce(string_agg(t::text, ',' order by class_id, teacher_id), '')) from class_teachers t)
        as class_teachers,
      (select md5(coalesce(string_agg(n::text, ',' order by id), '')) from class_announcements n) as announcements,
      (select md5(coalesce(string_agg(g::text, ',' order by id), '')) from class_assignments g) as assignments,
      (select md5(coalesce(string_agg(h::text, ',' order by id), '')) from accommodations h) as accommodations,
      (select md5(coalesce(string_agg(v::text, ',' order by user_id), '')) from calendar_feeds v) as calendar,
      (select md5(coalesce(string_agg(n::text, ',' order by id), '')) from notifications n) as notifications,
      (select md5(coalesce(string_agg(p::text, ',' order by user_id, type), '')) from notification_preferences p)
        as preferences,
      (select md5(coalesce(string_agg(l::text, ',' order by id), '')) from guardian_links l) as guardian_links,
      (select md5(coalesce(string_agg(i::text, ',' order by id), '')) from guardian_invitations i) as invitations,
      (select md5(coalesce(string_agg(s::text, ',' order by id), '')) from attendance_sessions s) as sessions,
      (select md5(coalesce(string_agg(s::text, ',' order by id), '')) from attendance_schedules s) as schedules,
      (select md5(coalesce(string_agg(r::text, ',' order by session_id, student_id), '')) from attendance_records r)
        as attendance,
      (select md5(coalesce(string_agg(h::text, ',' order by id), '')) from attendance_changes h) as attendance_log,
      (select md5(coalesce(string_agg(t::text, ',' order by id), '')) from lti_tools t) as lti_tools,
      (select md5(coalesce(string_agg(i::text, ',' order by id), '')) from lti_tool_items i) as lti_items,
      (select md5(coalesce(string_agg(p::text, ',' order by id), '')) from scorm_packages p) as scorm_packages,
      (select md5(coalesce(string_agg(a::text, ',' order by id), '')) from scorm_attempts a) as scorm_attempts
  `);
  return (result as unknown as { rows: unknown[] }).rows[0];
}

function sampleFor(route: TableRoute, fixtures: Fixtures): Sample | null {
  const table = samples(fixtures, cast, image);
  const make = table[`${route.method} ${route.url}`];
  return make ? make() : genericSample(route);
}

async function call(route: TableRoute, sample: Sample, user: TestUser | null) {
  const headers = { ...sample.headers, ...(user ? { authorization: `Bearer ${user.token}` } : {}) };
  const res = await ctx.app.inject({
    method: route.method as 'GET',
    url: sample.url,
    headers,
    ...(sample.payload !== undefined ? { payload: sample.payload as object } : {}),
  });
  // Routes that end the caller's sessions hand back a fresh token: the actor keeps using that one.
  if (user && res.statusCode === 200 && route.url.startsWith('/api/me')) {
    const token = (res.json() as { token?: unknown }).token;
    if (typeof token === 'string') user.token = token;
  }
  // A logout ends the session for good: the actor signs in again for the routes that follow.
  if (user && sample.endsSession && res.statusCode === 200) {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    if (login.statusCode !== 200) throw new Error(`sign-in after ${route.url} failed: ${login.body}`);
    user.token = (login.json() as { token: string }).token;
  }
  return res;
}

const counts = { routes: 0, cases: 0 };

describe('authorization matrix: every route × every kind of caller, as declared', () => {
  it('every route declares who may call it (config.access) and has a sample request', () => {
    const routes = collector.callable();
    expect(routes.length).toBeGreaterThan(90);
    const undeclared = routes.filter((route) => !route.access).map((r) => `${r.method} ${r.url}`);
    expect(undeclared, 'routes without config.access').toEqual([]);
    const unsampled = routes.filter((route) => !sampleFor(route, shared)).map((r) => `${r.method} ${r.url}`);
    expect(unsampled, 'routes without a sample request in test/security/route-table.ts').toEqual([]);
  });

  it('answers each caller as the route declares: denied → 401/403/404 and nothing changed, never 2xx or 5xx', async () => {
    const problems: string[] = [];
    for (const route of collector.callable()) {
      const access = route.access;
      if (!access) continue;
      counts.routes += 1;
      const write = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
      // A deletion (or a versioned edit) consumes its record: each caller allowed to send it gets fresh records.
      const consumes =
        route.method === 'DELETE' || route.url.startsWith('/delete-') || Boolean(sampleFor(route, shared)?.consumes);
      // Denied callers first, on the shared records: they must leave them unchanged (the snapshot below fails the
      // test if one does), so they need no fresh set of their own — fixture sets are the costly part of this test.
      const ordered = [...ACTORS].sort(
        (a, b) => Number(expectationFor(access, a) === 'allow') - Number(expectationFor(access, b) === 'allow'),
      );
      for (const actor of ordered) {
        const expected = expectationFor(access, actor);
        const fixtures = consumes && expected === 'allow' ? await createFixtures(ctx, cast) : shared;
        const sample = sampleFor(route, fixtures)!;
        const before = write && expected !== 'allow' ? await snapshot() : null;
        const res = await call(route, sample, userFor(actor, access));
        counts.cases += 1;
        const status = res.statusCode;
        const label = `${route.method} ${route.url} as ${actor}: expected ${expected}, got ${status} ${res.body.slice(0, 160)}`;
        if (status >= 500) {
          problems.push(label);
          continue;
        }
        const ok =
          expected === 'allow'
            ? status !== 401 && status !== 403 && !(actor === 'owner' && access.scope && status === 404)
            : expected === 'unauthenticated'
              ? status === 401
              : expected === 'wrong-role'
                ? status === 403
                : status === 403 || status === 404;
        if (!ok) problems.push(label);
        if (before && JSON.stringify(await snapshot()) !== JSON.stringify(before)) {
          problems.push(`${route.method} ${route.url} as ${actor}: denied, but data changed`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(counts.routes).toBeGreaterThan(90);
    console.warn(
      `[security] authorization matrix: ${counts.routes} routes × ${ACTORS.length} actors = ${counts.cases} cases`,
    );
    // One test walks every route (900+ requests and a fresh fixture set per consuming call): about 60 s on an idle
    // machine, over 120 s on a loaded one. Grows with the route table, so it gets room of its own.
  }, 360_000);
});
