import type { Course, CourseCard, CourseSort, CourseStatus, EnrolmentStatus, PublicUser } from '@lyceum/contract';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '#db/client.js';
import { courses, enrolments, images, users, wishlistItems } from '#db/schema/index.js';

/**
 * Course queries. Every list is one query for the page plus one bounded count: the number of queries never
 * depends on the page size, the page number or the number of courses. The rating and enrolled count are
 * columns of the course (kept by triggers, migration 0003), so no list aggregates per row; a page is chosen
 * on the courses table alone (an index in the list's order) and only its rows are joined with their teachers.
 */

/** Counts stop here: above it a list says "10,000+" (totalIsLowerBound) and its pages stop at the cap. */
export const COUNT_CAP = 10_000;
/** A search ranks at most this many matches (the newest), and offers at most this many results. */
export const SEARCH_CANDIDATES = 1_000;

const teacherColumns = {
  teacherId: users.id,
  teacherFirstname: users.firstname,
  teacherLastname: users.lastname,
  teacherUsername: users.username,
  teacherRole: users.role,
  teacherImage: images.name,
};

const statsColumns = {
  ratingAverage: courses.ratingAverage,
  ratingCount: courses.ratingCount,
  enrolledCount: courses.enrolledCount,
};

const cardColumns = {
  id: courses.id,
  title: courses.title,
  category: courses.category,
  status: courses.status,
  publishedAt: courses.publishedAt,
  heldAt: courses.heldAt,
  createdAt: courses.createdAt,
  updatedAt: courses.updatedAt,
  excerpt: courses.excerpt,
  ...statsColumns,
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
    heldAt: Date | null;
    createdAt: Date;
    updatedAt: Date;
    excerpt: string;
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
function datesOf(row: { publishedAt: Date | null; heldAt: Date | null; createdAt: Date; updatedAt: Date }) {
  return {
    publishedAt: row.publishedAt?.toISOString() ?? null,
    heldAt: row.heldAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toCard(row: CardRow): CourseCard {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    excerpt: row.excerpt,
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

/** The catalogue's default order and the tie-break of every other: written exactly as courses_newest_idx. */
const newest = [
  sql`${courses.publishedAt} desc nulls last`,
  sql`${courses.createdAt} desc nulls last`,
  sql`${courses.id} desc nulls last`,
];

/** The ORDER BY of a list, column for column the index that serves it (migration 0002). */
function orderOf(order: Exclude<CourseOrder, 'relevance'>): SQL[] {
  switch (order) {
    case 'rating':
      return [sql`${courses.ratingAverage} desc nulls last`, sql`${courses.ratingCount} desc nulls last`, ...newest];
    case 'popular':
      return [sql`${courses.enrolledCount} desc nulls last`, ...newest];
    case 'updated':
      return [sql`${courses.updatedAt} desc nulls last`, sql`${courses.id} desc nulls last`];
    case 'newest':
      return newest;
  }
}

/** A page's LIMIT and OFFSET, for a prepared list's placeholders. */
function limitOffset(paging: Paging) {
  return { limit: paging.pageSize, offset: (paging.page - 1) * paging.pageSize };
}

/**
 * A page of a student's own list and the list's total. A first page shorter than the page size is the whole list, so
 * its length is the total and the count is not run: most students' enrolments and wishlists fit on one page, and
 * their screens then cost one statement instead of two (ADR 019, session 14).
 */
async function pageAndTotal<Row>(
  paging: Paging,
  rows: () => Promise<Row[]>,
  count: () => Promise<{ n: number }[]>,
): Promise<{ rows: Row[]; total: number }> {
  const page = await rows();
  if (paging.page === 1 && page.length < paging.pageSize) return { rows: page, total: page.length };
  const [counted] = await count();
  return { rows: page, total: counted?.n ?? 0 };
}

export function createCourseRepository(db: Db) {
  /** Courses (the given columns) with their teacher and profile picture, in one SELECT. */
  function selectWithTeacher<Columns extends SelectedFields>(columns: Columns) {
    return db
      .select({ ...columns, teacherId: users.id })
      .from(courses)
      .innerJoin(users, eq(users.id, courses.teacherId))
      .leftJoin(images, eq(images.id, users.profileImageId))
      .$dynamic();
  }

  /** Cards with their teacher, rating and enrolled count, in one SELECT. */
  function selectCards<Extra extends SelectedFields>(extra: Extra = {} as Extra) {
    return selectWithTeacher({ ...extra, ...cardColumns });
  }

  /** Whole courses with their teachers and statistics, in no particular order. One query, whatever the count. */
  async function findCourses(ids: readonly string[]): Promise<Course[]> {
    if (ids.length === 0) return [];
    const rows = await selectWithTeacher({
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
      heldAt: courses.heldAt,
      createdAt: courses.createdAt,
      updatedAt: courses.updatedAt,
      ...statsColumns,
      ...teacherColumns,
    }).where(inArray(courses.id, [...ids]));
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

  /*
   * The student's own lists (My Wishlist, My Courses with its three tabs) are the pages every signed-in student
   * opens; joining four tables, they took PostgreSQL longer to plan (~0.3-1 ms) than to run (~0.1 ms for a page of
   * 20). So they are built once and prepared (ADR 019, session 12): each connection plans them once, then only
   * binds the student, the limit and the offset.
   */
  const studentId = sql.placeholder('studentId');
  const pageLimit = sql.placeholder('limit');
  const pageOffset = sql.placeholder('offset');
  // A course unpublished after it was wishlisted is hidden (and comes back if it is published again).
  const wishlisted = and(eq(wishlistItems.studentId, studentId), eq(courses.status, 'published'));
  const wishlistCards = selectCards({ addedAt: wishlistItems.createdAt })
    .innerJoin(wishlistItems, and(eq(wishlistItems.courseId, courses.id), wishlisted))
    .orderBy(desc(wishlistItems.createdAt), desc(courses.id))
    .limit(pageLimit)
    .offset(pageOffset)
    .prepare('lyceum_wishlist_cards');
  const wishlistCount = db
    .select({ n: count() })
    .from(wishlistItems)
    .innerJoin(courses, eq(courses.id, wishlistItems.courseId))
    .where(wishlisted)
    .prepare('lyceum_wishlist_count');
  function enrolmentList(status: 'all' | EnrolmentStatus) {
    const where = and(
      eq(enrolments.studentId, studentId),
      status === 'all' ? undefined : eq(enrolments.status, status),
    );
    const cards = selectCards({
      enrolmentCourseId: enrolments.courseId,
      enrolmentStatus: enrolments.status,
      progressPercent: enrolments.progressPercent,
      completedItems: enrolments.completedItems,
      totalItems: enrolments.totalItems,
      lastItemId: enrolments.lastItemId,
      enrolledAt: enrolments.createdAt,
      completedAt: enrolments.completedAt,
    })
      .innerJoin(enrolments, and(eq(enrolments.courseId, courses.id), where))
      .orderBy(desc(enrolments.createdAt), desc(courses.id))
      .limit(pageLimit)
      .offset(pageOffset)
      .prepare(`lyceum_enrolment_cards_${status}`);
    const counted = db.select({ n: count() }).from(enrolments).where(where).prepare(`lyceum_enrolment_count_${status}`);
    return { cards, count: counted };
  }
  const enrolmentLists = {
    all: enrolmentList('all'),
    active: enrolmentList('active'),
    completed: enrolmentList('completed'),
  };

  return {
    /**
     * One page of course cards and the total matching the filter: two queries, whatever the page.
     * The page's ids are chosen by an OFFSET over the list's index alone (index-only, no other table), bounded by
     * the count cap, and only those ids are joined with their details. A relevance search ranks only the newest
     * SEARCH_CANDIDATES matches. The count stops at the cap (`totalIsLowerBound` above it).
     */
    async listCards(filter: CourseFilter, order: CourseOrder, paging: Paging) {
      const where = whereOf(filter);
      const search = filter.search;
      const ranked = order === 'relevance' && search;
      const cap = ranked ? SEARCH_CANDIDATES : COUNT_CAP;
      const offset = (paging.page - 1) * paging.pageSize;
      const limit = Math.max(0, Math.min(paging.pageSize, cap - offset));
      const plainOrder = order === 'relevance' ? 'newest' : order;
      let pageIds;
      let pageOrder: SQL[];
      if (ranked) {
        const candidates = db
          .select({
            id: courses.id,
            searchVector: courses.searchVector,
            publishedAt: courses.publishedAt,
            createdAt: courses.createdAt,
          })
          .from(courses)
          .where(where)
          .orderBy(...newest)
          .limit(SEARCH_CANDIDATES)
          .as('candidates');
        pageIds = db
          .select({ id: candidates.id })
          .from(candidates)
          .orderBy(
            sql`ts_rank(${candidates.searchVector}, ${search}) desc`,
            sql`${candidates.publishedAt} desc nulls last`,
            sql`${candidates.createdAt} desc nulls last`,
            sql`${candidates.id} desc nulls last`,
          )
          .limit(limit)
          .offset(Math.min(offset, cap));
        // The page's 20 rows are ranked again to order them: 20 ts_rank calls, not one per match.
        pageOrder = [sql`ts_rank(${courses.searchVector}, ${search}) desc`, ...newest];
      } else {
        pageIds = db
          .select({ id: courses.id })
          .from(courses)
          .where(where)
          .orderBy(...orderOf(plainOrder))
          .limit(limit)
          .offset(Math.min(offset, cap));
        pageOrder = orderOf(plainOrder);
      }
      const matches = db
        .select({ one: sql`1`.as('one') })
        .from(courses)
        .where(where)
        .limit(cap + 1)
        .as('matches');
      const [rows, [counted]] = await Promise.all([
        selectCards()
          .where(inArray(courses.id, pageIds))
          .orderBy(...pageOrder),
        db.select({ n: count() }).from(matches),
      ]);
      const n = counted?.n ?? 0;
      return { items: rows.map(toCard), total: Math.min(n, cap), totalIsLowerBound: n > cap };
    },

    /**
     * A short shelf of published cards: the ids are chosen on the courses table alone, in an index's order (the
     * top rated: courses_rating_idx; a student's favoured categories first, then the newest), then loaded as
     * cards. One query.
     */
    async shelf(options: { limit: number; studentId?: string; topRated?: boolean }) {
      const published = eq(courses.status, 'published');
      if (options.topRated) {
        const chosenIds = db
          .select({ id: courses.id })
          .from(courses)
          .where(published)
          .orderBy(...orderOf('rating'))
          .limit(options.limit);
        const rows = await selectCards()
          .where(inArray(courses.id, chosenIds))
          .orderBy(...orderOf('rating'));
        return rows.map(toCard);
      }
      if (!options.studentId) {
        const chosenIds = db
          .select({ id: courses.id })
          .from(courses)
          .where(published)
          .orderBy(...newest)
          .limit(options.limit);
        const rows = await selectCards()
          .where(inArray(courses.id, chosenIds))
          .orderBy(...newest);
        return rows.map(toCard);
      }
      // A student: the newest of their favoured categories (those of their enrolments and wishlist) first, then
      // the newest of the rest; both halves are index scans cut at the limit, never a sort of every course.
      const favouredCategories = sql`(
            select c.category from ${enrolments} e join ${courses} c on c.id = e.course_id where e.student_id = ${options.studentId}
            union
            select c.category from ${wishlistItems} w join ${courses} c on c.id = w.course_id where w.student_id = ${options.studentId})`;
      const notEnrolled = sql`not exists (select 1 from ${enrolments} e where e.course_id = ${courses.id} and e.student_id = ${options.studentId})`;
      const half = (favoured: boolean) =>
        db
          .select({ id: courses.id, favoured: sql<boolean>`${favoured}::boolean`.as('favoured') })
          .from(courses)
          .where(
            and(
              published,
              notEnrolled,
              favoured
                ? sql`${courses.category} in ${favouredCategories}`
                : sql`${courses.category} not in ${favouredCategories}`,
            ),
          )
          .orderBy(...newest)
          .limit(options.limit);
      const chosen = db
        .select()
        .from(half(true).unionAll(half(false)).as('chosen'))
        .as('chosen_ids');
      const rows = await selectCards({ favoured: chosen.favoured })
        .innerJoin(chosen, eq(chosen.id, courses.id))
        .orderBy(desc(chosen.favoured), ...newest)
        .limit(options.limit);
      return rows.map(toCard);
    },

    /**
     * Published courses by the number of enrolments made in the last `days` days (at least one), most first, then
     * the newest. The enrolments in the window are counted on their own (enrolments_created_idx) and only the
     * chosen few courses are joined with their details. One query.
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
        .orderBy(desc(recentCount), ...newest)
        .limit(options.limit)
        .as('recent');
      const rows = await selectCards({ recentEnrolments: recent.count })
        .innerJoin(recent, eq(recent.courseId, courses.id))
        .orderBy(desc(recent.count), ...newest);
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
        .select({ id: courses.id, teacherId: courses.teacherId, status: courses.status, heldAt: courses.heldAt })
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
          .select({ ...teacherColumns, email: users.email })
          .from(users)
          .leftJoin(images, eq(images.id, users.profileImageId))
          .where(where)
          .orderBy(asc(sql`lower(${users.firstname})`), asc(sql`lower(${users.lastname})`), asc(users.id))
          .limit(paging.pageSize)
          .offset((paging.page - 1) * paging.pageSize),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { items: rows.map((row) => ({ ...toTeacher(row), email: row.email })), total: total?.n ?? 0 };
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
      const { rows, total } = await pageAndTotal(
        paging,
        () => wishlistCards.execute({ studentId, ...limitOffset(paging) }),
        () => wishlistCount.execute({ studentId }),
      );
      return {
        items: rows.map((row) => ({ course: toCard(row), addedAt: row.addedAt.toISOString() })),
        total,
      };
    },

    async enrolmentPage(studentId: string, status: EnrolmentStatus | undefined, paging: Paging) {
      const statements = enrolmentLists[status ?? 'all'];
      const { rows, total } = await pageAndTotal(
        paging,
        () => statements.cards.execute({ studentId, ...limitOffset(paging) }),
        () => statements.count.execute({ studentId }),
      );
      return {
        items: rows.map((row) => ({
          courseId: row.enrolmentCourseId,
          status: row.enrolmentStatus,
          progressPercent: row.progressPercent,
          completedItems: row.completedItems,
          totalItems: row.totalItems,
          lastItemId: row.lastItemId,
          enrolledAt: row.enrolledAt.toISOString(),
          completedAt: row.completedAt?.toISOString() ?? null,
          course: toCard(row),
        })),
        total,
      };
    },
  };
}

export function toEnrolment(row: typeof enrolments.$inferSelect) {
  return {
    courseId: row.courseId,
    status: row.status,
    progressPercent: row.progressPercent,
    completedItems: row.completedItems,
    totalItems: row.totalItems,
    lastItemId: row.lastItemId,
    enrolledAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

export type CourseRepository = ReturnType<typeof createCourseRepository>;
