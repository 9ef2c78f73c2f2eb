import { AT_RISK_ABSENCE_DAYS, TEACHER_HOME_LIMITS as LIMITS, type AtRiskThresholds } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '#db/client.js';

/** A (course, assessment) group of answers waiting for a person. */
export interface ToGradeRow {
  course_id: string;
  course_title: string;
  assessment_id: string;
  assessment_title: string;
  answers: number;
  oldest: string;
}

/** An assignment due in the next 7 days with its counts. */
export interface DueRow {
  id: string;
  class_id: string;
  class_name: string;
  item_id: string;
  title: string;
  kind: 'lesson' | 'assessment';
  course_id: string;
  due_at: string;
  learners: number;
  submitted: number;
}

export interface QuestionRow {
  id: string;
  question: string;
  firstname: string | null;
  lastname: string | null;
  answer_count: number;
  created_at: string;
}

/** A student of one of the teacher's classes with what the at-risk reasons read. */
export interface MemberRow {
  class_id: string;
  student_id: string;
  firstname: string | null;
  lastname: string | null;
  joined_at: string;
  /** Their last activity in the class's courses (an enrolment's `last_activity_at`, enrolling alone left out). */
  last_active: string | null;
  /** Mean progress over the class's courses they are enrolled in. */
  progress: number | null;
  /** The class's mean of `progress`. */
  class_progress: number | null;
  missing: number;
  /** Absences from the class's sessions of the last AT_RISK_ABSENCE_DAYS days (ADR 070). */
  absences: number;
}

export interface ClassRow {
  id: string;
  name: string;
  course_ids: string[];
}

export interface HomeFrame {
  to_grade: ToGradeRow[] | null;
  to_grade_groups: number;
  to_grade_answers: number;
  due: DueRow[] | null;
  due_total: number;
  questions: QuestionRow[] | null;
  classes: ClassRow[] | null;
  members: MemberRow[] | null;
  /** The teacher's stored at-risk thresholds (null: none saved). */
  thresholds: AtRiskThresholds | null;
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/**
 * Everything the teacher's home reads but the counting grades, in one statement (ADR 061), each part bounded by
 * TEACHER_HOME_LIMITS whatever the teacher's number of courses, classes, students or answers:
 * - `to_grade`: the answers needing a person in the teacher's courses (the grading inbox's condition, on
 *   attempt_answers_to_grade_idx), at most `gradingAnswers` of them, grouped by (course, assessment), oldest first;
 * - `due`: assignments of their classes (not archived) due in the next 7 days, with learners and hand-ins;
 * - `questions`: the newest forum questions by students of their classes or courses, among the newest asked;
 * - `members`: the students of their newest classes with last activity, progress against the class's mean and
 *   the assignments missing among each class's most recent past-due ones (their own due date: ADR 048), and
 *   their absences from the class's attendance sessions of the last AT_RISK_ABSENCE_DAYS days (one aggregate);
 * - `thresholds`: the teacher's stored at-risk thresholds, if any.
 */
export async function readHomeFrame(db: Db, teacherId: string, at: number): Promise<HomeFrame> {
  const now = new Date(at).toISOString();
  const result = await db.execute(sql`
    with mine as (
      select c.id, c.name from class_teachers t
      join classes c on c.id = t.class_id and c.archived_at is null
      where t.teacher_id = ${teacherId}
      order by c.created_at desc, c.id limit ${LIMITS.classes}
    ),
    waiting as (
      select at.course_id, at.assessment_id, coalesce(at.submitted_at, at.started_at) as handed_in
      from attempt_answers aa
      join attempts at on at.id = aa.attempt_id
      join courses co on co.id = at.course_id
      where aa.needs_manual and aa.manual_score is null and at.status <> 'in_progress' and co.teacher_id = ${teacherId}
      limit ${LIMITS.gradingAnswers + 1}
    ),
    grouped as (
      select course_id, assessment_id, count(*)::int as answers, min(handed_in) as oldest
      from waiting group by course_id, assessment_id
    ),
    due as (
      select a.id, a.class_id, mine.name as class_name, a.item_id, a.whole_class, s.item_id is not null as graded,
        coalesce(a.due_at, s.due_at) as due_at
      from class_assignments a
      join mine on mine.id = a.class_id
      left join assessments s on s.item_id = a.item_id
      where coalesce(a.due_at, s.due_at) >= ${now}::timestamptz
        and coalesce(a.due_at, s.due_at) < ${now}::timestamptz + interval '7 days'
    ),
    due_page as (select * from due order by due_at, id limit ${LIMITS.dueSoon}),
    due_counts as (
      select d.id, count(m.student_id)::int as learners,
        (count(*) filter (where case when d.graded
          then exists (select 1 from attempts t where t.assessment_id = d.item_id and t.student_id = m.student_id
            and t.status <> 'in_progress')
          else exists (select 1 from item_completions ic where ic.student_id = m.student_id and ic.item_id = d.item_id)
          end))::int as submitted
      from due_page d
      join class_members m on m.class_id = d.class_id
      where d.whole_class or exists (
        select 1 from class_assignment_learners l where l.assignment_id = d.id and l.student_id = m.student_id)
      group by d.id
    ),
    members as (
      select m.class_id, m.student_id, m.joined_at from class_members m join mine on mine.id = m.class_id
      order by m.class_id, m.joined_at, m.student_id limit ${LIMITS.studentsScanned}
    ),
    activity as (
      select mb.*, act.last_active, act.progress, avg(act.progress) over (partition by mb.class_id) as class_progress
      from members mb
      cross join lateral (
        select max(nullif(e.last_activity_at, e.created_at)) as last_active, avg(e.progress_percent) as progress
        from enrolments e join class_courses cc on cc.course_id = e.course_id and cc.class_id = mb.class_id
        where e.student_id = mb.student_id) act
    ),
    past as (
      select p.* from (
        select a.id, a.class_id, a.item_id, a.whole_class, s.item_id is not null as graded,
          coalesce(a.due_at, s.due_at) as base_due,
          row_number() over (partition by a.class_id order by coalesce(a.due_at, s.due_at) desc, a.id) as n
        from class_assignments a
        join mine on mine.id = a.class_id
        left join assessments s on s.item_id = a.item_id
        where coalesce(a.due_at, s.due_at) < ${now}::timestamptz) p
      where p.n <= ${LIMITS.pastAssignmentsPerClass}
    ),
    missing as (
      select mb.class_id, mb.student_id, count(*)::int as missing
      from past p
      join members mb on mb.class_id = p.class_id
      left join accommodations aa on aa.assignment_id = p.id and aa.student_id = mb.student_id
      left join accommodations ac on ac.class_id = p.class_id and ac.assignment_id is null
        and ac.student_id = mb.student_id
      cross join lateral (
        select p.base_due + make_interval(hours => coalesce(aa.due_extension_hours, ac.due_extension_hours, 0)) as due
      ) d
      where (p.whole_class or exists (
          select 1 from class_assignment_learners l where l.assignment_id = p.id and l.student_id = mb.student_id))
        and d.due < ${now}::timestamptz and mb.joined_at <= d.due
        and not (case when p.graded
          then exists (select 1 from attempts t where t.assessment_id = p.item_id and t.student_id = mb.student_id
            and t.status <> 'in_progress')
          else exists (select 1 from item_completions ic where ic.student_id = mb.student_id and ic.item_id = p.item_id)
          end)
      group by mb.class_id, mb.student_id
    ),
    absences as (
      select s.class_id, r.student_id, count(*)::int as absences
      from attendance_sessions s
      join mine on mine.id = s.class_id
      join attendance_records r on r.session_id = s.id and r.status = 'absent'
      -- on_date first: the class's (class_id, on_date) index; then the exact instants.
      where s.on_date >= (${now}::timestamptz - make_interval(days => ${AT_RISK_ABSENCE_DAYS + 1}))::date
        and s.starts_at <= ${now}::timestamptz
        and s.starts_at > ${now}::timestamptz - make_interval(days => ${AT_RISK_ABSENCE_DAYS})
      group by s.class_id, r.student_id
    ),
    recent as (
      select q.id, q.question, q.author_id, q.answer_count, q.created_at
      -- The order of forum_questions_newest_idx (desc nulls last), or the planner sorts the whole table.
      from (select * from forum_questions order by created_at desc nulls last, id desc nulls last
            limit ${LIMITS.questionsScanned}) q
      where exists (select 1 from class_members m join mine on mine.id = m.class_id where m.student_id = q.author_id)
        or exists (select 1 from enrolments e join courses co on co.id = e.course_id and co.teacher_id = ${teacherId}
          where e.student_id = q.author_id)
      order by q.created_at desc, q.id desc limit ${LIMITS.questions}
    )
    select
      (select json_agg(g order by g.oldest, g.assessment_id) from (
        select gr.course_id, co.title as course_title, gr.assessment_id, ci.title as assessment_title, gr.answers,
          gr.oldest
        from grouped gr join courses co on co.id = gr.course_id join course_items ci on ci.id = gr.assessment_id
        order by gr.oldest, gr.assessment_id limit ${LIMITS.gradingGroups}) g) as to_grade,
      (select count(*)::int from grouped) as to_grade_groups,
      (select count(*)::int from waiting) as to_grade_answers,
      (select json_agg(d order by d.due_at, d.id) from (
        select dp.id, dp.class_id, dp.class_name, dp.item_id, ci.title, ci.kind, ci.course_id, dp.due_at,
          coalesce(dc.learners, 0) as learners, coalesce(dc.submitted, 0) as submitted
        from due_page dp join course_items ci on ci.id = dp.item_id left join due_counts dc on dc.id = dp.id) d)
        as due,
      (select count(*)::int from due) as due_total,
      (select json_agg(r order by r.created_at desc, r.id desc) from (
        select rq.id, rq.question, u.firstname, u.lastname, rq.answer_count, rq.created_at
        from recent rq join users u on u.id = rq.author_id) r) as questions,
      (select json_agg(json_build_object('id', mine.id, 'name', mine.name, 'course_ids',
          coalesce((select json_agg(cc.course_id) from class_courses cc where cc.class_id = mine.id), '[]'::json)))
        from mine) as classes,
      (select json_agg(x) from (
        select ac.class_id, ac.student_id, u.firstname, u.lastname, ac.joined_at, ac.last_active,
          ac.progress, ac.class_progress, coalesce(ms.missing, 0) as missing, coalesce(ab.absences, 0) as absences
        from activity ac
        join users u on u.id = ac.student_id
        left join missing ms on ms.class_id = ac.class_id and ms.student_id = ac.student_id
        left join absences ab on ab.class_id = ac.class_id and ab.student_id = ac.student_id) x) as members,
      (select json_build_object('inactiveDays', ts.inactive_days, 'missingAssignments', ts.missing_assignments,
          'passingPercent', ts.passing_percent, 'behindPoints', ts.behind_points, 'absences', ts.absences)
        from teacher_settings ts where ts.teacher_id = ${teacherId}) as thresholds`);
  const frame = (result as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
  return {
    to_grade: json<ToGradeRow[] | null>(frame.to_grade),
    to_grade_groups: Number(frame.to_grade_groups),
    to_grade_answers: Number(frame.to_grade_answers),
    due: json<DueRow[] | null>(frame.due),
    due_total: Number(frame.due_total),
    questions: json<QuestionRow[] | null>(frame.questions),
    classes: json<ClassRow[] | null>(frame.classes),
    members: json<MemberRow[] | null>(frame.members),
    thresholds: json<AtRiskThresholds | null>(frame.thresholds),
  };
}
