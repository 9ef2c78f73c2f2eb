import type { Course, CourseCard, CourseSort, CourseStatus, EnrolmentStatus, PublicUser } from '@lyceum/contract';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { courses, enrolments, images, reviews, users, wishlistItems } from '../../db/schema/index.js';
import { excerptOf, htmlToText } from './sanitize.js';

/**
 * Course queries. Every list is one query for the page (cards with teacher, rating and enrolled
 * count joined in) plus one count query: the number of queries never depends on the page size.
 */

/** How much of the about HTML a card reads to make its excerpt. */
const EXCERPT_SOURCE_CHARS = 2_000;

const ratingStats = (db: Db) =>
  db
    .select({
      average: sql<number | null>`round(avg(${reviews.rating}), 1)::float8`.as('rating_average'),
      count: sql<number>`count(*)::int`.as('rating_count'),
    })
    .from(reviews)
    .where(eq(reviews.courseId, courses.id))
    .as('rating_stats');

const enrolmentStats = (db: Db) =>
  db
    .select({ count: sql<number>`count(*)::int`.as('enrolled_count') })
    .from(enrolments)
    .where(eq(enrolments.courseId, courses.id))
    .as('enrolment_stats');

const teacherColumns = {
  teacherId: users.id,
  teacherFirstname: users.firstname,
  teacherLastname: users.lastname,
  teacherUsername: users.username,
  teacherRole: users.role,
  teacherImage: images.name,
};

const cardColumns = {
  id: courses.id,
  title: courses.title,
  category: courses.category,
  status: courses.status,
  publishedAt: courses.publishedAt,
  createdAt: courses.createdAt,
  updatedAt: courses.updatedAt,
  aboutStart: sql<string>`left(${courses.aboutHtml}, ${EXCERPT_SOURCE_CHARS})`,
  ...teacherColumns,
};

type TeacherRow = {
  teacherId: string;
  teacherFirstname: string;
  teacherLastname: string;
  teacherUsername: string;
  teacherRole: PublicUser['role'];
  teacherImage: string | null;
};

type StatsRow = { ratingAverage: number | null; ratingCount: number | null; enrolledCount: number | null };

type CardRow = TeacherRow &
  StatsRow & {
    id: string;
    title: string;
    category: string;
    status: CourseStatus;
    publishedAt: Date | null;
    createdAt: Date;
    updatedAt: Date;
    aboutStart: string;
  };

function toTeacher(row: TeacherRow): PublicUser {
  return {
    id: row.teacherId,
    firstname: row.teacherFirstname,
    lastname: row.teacherLastname,
    username: row.teacherUsername,
    profileImage: row.teacherImage ?? null,
    role: row.teacherRole,
  };
}

function toStats(row: StatsRow) {
  return {
    rating: { average: row.ratingAverage ?? null, count: row.ratingCount ?? 0 },
    enrolledCount: row.enrolledCount ?? 0,
  };
}

/** A course's dates as the contract writes them. */
function datesOf(row: { publishedAt: Date | null; createdAt: Date; updatedAt: Date }) {
  return {
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toCard(row: CardRow): CourseCard {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    excerpt: excerptOf(htmlToText(row.aboutStart)),
    status: row.status,
    teacher: toTeacher(row),
    ...toStats(row),
    ...datesOf(row),
  };
}

/**
 * A full-text query from free text: every word must match, either as an English word (any
 * inflection: "negotiations" finds "negotiation") or as the start of a word ("negotiat", "java"
 * finds "javascript"). search_vector holds both the English and the unstemmed ("simple") lexemes.
 * Words are reduced to letters and digits, so no user text reaches the tsquery parser as syntax.
 */
export function searchQuery(text: string | undefined): SQL | null {
  const words =
    (text ?? '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 12) ?? [];
  if (words.length === 0) return null;
  const terms = words.map((word) => sql`(to_tsquery('english', ${word}) || to_tsquery('simple', ${`${word}:*`}))`);
  return sql`(${sql.join(terms, sql` && `)})`;
}

export interface CourseFilter {
  status?: CourseStatus;
  /** One category, or any of several. */
  category?: string | readonly string[];
  teacherId?: string;
  search?: SQL | null;
}

function whereOf(filter: CourseFilter): SQL | undefined {
  return and(
    filter.status ? eq(courses.status, filter.status) : undefined,
    typeof filter.category === 'string'
      ? eq(courses.category, filter.category)
      : filter.category?.length
        ? inArray(courses.category, [...filter.category])
        : undefined,
    filter.teacherId ? eq(courses.teacherId, filter.teacherId) : undefined,
    filter.search ? sql`${courses.searchVector} @@ ${filter.search}` : undefined,
  );
}

export type CourseOrder = CourseSort | 'relevance' | 'updated';

export interface Paging {
  page: number;
  pageSize: number;
}

export function createCourseRepository(db: Db) {
  /** Courses (the given columns) with their teacher, rating and enrolled count, in one SELECT. */
  function selectWithStats<Columns extends SelectedFields>(columns: Columns) {
    const rating = ratingStats(db);
    const enrolled = enrolmentStats(db);
    const query = db
      .select({
        ...columns,
        ratingAverage: rating.average,
        ratingCount: rating.count,
        enrolledCount: enrolled.count,
      })
      .from(courses)
      .innerJoin(users, eq(users.id, courses.teacherId))
      .leftJoin(images, eq(images.id, users.profileImageId))
      .leftJoinLateral(rating, sql`true`)
      .leftJoinLateral(enrolled, sql`true`)
      .$dynamic();
    return { query, rating, enrolled };
  }

  /** Cards with their teacher, rating and enrolled count, in one SELECT. */
  function selectCards<Extra extends SelectedFields>(extra: Extra = {} as Extra) {
    return selectWithStats({ ...extra, ...cardColumns });
  }

  /** Whole courses with their teachers and statistics, in no particular order. One query, whatever the count. */
  async function findCourses(ids: readonly string[]): Promise<Course[]> {
    if (ids.length === 0) return [];
    const rows = await selectWithStats({
      id: courses.id,
      title: courses.title,
      category: courses.category,
      videoLink: courses.videoLink,
      aboutHtml: courses.aboutHtml,
      learnItems: courses.learnItems,
      materialItems: courses.materialItems,
      requirementItems: courses.requirementItems,
      tagItems: courses.tagItems,
      audienceItems: courses.audienceItems,
      status: courses.status,
      level: courses.level,
      publishedAt: courses.publishedAt,
      createdAt: courses.createdAt,
      updatedAt: courses.updatedAt,
      ...teacherColumns,
    }).query.where(inArray(courses.id, [...ids]));
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      category: row.category,
      videoLink: row.videoLink,
      aboutHtml: row.aboutHtml,
      learnItems: row.learnItems,
      materialItems: row.materialItems,
      requirementItems: row.requirementItems,
      tagItems: row.tagItems,
      audienceItems: row.audienceItems,
      status: row.status,
      level: row.level,
      teacher: toTeacher(row),
      ...toStats(row),
      ...datesOf(row),
    }));
  }

  function orderOf(order: CourseOrder, stats: ReturnType<typeof selectCards>, search?: SQL | null): SQL[] {
    const newest = [sql`${courses.publishedAt} desc nulls last`, desc(courses.createdAt), desc(courses.id)];
    switch (order) {
      case 'rating':
        return [sql`${stats.rating.average} desc nulls last`, sql`${stats.rating.count} desc nulls last`, ...newest];
      case 'popular':
        return [sql`${stats.enrolled.count} desc nulls last`, ...newest];
      case 'relevance':
        return search ? [sql`ts_rank(${courses.searchVector}, ${search}) desc`, ...newest] : newest;
      case 'updated':
        return [desc(courses.updatedAt), desc(courses.id)];
      case 'newest':
        return newest;
    }
  }

  return {
    /** One page of course cards and the total matching the filter: two queries. */
    async listCards(filter: CourseFilter, order: CourseOrder, paging: Paging) {
      const where = whereOf(filter);
      const cards = selectCards();
      const [rows, [total]] = await Promise.all([
        cards.query
          .where(where)
          .orderBy(...orderOf(order, cards, filter.search))
          .limit(paging.pageSize)
          .offset((paging.page - 1) * paging.pageSize),
        db.select({ n: count() }).from(courses).where(where),
      ]);
      return { items: rows.map(toCard), total: total?.n ?? 0 };
    },

    /**
     * A short shelf of published cards: the ids are chosen on the courses table alone (so only the
     * chosen few are joined with their statistics), then loaded as cards. One query.
     */
    async shelf(options: { limit: number; studentId?: string; topRated?: boolean }) {
      const favoured = options.studentId
        ? sql`(${courses.category} in (
            select c.category from ${enrolments} e join ${courses} c on c.id = e.course_id where e.student_id = ${options.studentId}
            union
            select c.category from ${wishlistItems} w join ${courses} c on c.id = w.course_id where w.student_id = ${options.studentId})) desc`
        : undefined;
      const newestFirst = [sql`${courses.publishedAt} desc nulls last`, desc(courses.id)];
      const recommendedOrder = favoured ? [favoured, ...newestFirst] : newestFirst;
      const notEnrolled = options.studentId
        ? sql`not exists (select 1 from ${enrolments} e where e.course_id = ${courses.id} and e.student_id = ${options.studentId})`
        : undefined;
      const topRated = db
        .select({
          courseId: reviews.courseId,
          average: sql<number>`avg(${reviews.rating})`.as('average'),
          reviews: sql<number>`count(*)`.as('reviews'),
        })
        .from(reviews)
        .groupBy(reviews.courseId)
        .as('top_rated');
      const chosenIds = options.topRated
        ? db
            .select({ id: courses.id })
            .from(courses)
            .leftJoin(topRated, eq(topRated.courseId, courses.id))
            .where(eq(courses.status, 'published'))
            .orderBy(
              sql`${topRated.average} desc nulls last`,
              sql`${topRated.reviews} desc nulls last`,
              sql`${courses.publishedAt} desc nulls last`,
              desc(courses.id),
            )
            .limit(options.limit)
        : db
            .select({ id: courses.id })
            .from(courses)
            .where(and(eq(courses.status, 'published'), notEnrolled))
            .orderBy(...recommendedOrder)
            .limit(options.limit);
      const cards = selectCards();
      const rows = await cards.query
        .where(inArray(courses.id, chosenIds))
        .orderBy(...(options.topRated ? orderOf('rating', cards) : recommendedOrder));
      return rows.map(toCard);
    },

    /**
     * Published courses by the number of enrolments made in the last `days` days (at least one), most first, then
     * the newest. The enrolments in the window are counted on their own (enrolments_created_idx) and only the
     * chosen few courses are joined with their statistics. One query.
     */
    async popularSince(options: { days: number; limit: number }) {
      const recentCount = sql<number>`count(*)::int`;
      const recent = db
        .select({ courseId: courses.id, count: recentCount.as('recent_count') })
        .from(enrolments)
        .innerJoin(courses, eq(courses.id, enrolments.courseId))
        .where(
          and(
            sql`${enrolments.createdAt} >= now() - make_interval(days => ${options.days}::int)`,
            eq(courses.status, 'published'),
          ),
        )
        .groupBy(courses.id)
        .orderBy(desc(recentCount), sql`${courses.publishedAt} desc nulls last`, desc(courses.id))
        .limit(options.limit)
        .as('recent');
      const cards = selectCards({ recentEnrolments: recent.count });
      const rows = await cards.query
        .innerJoin(recent, eq(recent.courseId, courses.id))
        .orderBy(desc(recent.count), sql`${courses.publishedAt} desc nulls last`, desc(courses.id));
      return rows.map((row) => ({ course: toCard(row), recentEnrolments: row.recentEnrolments }));
    },

    /** The whole course with its teacher and statistics, or undefined. One query. */
    async findCourse(id: string): Promise<Course | undefined> {
      const [course] = await findCourses([id]);
      return course;
    },

    findCourses,

    /** Just what access checks need. */
    async findCourseHead(id: string) {
      const [row] = await db
        .select({ id: courses.id, teacherId: courses.teacherId, status: courses.status })
        .from(courses)
        .where(eq(courses.id, id))
        .limit(1);
      return row;
    },

    /**
     * Teachers whose first name, last name, username or e-mail contains `q` (any case), by name.
     * For the admin's "on behalf of" select: one query for the page, one for the count.
     */
    async teacherPage(q: string | undefined, paging: Paging) {
      const pattern = q ? `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : null;
      const where = and(
        eq(users.role, 'teacher'),
        pattern
          ? or(
              ilike(users.firstname, pattern),
              ilike(users.lastname, pattern),
              ilike(users.username, pattern),
              ilike(users.email, pattern),
            )
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select(teacherColumns)
          .from(users)
          .leftJoin(images, eq(images.id, users.profileImageId))
          .where(where)
          .orderBy(asc(sql`lower(${users.firstname})`), asc(sql`lower(${users.lastname})`), asc(users.id))
          .limit(paging.pageSize)
          .offset((paging.page - 1) * paging.pageSize),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { items: rows.map(toTeacher), total: total?.n ?? 0 };
    },

    async findUserRole(id: string) {
      const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, id)).limit(1);
      return row?.role;
    },

    /** The caller's wishlist and enrolment state for one course, with the course head. One query. */
    async findViewerState(courseId: string, userId: string) {
      const [row] = await db
        .select({
          teacherId: courses.teacherId,
          status: courses.status,
          wishlistedBy: wishlistItems.studentId,
          enrolmentStatus: enrolments.status,
        })
        .from(courses)
        .leftJoin(wishlistItems, and(eq(wishlistItems.courseId, courses.id), eq(wishlistItems.studentId, userId)))
        .leftJoin(enrolments, and(eq(enrolments.courseId, courses.id), eq(enrolments.studentId, userId)))
        .where(eq(courses.id, courseId))
        .limit(1);
      return row && { ...row, inWishlist: row.wishlistedBy !== null };
    },

    async wishlistPage(studentId: string, paging: Paging) {
      const cards = selectCards({ addedAt: wishlistItems.createdAt });
      const where = eq(wishlistItems.studentId, studentId);
      // A course unpublished after it was wishlisted is hidden (and comes back if it is published again).
      const published = eq(courses.status, 'published');
      const [rows, [total]] = await Promise.all([
        cards.query
          .innerJoin(wishlistItems, and(eq(wishlistItems.courseId, courses.id), where, published))
          .orderBy(desc(wishlistItems.createdAt), desc(courses.id))
          .limit(paging.pageSize)
          .offset((paging.page - 1) * paging.pageSize),
        db
          .select({ n: count() })
          .from(wishlistItems)
          .innerJoin(courses, and(eq(courses.id, wishlistItems.courseId), published))
          .where(where),
      ]);
      return {
        items: rows.map((row) => ({ course: toCard(row), addedAt: row.addedAt.toISOString() })),
        total: total?.n ?? 0,
      };
    },

    async enrolmentPage(studentId: string, status: EnrolmentStatus | undefined, paging: Paging) {
      const cards = selectCards({
        enrolmentCourseId: enrolments.courseId,
        enrolmentStatus: enrolments.status,
        progressPercent: enrolments.progressPercent,
        enrolledAt: enrolments.createdAt,
        completedAt: enrolments.completedAt,
      });
      const where = and(eq(enrolments.studentId, studentId), status ? eq(enrolments.status, status) : undefined);
      const [rows, [total]] = await Promise.all([
        cards.query
          .innerJoin(enrolments, and(eq(enrolments.courseId, courses.id), where))
          .orderBy(desc(enrolments.createdAt), desc(courses.id))
          .limit(paging.pageSize)
          .offset((paging.page - 1) * paging.pageSize),
        db.select({ n: count() }).from(enrolments).where(where),
      ]);
      return {
        items: rows.map((row) => ({
          courseId: row.enrolmentCourseId,
          status: row.enrolmentStatus,
          progressPercent: row.progressPercent,
          enrolledAt: row.enrolledAt.toISOString(),
          completedAt: row.completedAt?.toISOString() ?? null,
          course: toCard(row),
        })),
        total: total?.n ?? 0,
      };
    },
  };
}

export function toEnrolment(row: typeof enrolments.$inferSelect) {
  return {
    courseId: row.courseId,
    status: row.status,
    progressPercent: row.progressPercent,
    enrolledAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

export type CourseRepository = ReturnType<typeof createCourseRepository>;
