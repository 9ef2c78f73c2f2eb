import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps, users } from './users.js';

/** A PostgreSQL full-text document; read only through SQL (`@@`, `ts_rank`). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    category: text('category').notNull(),
    videoLink: text('video_link').notNull().default(''),
    /** Sanitised HTML. */
    aboutHtml: text('about_html').notNull().default(''),
    learnItems: text('learn_items')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    materialItems: text('material_items')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    requirementItems: text('requirement_items')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tagItems: text('tag_items')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    audienceItems: text('audience_items')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    /** Who the course is for (COURSE_LEVELS). */
    level: text('level', { enum: ['beginner', 'intermediate', 'advanced', 'all levels'] })
      .notNull()
      .default('all levels'),
    /**
     * Title (weight A), tags (B) and the about text (C), kept current by the
     * `courses_search_vector` trigger (migration 0001) on every insert and update, whoever writes.
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .default(sql`''::tsvector`),
    ...timestamps,
  },
  (t) => [
    index('courses_teacher_idx').on(t.teacherId, t.status),
    index('courses_search_idx').using('gin', t.searchVector),
    index('courses_status_published_idx').on(t.status, t.publishedAt),
    index('courses_category_idx').on(t.category, t.status),
    check('courses_status_check', sql`${t.status} in ('draft', 'published')`),
    check('courses_level_check', sql`${t.level} in ('beginner', 'intermediate', 'advanced', 'all levels')`),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.studentId, t.courseId] }), index('wishlist_course_idx').on(t.courseId)],
);

export const enrolments = pgTable(
  'enrolments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['active', 'completed'] })
      .notNull()
      .default('active'),
    /** Percentage of the course's lessons completed; lessons arrive with a later issue. */
    progressPercent: integer('progress_percent').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    unique('enrolments_student_course_key').on(t.studentId, t.courseId),
    index('enrolments_course_idx').on(t.courseId, t.status),
    index('enrolments_created_idx').on(t.createdAt),
    check('enrolments_status_check', sql`${t.status} in ('active', 'completed')`),
    check('enrolments_progress_check', sql`${t.progressPercent} between 0 and 100`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    text: text('text').notNull(),
    ...timestamps,
  },
  (t) => [
    unique('reviews_student_course_key').on(t.studentId, t.courseId),
    index('reviews_course_created_idx').on(t.courseId, t.createdAt),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);
