import { IdSchema } from './common.js';
import { PublicUserSchema } from './users.js';
import { z } from './zod.js';

/** GET /api/student/dashboard — the student's own enrolment counters. */
export const StudentDashboardSchema = z.object({
  enrolled: z.number().int(),
  active: z.number().int(),
  completed: z.number().int(),
  wishlist: z.number().int(),
  reviews: z.number().int(),
  /** Badges earned (the fixed set of BADGES, computed from facts: docs/decisions/030-certificates-badges-progress-grid.md). */
  badges: z.number().int(),
});
export type StudentDashboard = z.infer<typeof StudentDashboardSchema>;

/** GET /api/teacher/dashboard — counters over the teacher's own courses. */
export const TeacherDashboardSchema = z.object({
  publishedCourses: z.number().int(),
  draftCourses: z.number().int(),
  students: z.number().int(),
  activeEnrolments: z.number().int(),
  completedEnrolments: z.number().int(),
  reviews: z.number().int(),
  /** Null when no review exists yet: never a fake 0. */
  averageRating: z.number().nullable(),
});
export type TeacherDashboard = z.infer<typeof TeacherDashboardSchema>;

/** One UTC day of the admin dashboard's chart. */
export const DailyActivitySchema = z.object({
  /** `YYYY-MM-DD` (UTC). */
  date: z.iso.date(),
  /** Students and teachers who registered that day. */
  signUps: z.number().int(),
  /** Enrolments started that day. */
  enrolments: z.number().int(),
});
export type DailyActivity = z.infer<typeof DailyActivitySchema>;

/** A course of "In Progress Courses": the most-enrolled courses by active enrolments. */
export const InProgressCourseSchema = z.object({
  id: IdSchema,
  title: z.string(),
  category: z.string(),
  teacher: PublicUserSchema,
  activeEnrolments: z.number().int(),
  completedEnrolments: z.number().int(),
});
export type InProgressCourse = z.infer<typeof InProgressCourseSchema>;

/** GET /api/admin/dashboard — platform counters, the last 30 days per day, and the busiest courses. */
export const AdminDashboardSchema = z.object({
  students: z.number().int(),
  teachers: z.number().int(),
  publishedCourses: z.number().int(),
  draftCourses: z.number().int(),
  activeEnrolments: z.number().int(),
  completedEnrolments: z.number().int(),
  reviews: z.number().int(),
  forumQuestions: z.number().int(),
  forumAnswers: z.number().int(),
  /** Students and teachers registered in the last 7 UTC days, today included. */
  signUpsLast7Days: z.number().int(),
  /** Same over 30 days: the sum of `daily`'s sign-ups. */
  signUpsLast30Days: z.number().int(),
  /** DASHBOARD_SERIES_DAYS entries, oldest first, ending today (UTC); days without activity count 0. */
  daily: z.array(DailyActivitySchema),
  /** At most IN_PROGRESS_COURSES_LIMIT courses with active enrolments, most active enrolments first. */
  inProgressCourses: z.array(InProgressCourseSchema),
});
export type AdminDashboard = z.infer<typeof AdminDashboardSchema>;
