import {
  AT_RISK_ABSENCE_DAYS,
  AT_RISK_DEFAULTS,
  CLASS_MESSAGES,
  TEACHER_HOME_LIMITS as LIMITS,
  type AtRiskClass,
  type AtRiskReason,
  type AtRiskStudent,
  type AtRiskThresholds,
  type MessageStudentsBody,
  type TeacherHome,
  type TeacherHomeQuery,
  type TeacherHomeSettings,
} from '@lyceum/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.js';
import { teacherSettings } from '#db/schema/index.js';
import { notFound } from '#lib/errors.js';
import { displayName, raiseEvent } from '#lib/events.js';
import type { CourseTotalsReader, CourseTotals } from './grades.js';
import { readHomeFrame, type ClassRow, type HomeFrame, type MemberRow } from './statement.js';

const DAY = 86_400_000;
const iso = (value: string | Date) => new Date(value).toISOString();
const nameOf = (row: { firstname: string | null; lastname: string | null }) =>
  [row.firstname, row.lastname].filter(Boolean).join(' ').trim() || 'Student';

/** Why one member is at risk (no reason: not at risk). */
function reasonsOf(
  member: MemberRow,
  courseIds: readonly string[],
  totals: CourseTotals,
  limits: AtRiskThresholds,
  at: number,
): AtRiskReason[] {
  const reasons: AtRiskReason[] = [];
  const since = new Date(member.last_active ?? member.joined_at).getTime();
  const days = Math.floor((at - since) / DAY);
  if (days >= limits.inactiveDays)
    reasons.push({ kind: 'inactive', days, lastActiveAt: member.last_active ? iso(member.last_active) : null });
  if (member.missing >= limits.missingAssignments) reasons.push({ kind: 'missing', count: member.missing });
  const grades = courseIds.flatMap((id) => {
    const total = totals.get(`${member.student_id}:${id}`);
    return total && total.percent < limits.passingPercent ? [total] : [];
  });
  const lowest = grades.sort((a, b) => a.percent - b.percent)[0];
  if (lowest) reasons.push({ kind: 'grade', ...lowest });
  if (member.progress !== null && member.class_progress !== null) {
    const percent = Math.floor(Number(member.progress));
    const classPercent = Math.floor(Number(member.class_progress));
    if (classPercent - percent >= limits.behindPoints) reasons.push({ kind: 'behind', percent, classPercent });
  }
  if (member.absences >= limits.absences)
    reasons.push({ kind: 'absences', count: member.absences, days: AT_RISK_ABSENCE_DAYS });
  return reasons;
}

/** Each class's students at risk, the most reasons first, then by name; at most LIMITS.studentsPerClass each. */
function atRiskClasses(
  classes: readonly ClassRow[],
  members: readonly MemberRow[],
  reasonsFor: (member: MemberRow, courseIds: readonly string[]) => AtRiskReason[],
): AtRiskClass[] {
  const byClass = new Map<string, AtRiskStudent[]>();
  const courses = new Map(classes.map((c) => [c.id, c.course_ids]));
  for (const member of members) {
    const reasons = reasonsFor(member, courses.get(member.class_id) ?? []);
    if (reasons.length === 0) continue;
    const list = byClass.get(member.class_id) ?? [];
    list.push({ studentId: member.student_id, name: nameOf(member), reasons });
    byClass.set(member.class_id, list);
  }
  return classes.flatMap((cls) => {
    const students = (byClass.get(cls.id) ?? []).sort(
      (a, b) =>
        b.reasons.length - a.reasons.length || a.name.localeCompare(b.name) || (a.studentId < b.studentId ? -1 : 1),
    );
    if (students.length === 0) return [];
    return [
      {
        classId: cls.id,
        className: cls.name,
        students: students.slice(0, LIMITS.studentsPerClass),
        more: Math.max(0, students.length - LIMITS.studentsPerClass),
        href: `/teacher/classes/${encodeURIComponent(cls.id)}`,
      },
    ];
  });
}

/** The parts of the home read by the one statement, as the contract says them. */
function homeParts(frame: HomeFrame) {
  const groups = (frame.to_grade ?? []).map((g) => ({
    courseId: g.course_id,
    courseTitle: g.course_title,
    assessmentId: g.assessment_id,
    assessmentTitle: g.assessment_title,
    answers: g.answers,
    oldestAt: iso(g.oldest),
    href: `/teacher/grading?courseId=${encodeURIComponent(g.course_id)}&assessment=${encodeURIComponent(g.assessment_id)}`,
  }));
  const capped = frame.to_grade_answers > LIMITS.gradingAnswers;
  const due = (frame.due ?? []).map((d) => ({
    assignmentId: d.id,
    classId: d.class_id,
    className: d.class_name,
    itemId: d.item_id,
    title: d.title,
    kind: d.kind,
    courseId: d.course_id,
    dueAt: iso(d.due_at),
    learners: d.learners,
    submitted: d.submitted,
    missing: Math.max(0, d.learners - d.submitted),
    href: `/teacher/classes/${encodeURIComponent(d.class_id)}`,
  }));
  return {
    toGrade: {
      groups,
      more: Math.max(0, frame.to_grade_groups - groups.length),
      answers: Math.min(frame.to_grade_answers, LIMITS.gradingAnswers),
      capped,
    },
    dueSoon: { items: due, more: Math.max(0, frame.due_total - due.length) },
    questions: (frame.questions ?? []).map((q) => ({
      id: q.id,
      question: q.question,
      authorName: nameOf(q),
      answerCount: q.answer_count,
      createdAt: iso(q.created_at),
      href: `/forum-details/${encodeURIComponent(q.id)}`,
    })),
  };
}

/** What needs the teacher now (issue 49 point 3, ADR 061), and the one-click message to students at risk. */
export function createTeacherHomeService(db: Db, clock: () => number, grades: CourseTotalsReader) {
  return {
    /** The home: one statement (statement.ts), then the counting grades (grades.ts: kept, else frames and lines). */
    async home(teacherId: string, query: TeacherHomeQuery): Promise<TeacherHome> {
      const at = clock();
      const frame = await readHomeFrame(db, teacherId, at);
      // The defaults, then the teacher's stored settings, then this read's query.
      const thresholds: AtRiskThresholds = { ...AT_RISK_DEFAULTS, ...frame.thresholds };
      for (const key of Object.keys(AT_RISK_DEFAULTS) as (keyof AtRiskThresholds)[])
        if (query[key] !== undefined) thresholds[key] = query[key];
      const courseIds = [...new Set((frame.classes ?? []).flatMap((c) => c.course_ids))];
      const studentIds = [...new Set((frame.members ?? []).map((m) => m.student_id))];
      const totals = await grades.totals(teacherId, courseIds, studentIds, at);
      const classes = atRiskClasses(frame.classes ?? [], frame.members ?? [], (member, ids) =>
        reasonsOf(member, ids, totals, thresholds, at),
      );
      return { ...homeParts(frame), atRisk: { classes, thresholds } };
    },

    /** The teacher's own at-risk thresholds: the stored ones, else the defaults. */
    async settings(teacherId: string): Promise<TeacherHomeSettings> {
      const [row] = await db
        .select({
          inactiveDays: teacherSettings.inactiveDays,
          missingAssignments: teacherSettings.missingAssignments,
          passingPercent: teacherSettings.passingPercent,
          behindPoints: teacherSettings.behindPoints,
          absences: teacherSettings.absences,
        })
        .from(teacherSettings)
        .where(eq(teacherSettings.teacherId, teacherId));
      return { atRisk: row ?? { ...AT_RISK_DEFAULTS } };
    },

    /** Keeps the teacher's thresholds (all of them); the home reads them from its next request on. */
    async saveSettings(teacherId: string, body: TeacherHomeSettings): Promise<TeacherHomeSettings> {
      const values = { ...body.atRisk, updatedAt: new Date(clock()) };
      await db
        .insert(teacherSettings)
        .values({ teacherId, ...values })
        .onConflictDoUpdate({ target: teacherSettings.teacherId, set: values });
      return { atRisk: { ...body.atRisk } };
    },

    /**
     * A notification to chosen students of a class the caller teaches (not archived), as the class's announcement
     * notification (ADR 027) but to them only: not posted to the class stream. Students not in the class are left
     * out; a class the caller does not teach is a 404, as in the classes routes.
     */
    async message(teacherId: string, classId: string, body: MessageStudentsBody): Promise<{ sent: number }> {
      return db.transaction(async (tx) => {
        const result = await tx.execute(sql`
          select c.name,
            (select coalesce(json_agg(m.student_id), '[]'::json) from class_members m
              where m.class_id = c.id and m.student_id in (${sql.join(
                body.studentIds.map((id) => sql`${id}::uuid`),
                sql`, `,
              )})) as students
          from classes c
          where c.id = ${classId} and c.archived_at is null
            and exists (select 1 from class_teachers t where t.class_id = c.id and t.teacher_id = ${teacherId})`);
        const [row] = (result as unknown as { rows: { name: string; students: string | string[] }[] }).rows;
        if (!row) throw notFound(CLASS_MESSAGES.notFound);
        const students = typeof row.students === 'string' ? (JSON.parse(row.students) as string[]) : row.students;
        if (students.length === 0) return { sent: 0 };
        await raiseEvent(tx, {
          type: 'class.announcement',
          recipients: students,
          data: { classId, className: row.name, authorName: await displayName(tx, teacherId), excerpt: body.message },
        });
        return { sent: students.length };
      });
    },
  };
}

export type TeacherHomeService = ReturnType<typeof createTeacherHomeService>;
