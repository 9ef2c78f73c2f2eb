import { CLASS_MESSAGES, type RosterEntry } from '@lyceum/contract';
import { and, eq, inArray, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import {
  accommodations,
  classCourses,
  classMembers,
  classTeachers,
  courses,
  enrolments,
  users,
} from '#db/schema/index.js';
import { notFound } from '#lib/errors.js';
import { gradebookCells, gradebookLines, gradebookTotal, type GradebookFrame } from '#lib/gradebook.js';
import { boundedPage, cappedCount, cappedPageResult, type Page, type Paging } from '#lib/pages.js';
import { namesHidden } from '#lib/release.js';
import type { ClassContext } from './context.js';
import { iso, nameOf, rowsOf, toAccommodation, type Caller } from './rows.js';

/**
 * A roster learner's activity as of now, as JSON: their progress over the class's courses (the mean of their
 * enrolments') and their last activity there: a lesson opened or completed, an attempt started or submitted — the
 * enrolment's `last_activity_at`, which the database keeps as each of these is written (migrations 0018, 0047), so
 * nothing is aggregated over attempts or completions. Enrolling alone (the column's first value) is not activity.
 * One look-up of their enrolments.
 */
const rosterActivity = (classId: string | SQLWrapper, studentId: SQLWrapper) =>
  sql`(select json_build_object('percent', floor(avg(e.progress_percent))::int,
      'last', max(nullif(e.last_activity_at, e.created_at)))
    from ${enrolments} e
    join ${classCourses} cc on cc.course_id = e.course_id and cc.class_id = ${classId}
    where e.student_id = ${studentId})`;
/** One learner's activity, as the roster's access statement reads it for a kept page. */
interface ActivityRow {
  percent: number | null;
  last: string | null;
}
/** A roster entry's activity fields, from `rosterActivity`'s JSON (a string where the driver leaves it one). */
const activityOf = (json: string | ActivityRow | null | undefined) => {
  const row = (typeof json === 'string' ? JSON.parse(json) : json) as ActivityRow | null | undefined;
  return { progressPercent: Number(row?.percent ?? 0), lastActivityAt: iso(row?.last ?? null) };
};

/** The frame of a roster page: whether the caller teaches the class, the capped count and the class's courses. */
async function rosterFrame({ db, teaches }: ClassContext, caller: Caller, classId: string) {
  const [row] = rowsOf<{
    allowed: boolean;
    total: number;
    courses: string | { id: string; title: string }[] | null;
  }>(
    await db.execute(
      sql`select ${teaches(classId, caller)} as allowed,
          ${cappedCount(
            db
              .select({ one: sql`1` })
              .from(classMembers)
              .where(eq(classMembers.classId, classId)),
          )} as total,
          (select json_agg(json_build_object('id', co.id, 'title', co.title) order by cc.position, co.title)
             from ${classCourses} cc join ${courses} co on co.id = cc.course_id
            where cc.class_id = ${classId}) as courses`,
    ),
  );
  if (!row?.allowed) throw notFound(CLASS_MESSAGES.notFound);
  const list = typeof row.courses === 'string' ? JSON.parse(row.courses) : row.courses;
  return { total: Number(row.total), courses: (list ?? []) as { id: string; title: string }[] };
}

/**
 * The course total per (student, course) of the page's students, from the gradebook's counting scores
 * (lib/gradebook.ts), and when an anonymous release will change them. Graders' view: an anonymous assessment's
 * scores stay out of the totals until released (lib/release.ts).
 */
async function courseTotals({ db, now, framesOf }: ClassContext, ids: string[], courseIds: string[]) {
  const [frames, lines] = ids.length
    ? await Promise.all([
        framesOf(courseIds),
        gradebookLines(db, courseIds, { studentIds: ids, limit: ids.length * Math.max(1, courseIds.length) }),
      ])
    : [new Map<string, GradebookFrame>(), []];
  const totals = new Map<string, number | null>();
  const at = now();
  const releases = [...frames.values()].flatMap((frame) =>
    frame.list.flatMap((assessment) =>
      namesHidden(assessment, at) && assessment.releasedAt ? [assessment.releasedAt.getTime()] : [],
    ),
  );
  for (const line of lines) {
    const frame = frames.get(line.course_id);
    if (!frame) continue;
    const cells = gradebookCells(line, frame.list, at);
    totals.set(`${line.student_id}:${line.course_id}`, gradebookTotal(cells, frame.list, frame.weights));
  }
  return { totals, changesAt: Math.min(Infinity, ...releases) };
}

/** A class's roster: its learners with their activity, class-wide accommodation and course totals. */
export function createRoster(context: ClassContext) {
  const { db, deps, keep, watchClassPages, showsCourses, teaches } = context;
  /** A kept roster page's one statement: whether the caller teaches the class, and its learners' activity now. */
  const rosterActivityPrepared = db
    .select({
      allowed: sql<boolean>`exists (select 1 from ${classTeachers}
        where ${classTeachers.classId} = ${sql.placeholder('classId')}
          and ${classTeachers.teacherId} = ${sql.placeholder('teacherId')})`,
      activity: sql<string | { id: string; a: ActivityRow }[] | null>`(select json_agg(json_build_object('id', m.id,
          'a', ${rosterActivity(sql`${sql.placeholder('classId')}::uuid`, sql`m.id`)}))
        from unnest(${sql.placeholder('ids')}::uuid[]) as m(id))`,
    })
    .from(sql`(select 1) as one`)
    .prepare('lyceum_roster_activity');
  const keptRosters = keep<{ page: Page<RosterEntry>; holdsUntil: number }>(watchClassPages, {
    bytesOf: (kept) => 400 + 600 * kept.page.items.length,
    holds: (kept) => deps.clock() < kept.holdsUntil,
  });

  /**
   * A page of the roster by name, made (`roster` keeps it), with the class's courses it shows and when an anonymous
   * release will change its totals. The frame (access, capped count, the class's courses) and the page (the members'
   * ids chosen on the narrow join by name with an OFFSET bounded by the cap, then those 20 with their progress and
   * accommodation) are two statements run together; the counting grades come from the shared gradebook
   * (lib/gradebook.ts: frames and lines of the page's students, two more). Five statements whatever the class.
   */
  async function rosterPage(caller: Caller, classId: string, paging: Paging) {
    const inClass = eq(classMembers.classId, classId);
    const order = [users.lastname, users.firstname, users.id];
    const { limit, offset } = boundedPage(paging);
    const pageIds = db
      .select({ id: classMembers.studentId })
      .from(classMembers)
      .innerJoin(users, eq(users.id, classMembers.studentId))
      .where(and(inClass, teaches(classId, caller)))
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    const [frame, rows] = await Promise.all([
      rosterFrame(context, caller, classId),
      db
        .select({
          studentId: classMembers.studentId,
          joinedAt: classMembers.joinedAt,
          firstname: users.firstname,
          lastname: users.lastname,
          email: users.email,
          activity: sql<string | ActivityRow>`${rosterActivity(classId, classMembers.studentId)}`,
          acc: accommodations,
        })
        .from(classMembers)
        .innerJoin(users, eq(users.id, classMembers.studentId))
        .leftJoin(
          accommodations,
          and(
            eq(accommodations.classId, classId),
            isNull(accommodations.assignmentId),
            eq(accommodations.studentId, classMembers.studentId),
          ),
        )
        .where(and(inClass, inArray(classMembers.studentId, pageIds)))
        .orderBy(...order),
    ]);
    const classCourseList = frame.courses;
    const courseIds = classCourseList.map((c) => c.id);
    const { totals, changesAt } = await courseTotals(
      context,
      rows.map((r) => r.studentId),
      courseIds,
    );
    const items: RosterEntry[] = rows.map((r) => ({
      studentId: r.studentId,
      name: nameOf(r),
      email: r.email,
      joinedAt: r.joinedAt.toISOString(),
      ...activityOf(r.activity),
      accommodation: toAccommodation(r.acc),
      grades: classCourseList.map((c) => ({
        courseId: c.id,
        courseTitle: c.title,
        percent: totals.get(`${r.studentId}:${c.id}`) ?? null,
      })),
    }));
    return { page: cappedPageResult(items, paging, frame.total), courseIds, changesAt };
  }

  return {
    /**
     * A page of the roster. Kept per class until the class or one of its courses changes (as the assignments
     * pages: names, accommodations, grades) and no later than an anonymous release; each learner's progress and last
     * activity, which every lesson opened changes, are read for every request, in the statement that checks who asks.
     */
    async roster(caller: Caller, classId: string, paging: Paging): Promise<Page<RosterEntry>> {
      let read: Page<RosterEntry> | undefined;
      const kept = await keptRosters.get(`${classId}\n${paging.page}\n${paging.pageSize}`, async () => {
        const made = await rosterPage(caller, classId, paging);
        read = made.page;
        showsCourses(classId, made.courseIds);
        return { owner: classId, value: { page: made.page, holdsUntil: made.changesAt } };
      });
      if (read) return read;
      const ids = kept.value.page.items.map((item) => item.studentId);
      const [row] = await rosterActivityPrepared.execute({ classId, teacherId: caller.id, ids: `{${ids.join(',')}}` });
      if (!row?.allowed) throw notFound(CLASS_MESSAGES.notFound);
      const list = typeof row.activity === 'string' ? JSON.parse(row.activity) : row.activity;
      const activity = new Map(((list ?? []) as { id: string; a: ActivityRow }[]).map((a) => [a.id, a.a]));
      return {
        ...kept.value.page,
        items: kept.value.page.items.map((item) => ({ ...item, ...activityOf(activity.get(item.studentId)) })),
      };
    },
  };
}
