/**
 * The gradebook's rows (docs/decisions/032-grading.md): one statement for a slice of a course's students with
 * their submitted attempts and overrides in force aggregated as JSON, and the counting score of each cell and the
 * course total from `lib/counting.ts`. Shared by grading (the course gradebook and its CSV) and classes (the
 * class's gradebook, the roster's counting grade), so that every screen shows the same number. No access checks:
 * callers check who may see what first.
 */
import type { GradebookCell, GradebookColumn } from '@lyceum/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { assessments, courseItems, courseSections, courses, gradebookSettings } from '../db/schema/index.js';
import { countingScore, courseTotal, type KindWeights } from './counting.js';
import { KEPT_LIST_TTL_MS, keptByKey } from './kept-by-key.js';
import { namesHidden } from './release.js';

export type GradebookAssessment = typeof assessments.$inferSelect & { title: string };

export interface GradebookFrame {
  courseId: string;
  courseTitle: string;
  teacherId: string | null;
  weights: KindWeights;
  /** The course's assessments in curriculum order. */
  list: GradebookAssessment[];
  columns: GradebookColumn[];
}

/** The columns (assessments in curriculum order) and weights of some courses, in one statement. */
export async function gradebookFrames(db: Db, courseIds: readonly string[]): Promise<Map<string, GradebookFrame>> {
  const frames = new Map<string, GradebookFrame>();
  if (courseIds.length === 0) return frames;
  const rows = await db
    .select({
      courseId: courses.id,
      teacherId: courses.teacherId,
      courseTitle: courses.title,
      weights: gradebookSettings.weights,
      assessment: assessments,
      title: courseItems.title,
    })
    .from(courses)
    .leftJoin(gradebookSettings, eq(gradebookSettings.courseId, courses.id))
    .leftJoin(assessments, eq(assessments.courseId, courses.id))
    .leftJoin(courseItems, eq(courseItems.id, assessments.itemId))
    .leftJoin(courseSections, eq(courseSections.id, courseItems.sectionId))
    .where(inArray(courses.id, [...courseIds]))
    .orderBy(asc(courseSections.position), asc(courseItems.position), asc(courseItems.id));
  for (const row of rows) {
    let frame = frames.get(row.courseId);
    if (!frame) {
      frame = {
        courseId: row.courseId,
        courseTitle: row.courseTitle,
        teacherId: row.teacherId,
        weights: (row.weights ?? {}) as KindWeights,
        list: [],
        columns: [],
      };
      frames.set(row.courseId, frame);
    }
    if (!row.assessment) continue;
    const a = { ...row.assessment, title: row.title ?? '' };
    frame.list.push(a);
    frame.columns.push({
      assessmentId: a.itemId,
      title: a.title,
      kind: a.kind,
      points: a.points,
      countingRule: a.countingRule,
      dueAt: a.dueAt?.toISOString() ?? null,
      anonymous: a.anonymousGrading,
    });
  }
  return frames;
}

/** The memory the kept frames of one process may take (about: their titles and a fixed share per column). */
const KEPT_FRAME_BYTES = 4 * 1024 * 1024;

/**
 * `gradebookFrames`, each course's frame kept by this process until the database says it changed (ADR 019, session
 * 22): migration 0038's and 0039's triggers name the course on `lyceum_courses` when a section, an item, an
 * assessment or the weights are written, or the course's title or teacher. Every gradebook page, roster page and
 * "My grades" of a course reads the same frame; kept, it is one statement less for each. The frames read together
 * are read in one statement. Handed out as they are: callers never change them. Without `watch` every call reads.
 * The app keeps one for every service that reads frames (app.ts hands its `frames` to grading and classes).
 */
export function keptGradebookFrames(db: Db, watch?: (onChange: (courseId: string) => void) => () => void) {
  const kept = keptByKey<GradebookFrame>({
    ttlMs: KEPT_LIST_TTL_MS,
    maxBytes: KEPT_FRAME_BYTES,
    bytesOf: (frame) =>
      200 + frame.courseTitle.length + frame.list.reduce((sum, a) => sum + 400 + 2 * a.title.length, 0),
  });
  const stop = watch?.((courseId) => (courseId === '*' ? kept.clear() : kept.forget(courseId)));
  return {
    async frames(courseIds: readonly string[]): Promise<Map<string, GradebookFrame>> {
      if (!stop) return gradebookFrames(db, courseIds);
      const now = Date.now();
      const found = new Map<string, GradebookFrame>();
      const missing: string[] = [];
      for (const id of courseIds) {
        const frame = kept.peek(id, now);
        if (frame) found.set(id, frame);
        else missing.push(id);
      }
      if (missing.length === 0) return found;
      const mark = kept.mark();
      for (const [id, frame] of await gradebookFrames(db, missing)) {
        kept.keep(id, now, frame, mark);
        found.set(id, frame);
      }
      return found;
    },
    close: () => stop?.(),
  };
}

/** What reads the frames of some courses: `gradebookFrames` on `db`, or the app's kept ones. */
export type FramesReader = (courseIds: readonly string[]) => Promise<Map<string, GradebookFrame>>;

export interface StudentLine {
  student_id: string;
  course_id: string;
  firstname: string | null;
  lastname: string | null;
  username: string | null;
  email: string;
  total: string | number;
  attempts:
    | {
        a: string;
        raw: number | null;
        max: number | null;
        status: string;
        at: string | null;
        late: boolean;
        pen: number | string | null;
      }[]
    | null;
  overrides: { a: string; points: number | null }[] | null;
}

export interface LineSlice {
  limit: number;
  offset?: number;
  after?: { lastname: string; firstname: string; id: string };
  /** Only the members of this class (the class's gradebook). */
  classId?: string;
  /** Only these students (the roster's page); then every course in `courseIds` is read for each of them. */
  studentIds?: readonly string[];
}

/**
 * One statement for a slice of the enrolled students of one or more courses (by name), each with their submitted
 * attempts and the overrides in force aggregated as JSON: a gradebook never runs a query per student.
 */
export async function gradebookLines(db: Db, courseIds: readonly string[], slice: LineSlice): Promise<StudentLine[]> {
  if (courseIds.length === 0 || (slice.studentIds && slice.studentIds.length === 0)) return [];
  const after = slice.after
    ? sql`and (coalesce(u.lastname, ''), coalesce(u.firstname, ''), u.id) > (${slice.after.lastname}, ${slice.after.firstname}, ${slice.after.id}::uuid)`
    : sql``;
  const member = slice.classId
    ? sql`and exists (select 1 from class_members m where m.class_id = ${slice.classId} and m.student_id = e.student_id)`
    : sql``;
  const only = slice.studentIds
    ? sql`and e.student_id in (${sql.join(
        slice.studentIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const courseList = sql.join(
    courseIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with page as (
      select u.id as student_id, e.course_id, u.firstname, u.lastname, u.username, u.email, count(*) over () as total
      from enrolments e
      join users u on u.id = e.student_id
      where e.course_id in (${courseList}) ${member} ${only} ${after}
      order by coalesce(u.lastname, ''), coalesce(u.firstname, ''), u.id, e.course_id
      limit ${slice.limit} offset ${slice.offset ?? 0}
    )
    select p.*,
      (select json_agg(json_build_object('a', t.assessment_id, 'raw', t.raw_score, 'max', t.max_score,
               'status', t.status, 'at', t.submitted_at, 'late', t.late, 'pen', t.penalty_percent))
         from attempts t
        where t.student_id = p.student_id and t.course_id = p.course_id and t.status <> 'in_progress') as attempts,
      (select json_agg(json_build_object('a', o.assessment_id, 'points', o.points))
         from (select distinct on (g.assessment_id) g.assessment_id, g.points
                 from grade_overrides g
                 join assessments s on s.item_id = g.assessment_id
                where g.student_id = p.student_id and s.course_id = p.course_id
                order by g.assessment_id, g.created_at desc, g.id desc) o) as overrides
    from page p
    order by coalesce(p.lastname, ''), coalesce(p.firstname, ''), p.student_id, p.course_id`);
  return (result as unknown as { rows: StudentLine[] }).rows;
}

/**
 * The counting score of each of the line's cells, in the columns' order. `gradersAt`: the line is shown to graders
 * at that time, so the cells of anonymous assessments whose grades are not released are hidden (`namesHidden`):
 * a score beside a name would undo the anonymity. A learner's own line (My grades) passes nothing.
 */
export function gradebookCells(
  line: StudentLine,
  list: readonly GradebookAssessment[],
  gradersAt?: Date,
): GradebookCell[] {
  const byAssessment = new Map<string, NonNullable<StudentLine['attempts']>>();
  for (const attempt of line.attempts ?? []) {
    const group = byAssessment.get(attempt.a) ?? [];
    group.push(attempt);
    byAssessment.set(attempt.a, group);
  }
  const overrides = new Map((line.overrides ?? []).map((o) => [o.a, o.points]));
  return list.map((assessment) => {
    if (gradersAt && namesHidden(assessment, gradersAt)) return HIDDEN_CELL;
    const tries = (byAssessment.get(assessment.itemId) ?? []).map((t) => {
      const raw = t.raw === null ? null : Number(t.raw);
      const max = t.max === null ? null : Number(t.max);
      const graded = t.status === 'graded' && raw !== null && max !== null;
      return {
        score: graded ? (max! > 0 ? (raw! / max!) * assessment.points : 0) : null,
        submittedAt: new Date(t.at ?? 0),
        // The penalty decided at submit, against the learner's own due date (lib/late-penalty.ts).
        penalty: { late: t.late, percent: t.pen === null ? null : Number(t.pen) },
      };
    });
    const override = overrides.get(assessment.itemId);
    const result = countingScore(
      tries,
      {
        rule: assessment.countingRule,
        maxPoints: assessment.points,
        dueAt: assessment.dueAt,
        latePenaltyPercentPerDay: assessment.latePenaltyPercentPerDay,
      },
      override === undefined || override === null ? null : Number(override),
    );
    return {
      points: result.points,
      percent: result.percent,
      pending: result.pending,
      late: result.late,
      penaltyPoints: result.penaltyPoints,
      attempts: tries.length,
      overridden: result.overridden,
      hidden: false,
    };
  });
}

/** A cell hidden from graders: nothing that tells its learner's score, attempts or lateness. */
const HIDDEN_CELL: GradebookCell = Object.freeze({
  points: null,
  percent: null,
  pending: false,
  late: false,
  penaltyPoints: 0,
  attempts: 0,
  overridden: false,
  hidden: true,
});

/** The course total (weighted percent) of a line's cells. */
export function gradebookTotal(
  cells: readonly GradebookCell[],
  list: readonly GradebookAssessment[],
  weights: KindWeights,
): number | null {
  return courseTotal(
    cells.map((cell, i) => ({ kind: list[i]!.kind, maxPoints: list[i]!.points, points: cell.points })),
    weights,
  ).percent;
}
