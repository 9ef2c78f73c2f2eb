import type { Accommodation, ClassGrade, ClassGradebookQuery, Gradebook, ReleasePolicy } from '@lyceum/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { classCourses, classMembers, enrolments } from '#db/schema/index.js';
import { accommodationInput } from '#lib/class-window.js';
import { notFound } from '#lib/errors.js';
import { gradebookCells, gradebookLines, gradebookTotal } from '#lib/gradebook.js';
import { learnerWindow } from '#lib/learner-window.js';
import { pageResult, type Paging } from '#lib/pages.js';
import { isReleased } from '#lib/release.js';
import type { ClassContext } from './context.js';
import { rowsOf, type AssignmentDatesRow, type Caller } from './rows.js';

/** A class's grades: a course's gradebook for its teachers, a member's own scores on what was assigned to them. */
export function createGradebook({ db, now, framesOf, taughtClass, memberClass }: ClassContext) {
  return {
    /** The grading gradebook of one of the class's courses, filtered to the class's members (ADR 028, 032). */
    async gradebook(caller: Caller, classId: string, query: ClassGradebookQuery): Promise<Gradebook> {
      await taughtClass(classId, caller);
      const [link] = await db
        .select({ courseId: classCourses.courseId })
        .from(classCourses)
        .where(and(eq(classCourses.classId, classId), eq(classCourses.courseId, query.courseId)))
        .limit(1);
      if (!link) throw notFound('This course is not part of the class');
      const frame = (await framesOf([query.courseId])).get(query.courseId);
      if (!frame) throw notFound('Course not found');
      const lines = await gradebookLines(db, [query.courseId], {
        classId,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      let total = lines[0] ? Number(lines[0].total) : 0;
      if (lines.length === 0 && query.page > 1) {
        const [counted] = await db
          .select({ n: count() })
          .from(classMembers)
          .innerJoin(
            enrolments,
            and(eq(enrolments.studentId, classMembers.studentId), eq(enrolments.courseId, query.courseId)),
          )
          .where(eq(classMembers.classId, classId));
        total = counted?.n ?? 0;
      }
      const at = now();
      const items = lines.map((line) => {
        const cells = gradebookCells(line, frame.list, at);
        const name = [line.firstname, line.lastname].filter(Boolean).join(' ').trim() || line.username || 'Student';
        return {
          student: { id: line.student_id, name, email: line.email },
          cells,
          totalPercent: gradebookTotal(cells, frame.list, frame.weights),
        };
      });
      return { ...pageResult(items, query, total), columns: frame.columns, weights: frame.weights };
    },

    /**
     * The caller's own counting scores on the assessments assigned to them in the class (the gradebook's cells,
     * lib/gradebook.ts), shown only once the score is released to them (lib/release.ts, their own window).
     */
    async grades(caller: Caller, classId: string, paging: Paging) {
      await memberClass(classId, caller);
      const scope = sql`
        from class_assignments a
        join assessments s on s.item_id = a.item_id
        join course_items ci on ci.id = a.item_id
        join courses co on co.id = ci.course_id
        left join accommodations aa on aa.assignment_id = a.id and aa.student_id = ${caller.id}
        left join accommodations ac on ac.class_id = ${classId} and ac.assignment_id is null
          and ac.student_id = ${caller.id}
        where a.class_id = ${classId} and (a.whole_class or exists (
          select 1 from class_assignment_learners l where l.assignment_id = a.id and l.student_id = ${caller.id}))`;
      const [rows, [total]] = await Promise.all([
        db
          .execute(
            sql`
          select a.id, a.item_id, ci.title, co.id as course_id, co.title as course_title,
            a.opens_at, a.due_at, a.closes_at, s.opens_at as base_opens_at, s.due_at as base_due_at,
            s.closes_at as base_closes_at, s.time_limit_minutes, s.release_score, s.released_at,
            coalesce(aa.id, ac.id) as acc_id, coalesce(aa.extra_time_factor, ac.extra_time_factor) as f,
            coalesce(aa.extra_time_minutes, ac.extra_time_minutes) as m,
            coalesce(aa.due_extension_hours, ac.due_extension_hours, 0) as h,
            coalesce(aa.extra_attempts, ac.extra_attempts, 0) as x
          ${scope}
          order by coalesce(a.due_at, s.due_at) asc nulls last, a.id
          limit ${paging.pageSize} offset ${(paging.page - 1) * paging.pageSize}`,
          )
          .then((r) =>
            rowsOf<
              AssignmentDatesRow & {
                release_score: ReleasePolicy;
                released_at: Date | string | null;
                acc_id: string | null;
                f: string | number | null;
                m: number | null;
                h: number;
                x: number;
              }
            >(r),
          ),
        db.execute(sql`select count(*)::int as n ${scope}`).then((r) => rowsOf<{ n: number }>(r)),
      ]);
      const courseIds = [...new Set(rows.map((r) => r.course_id))];
      const [frames, lines] = await Promise.all([
        framesOf(courseIds),
        gradebookLines(db, courseIds, { studentIds: [caller.id], limit: Math.max(1, courseIds.length) }),
      ]);
      const lineOf = new Map(lines.map((l) => [l.course_id, l]));
      const at = now();
      const date = (d: Date | string | null) => (d === null ? null : new Date(d));
      const items: ClassGrade[] = rows.map((r) => {
        const accommodation: Accommodation | null = r.acc_id
          ? {
              assignmentId: null,
              extraTimeFactor: r.f === null ? null : Number(r.f),
              extraTimeMinutes: r.m,
              dueExtensionHours: Number(r.h),
              extraAttempts: Number(r.x),
            }
          : null;
        const own = { opensAt: date(r.opens_at), dueAt: date(r.due_at), closesAt: date(r.closes_at) };
        const window = learnerWindow({
          assessment: {
            opensAt: date(r.base_opens_at),
            dueAt: date(r.base_due_at),
            closesAt: date(r.base_closes_at),
            timeLimitMinutes: r.time_limit_minutes,
          },
          learner: { studentId: caller.id },
          assignment: Object.fromEntries(Object.entries(own).filter(([, value]) => value !== null)),
          accommodation: accommodationInput(accommodation),
        });
        const assessment = frames.get(r.course_id)?.list.find((a) => a.itemId === r.item_id);
        const line = lineOf.get(r.course_id);
        const cell = assessment && line ? gradebookCells(line, [assessment])[0] : undefined;
        const released = isReleased(r.release_score, { releasedAt: date(r.released_at) }, window, at);
        return {
          assignmentId: r.id,
          itemId: r.item_id,
          title: r.title,
          courseId: r.course_id,
          courseTitle: r.course_title,
          dueAt: window.dueAt?.toISOString() ?? null,
          maxPoints: assessment?.points ?? 0,
          released,
          points: released ? (cell?.points ?? null) : null,
          percent: released ? (cell?.percent ?? null) : null,
          pending: released ? (cell?.pending ?? false) : false,
          late: cell?.late ?? false,
          attempts: cell?.attempts ?? 0,
        };
      });
      return pageResult(items, paging, total?.n ?? 0);
    },
  };
}
