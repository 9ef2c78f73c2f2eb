import {
  DASHBOARD_SERIES_DAYS,
  IN_PROGRESS_COURSES_LIMIT,
  type AdminDashboard,
  type DailyActivity,
  type InProgressCourse,
  type StudentDashboard,
  type TeacherDashboard,
} from '@lyceum/contract';
import { and, desc, eq, gte, ne, sql } from 'drizzle-orm';
import { plansEveryStatement, type Db } from '#db/client.js';
import {
  courses,
  enrolments,
  forumAnswers,
  forumQuestions,
  images,
  reviews,
  users,
  wishlistItems,
} from '#db/schema/index.js';
import { systemClock, type Clock } from '#lib/attempt-counter.js';
import { keptByKey } from '#lib/kept-by-key.js';

const count = sql<number>`count(*)::int`;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight UTC `daysBack` days before the day of `now`. */
function utcDayStart(now: number, daysBack: number): Date {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return new Date(today - daysBack * DAY_MS);
}

/** `YYYY-MM-DD` of a UTC day. */
const dayKey = (date: Date) => date.toISOString().slice(0, 10);

export interface DashboardServiceOptions {
  /** "Today" for the sign-up counters and the chart; tests may pass a fixed one. */
  clock?: Clock;
  /**
   * The database's word that a student's counters changed (db/client.ts `watchStudents`, migration 0031's triggers).
   * With it, each student's counters are kept by the process until they change; without it, read every time.
   */
  watchStudents?: (onChange: (studentId: string) => void) => () => void;
  /** The same for a teacher's counters (`watchTeachers`, migration 0032's triggers). */
  watchTeachers?: (onChange: (teacherId: string) => void) => () => void;
}

/** How long a user's counters are kept if no change is heard (only a lost notification makes this matter). */
export const STUDENT_COUNTERS_TTL_MS = 60_000;
/** The memory each role's kept counters may take: a few numbers and an id, counted at 160 bytes, about 25,000 users. */
export const STUDENT_COUNTERS_BYTES = 4 * 1024 * 1024;

/**
 * Each user's counters of one role, kept until the database says they changed (ADR 019, sessions 17 and 18): `null`
 * without the database's word (`watch`), when every read runs its statement. Answers are copies: a kept one is
 * never handed out to be changed.
 */
function keptCountersOf<V extends object>(
  watch: ((onChange: (userId: string) => void) => () => void) | undefined,
  read: (userId: string) => Promise<V>,
) {
  if (!watch) return { get: read, stop: () => {} };
  const kept = keptByKey<V>({ ttlMs: STUDENT_COUNTERS_TTL_MS, maxBytes: STUDENT_COUNTERS_BYTES, bytesOf: () => 160 });
  const stop = watch((userId) => (userId === '*' ? kept.clear() : kept.forget(userId)));
  return {
    get: async (userId: string): Promise<V> => ({ ...(await kept.get(userId, Date.now(), () => read(userId))) }),
    stop,
  };
}

export function createDashboardService(db: Db, options: DashboardServiceOptions = {}) {
  const clock = options.clock ?? systemClock;

  /**
   * Sign-ups (students and teachers; admins are not users signing up) and enrolments per UTC day, from
   * `since` on: one grouped query each. Days without any are absent here and 0 in the series.
   */
  async function dailyCounts(since: Date) {
    const dayOf = (column: typeof users.createdAt | typeof enrolments.createdAt) =>
      sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
    const signUpDay = dayOf(users.createdAt);
    const enrolmentDay = dayOf(enrolments.createdAt);
    const [signUps, enrolled] = await Promise.all([
      db
        .select({ day: signUpDay, n: count })
        .from(users)
        .where(and(ne(users.role, 'admin'), gte(users.createdAt, since)))
        .groupBy(signUpDay),
      db
        .select({ day: enrolmentDay, n: count })
        .from(enrolments)
        .where(gte(enrolments.createdAt, since))
        .groupBy(enrolmentDay),
    ]);
    return {
      signUps: new Map(signUps.map((row) => [row.day, row.n])),
      enrolments: new Map(enrolled.map((row) => [row.day, row.n])),
    };
  }

  /** The courses with the most active enrolments (and their completed ones), busiest first. */
  async function inProgressCourses(): Promise<InProgressCourse[]> {
    const active = sql<number>`count(*) filter (where ${enrolments.status} = 'active')::int`;
    const rows = await db
      .select({
        id: courses.id,
        title: courses.title,
        category: courses.category,
        activeEnrolments: active,
        completedEnrolments: sql<number>`count(*) filter (where ${enrolments.status} = 'completed')::int`,
        teacherId: users.id,
        teacherFirstname: users.firstname,
        teacherLastname: users.lastname,
        teacherUsername: users.username,
        teacherRole: users.role,
        teacherImage: images.name,
      })
      .from(enrolments)
      .innerJoin(courses, eq(courses.id, enrolments.courseId))
      .innerJoin(users, eq(users.id, courses.teacherId))
      .leftJoin(images, eq(images.id, users.profileImageId))
      .groupBy(courses.id, users.id, images.name)
      .having(sql`${active} > 0`)
      .orderBy(desc(active), courses.title, courses.id)
      .limit(IN_PROGRESS_COURSES_LIMIT);
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      category: row.category,
      activeEnrolments: row.activeEnrolments,
      completedEnrolments: row.completedEnrolments,
      teacher: {
        id: row.teacherId,
        firstname: row.teacherFirstname,
        lastname: row.teacherLastname,
        username: row.teacherUsername,
        role: row.teacherRole,
        profileImage: row.teacherImage ?? null,
      },
    }));
  }

  /*
   * The student's and the teacher's counters: one statement each, the landing of every signed-in student and teacher.
   * Planning them took longer than running them (0.75 ms against 0.42 ms for a student on the bench's data), so they
   * are built once and prepared (ADR 019, session 10): each connection plans them once. The embedded database has no
   * prepared statements: there the student's six counts are a PL/pgSQL function (migration 0028) with the same
   * query, planned once per session (ADR 019, session 14).
   */
  const studentId = sql.placeholder('studentId');
  const studentCounters = plansEveryStatement(db)
    ? db
        .select({
          enrolled: sql<number>`d.enrolled`,
          active: sql<number>`d.active`,
          completed: sql<number>`d.completed`,
          wishlist: sql<number>`d.wishlist`,
          reviews: sql<number>`d.reviews`,
          badges: sql<number>`d.badges`,
        })
        .from(sql`student_dashboard_counters(${studentId}::uuid) as d`)
        .prepare('lyceum_student_dashboard')
    : db
        .select({
          enrolled: sql<number>`e.enrolled`,
          active: sql<number>`e.active`,
          completed: sql<number>`e.completed`,
          // Wishlists hide courses that are no longer published (ADR 018).
          wishlist: sql<number>`(select count(*)::int from ${wishlistItems} join ${courses} on ${courses.id} = ${wishlistItems.courseId} and ${courses.status} = 'published' where ${wishlistItems.studentId} = ${studentId})`,
          reviews: sql<number>`(select count(*)::int from ${reviews} where ${reviews.studentId} = ${studentId})`,
          // Computed from facts by the database (ADR 030): the same function the badge list reads.
          badges: sql<number>`(select count(*)::int from student_badges(${studentId}::uuid))`,
        })
        // The three enrolment counts in one pass over the student's enrolments (migration 0031).
        .from(
          sql`(select count(*)::int as enrolled,
                      (count(*) filter (where ${enrolments.status} = 'active'))::int as active,
                      (count(*) filter (where ${enrolments.status} = 'completed'))::int as completed
                 from ${enrolments} where ${enrolments.studentId} = ${studentId}) as e`,
        )
        .prepare('lyceum_student_dashboard');
  const teacherId = sql.placeholder('teacherId');
  /*
   * The teacher's counters: one pass over their courses (the review count and rating sum are the courses' own
   * counters, kept by triggers, ADR 019) and one over their enrolments, read from `enrolments_course_idx` alone
   * (course, status, student): 2.7 -> 1.2 ms for bench teacher 1 (ADR 019, session 14).
   */
  const teacherCounters = db
    .select({
      publishedCourses: sql<number>`c.published`,
      draftCourses: sql<number>`c.draft`,
      students: sql<number>`e.students`,
      activeEnrolments: sql<number>`e.active`,
      completedEnrolments: sql<number>`e.completed`,
      reviews: sql<number>`c.reviews`,
      averageRating: sql<string | null>`c.average`,
    })
    .from(
      sql`(select count(*) filter (where ${courses.status} = 'published')::int as published,
                  count(*) filter (where ${courses.status} = 'draft')::int as draft,
                  coalesce(sum(${courses.ratingCount}), 0)::int as reviews,
                  round(sum(${courses.ratingSum})::numeric / nullif(sum(${courses.ratingCount}), 0), 1)::text as average
             from ${courses} where ${courses.teacherId} = ${teacherId}) as c,
           (select count(distinct ${enrolments.studentId})::int as students,
                   count(*) filter (where ${enrolments.status} = 'active')::int as active,
                   count(*) filter (where ${enrolments.status} = 'completed')::int as completed
              from ${enrolments}
             where ${enrolments.courseId} in (select ${courses.id} from ${courses} where ${courses.teacherId} = ${teacherId})) as e`,
    )
    .prepare('lyceum_teacher_dashboard');

  /*
   * A user's counters, kept until the database says one of them changed (ADR 019, sessions 17 and 18): the dashboard
   * is every user's landing and is read again on every return to it, while what it counts changes only when the
   * student enrols, wishes, reviews, completes or is accepted, or when the teacher's courses or their enrolments
   * change. On the embedded database the student's statement was most of the request (0.35-0.46 ms of one thread);
   * the teacher's reads every enrolment of their courses (1.2 ms for bench teacher 1 on PostgreSQL).
   */
  const studentCountersKept = keptCountersOf(
    options.watchStudents,
    async (studentId) => (await studentCounters.execute({ studentId }))[0]!,
  );
  const teacherCountersKept = keptCountersOf(options.watchTeachers, async (teacherId): Promise<TeacherDashboard> => {
    const [r] = await teacherCounters.execute({ teacherId });
    return { ...r!, averageRating: r!.averageRating === null ? null : Number(r!.averageRating) };
  });

  return {
    student: (studentId: string): Promise<StudentDashboard> => studentCountersKept.get(studentId),

    /** Stops listening for changes (the app's close). */
    close() {
      studentCountersKept.stop();
      teacherCountersKept.stop();
    },

    teacher: (teacherId: string): Promise<TeacherDashboard> => teacherCountersKept.get(teacherId),

    /** Platform counters, sign-ups and enrolments per UTC day over the last 30 days, the busiest courses. */
    async admin(): Promise<AdminDashboard> {
      const now = clock();
      const first = utcDayStart(now, DASHBOARD_SERIES_DAYS - 1);
      const last7 = utcDayStart(now, 6);
      const [row] = await db
        .select({
          students: sql<number>`(select count(*)::int from ${users} where ${users.role} = 'student')`,
          teachers: sql<number>`(select count(*)::int from ${users} where ${users.role} = 'teacher')`,
          publishedCourses: sql<number>`(select count(*)::int from ${courses} where ${courses.status} = 'published')`,
          draftCourses: sql<number>`(select count(*)::int from ${courses} where ${courses.status} = 'draft')`,
          activeEnrolments: sql<number>`(select count(*)::int from ${enrolments} where ${enrolments.status} = 'active')`,
          completedEnrolments: sql<number>`(select count(*)::int from ${enrolments} where ${enrolments.status} = 'completed')`,
          reviews: sql<number>`(select ${count} from ${reviews})`,
          forumQuestions: sql<number>`(select ${count} from ${forumQuestions})`,
          forumAnswers: sql<number>`(select ${count} from ${forumAnswers})`,
          signUpsLast7Days: sql<number>`(select ${count} from ${users} where ${and(ne(users.role, 'admin'), gte(users.createdAt, last7))})`,
        })
        .from(sql`(select 1) as one`);
      const [byDay, busiest] = await Promise.all([dailyCounts(first), inProgressCourses()]);
      const daily: DailyActivity[] = Array.from({ length: DASHBOARD_SERIES_DAYS }, (_, index) => {
        const date = dayKey(utcDayStart(now, DASHBOARD_SERIES_DAYS - 1 - index));
        return { date, signUps: byDay.signUps.get(date) ?? 0, enrolments: byDay.enrolments.get(date) ?? 0 };
      });
      return {
        ...row!,
        signUpsLast30Days: daily.reduce((sum, day) => sum + day.signUps, 0),
        daily,
        inProgressCourses: busiest,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
