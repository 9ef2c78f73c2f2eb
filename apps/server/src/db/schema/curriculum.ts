import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { COURSE_ITEM_KINDS } from '@lyceum/contract/constants';
import { courses } from './courses.js';
import { timestamps, users } from './users.js';

/** bytea as a Buffer on both drivers (pg gives a Buffer, PGlite a Uint8Array). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** A course's ordered sections (docs/decisions/017-curriculum-schema-and-progress.md). */
export const courseSections = pgTable(
  'course_sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    /** Optimistic concurrency: an edit names the version it read; a stale one is a 409. */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [index('course_sections_course_idx').on(t.courseId, t.position)],
);

/**
 * The items of a section, in order, of one kind each. `course_id` is the section's course, kept here so
 * the outline and progress read one index. Duration and the preview flag live here so the outline never
 * reads lesson bodies.
 */
export const courseItems = pgTable(
  'course_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => courseSections.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind', { enum: COURSE_ITEM_KINDS }).notNull(),
    title: text('title').notNull(),
    /** Counts towards progress (every lesson is required; optional items come with assessments). */
    required: boolean('required').notNull().default(true),
    published: boolean('published').notNull().default(false),
    /** Free preview: open to visitors and non-enrolled students. */
    preview: boolean('preview').notNull().default(false),
    durationMinutes: integer('duration_minutes').notNull().default(0),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    index('course_items_course_idx').on(t.courseId, t.published, t.required),
    index('course_items_section_idx').on(t.sectionId, t.position),
    check('course_items_kind_check', sql`${t.kind} in ('lesson', 'assessment')`),
    check('course_items_duration_check', sql`${t.durationMinutes} between 0 and 10000`),
  ],
);

/** The lesson part of a `lesson` item. */
export const lessons = pgTable('lessons', {
  itemId: uuid('item_id')
    .primaryKey()
    .references(() => courseItems.id, { onDelete: 'cascade' }),
  /** Sanitised HTML (the rich-text allowlist). */
  bodyHtml: text('body_html').notNull().default(''),
  videoLink: text('video_link').notNull().default(''),
  ...timestamps,
});

/** Files of a lesson, stored in the database like images (DESIGN §6), served under a random name. */
export const lessonAttachments = pgTable(
  'lesson_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => courseItems.id, { onDelete: 'cascade' }),
    /** Random URL-safe name served at /api/lesson-files/<name>. */
    name: text('name').notNull().unique(),
    /** The uploader's file name, cleaned; offered as the download name. */
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    data: bytea('data').notNull(),
    ...timestamps,
  },
  (t) => [index('lesson_attachments_item_idx').on(t.itemId, t.createdAt)],
);

/** A student's completion of an item: one row per (student, item), whatever the races. */
export const itemCompletions = pgTable(
  'item_completions',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => courseItems.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.itemId] }),
    index('item_completions_item_idx').on(t.itemId),
    // A student's completions in time order, read from the index alone: the badges' first lesson and week streak.
    index('item_completions_student_completed_idx').on(t.studentId, t.completedAt),
  ],
);
