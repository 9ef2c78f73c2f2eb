// The bench's data: deterministic (every value is a function of the row number g; ids are md5(kind || g)),
// loaded with one set-based INSERT ... SELECT FROM generate_series per table. The counter triggers are switched
// off during the load and the counters computed once, set-based, afterwards.
import { createHash } from 'node:crypto';

/**
 * The learning core's lists (issues 16–19, 28), the same at both sizes: the figures the issues name are per course,
 * class or user, not per catalogue. Teacher 1 (the bench's teacher) teaches the gradebook course (course number
 * `teachers`, see LEARNING_CORE): `assessments` assessments, each taken by students 1..`gradebookStudents`, a bank of
 * `bankQuestions` questions; `classes` classes of theirs, the first with every gradebook student; student 1 (the
 * bench's student) has `notifications` notifications.
 */
function learningCore() {
  return { gradebookStudents: 500, assessments: 40, bankQuestions: 10_000, classes: 30, notifications: 10_000 };
}

/** Issue 20's sizes (full) and a reduced set for the embedded database (quick). */
export const SIZES = {
  full: {
    courses: 10_000,
    teachers: 500,
    students: 100_000,
    reviews: 100_000,
    enrolments: 200_000,
    questions: 50_000,
    answers: 200_000,
    /** Courses 1..n get a curriculum of CURRICULUM.sections × CURRICULUM.lessons published lessons. */
    curriculumCourses: 100,
    /** Students of the exam scenario (examinee1..n), enrolled in EXAM's course only. */
    examinees: 1_000,
    ...learningCore(),
  },
  quick: {
    courses: 2_000,
    teachers: 100,
    students: 10_000,
    reviews: 10_000,
    enrolments: 20_000,
    questions: 5_000,
    answers: 20_000,
    curriculumCourses: 20,
    examinees: 100,
    ...learningCore(),
  },
};

/** The shape of a generated curriculum: issue 14's "30 sections × 20 lessons". */
export const CURRICULUM = { sections: 30, lessons: 20 };

/** Students kept apart from the generated activity, one group per write scenario (no 409 ever). */
export const WRITERS = { enrol: 4, wishlist: 4, review: 4, answer: 2 };
export const PASSWORD = 'bench-password-1';

/** idOf in JavaScript: the same UUID for (kind, g). */
export function uuidOf(kind, g) {
  const hex = createHash('md5').update(`${kind}${g}`).digest('hex');
  const v = `${hex.slice(0, 12)}4${hex.slice(13, 16)}8${hex.slice(17)}`;
  return `${v.slice(0, 8)}-${v.slice(8, 12)}-${v.slice(12, 16)}-${v.slice(16, 20)}-${v.slice(20)}`;
}

/**
 * The exam scenario's place: course 2 (a course with a curriculum; its teacher is teacher 1 + 2 % teachers, i.e.
 * teacher 3 at both sizes) and its first section; the exam has this many questions.
 */
export const EXAM = {
  courseId: uuidOf('course', 2),
  sectionId: uuidOf('section', 31),
  teacherEmail: 'teacher3@bench.test',
  questions: 10,
};

/** A version-4-shaped UUID from md5(kind || g), the same in SQL and in bench.mjs (uuidOf). */
export const idOf = (kind, g) =>
  `overlay(overlay(md5('${kind}' || ${g}) placing '4' from 13) placing '8' from 17)::uuid`;

const WORDS = [
  'projects',
  'design',
  'python',
  'data',
  'marketing',
  'photography',
  'acting',
  'business',
  'javascript',
  'docker',
  'leadership',
  'finance',
  'music',
  'writing',
  'history',
  'physics',
  'cooking',
  'statistics',
  'security',
  'cloud',
];

const CATEGORIES = ['Design', 'Development', 'Web Development', 'Business', 'Marketing', 'Photography', 'Acting'];

/** The statements that load the data, in order. `hash` is an argon2 hash of PASSWORD for every user. */
export function loadStatements(size, hash) {
  const words = `array[${WORDS.map((w) => `'${w}'`).join(',')}]`;
  const categories = `array[${CATEGORIES.map((c) => `'${c}'`).join(',')}]`;
  const writers = Object.values(WRITERS).reduce((a, b) => a + b, 0);
  const s = size;
  return [
    `alter table reviews disable trigger reviews_course_counter`,
    `alter table enrolments disable trigger enrolments_course_counter`,
    `alter table forum_answers disable trigger forum_answers_question_counter`,
    // Users: teachers t1.., students s1.., writers w1.. (not part of the generated activity), one admin.
    `insert into users (id, role, email, username, password_hash, firstname, lastname, created_at)
     select ${idOf('teacher', 'g')}, 'teacher', 'teacher' || g || '@bench.test', 'Teacher ' || g, '${hash}',
            'Teacher', 'Number ' || g, now() - interval '400 days'
     from generate_series(1, ${s.teachers}) g`,
    `insert into users (id, role, email, username, password_hash, firstname, lastname, created_at)
     select ${idOf('student', 'g')}, 'student', 'student' || g || '@bench.test', 'Student ' || g, '${hash}',
            'Student', 'Number ' || g, now() - interval '300 days' + (g % 200) * interval '1 day'
     from generate_series(1, ${s.students}) g`,
    `insert into users (id, role, email, username, password_hash, firstname, lastname)
     select ${idOf('writer', 'g')}, 'student', 'writer' || g || '@bench.test', 'Writer ' || g, '${hash}', 'Writer', 'Number ' || g
     from generate_series(1, ${writers}) g`,
    `insert into users (id, role, email, username, password_hash, firstname, lastname)
     select ${idOf('examinee', 'g')}, 'student', 'examinee' || g || '@bench.test', 'Examinee ' || g, '${hash}', 'Examinee', 'Number ' || g
     from generate_series(1, ${s.examinees}) g`,
    // Guardian 1, of students 1 and 2 (issue 52): its links are in learningCoreStatements.
    `insert into users (id, role, email, username, password_hash, firstname, lastname)
     values (${idOf('guardian', 1)}, 'guardian', 'guardian1@bench.test', 'Guardian 1', '${hash}', 'Guardian', 'Number 1')`,
    `insert into users (id, role, email, username, password_hash, firstname, lastname)
     values (overlay(overlay(md5('admin') placing '4' from 13) placing '8' from 17)::uuid, 'admin', 'admin@bench.test', 'Bench Admin', '${hash}', 'Bench', 'Admin')`,
    // Courses: all published, spread over the teachers; about text of ~1 KB with words from the vocabulary.
    `insert into courses (id, teacher_id, title, category, about_html, learn_items, tag_items, status, published_at, created_at, updated_at)
     select ${idOf('course', 'g')}, ${idOf('teacher', `1 + g % ${s.teachers}`)},
            initcap((${words})[1 + g % 20]) || ' ' || (${words})[1 + (g / 20) % 20] || ' course ' || g,
            (${categories})[1 + g % 7],
            '<p>' || repeat('Learn ' || (${words})[1 + (g * 7) % 20] || ' with hands-on ' || (${words})[1 + (g * 3) % 20]
              || ' exercises and real examples. ', 12) || '</p><ul><li>Week one</li><li>Week two</li></ul>',
            array['Build ' || (${words})[1 + g % 20], 'Ship a project'],
            array[(${words})[1 + g % 20], (${words})[1 + (g * 11) % 20]],
            'published', now() - g * interval '50 minutes', now() - g * interval '50 minutes' - interval '1 day',
            now() - g * interval '50 minutes'
     from generate_series(1, ${s.courses}) g`,
    // The activity tables below reference rows generated above by construction: skip the per-row foreign-key
    // checks (replica mode fires no ordinary triggers; the counter triggers are off anyway and computed below).
    `set session_replication_role = replica`,
    // Reviews: student g reviews one course (unique pairs); ratings 1–5.
    `insert into reviews (student_id, course_id, rating, text, created_at)
     select ${idOf('student', `1 + (g - 1) % ${s.students}`)}, ${idOf('course', `1 + ((g - 1) * 7 + (g - 1) / ${s.students}) % ${s.courses}`)},
            1 + (g * 31 + g / 7) % 5, 'Generated review ' || g || ': clear and useful.', now() - (g % 365) * interval '1 day'
     from generate_series(1, ${s.reviews}) g`,
    // Enrolments: two per student on average, in distinct courses; the newest within the last week.
    `insert into enrolments (student_id, course_id, status, created_at)
     select ${idOf('student', `1 + (g - 1) % ${s.students}`)}, ${idOf('course', `1 + ((g - 1) * 13 + 1 + (g - 1) / ${s.students}) % ${s.courses}`)},
            case when g % 5 = 0 then 'completed' else 'active' end, now() - (g % 180) * interval '1 day' - (g % 1440) * interval '1 minute'
     from generate_series(1, ${s.enrolments}) g`,
    // Review writers are enrolled in every course (so a review is always allowed) and have no reviews.
    `insert into enrolments (student_id, course_id, created_at)
     select ${idOf('writer', `${WRITERS.enrol + WRITERS.wishlist} + w`)}, ${idOf('course', 'g')}, now() - interval '400 days'
     from generate_series(1, ${WRITERS.review}) w, generate_series(1, ${s.courses}) g`,
    `insert into wishlist_items (student_id, course_id)
     select ${idOf('student', `1 + (g - 1) % ${s.students}`)}, ${idOf('course', `1 + ((g - 1) * 17 + 3) % ${s.courses}`)}
     from generate_series(1, ${Math.round(s.students / 2)}) g`,
    `insert into forum_questions (id, author_id, author_role, question, description, tags, created_at, updated_at)
     select ${idOf('question', 'g')}, ${idOf('student', `1 + (g * 3) % ${s.students}`)}, 'student',
            'How do I use ' || (${words})[1 + g % 20] || ' for ' || (${words})[1 + (g * 7) % 20] || ' (question ' || g || ')?',
            repeat('I tried ' || (${words})[1 + (g * 13) % 20] || ' and ' || (${words})[1 + (g * 3) % 20] || ' but it fails. ', 6),
            array[(${words})[1 + g % 20]], now() - g * interval '10 minutes', now() - g * interval '10 minutes'
     from generate_series(1, ${s.questions}) g`,
    `insert into forum_answers (question_id, author_id, author_role, answer, created_at)
     select ${idOf('question', `1 + (g - 1) % ${s.questions}`)}, ${idOf('student', `1 + (g * 7) % ${s.students}`)}, 'student',
            'Try ' || (${words})[1 + g % 20] || ' first, then check the logs (answer ' || g || ').', now() - (g % 5000) * interval '1 minute'
     from generate_series(1, ${s.answers}) g`,
    // Curricula: courses 1..n, CURRICULUM.sections × CURRICULUM.lessons published lessons each (the first a free
    // preview). Section and item ids are md5('section' || k) and md5('item' || k), k counted from 1 per course.
    `insert into course_sections (id, course_id, position, title)
     select ${idOf('section', `(c - 1) * ${CURRICULUM.sections} + sec`)}, ${idOf('course', 'c')}, sec - 1, 'Part ' || sec || ': ' || (${words})[1 + (c + sec) % 20]
     from generate_series(1, ${s.curriculumCourses}) c, generate_series(1, ${CURRICULUM.sections}) sec`,
    `insert into course_items (id, course_id, section_id, position, kind, title, published, preview, duration_minutes)
     select ${idOf('item', `((c - 1) * ${CURRICULUM.sections} + sec - 1) * ${CURRICULUM.lessons} + l`)}, ${idOf('course', 'c')},
            ${idOf('section', `(c - 1) * ${CURRICULUM.sections} + sec`)}, l - 1, 'lesson',
            'Lesson ' || sec || '.' || l || ': ' || (${words})[1 + (c * 3 + sec + l) % 20], true, sec = 1 and l = 1, 5 + l % 10
     from generate_series(1, ${s.curriculumCourses}) c, generate_series(1, ${CURRICULUM.sections}) sec, generate_series(1, ${CURRICULUM.lessons}) l`,
    `insert into lessons (item_id, body_html)
     select id, '<h2>' || title || '</h2>' || repeat('<p>Read this paragraph, try the exercise, then check the notes.</p>', 12)
     from course_items`,
    // The bench's student (student 1) is enrolled in course 1 (none of its generated courses) and completed every
    // other lesson of it; every enrolment in a course with a curriculum carries its totals.
    `insert into enrolments (student_id, course_id, created_at, last_item_id, last_opened_at)
     select ${idOf('student', 1)}, ${idOf('course', 1)}, now() - interval '30 days', ${idOf('item', 1)}, now() - interval '1 day'`,
    `insert into enrolments (student_id, course_id, created_at)
     select ${idOf('examinee', 'g')}, ${idOf('course', 2)}, now() - interval '10 days' from generate_series(1, ${s.examinees}) g`,
    `insert into item_completions (student_id, item_id, completed_at)
     select ${idOf('student', 1)}, id, now() - interval '2 days' from course_items
     where course_id = ${idOf('course', 1)} and position % 2 = 0`,
    `update enrolments e set total_items = ${CURRICULUM.sections * CURRICULUM.lessons}
     where e.course_id in (select ${idOf('course', 'c')} from generate_series(1, ${s.curriculumCourses}) c)`,
    `update enrolments e set completed_items = d.n, progress_percent = (100 * d.n) / e.total_items
     from (select count(*)::int n from item_completions where student_id = ${idOf('student', 1)}) d
     where e.student_id = ${idOf('student', 1)} and e.course_id = ${idOf('course', 1)}`,
    ...learningCoreStatements(s),
    `set session_replication_role = default`,
    // The counters, once, set-based; then the triggers keep them.
    `update courses c set rating_count = r.n, rating_sum = r.total
     from (select course_id, count(*)::int n, sum(rating)::int total from reviews group by course_id) r where r.course_id = c.id`,
    `update courses c set enrolled_count = e.n
     from (select course_id, count(*)::int n from enrolments group by course_id) e where e.course_id = c.id`,
    `update forum_questions q set answer_count = a.n
     from (select question_id, count(*)::int n from forum_answers group by question_id) a where a.question_id = q.id`,
    `alter table forum_answers enable trigger forum_answers_question_counter`,
    `alter table reviews enable trigger reviews_course_counter`,
    `alter table enrolments enable trigger enrolments_course_counter`,
  ];
}

/**
 * Where the learning core's data lives (ids as in learningCoreStatements), for bench.mjs's routes: the gradebook
 * course (teacher 1's course number `teachers`, no generated curriculum), the course of the small classes (number
 * 2 × `teachers`, also teacher 1's), and the big class (every gradebook student, student 1 among them).
 */
export function learningCoreIds(size) {
  return {
    gradebookCourse: uuidOf('course', size.teachers),
    classCourse: uuidOf('course', 2 * size.teachers),
    bigClass: uuidOf('class', 1),
    /** Assessment 1 of the gradebook course, student 1's first attempt at it, and its assignment to the big class. */
    firstAssessment: uuidOf('assessment', 1),
    firstAttempt: uuidOf('attempt', 1),
    firstAssignment: uuidOf('assignment', 1),
    /** The big class's latest attendance session (yesterday), and the child of guardian 1 (student 1). */
    lastSession: uuidOf('asession', 1),
    child: uuidOf('student', 1),
  };
}

/**
 * The learning core (issues 16–19 and classes), set-based, run with the foreign-key triggers off (replica mode):
 * - a question bank of `bankQuestions` questions with tags in the gradebook course (multiple choice, true/false,
 *   numeric, short answer, essay; bodies and keys valid for their type's contract schema);
 * - `assessments` assessments in 4 sections (quizzes, exams, assignments: counting rules, attempts allowed, late
 *   penalties and due dates in the past), each a fixed part of 5 bank questions, the fifth an essay; a last
 *   section with one lesson nobody has done yet (so progress is 40 of 41, not "completed");
 * - students 1..`gradebookStudents` (and only they, with the review writers) enrolled, each with a submitted attempt
 *   on every assessment (a second one on a quarter of the quizzes), 5 answers each; half the essays graded, half
 *   waiting in the teacher's inbox; scores computed as finalizeAttempt does (manual over automatic, late penalty);
 *   the assessments' completions and the enrolments' progress as the progress function would write them;
 * - `classes` classes of teacher 1 — the first with every gradebook student, 200 announcements and the 41 items
 *   assigned; the others 25 students each (student 1 in nine of them, with 359 more items assigned there: ADR 057)
 *   on a second course, 5 announcements each;
 * - `notifications` notifications of student 1 over 8 months, the newest 1,000 unread.
 */
function learningCoreStatements(s) {
  if (s.teachers <= s.curriculumCourses || 2 * s.teachers > s.courses)
    throw new Error('bench-data: the gradebook course must be a course without a generated curriculum');
  if (s.gradebookStudents + (s.classes - 1) * 25 > s.students) throw new Error('bench-data: not enough students');
  const words = `array[${WORDS.map((w) => `'${w}'`).join(',')}]`;
  const teacher = idOf('teacher', 1);
  const gc = idOf('course', s.teachers);
  const cc = idOf('course', 2 * s.teachers);
  const student1 = idOf('student', 1);
  const A = s.assessments;
  const S = s.gradebookStudents;
  const C = s.classes;
  const N = s.notifications;
  const sections = Math.ceil(A / 10);
  const kindOf = (k) => `case when ${k} % 4 = 0 then 'exam' when ${k} % 4 = 2 then 'assignment' else 'quiz' end`;
  const writers = Object.values(WRITERS).reduce((a, b) => a + b, 0);
  return [
    // The bank: questions 1..5A are the assessments' (the fifth of each five an essay), the rest cycle the types.
    `insert into questions (id, course_id, type, title, prompt, body, key, points, tags, feedback, created_by, created_at, updated_at)
     select ${idOf('bankq', 'g')}, ${gc}, type,
            'Q' || g || ': ' || initcap(w1) || ' with ' || w2, '<p>How would you use ' || w1 || ' for ' || w2 || '?</p>',
            case type
              when 'multiple_choice' then jsonb_build_object('multiple', false, 'choices', jsonb_build_array(
                jsonb_build_object('id', 'a', 'text', 'Start with ' || w1), jsonb_build_object('id', 'b', 'text', 'Start with ' || w2),
                jsonb_build_object('id', 'c', 'text', 'Both at once'), jsonb_build_object('id', 'd', 'text', 'Neither')))
              when 'numeric' then '{"unit": ""}'::jsonb
              when 'essay' then '{"wordLimit": null}'::jsonb
              else '{}'::jsonb end,
            case type
              when 'multiple_choice' then jsonb_build_object('correct', jsonb_build_array(chr(97 + g % 4)), 'weights', '{}'::jsonb, 'choiceFeedback', '{}'::jsonb)
              when 'true_false' then jsonb_build_object('answer', g % 2 = 0)
              when 'numeric' then jsonb_build_object('answers', jsonb_build_array(jsonb_build_object('value', g % 100, 'tolerance', 0, 'weight', 100)))
              when 'short_answer' then jsonb_build_object('mode', 'auto', 'accepted', jsonb_build_array(w1), 'caseSensitive', false)
              else '{}'::jsonb end,
            case type when 'numeric' then 2 when 'essay' then 5 else 1 end,
            array[w1, 'unit-' || (1 + g % 12)], '{"general": "", "correct": "", "incorrect": ""}'::jsonb, ${teacher},
            now() - (${s.bankQuestions} - g) * interval '20 minutes' - interval '1 day', now() - (${s.bankQuestions} - g) * interval '20 minutes'
     from (select g, (${words})[1 + g % 20] as w1, (${words})[1 + (g * 7) % 20] as w2,
                  case when g <= ${5 * A} then (array['multiple_choice', 'multiple_choice', 'true_false', 'numeric', 'essay'])[1 + (g - 1) % 5]
                       else (array['multiple_choice', 'multiple_choice', 'true_false', 'numeric', 'short_answer', 'essay'])[1 + g % 6] end as type
           from generate_series(1, ${s.bankQuestions}) g) q`,
    `insert into course_sections (id, course_id, position, title)
     select ${idOf('gbsection', 'k')}, ${gc}, k - 1, case when k > ${sections} then 'Wrap-up' else 'Unit ' || k || ': ' || initcap((${words})[1 + k % 20]) end
     from generate_series(1, ${sections + 1}) k`,
    `insert into course_items (id, course_id, section_id, position, kind, title, published, duration_minutes)
     select ${idOf('assessment', 'k')}, ${gc}, ${idOf('gbsection', '1 + (k - 1) / 10')}, (k - 1) % 10, 'assessment',
            initcap(${kindOf('k')}) || ' ' || k || ': ' || (${words})[1 + (k * 3) % 20], true, case when k % 4 = 0 then 60 else 20 end
     from generate_series(1, ${A}) k`,
    `insert into course_items (id, course_id, section_id, position, kind, title, published, duration_minutes)
     values (${idOf('gblesson', 1)}, ${gc}, ${idOf('gbsection', sections + 1)}, 0, 'lesson', 'What to learn next', true, 10)`,
    `insert into lessons (item_id, body_html) values (${idOf('gblesson', 1)}, '<p>Where to go from here: three courses and a project.</p>')`,
    `insert into assessments (item_id, course_id, kind, instructions, points, time_limit_minutes, attempts_allowed, counting_rule,
                              opens_at, due_at, late_penalty_percent_per_day, release_answers)
     select ${idOf('assessment', 'k')}, ${gc}, kind, '<p>Answer every question; essays are graded by your teacher.</p>',
            case kind when 'quiz' then 10 when 'exam' then 50 else 20 end, case kind when 'exam' then 60 end,
            case kind when 'quiz' then 3 else 1 end,
            case when kind = 'quiz' and k % 8 = 1 then 'average' when kind = 'quiz' and k % 8 = 3 then 'latest' else 'highest' end,
            due - interval '14 days', due, case kind when 'assignment' then 10 else 0 end, 'after_due'
     from (select k, ${kindOf('k')} as kind,
                  date_trunc('day', now()) - (${A + 5} - k) * interval '1 day' + interval '17 hours' as due
           from generate_series(1, ${A}) k) a`,
    `insert into assessment_parts (id, assessment_id, position, mode, question_ids)
     select ${idOf('gbpart', 'k')}, ${idOf('assessment', 'k')}, 0, 'fixed',
            array(select ${idOf('bankq', '(k - 1) * 5 + j')} from generate_series(1, 5) j order by j)
     from generate_series(1, ${A}) k`,
    // Only the gradebook students (and the review writers, who may review any course) in the gradebook course.
    `delete from enrolments where course_id = ${gc}
       and student_id not in (select ${idOf('writer', 'w')} from generate_series(1, ${writers}) w)`,
    `insert into enrolments (student_id, course_id, created_at, updated_at, total_items, completed_items, progress_percent, last_activity_at)
     select ${idOf('student', 's')}, ${gc}, now() - interval '70 days' + s * interval '1 minute', now() - interval '5 days',
            ${A + 1}, ${A}, ${Math.floor((100 * A) / (A + 1))}, now() - interval '5 days'
     from generate_series(1, ${S}) s`,
    // One submitted attempt per (student, assessment), a second on quizzes for every fourth student; student
    // s ≡ 5 (mod 10) hands in 6 hours late. Half the attempts wait for a person (the essay), half are graded.
    `insert into attempts (id, assessment_id, course_id, student_id, number, status, started_at, submitted_at, question_ids,
                           seed, saves_count, penalty_percent, late, created_at, updated_at)
     select ${idOf('attempt', `(n - 1) * ${A * S} + (k - 1) * ${S} + s`)}, a.item_id, ${gc}, ${idOf('student', 's')}, n,
            case when (s + k + n) % 2 = 0 then 'graded' else 'needs_grading' end,
            x.at - interval '35 minutes', x.at, p.question_ids, s * 7919 + k * 104729 + n, 5,
            case when x.late then a.late_penalty_percent_per_day else 0 end, x.late, x.at - interval '35 minutes', x.at
     from generate_series(1, ${A}) k
     join assessments a on a.item_id = ${idOf('assessment', 'k')}
     join assessment_parts p on p.assessment_id = a.item_id
     cross join generate_series(1, ${S}) s
     cross join generate_series(1, 2) n
     cross join lateral (select s % 10 = 5 as late) l
     cross join lateral (select l.late, case when l.late then a.due_at + interval '6 hours'
                           else a.due_at - interval '1 day' + (s % 20) * interval '1 hour' + (n - 1) * interval '2 hours' end as at) x
     where n = 1 or (a.kind = 'quiz' and s % 4 = 0)`,
    // Five answers per attempt: ~70 % right (md5 of attempt and position), essays graded in halves where the
    // attempt is graded, waiting (needs_manual, no score) where it is not.
    `insert into attempt_answers (attempt_id, question_id, response, auto_score, manual_score, feedback, grader_id, needs_manual, version, updated_at)
     select t.id, q.id,
            case q.type
              when 'multiple_choice' then jsonb_build_object('chosen', jsonb_build_array(case when r.ok then q.key->'correct'->>0
                                          when q.key->'correct'->>0 = 'a' then 'b' else 'a' end))
              when 'true_false' then jsonb_build_object('answer', (q.key->>'answer')::boolean = r.ok)
              when 'numeric' then jsonb_build_object('value', (q.key->'answers'->0->>'value')::int + case when r.ok then 0 else 1 end)
              when 'short_answer' then jsonb_build_object('text', case when r.ok then q.key->'accepted'->>0 else 'not sure' end)
              else jsonb_build_object('html', '<p>' || repeat('My answer explains the idea with an example and a counter-example. ', 4) || '</p>') end,
            case when q.type = 'essay' then null when r.ok then q.points else 0 end,
            case when q.type = 'essay' and t.status = 'graded' then (r.h % 11) / 2.0 end,
            case when q.type = 'essay' and t.status = 'graded' then '<p>Clear argument; add a source next time.</p>' else '' end,
            case when q.type = 'essay' and t.status = 'graded' then ${teacher} end,
            q.type = 'essay', case when q.type = 'essay' and t.status = 'graded' then 2 else 1 end, t.submitted_at
     from attempts t
     cross join lateral unnest(t.question_ids) with ordinality as u(question_id, j)
     join questions q on q.id = u.question_id
     cross join lateral (select get_byte(decode(md5(t.id::text || u.j), 'hex'), 0) as h) b
     cross join lateral (select b.h, b.h < 180 as ok) r
     where t.course_id = ${gc}`,
    // The attempts' totals (attempt_answers holds only these attempts' answers yet): the maximum per assessment
    // from its part's questions, the earned points per attempt.
    `update attempts t set raw_score = x.raw, max_score = m.max,
            score = case when m.max > 0 then round(x.raw / m.max * m.points * (100 - t.penalty_percent) / 100, 2) else 0 end
     from (select attempt_id, sum(coalesce(manual_score, auto_score, 0)) as raw from attempt_answers group by attempt_id) x,
          (select a.item_id, a.points, (select sum(q.points) from questions q where q.id = any(p.question_ids)) as max
           from assessments a join assessment_parts p on p.assessment_id = a.item_id where a.course_id = ${gc}) m
     where t.id = x.attempt_id and m.item_id = t.assessment_id`,
    `insert into item_completions (student_id, item_id, completed_at)
     select student_id, assessment_id, submitted_at from attempts where course_id = ${gc} and number = 1`,
    // Classes of teacher 1: class 1 has every gradebook student; classes 2..C 25 students each on a second course.
    `insert into classes (id, owner_id, name, section, subject, starts_on, ends_on, code, created_at, updated_at)
     select ${idOf('class', 'c')}, ${teacher},
            case when c = 1 then 'Year 11 ' || initcap((${words})[1 + c % 20]) || ' (everyone)' else 'Group ' || c || ': ' || initcap((${words})[1 + c % 20]) end,
            'Section ' || chr(65 + c % 4), initcap((${words})[1 + c % 20]), current_date - 60, current_date + 120,
            translate(upper(substr(md5('class' || c), 1, 7)), '0123456789ABCDEF', '23456789ABCDEFGH'),
            now() - c * interval '1 day', now() - c * interval '1 day'
     from generate_series(1, ${C}) c`,
    `insert into class_teachers (class_id, teacher_id) select ${idOf('class', 'c')}, ${teacher} from generate_series(1, ${C}) c`,
    `insert into class_courses (class_id, course_id, position)
     select ${idOf('class', 'c')}, case when c = 1 then ${gc} else ${cc} end, 0 from generate_series(1, ${C}) c`,
    `insert into class_members (class_id, student_id, joined_at)
     select ${idOf('class', 1)}, ${idOf('student', 's')}, now() - interval '60 days' + s * interval '1 minute' from generate_series(1, ${S}) s
     union all
     select ${idOf('class', 'c')}, ${idOf('student', `${S} + (c - 2) * 25 + m`)}, now() - interval '50 days' + m * interval '1 hour'
     from generate_series(2, ${C}) c, generate_series(1, 25) m
     union all
     select ${idOf('class', 'c')}, ${student1}, now() - interval '40 days' + c * interval '1 day' from generate_series(2, ${Math.min(C, 10)}) c`,
    `insert into enrolments (student_id, course_id, created_at)
     select distinct student_id, ${cc}, now() - interval '50 days' from class_members where class_id <> ${idOf('class', 1)}
     on conflict (student_id, course_id) do nothing`,
    `insert into class_announcements (id, class_id, author_id, body_html, created_at, updated_at)
     select ${idOf('announcement', 'g')}, ${idOf('class', `case when g <= 200 then 1 else 2 + (g - 201) % ${C - 1} end`)}, ${teacher},
            '<p>Reminder ' || g || ': bring your ' || (${words})[1 + g % 20] || ' notes; the next unit starts on Monday.</p>',
            now() - g * interval '3 hours', now() - g * interval '3 hours'
     from generate_series(1, ${200 + (C - 1) * 5}) g`,
    `insert into class_assignments (id, class_id, item_id, due_at, created_by, created_at, updated_at)
     select ${idOf('assignment', 'k')}, ${idOf('class', 1)}, a.item_id, a.due_at, ${teacher}, a.due_at - interval '14 days', a.due_at - interval '14 days'
     from generate_series(1, ${A}) k join assessments a on a.item_id = ${idOf('assessment', 'k')}
     union all
     select ${idOf('assignment', A + 1)}, ${idOf('class', 1)}, ${idOf('gblesson', 1)}, date_trunc('day', now()) + interval '3 days 17 hours',
            ${teacher}, now() - interval '1 day', now() - interval '1 day'`,
    // Student 1's to-do across classes (issue 49, ADR 057): 359 more assignments over classes 2..10 (400 in all), lessons
    // of course 1 (the odd ones student 1 completed leave the list), due from 30 days ago to 30 days ahead.
    `insert into class_assignments (id, class_id, item_id, due_at, created_by, created_at, updated_at)
     select ${idOf('assignment', `${A + 1} + k`)}, ${idOf('class', `2 + (k - 1) % ${Math.min(C, 10) - 1}`)},
            ${idOf('item', 'k')}, now() + (k - 180) * interval '4 hours', ${teacher}, now() - interval '40 days',
            now() - interval '40 days'
     from generate_series(1, 359) k`,
    // Student 1's notifications, oldest first (seq follows), one every 41 minutes; all but the newest 1,000 read.
    `insert into notifications (id, user_id, type, title, body, link, mail, created_at, read_at)
     select ${idOf('notification', 'g')}, ${student1}, n.type, n.title, '', n.link, 'none', x.at,
            case when g <= ${N - 1000} then x.at + interval '3 hours' end
     from generate_series(1, ${N}) g
     cross join lateral (select now() - (${N} - g) * interval '41 minutes' as at, 1 + g % ${A} as k) x
     cross join lateral (select
       (array['class.assigned', 'grade.released', 'class.announcement', 'class.due_soon', 'forum.answer'])[1 + g % 5] as type,
       case g % 5 when 0 then 'New in your class: “Quiz ' || x.k || '”' when 1 then 'Your result for “Quiz ' || x.k || '” is released'
            when 2 then 'Teacher Number 1 posted in your class' when 3 then '“Quiz ' || x.k || '” is due in less than 24 hours'
            else 'Student Number ' || g || ' answered your question' end as title,
       case g % 5 when 1 then '/student/courses/' || ${gc} || '/assessments/' || ${idOf('assessment', 'x.k')}
            when 4 then '/forum-details/' || ${idOf('question', `1 + g % ${s.questions}`)}
            else '/student/classes/' || ${idOf('class', 1)} end as link) n
     order by g`,
    // Families and attendance (issue 52): guardian 1 of students 1 and 2; the big class met on each of the last 60
    // days at 09:00 London time, classes 2..10 on 20 days each at 10:00; a status for every member at every session
    // (1 in 20 absent, 1 in 20 late, 1 in 20 excused), marked by teacher 1 five minutes in.
    `insert into guardian_links (guardian_id, student_id, created_by)
     values (${idOf('guardian', 1)}, ${student1}, ${teacher}), (${idOf('guardian', 1)}, ${idOf('student', 2)}, ${teacher})`,
    `insert into attendance_sessions (id, class_id, on_date, start_time, time_zone, starts_at, created_by)
     select ${idOf('asession', 'k')}, ${idOf('class', 1)}, current_date - k, time '09:00', 'Europe/London',
            ((current_date - k) + time '09:00') at time zone 'Europe/London', ${teacher}
     from generate_series(1, 60) k
     union all
     select ${idOf('asession', 'k')}, ${idOf('class', `2 + (k - 61) % ${Math.min(C, 10) - 1}`)},
            current_date - (k - 61) / ${Math.min(C, 10) - 1} - 1, time '10:00', 'Europe/London',
            ((current_date - (k - 61) / ${Math.min(C, 10) - 1} - 1) + time '10:00') at time zone 'Europe/London', ${teacher}
     from generate_series(61, ${60 + 20 * (Math.min(C, 10) - 1)}) k`,
    `insert into attendance_records (session_id, student_id, status, marked_by, marked_at)
     select s.id, m.student_id,
            case abs(hashtext(s.id::text || m.student_id::text)) % 20 when 0 then 'absent' when 1 then 'late'
                 when 2 then 'excused' else 'present' end,
            ${teacher}, s.starts_at + interval '5 minutes'
     from attendance_sessions s join class_members m on m.class_id = s.class_id`,
  ];
}
