import {
  CLASS_MESSAGES,
  type Assignment,
  type AssignmentLearner,
  type AssignmentLearnerStatus,
  type CreateAssignmentBody,
  type UpdateAssignmentBody,
} from '@lyceum/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  classAssignmentLearners,
  classAssignments,
  classMembers,
  classTeachers,
  courseItems,
} from '#db/schema/index.js';
import { fieldError, notFound } from '#lib/errors.js';
import { raiseEvent } from '#lib/events.js';
import { boundedPage, cappedPageResult, type Page, type Paging } from '#lib/pages.js';
import { preparedJson, type PreparedJson } from '#lib/response-cache.js';
import { assignmentLearnersStatement, assignmentPage, type AssignmentLearnerRow } from './assignment-statements.js';
import type { ClassContext } from './context.js';
import { iso, nameOf, rowsOf, type Caller } from './rows.js';

/** A class's assignments: set (to the class or some learners, with dates), listed with their counts, removed. */
export function createAssignments(context: ClassContext) {
  return { ...createAssignmentLists(context), ...createAssignmentSetting(context) };
}

/** Reading: the assignments page (kept) and one assignment's lists of learners. */
function createAssignmentLists(context: ClassContext) {
  const { db, deps, now, keep, watchClassPages, showsCourses, teaches } = context;
  /** Whether the caller teaches the class: asked for each kept page sent (prepared once). */
  const teachesPrepared = db
    .select({ one: sql`1` })
    .from(classTeachers)
    .where(
      and(
        eq(classTeachers.classId, sql.placeholder('classId')),
        eq(classTeachers.teacherId, sql.placeholder('teacherId')),
      ),
    )
    .limit(1)
    .prepare('lyceum_class_teaches');
  /**
   * A class's assignments pages as sent (ADR 019, session 23): each counts done, late and missing over every
   * learner of every assignment on it (20 × 500 in the bench's class, 20 ms of the database), and a teacher opens
   * the page again and again between changes. Kept per class until the database names the class or a course the
   * page shows, and no later than the next due date that would make a learner missing.
   */
  const keptAssignmentPages = keep<{ json: PreparedJson; holdsUntil: number }>(watchClassPages, {
    bytesOf: (page) => 2 * page.json.body.length,
    holds: (page) => deps.clock() < page.holdsUntil,
  });

  return {
    async assignments(caller: Caller, classId: string, paging: Paging) {
      return (await assignmentPage(context, classId, paging, undefined, teaches(classId, caller))).page;
    },

    /** A page of the class's assignments as JSON (`write` serializes it), kept until what it shows changes. */
    async assignmentsJson(
      caller: Caller,
      classId: string,
      paging: Paging,
      write: (page: Page<Assignment>) => string,
    ): Promise<PreparedJson> {
      let made = false;
      const kept = await keptAssignmentPages.get(`${classId}\n${paging.page}\n${paging.pageSize}`, async () => {
        // Made for this caller: its statements check that they teach the class (404), as without keeping.
        const { page, changesAt } = await assignmentPage(context, classId, paging, undefined, teaches(classId, caller));
        showsCourses(classId, [...new Set(page.items.map((item) => item.courseId))]);
        made = true;
        return { owner: classId, value: { json: preparedJson(write(page)), holdsUntil: changesAt } };
      });
      // Kept: whether this caller teaches the class is asked now (one statement), before anything is sent.
      if (!made && (await teachesPrepared.execute({ classId, teacherId: caller.id })).length === 0)
        throw notFound(CLASS_MESSAGES.notFound);
      return kept.value.json;
    },

    /**
     * A page of one of an assignment's lists, by name: who turned it in (and whether late), who is assigned and not
     * yet due, who is missing it. One statement (assignmentLearnersStatement).
     */
    async assignmentLearners(
      caller: Caller,
      classId: string,
      assignmentId: string,
      query: Paging & { status?: AssignmentLearnerStatus | undefined },
    ): Promise<Page<AssignmentLearner>> {
      const { limit, offset } = boundedPage(query);
      const [row] = rowsOf<{ found: boolean; total: number; rows: string | AssignmentLearnerRow[] | null }>(
        await db.execute(
          assignmentLearnersStatement(
            classId,
            assignmentId,
            { status: query.status, limit, offset, at: now() },
            teaches(classId, caller),
          ),
        ),
      );
      if (!row?.found) throw notFound(CLASS_MESSAGES.notFound);
      const rows = (typeof row.rows === 'string' ? (JSON.parse(row.rows) as AssignmentLearnerRow[]) : row.rows) ?? [];
      const items = rows.map((r) => {
        const due = iso(r.due);
        const turnedInAt = iso(r.completedAt);
        return {
          studentId: r.studentId,
          name: nameOf(r),
          email: r.email,
          status: r.status,
          dueAt: due,
          turnedInAt,
          late: due !== null && turnedInAt !== null && turnedInAt > due,
        };
      });
      return cappedPageResult(items, query, Number(row.total));
    },
  };
}

/** Setting: an assignment given to the class or some of its learners, its dates and learners changed, removed. */
function createAssignmentSetting(context: ClassContext) {
  const { db, taughtClass, assertWritable } = context;

  /** The learners named must all be members of the class (400 on `learnerIds` otherwise). */
  async function assertMembers(classId: string, learners: string[]): Promise<void> {
    const found = await db
      .select({ id: classMembers.studentId })
      .from(classMembers)
      .where(and(eq(classMembers.classId, classId), inArray(classMembers.studentId, learners)));
    if (found.length !== learners.length) throw fieldError('learnerIds', CLASS_MESSAGES.notInClass);
  }

  return {
    async assign(caller: Caller, classId: string, body: CreateAssignmentBody) {
      const cls = await taughtClass(classId, caller);
      assertWritable(cls);
      const [item] = rowsOf<{ id: string; title: string }>(
        await db.execute(sql`
          select ci.id, ci.title from course_items ci
          join class_courses cc on cc.course_id = ci.course_id and cc.class_id = ${classId}
          where ci.id = ${body.itemId} limit 1`),
      );
      if (!item) throw fieldError('itemId', CLASS_MESSAGES.itemNotInClass);
      const learners = body.learnerIds ? [...new Set(body.learnerIds)] : null;
      if (learners) await assertMembers(classId, learners);
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(classAssignments)
          .values({
            classId,
            itemId: body.itemId,
            wholeClass: learners === null,
            opensAt: body.opensAt ? new Date(body.opensAt) : null,
            dueAt: body.dueAt ? new Date(body.dueAt) : null,
            closesAt: body.closesAt ? new Date(body.closesAt) : null,
            createdBy: caller.id,
          })
          .returning({ id: classAssignments.id });
        if (learners) {
          await tx
            .insert(classAssignmentLearners)
            .values(learners.map((studentId) => ({ assignmentId: row!.id, studentId })));
        }
        const recipients =
          learners ??
          (
            await tx.select({ id: classMembers.studentId }).from(classMembers).where(eq(classMembers.classId, classId))
          ).map((m) => m.id);
        await raiseEvent(tx, {
          type: 'class.assigned',
          recipients,
          data: { classId, className: cls.name, itemTitle: item.title, dueAt: body.dueAt ?? null },
        });
        return row!.id;
      });
      const { page } = await assignmentPage(context, classId, { page: 1, pageSize: 1 }, id);
      return page.items[0]!;
    },

    /**
     * Changes an assignment's dates and whom it is for (PATCH): omitted fields keep their value, the dates that
     * result must stay in order; learners it newly reaches are told as for a new assignment.
     */
    async updateAssignment(caller: Caller, classId: string, assignmentId: string, body: UpdateAssignmentBody) {
      const cls = await taughtClass(classId, caller);
      assertWritable(cls);
      const [current] = await db
        .select({ assignment: classAssignments, title: courseItems.title })
        .from(classAssignments)
        .innerJoin(courseItems, eq(courseItems.id, classAssignments.itemId))
        .where(and(eq(classAssignments.id, assignmentId), eq(classAssignments.classId, classId)))
        .limit(1);
      if (!current) throw notFound('Assignment not found');
      const was = current.assignment;
      const pick = (value: string | null | undefined, old: Date | null) =>
        value === undefined ? old : value === null ? null : new Date(value);
      const opensAt = pick(body.opensAt, was.opensAt);
      const dueAt = pick(body.dueAt, was.dueAt);
      const closesAt = pick(body.closesAt, was.closesAt);
      if (opensAt && dueAt && dueAt < opensAt) throw fieldError('dueAt', 'must be after the opening date');
      if (dueAt && closesAt && closesAt < dueAt) throw fieldError('closesAt', 'must be after the due date');
      if (opensAt && closesAt && closesAt < opensAt) throw fieldError('closesAt', 'must be after the opening date');
      const learners =
        body.learnerIds === undefined ? undefined : body.learnerIds === null ? null : [...new Set(body.learnerIds)];
      if (learners) await assertMembers(classId, learners);
      await db.transaction(async (tx) => {
        const reached = async () =>
          new Set(
            rowsOf<{ id: string }>(
              await tx.execute(sql`
                select m.student_id as id from class_members m
                join class_assignments a on a.id = ${assignmentId}
                where m.class_id = ${classId} and (a.whole_class or exists (select 1 from class_assignment_learners l
                  where l.assignment_id = a.id and l.student_id = m.student_id))`),
            ).map((r) => r.id),
          );
        const before = learners === undefined ? null : await reached();
        await tx
          .update(classAssignments)
          .set({ opensAt, dueAt, closesAt, ...(learners === undefined ? {} : { wholeClass: learners === null }) })
          .where(eq(classAssignments.id, assignmentId));
        if (learners === undefined || before === null) return;
        await tx.delete(classAssignmentLearners).where(eq(classAssignmentLearners.assignmentId, assignmentId));
        if (learners) {
          await tx.insert(classAssignmentLearners).values(learners.map((studentId) => ({ assignmentId, studentId })));
        }
        const added = [...(await reached())].filter((id) => !before.has(id));
        if (added.length) {
          await raiseEvent(tx, {
            type: 'class.assigned',
            recipients: added,
            data: { classId, className: cls.name, itemTitle: current.title, dueAt: dueAt?.toISOString() ?? null },
          });
        }
      });
      const { page } = await assignmentPage(context, classId, { page: 1, pageSize: 1 }, assignmentId);
      return page.items[0]!;
    },

    async unassign(caller: Caller, classId: string, assignmentId: string) {
      assertWritable(await taughtClass(classId, caller));
      const removed = await db
        .delete(classAssignments)
        .where(and(eq(classAssignments.id, assignmentId), eq(classAssignments.classId, classId)))
        .returning({ id: classAssignments.id });
      if (removed.length === 0) throw notFound('Assignment not found');
      return { ok: true as const };
    },
  };
}
