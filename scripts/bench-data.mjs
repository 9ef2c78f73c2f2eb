// The bench's data: deterministic (every value is a function of the row number g; ids are md5(kind || g)),
// loaded with one set-based INSERT ... SELECT FROM generate_series per table. The counter triggers are switched
// off during the load and the counters computed once, set-based, afterwards.
import { createHash } from 'node:crypto';

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
