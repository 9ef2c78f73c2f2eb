import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { courses } from './courses.js';
import { courseItems } from './curriculum.js';
import { timestamps, users } from './users.js';

/**
 * A class (docs/decisions/028-classes-and-access-codes.md): a teacher's group of students around one or more
 * of their courses. The access code is stored upper-case; joining compares upper-case, so codes are
 * case-insensitive and unique.
 */
export const classes = pgTable(
  'classes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    section: text('section').notNull().default(''),
    subject: text('subject').notNull().default(''),
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    code: text('code').notNull(),
    joiningOpen: boolean('joining_open').notNull().default(true),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('classes_code_key').on(t.code),
    index('classes_owner_idx').on(t.ownerId, t.createdAt),
    check('classes_dates_check', sql`${t.endsOn} is null or ${t.startsOn} is null or ${t.endsOn} >= ${t.startsOn}`),
  ],
);

/** The teachers of a class: its owner and the co-teachers, all with the same rights. */
export const classTeachers = pgTable(
  'class_teachers',
  {
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.classId, t.teacherId] }), index('class_teachers_teacher_idx').on(t.teacherId)],
);

/** The students of a class: one row per (class, student), whatever the races. */
export const classMembers = pgTable(
  'class_members',
  {
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.studentId] }),
    index('class_members_student_idx').on(t.studentId, t.joinedAt),
    index('class_members_class_joined_idx').on(t.classId, t.joinedAt),
  ],
);

/** The courses a class follows; joining enrols in each. */
export const classCourses = pgTable(
  'class_courses',
  {
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.classId, t.courseId] }), index('class_courses_course_idx').on(t.courseId)],
);

/** The class stream: sanitised rich text by a teacher of the class. */
export const classAnnouncements = pgTable(
  'class_announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    bodyHtml: text('body_html').notNull(),
    ...timestamps,
  },
  (t) => [index('class_announcements_class_idx').on(t.classId, t.createdAt, t.id)],
);

/**
 * Work assigned to a class: a course item (lesson: "read this by", or assessment) for the whole class or for
 * chosen learners (`class_assignment_learners`), with its own dates overriding the assessment's.
 */
export const classAssignments = pgTable(
  'class_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => courseItems.id, { onDelete: 'cascade' }),
    wholeClass: boolean('whole_class').notNull().default(true),
    opensAt: timestamp('opens_at', { withTimezone: true, mode: 'date' }),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }),
    closesAt: timestamp('closes_at', { withTimezone: true, mode: 'date' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    // The assignments page's order, column for column (ADR 019).
    index('class_assignments_class_due_idx').on(t.classId, t.dueAt.asc().nullsLast(), t.createdAt.desc(), t.id),
    index('class_assignments_item_idx').on(t.itemId),
    check('class_assignments_due_check', sql`${t.dueAt} is null or ${t.opensAt} is null or ${t.dueAt} >= ${t.opensAt}`),
    check(
      'class_assignments_closes_check',
      sql`${t.closesAt} is null or ${t.dueAt} is null or ${t.closesAt} >= ${t.dueAt}`,
    ),
  ],
);

/** The chosen learners of an assignment that is not for the whole class. */
export const classAssignmentLearners = pgTable(
  'class_assignment_learners',
  {
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => classAssignments.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.assignmentId, t.studentId] }),
    index('class_assignment_learners_student_idx').on(t.studentId),
  ],
);

/**
 * "Due in 24 hours" reminders already raised (ADR 027, learning-core events): the key makes the reminder of one
 * learner for one assignment happen once, whichever process or schedule slot finds it first.
 */
export const classDueReminders = pgTable(
  'class_due_reminders',
  {
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => classAssignments.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.studentId] })],
);

/**
 * A learner's accommodation in a class (assignment_id null) or for one assignment (which then replaces the
 * class-wide one): extra time as a factor or minutes, a due-date extension, extra attempts. Visible to the
 * class's teachers and to the learner only.
 */
export const accommodations = pgTable(
  'accommodations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignmentId: uuid('assignment_id').references(() => classAssignments.id, { onDelete: 'cascade' }),
    extraTimeFactor: numeric('extra_time_factor', { precision: 3, scale: 2, mode: 'number' }),
    extraTimeMinutes: integer('extra_time_minutes'),
    dueExtensionHours: integer('due_extension_hours').notNull().default(0),
    extraAttempts: integer('extra_attempts').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('accommodations_class_student_key')
      .on(t.classId, t.studentId)
      .where(sql`${t.assignmentId} is null`),
    uniqueIndex('accommodations_assignment_student_key')
      .on(t.assignmentId, t.studentId)
      .where(sql`${t.assignmentId} is not null`),
    index('accommodations_student_idx').on(t.studentId),
    check('accommodations_factor_check', sql`${t.extraTimeFactor} is null or ${t.extraTimeFactor} in (1.25, 1.5, 2)`),
    check(
      'accommodations_minutes_check',
      sql`${t.extraTimeMinutes} is null or ${t.extraTimeMinutes} between 1 and 1440`,
    ),
    check('accommodations_one_kind_check', sql`${t.extraTimeFactor} is null or ${t.extraTimeMinutes} is null`),
    check('accommodations_extension_check', sql`${t.dueExtensionHours} between 0 and 8760`),
    check('accommodations_attempts_check', sql`${t.extraAttempts} between 0 and 20`),
  ],
);

/** The secret of a user's private calendar feed; resetting replaces it, so the old URL stops answering. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** 32 random bytes, base64url: the feed's URL is shown again in the account, as calendar apps expect. */
  token: text('token').notNull().unique(),
  ...timestamps,
});
