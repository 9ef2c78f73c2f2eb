import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { courseItems } from './curriculum.js';
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
     * Set when an admin unpublishes the course (a moderation hold): its teacher cannot publish it again until
     * an admin does, which clears it.
     */
    heldAt: timestamp('held_at', { withTimezone: true, mode: 'date' }),
    /**
     * Sequential mode (ADR 029): an enrolled student opens an item only once every required published item
     * before it is complete. Set by the course's teacher or an admin in the curriculum editor.
     */
    sequential: boolean('sequential').notNull().default(false),
    /**
     * Title (weight A), tags (B) and the about text (C), kept current by the
     * `courses_search_vector` trigger (migration 0001) on every insert and update, whoever writes.
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .default(sql`''::tsvector`),
    /**
     * The card's excerpt (plain text of the about HTML, at most 200 characters), derived once per write by the
     * `courses_excerpt` trigger (migration 0003), whoever writes; lists never re-derive it per card.
     */
    excerpt: text('excerpt').notNull().default(''),
    /**
     * Denormalised statistics, kept by the triggers on reviews and enrolments (migration 0003) in the same
     * transaction as the write, whoever writes (API, v1, seed, plain SQL): lists sort and show them without
     * aggregating per row.
     */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    /** The average to one decimal, or null without reviews (what cards show and the rating sort orders by). */
    ratingAverage: doublePrecision('rating_average').generatedAlwaysAs(
      sql`case when rating_count > 0 then round(rating_sum::numeric / rating_count, 1)::float8 end`,
    ),
    enrolledCount: integer('enrolled_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('courses_teacher_idx').on(t.teacherId, t.status),
    index('courses_search_idx').using('gin', t.searchVector),
    // One index per catalogue order, matching its ORDER BY column for column (newest is the tie-break of all).
    index('courses_newest_idx').on(t.status, t.publishedAt.desc().nullsLast(), t.createdAt.desc(), t.id.desc()),
    index('courses_category_newest_idx').on(
      t.category,
      t.status,
      t.publishedAt.desc().nullsLast(),
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('courses_rating_idx').on(
      t.status,
      t.ratingAverage.desc().nullsLast(),
      t.ratingCount.desc(),
      t.publishedAt.desc().nullsLast(),
      t.createdAt.desc(),
      t.id.desc(),
    ),
    // Admin's and teachers' course lists, most recently updated first.
    index('courses_updated_idx').on(t.updatedAt.desc().nullsLast(), t.id.desc().nullsLast()),
    index('courses_popular_idx').on(
      t.status,
      t.enrolledCount.desc(),
      t.publishedAt.desc().nullsLast(),
      t.createdAt.desc(),
      t.id.desc(),
    ),
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
    /**
     * Progress, cached: written only by the curriculum's progress function (features/curriculum/progress.ts) in
     * the transaction that changes a completion or the published curriculum. Percent is floor(100 × completed /
     * required); a course without a curriculum keeps 0, or 100 once the student marked it completed.
     */
    progressPercent: integer('progress_percent').notNull().default(0),
    completedItems: integer('completed_items').notNull().default(0),
    totalItems: integer('total_items').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    /** The item the student opened last: where "continue" resumes. */
    lastItemId: uuid('last_item_id').references(() => courseItems.id, { onDelete: 'set null' }),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true, mode: 'date' }),
    /**
     * The student's last activity in the course: enrolling, opening a lesson, completing an item. Kept by triggers
     * (migration *_enrolment_activity_sql) so the teacher's progress grid sorts by it without aggregating per row.
     */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    unique('enrolments_student_course_key').on(t.studentId, t.courseId),
    // The student last: a teacher's distinct students and active/completed counts are read from the index alone.
    index('enrolments_course_idx').on(t.courseId, t.status, t.studentId),
    index('enrolments_course_activity_idx').on(t.courseId, t.lastActivityAt),
    index('enrolments_created_idx').on(t.createdAt),
    index('enrolments_student_created_idx').on(t.studentId, t.createdAt),
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
