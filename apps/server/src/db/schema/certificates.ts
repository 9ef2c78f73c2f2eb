import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { courseItems } from './curriculum.js';
import { courses } from './courses.js';
import { users } from './users.js';

/**
 * A course completion certificate (docs/decisions/030-certificates-badges-progress-grid.md). Issued by the
 * database trigger on `enrolments` in the transaction that completes the enrolment (migration *_certificates_sql),
 * whoever completes it; one per (student, course), whatever the races. The names are copied at issue: a
 * certificate states what was certified that day.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 16 Crockford base32 characters (80 random bits): the public verification code. */
    code: text('code').notNull(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    studentName: text('student_name').notNull(),
    courseTitle: text('course_title').notNull(),
    teacherName: text('teacher_name').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('certificates_code_idx').on(t.code),
    uniqueIndex('certificates_student_course_idx').on(t.studentId, t.courseId),
  ],
);

/**
 * The items a student opened, first time only: the teacher's progress grid tells "opened" from "not started".
 * Written by the trigger on `enrolments.last_item_id` (the player records the lesson a student opens there).
 */
export const itemOpens = pgTable(
  'item_opens',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => courseItems.id, { onDelete: 'cascade' }),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.itemId] }), index('item_opens_item_idx').on(t.itemId)],
);
