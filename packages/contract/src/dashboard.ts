import { z } from 'zod';

/** GET /api/student/dashboard — the student's own enrolment counters. */
export const StudentDashboardSchema = z.object({
  enrolled: z.number().int(),
  active: z.number().int(),
  completed: z.number().int(),
  wishlist: z.number().int(),
  reviews: z.number().int(),
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

/** GET /api/admin/dashboard — platform counters. */
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
});
export type AdminDashboard = z.infer<typeof AdminDashboardSchema>;
