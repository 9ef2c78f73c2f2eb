import type { StudentDashboard, TeacherDashboard } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { plansEveryStatement, type Db } from '#db/client.js';
import { courses, enrolments, reviews, wishlistItems } from '#db/schema/index.js';
import { systemClock, type Clock } from '#lib/attempt-counter.js';
import { keptByKey } from '#lib/kept-by-key.js';
import { createAdminDashboard } from './admin-dashboard.js';

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

/** The dashboards: each student's and teacher's counters, kept until they change; the admin's (admin-dashboard.ts). */
export function createDashboardService(db: Db, options: DashboardServiceOptions = {}) {
  const clock = options.clock ?? systemClock;
  const { admin } = createAdminDashboard(db, clock);

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

    /** Platform counters, sign-ups and enrolments per UTC day over the last 30 days, the busiest courses (admin-dashboard.ts). */
    admin,
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
