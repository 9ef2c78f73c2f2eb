import { ADMIN_SEARCH_MAX, ADMIN_USER_SORTS, MANAGED_ROLES, SORT_ORDERS } from './constants/admin.js';
import { COURSE_STATUSES, ENROLMENT_STATUSES } from './constants/courses.js';
import { USER_STATUSES } from './constants/roles.js';
import { DateTimeSchema, IdSchema, PageQuerySchema, optionalText, pageOf } from './common.js';
import { ProfileSchema, PublicUserSchema } from './users.js';
import { z } from './zod.js';

// ---------------------------------------------------------------------------------------------
// Request schemas
// ---------------------------------------------------------------------------------------------

/** An enum whose missing value reads "is required" and whose wrong value names the choices. */
function choiceOf<const T extends readonly [string, ...string[]]>(values: T, wrong: string) {
  return z.enum(values, { error: (issue) => (issue.input === undefined ? 'is required' : wrong) });
}

/** An optional query value; an empty one (a cleared field) counts as absent. */
function optionalQuery<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

const ManagedRoleSchema = choiceOf(MANAGED_ROLES, 'must be student or teacher');

const userFilters = {
  role: ManagedRoleSchema,
  /** Part of the name ("first last"), username or e-mail, in any letter case. */
  q: optionalQuery(optionalText(ADMIN_SEARCH_MAX)),
  /** Default: joined. */
  sort: optionalQuery(choiceOf(ADMIN_USER_SORTS, 'must be name, joined or activity')),
  /** Default: DEFAULT_SORT_ORDER of the sort. */
  order: optionalQuery(choiceOf(SORT_ORDERS, 'must be asc or desc')),
};

/** GET /api/admin/users — one page of students or teachers. */
export const AdminUsersQuerySchema = PageQuerySchema.extend(userFilters);
export type AdminUsersQuery = z.input<typeof AdminUsersQuerySchema>;
export type AdminUsersInput = z.output<typeof AdminUsersQuerySchema>;

/** GET /api/admin/users/export.csv — the same filtered, sorted list, every page. */
export const AdminUsersExportQuerySchema = z.object(userFilters);
export type AdminUsersExportQuery = z.input<typeof AdminUsersExportQuerySchema>;
export type AdminUsersExportInput = z.output<typeof AdminUsersExportQuerySchema>;

/** POST /api/admin/users/:id/role — a student becomes a teacher or back. */
export const ChangeRoleBodySchema = z.object({ role: ManagedRoleSchema });
export type ChangeRoleBody = z.infer<typeof ChangeRoleBodySchema>;

// ---------------------------------------------------------------------------------------------
// Response schemas
// ---------------------------------------------------------------------------------------------

/** A row of the student or teacher list. */
export const AdminUserSchema = PublicUserSchema.extend({
  email: z.string(),
  phone: z.string(),
  status: z.enum(USER_STATUSES),
  createdAt: DateTimeSchema,
  /** Students: their enrolments (active and completed). */
  enrolmentCount: z.number().int().optional(),
  /** Teachers: their courses (published and draft). */
  courseCount: z.number().int().optional(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUserPageSchema = pageOf(AdminUserSchema);
export type AdminUserPage = z.infer<typeof AdminUserPageSchema>;

const CourseRefSchema = z.object({ id: IdSchema, title: z.string() });

/** A student's enrolment as the admin sees it. */
export const AdminEnrolmentSchema = z.object({
  course: CourseRefSchema,
  status: z.enum(ENROLMENT_STATUSES),
  progressPercent: z.number().int(),
  enrolledAt: DateTimeSchema,
  completedAt: DateTimeSchema.nullable(),
});
export type AdminEnrolment = z.infer<typeof AdminEnrolmentSchema>;

/** A teacher's course as the admin sees it. */
export const AdminTeacherCourseSchema = z.object({
  id: IdSchema,
  title: z.string(),
  category: z.string(),
  status: z.enum(COURSE_STATUSES),
  enrolledCount: z.number().int(),
  updatedAt: DateTimeSchema,
});
export type AdminTeacherCourse = z.infer<typeof AdminTeacherCourseSchema>;

/** A review with its course and author, for moderation. */
export const AdminReviewSchema = z.object({
  id: IdSchema,
  course: CourseRefSchema,
  student: PublicUserSchema,
  rating: z.number().int(),
  text: z.string(),
  createdAt: DateTimeSchema,
});
export type AdminReview = z.infer<typeof AdminReviewSchema>;

export const AdminForumQuestionSchema = z.object({
  id: IdSchema,
  question: z.string(),
  answerCount: z.number().int(),
  createdAt: DateTimeSchema,
});
export type AdminForumQuestion = z.infer<typeof AdminForumQuestionSchema>;

export const AdminForumAnswerSchema = z.object({
  id: IdSchema,
  /** The answer as written (plain text). */
  answer: z.string(),
  question: z.object({ id: IdSchema, question: z.string() }),
  createdAt: DateTimeSchema,
});
export type AdminForumAnswer = z.infer<typeof AdminForumAnswerSchema>;

/** The latest ADMIN_DETAILS_LIMIT items of a list and how many there are in all. */
function latestOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int() });
}

/**
 * GET /api/admin/users/:id — everything the details drawer shows. `enrolments` for students and `courses`
 * for teachers (the other is empty); `reviews` are those a student wrote, or those on a teacher's courses.
 */
export const AdminUserDetailsSchema = z.object({
  profile: ProfileSchema,
  enrolments: latestOf(AdminEnrolmentSchema),
  courses: latestOf(AdminTeacherCourseSchema),
  reviews: latestOf(AdminReviewSchema),
  questions: latestOf(AdminForumQuestionSchema),
  answers: latestOf(AdminForumAnswerSchema),
});
export type AdminUserDetails = z.infer<typeof AdminUserDetailsSchema>;
