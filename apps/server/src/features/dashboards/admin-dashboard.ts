import {
  DASHBOARD_SERIES_DAYS,
  IN_PROGRESS_COURSES_LIMIT,
  type AdminDashboard,
  type DailyActivity,
  type InProgressCourse,
} from '@lyceum/contract';
import { and, desc, eq, gte, ne, sql } from 'drizzle-orm';
import { type Db } from '#db/client.js';
import { courses, enrolments, forumAnswers, forumQuestions, images, reviews, users } from '#db/schema/index.js';
import { type Clock } from '#lib/attempt-counter.js';

const count = sql<number>`count(*)::int`;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight UTC `daysBack` days before the day of `now`. */
function utcDayStart(now: number, daysBack: number): Date {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return new Date(today - daysBack * DAY_MS);
}

/** `YYYY-MM-DD` of a UTC day. */
const dayKey = (date: Date) => date.toISOString().slice(0, 10);

/** The admin's dashboard: platform counters, sign-ups and enrolments per UTC day, the busiest courses. */
export function createAdminDashboard(db: Db, clock: Clock) {
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

  return {
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
