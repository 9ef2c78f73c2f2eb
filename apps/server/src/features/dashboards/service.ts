import type { AdminDashboard, StudentDashboard, TeacherDashboard } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  courses,
  enrolments,
  forumAnswers,
  forumQuestions,
  reviews,
  users,
  wishlistItems,
} from '../../db/schema/index.js';

const count = sql<number>`count(*)::int`;

export function createDashboardService(db: Db) {
  return {
    async student(studentId: string): Promise<StudentDashboard> {
      const [row] = await db
        .select({
          enrolled: sql<number>`(select count(*)::int from ${enrolments} where ${enrolments.studentId} = ${studentId})`,
          active: sql<number>`(select count(*)::int from ${enrolments} where ${enrolments.studentId} = ${studentId} and ${enrolments.status} = 'active')`,
          completed: sql<number>`(select count(*)::int from ${enrolments} where ${enrolments.studentId} = ${studentId} and ${enrolments.status} = 'completed')`,
          wishlist: sql<number>`(select count(*)::int from ${wishlistItems} where ${wishlistItems.studentId} = ${studentId})`,
          reviews: sql<number>`(select count(*)::int from ${reviews} where ${reviews.studentId} = ${studentId})`,
        })
        .from(sql`(select 1) as one`);
      return row!;
    },

    async teacher(teacherId: string): Promise<TeacherDashboard> {
      const own = sql`(select ${courses.id} from ${courses} where ${courses.teacherId} = ${teacherId})`;
      const [row] = await db
        .select({
          publishedCourses: sql<number>`(select count(*)::int from ${courses} where ${courses.teacherId} = ${teacherId} and ${courses.status} = 'published')`,
          draftCourses: sql<number>`(select count(*)::int from ${courses} where ${courses.teacherId} = ${teacherId} and ${courses.status} = 'draft')`,
          students: sql<number>`(select count(distinct ${enrolments.studentId})::int from ${enrolments} where ${enrolments.courseId} in ${own})`,
          activeEnrolments: sql<number>`(select count(*)::int from ${enrolments} where ${enrolments.courseId} in ${own} and ${enrolments.status} = 'active')`,
          completedEnrolments: sql<number>`(select count(*)::int from ${enrolments} where ${enrolments.courseId} in ${own} and ${enrolments.status} = 'completed')`,
          reviews: sql<number>`(select count(*)::int from ${reviews} where ${reviews.courseId} in ${own})`,
          averageRating: sql<
            string | null
          >`(select round(avg(${reviews.rating}), 1)::text from ${reviews} where ${reviews.courseId} in ${own})`,
        })
        .from(sql`(select 1) as one`);
      const r = row!;
      return { ...r, averageRating: r.averageRating === null ? null : Number(r.averageRating) };
    },

    async admin(): Promise<AdminDashboard> {
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
        })
        .from(sql`(select 1) as one`);
      return row!;
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
