/**
 * Every kept page in one list (issue 45.3, docs/kept-pages.md): what each page shows, which channel drops it and the
 * key that channel names. A process keeps a page (lib/kept-by-key.ts) until a trigger's NOTIFY on `channel` names its
 * key; a trigger that fires on some columns only (`UPDATE OF …`, `WHEN (OLD.x IS DISTINCT FROM NEW.x …)`) must know
 * every column the page shows, or the page goes stale. `test/kept-pages.test.ts` changes each column listed here in
 * SQL and fails unless the channel is told: adding a field to a kept page starts by adding its column here.
 *
 * Tables whose triggers fire on every row change (statement triggers over `changed`, row triggers without `WHEN`)
 * are listed too: the test then proves it for them, and a later narrowing of those triggers is caught the same way.
 */

/** A column the page shows: its table and column (SQL names), and, where the generic change does not fit, how to change it. */
export interface ShownColumn {
  table: string;
  column: string;
  /** An SQL expression giving the column a different valid value (default: by the column's type). */
  change?: string;
}

export interface KeptPage {
  /** What a person calls the page. */
  name: string;
  /** The routes that answer from it. */
  routes: readonly string[];
  /** The NOTIFY channel that drops it (db/client.ts WATCHED_CHANNELS). */
  channel: string;
  /** What the channel's payload names: the key the page is kept under. */
  keyedBy: string;
  /** Where it is kept (the feature's module). */
  keptIn: string;
  /** The columns it shows, by table. */
  shows: readonly ShownColumn[];
}

const columns = (table: string, names: readonly string[], change: Record<string, string> = {}): ShownColumn[] =>
  names.map((column) => ({ table, column, ...(change[column] ? { change: change[column] } : {}) }));

/** A course card as lists show it (My Courses, My enrolled courses): the course's own columns. */
const COURSE_CARD = [
  'title',
  'category',
  'excerpt',
  'status',
  'rating_count',
  'rating_sum',
  'published_at',
  'held_at',
  'updated_at',
];
/** A teacher as cards and class lists name them (and picture them: another stored image, or none). */
const TEACHER_NAME = ['firstname', 'lastname', 'username', 'profile_image_id'];
const PICTURE = {
  profile_image_id: `(SELECT i."id" FROM "images" i WHERE i."id" IS DISTINCT FROM "profile_image_id" LIMIT 1)`,
};
/** A learner as the gradebook, the inbox and the roster name them. */
const LEARNER_NAME = ['firstname', 'lastname', 'username', 'email'];
/** A submitted attempt as results show it (its status leaves `in_progress` first). */
const ATTEMPT_RESULT = ['status', 'score', 'max_score', 'submitted_at', 'deadline_at', 'started_at', 'number'];
/** Another of a text column's allowed values (its CHECK constraint lists them): the next one, or the first. */
const another = (column: string, values: readonly string[]) =>
  `CASE ${values.map((value, i) => `WHEN "${column}" = '${value}' THEN '${values[(i + 1) % values.length]}'`).join(' ')} ELSE '${values[0]}' END`;
/** A submitted attempt's status goes from one final state to another; one in progress stays so. */
const ATTEMPT_STATUS = `CASE "status" WHEN 'in_progress' THEN 'in_progress' WHEN 'graded' THEN 'submitted' ELSE 'graded' END`;
const QUESTION_TYPE = { type: `CASE WHEN "type" = 'essay' THEN 'task' ELSE 'essay' END` };
const ENROLMENT_STATUS = { status: another('status', ['active', 'completed']) };
/** Extra time by a factor (1.25, 1.5, 2) or by minutes, never both: another factor, or none. */
const TIME_FACTOR = {
  extra_time_factor: `CASE WHEN "extra_time_factor" = 1.5 THEN 2 WHEN "extra_time_minutes" IS NULL THEN 1.5 END`,
};
/** A window's dates move outward (opens earlier, closes later), so it stays a window (the dates' CHECKs). */
const WINDOW = {
  opens_at: `coalesce("opens_at", now() - interval '30 days') - interval '1 minute'`,
  closes_at: `coalesce("closes_at", now() + interval '30 days') + interval '1 minute'`,
};
const COURSE_STATUS = { status: another('status', ['draft', 'published']) };
const SUBMITTED_ONLY = { status: ATTEMPT_STATUS };

export const KEPT_PAGES: readonly KeptPage[] = [
  {
    name: "A teacher's My Courses",
    routes: ['GET /api/teacher/courses'],
    channel: 'lyceum_teachers',
    keyedBy: "the course's teacher",
    keptIn: 'features/courses/catalogue.ts (ownLists)',
    shows: [...columns('courses', COURSE_CARD, COURSE_STATUS), ...columns('users', TEACHER_NAME, PICTURE)],
  },
  {
    name: "A student's My enrolled courses",
    routes: ['GET /api/student/enrolments'],
    channel: 'lyceum_teachers',
    keyedBy: "a shown course's teacher (the student's own changes: lyceum_learner_enrolments)",
    keptIn: 'features/courses/enrolment.ts (keptEnrolmentPages)',
    shows: [...columns('courses', COURSE_CARD, COURSE_STATUS), ...columns('users', TEACHER_NAME, PICTURE)],
  },
  {
    name: "A student's My enrolled courses (their enrolments)",
    routes: ['GET /api/student/enrolments'],
    channel: 'lyceum_learner_enrolments',
    keyedBy: 'the student',
    keptIn: 'features/courses/enrolment.ts (keptEnrolmentPages)',
    shows: columns(
      'enrolments',
      ['status', 'progress_percent', 'completed_items', 'total_items', 'completed_at'],
      ENROLMENT_STATUS,
    ),
  },
  {
    name: "A course's question bank",
    routes: ['GET /api/courses/:id/questions'],
    channel: 'lyceum_teachers',
    keyedBy: "the course's teacher",
    keptIn: 'features/assessments/service.ts (keptPages)',
    shows: columns('questions', ['title', 'type', 'points', 'prompt', 'tags'], QUESTION_TYPE),
  },
  {
    name: 'My Quiz Attempts',
    routes: ['GET /api/me/quiz-attempts'],
    channel: 'lyceum_learner_attempts',
    keyedBy: 'the learner',
    keptIn: 'features/assessments/my-attempts.ts (keptMyAttempts)',
    shows: columns('attempts', ATTEMPT_RESULT, SUBMITTED_ONLY),
  },
  {
    name: 'My Quiz Attempts (the assessments and courses it names)',
    routes: ['GET /api/me/quiz-attempts'],
    channel: 'lyceum_courses',
    keyedBy: 'the course',
    keptIn: 'features/assessments/my-attempts.ts (keptMyAttempts)',
    shows: [
      ...columns('assessments', ['release_score', 'release_answers', 'due_at', 'closes_at', 'attempts_allowed'], {
        ...WINDOW,
        release_score: another('release_score', ['immediately', 'after_due', 'manual']),
        release_answers: another('release_answers', ['immediately', 'after_due', 'manual']),
      }),
      ...columns('courses', ['title']),
    ],
  },
  {
    name: "A course's outline and gradebook frame",
    routes: ['GET /api/courses/:id/curriculum', 'GET /api/courses/:id/gradebook', 'GET /api/me/courses/:id/grades'],
    channel: 'lyceum_courses',
    keyedBy: 'the course',
    keptIn: 'features/curriculum/service.ts (outlines), lib/gradebook.ts (keptGradebookFrames)',
    shows: [
      ...columns('course_sections', ['title', 'summary', 'position']),
      ...columns('course_items', ['title', 'position', 'required', 'published', 'preview', 'duration_minutes']),
      ...columns('courses', ['title']),
    ],
  },
  {
    name: "A course's gradebook and grading inbox pages",
    routes: ['GET /api/courses/:id/gradebook', 'GET /api/grading/inbox'],
    channel: 'lyceum_course_results',
    keyedBy: 'the course',
    keptIn: 'features/grading/context.ts (keptCoursePages)',
    shows: [
      ...columns('attempts', ATTEMPT_RESULT, SUBMITTED_ONLY),
      ...columns('attempt_answers', ['manual_score', 'feedback', 'needs_manual']),
      ...columns('questions', ['title', 'type', 'prompt', 'points'], QUESTION_TYPE),
      ...columns('rubrics', ['max_points', 'criteria', 'assessment_id'], {
        // Attached to an assessment of its course, or detached (a rubric has one target at most).
        assessment_id: `CASE WHEN "assessment_id" IS NULL THEN (SELECT a."item_id" FROM "assessments" a
          WHERE a."course_id" = "rubrics"."course_id" LIMIT 1) END`,
        criteria: `jsonb_build_array()`,
      }),
      ...columns('users', LEARNER_NAME),
    ],
  },
  {
    name: "A class's roster and results",
    routes: ['GET /api/classes/:id/roster', 'GET /api/classes/:id/gradebook'],
    channel: 'lyceum_class_results',
    keyedBy: 'the class',
    keptIn: 'features/classes/roster.ts, features/classes/assignments.ts',
    shows: [
      ...columns('class_assignments', ['opens_at', 'due_at', 'closes_at'], WINDOW),
      ...columns('accommodations', ['extra_time_factor', 'due_extension_hours', 'extra_attempts'], TIME_FACTOR),
      ...columns('item_completions', ['completed_at']),
      ...columns('users', LEARNER_NAME),
    ],
  },
  {
    name: "A session's attendance sheet",
    routes: ['GET /api/attendance/sessions/:sessionId'],
    channel: 'lyceum_class_results',
    keyedBy: 'the class',
    keptIn: 'features/attendance/service.ts',
    shows: [
      ...columns('attendance_records', ['status', 'note', 'marked_at'], {
        status: another('status', ['present', 'late', 'absent', 'excused']),
      }),
      ...columns('users', LEARNER_NAME),
    ],
  },
  {
    name: "A teacher's classes and a student's My classes",
    routes: ['GET /api/teacher/classes', 'GET /api/student/classes'],
    channel: 'lyceum_teachers',
    keyedBy: "the class's teachers",
    keptIn: 'features/classes/class-lists.ts',
    shows: [...columns('classes', ['name', 'archived_at', 'joining_open']), ...columns('users', TEACHER_NAME, PICTURE)],
  },
  {
    name: "A user's notifications and unread count",
    routes: ['GET /api/notifications', 'GET /api/notifications/unread-count'],
    channel: 'lyceum_users',
    keyedBy: 'the recipient',
    keptIn: 'features/notifications/inbox.ts (keptLists)',
    shows: columns('notifications', ['title', 'body', 'link', 'read_at']),
  },
  {
    name: "A teacher's dashboard counters",
    routes: ['GET /api/teacher/dashboard'],
    channel: 'lyceum_teachers',
    keyedBy: 'the teacher',
    keptIn: 'features/dashboards/service.ts',
    shows: [
      ...columns('courses', ['status', 'rating_count', 'rating_sum'], COURSE_STATUS),
      ...columns('enrolments', ['status'], ENROLMENT_STATUS),
    ],
  },
  {
    name: "A student's dashboard counters",
    routes: ['GET /api/student/dashboard'],
    channel: 'lyceum_students',
    keyedBy: 'the student',
    keptIn: 'features/dashboards/service.ts',
    shows: [
      ...columns('enrolments', ['status'], ENROLMENT_STATUS),
      ...columns('item_completions', ['completed_at']),
      ...columns('courses', ['status'], COURSE_STATUS),
    ],
  },
  {
    name: "A student's To do (their own rows)",
    routes: ['GET /api/me/todo'],
    channel: 'lyceum_students',
    keyedBy: 'the student',
    keptIn: 'features/todo/service.ts (keptTodos)',
    shows: [
      ...columns('item_completions', ['completed_at']),
      ...columns('enrolments', ['status', 'last_activity_at'], ENROLMENT_STATUS),
      ...columns('mistake_cards', ['due']),
      ...columns('users', ['time_zone'], {
        time_zone: `CASE WHEN "time_zone" = 'Europe/Paris' THEN 'Asia/Tokyo' ELSE 'Europe/Paris' END`,
      }),
    ],
  },
  {
    name: "A student's To do (the place to resume)",
    routes: ['GET /api/me/todo'],
    channel: 'lyceum_learner_enrolments',
    keyedBy: 'the student',
    keptIn: 'features/todo/service.ts (keptTodos)',
    shows: columns('enrolments', ['last_item_id', 'completed_items'], {
      last_item_id: `(SELECT i."id" FROM "course_items" i WHERE i."course_id" = "enrolments"."course_id"
        AND i."id" IS DISTINCT FROM "last_item_id" LIMIT 1)`,
    }),
  },
  {
    name: "A student's To do (their classes)",
    routes: ['GET /api/me/todo'],
    channel: 'lyceum_users',
    keyedBy: "the class's students",
    keptIn: 'features/todo/service.ts (keptTodos)',
    shows: [...columns('classes', ['name', 'archived_at']), ...columns('class_members', ['joined_at'])],
  },
  {
    name: "A student's To do (their classes' work)",
    routes: ['GET /api/me/todo'],
    channel: 'lyceum_class_results',
    keyedBy: 'the class',
    keptIn: 'features/todo/service.ts (keptTodos)',
    shows: [
      ...columns('class_assignments', ['due_at', 'whole_class'], WINDOW),
      ...columns('accommodations', ['due_extension_hours']),
      ...columns('item_completions', ['completed_at']),
    ],
  },
  {
    name: "A student's To do (the courses it names)",
    routes: ['GET /api/me/todo'],
    channel: 'lyceum_courses',
    keyedBy: 'the course',
    keptIn: 'features/todo/service.ts (keptTodos)',
    shows: [
      ...columns('course_items', ['title', 'position', 'published']),
      ...columns('course_sections', ['position']),
      ...columns('assessments', ['due_at'], WINDOW),
      ...columns('courses', ['title', 'status'], COURSE_STATUS),
    ],
  },
];

/** Columns of one table that a channel must be told about, over every kept page on that channel. */
export function shownColumns(channel: string, table: string): string[] {
  const names = new Set<string>();
  for (const page of KEPT_PAGES)
    if (page.channel === channel) for (const shown of page.shows) if (shown.table === table) names.add(shown.column);
  return [...names].sort();
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The trigger side of a kept page, for a new migration (docs/kept-pages.md): a row trigger on `table` that tells
 * `channel` the key (`keyColumn` of the old and the new row) on insert, delete, and an update of any column the kept
 * pages on that channel show. Print it with `npm run kept:sql --workspace @lyceum/server -- <channel> <table> <key>`.
 */
export function keptTriggerSql(channel: string, table: string, keyColumn: string): string {
  const shown = shownColumns(channel, table);
  if (shown.length === 0) throw new Error(`No kept page on ${channel} shows a column of ${table} (kept-pages.ts)`);
  const fn = quote(`notify_${table}_${channel.replace(/^lyceum_/, '')}`);
  const name = (op: string) => quote(`${table}_${channel.replace(/^lyceum_/, '')}_${op}`);
  const when = [...shown, keyColumn].map((c) => `OLD.${quote(c)} IS DISTINCT FROM NEW.${quote(c)}`).join('\n  OR ');
  return [
    `CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger`,
    'LANGUAGE plpgsql AS $$',
    'BEGIN',
    `  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('${channel}', OLD.${quote(keyColumn)}::text); END IF;`,
    `  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('${channel}', NEW.${quote(keyColumn)}::text); END IF;`,
    '  RETURN NULL;',
    'END',
    '$$;',
    '--> statement-breakpoint',
    `CREATE TRIGGER ${name('insert_delete')} AFTER INSERT OR DELETE ON ${quote(table)}`,
    `FOR EACH ROW EXECUTE FUNCTION ${fn}();`,
    '--> statement-breakpoint',
    `CREATE TRIGGER ${name('update')} AFTER UPDATE ON ${quote(table)}`,
    `FOR EACH ROW WHEN (${when})`,
    `EXECUTE FUNCTION ${fn}();`,
    '',
  ].join('\n');
}
