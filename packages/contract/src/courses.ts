import { COURSE_CATEGORIES, type CourseCategory } from './constants/categories.js';
import {
  COURSE_LEVELS,
  COURSE_SORTS,
  COURSE_STATUSES,
  DEFAULT_COURSE_LEVEL,
  ENROLMENT_STATUSES,
} from './constants/courses.js';
import { videoEmbed } from './constants/video.js';
import { LIMITS } from './constants/limits.js';
import { DateTimeSchema, IdSchema, PageQuerySchema, optionalText, pageOf, requiredText, textInput } from './common.js';
import { PublicUserSchema } from './users.js';
import { z } from './zod.js';

// ---------------------------------------------------------------------------------------------
// Request schemas
// ---------------------------------------------------------------------------------------------

/** '' (no video) or an http(s) YouTube, Vimeo or direct .mp4/.webm/.ogg link. */
export const VideoLinkSchema = optionalText(LIMITS.videoLink).refine((value) => value === '' || videoEmbed(value), {
  error: 'must be a YouTube or Vimeo link, or a link to an .mp4, .webm or .ogg file',
});

/** One of the five lists: entries trimmed, empty entries dropped, then bounded. */
export const CourseListItemsSchema = z
  .array(optionalText(LIMITS.courseListItemLength))
  .transform((items) => items.filter((item) => item.length > 0))
  .pipe(
    z.array(z.string()).max(LIMITS.courseListItems, { error: `must have at most ${LIMITS.courseListItems} items` }),
  );

/** An enum whose missing value reads "is required" and whose wrong value names the choices. */
function choiceOf<const T extends readonly [string, ...string[]]>(values: T, wrong: string) {
  return z.enum(values, { error: (issue) => (issue.input === undefined ? 'is required' : wrong) });
}

const CourseCategorySchema = choiceOf(COURSE_CATEGORIES, 'must be one of the course categories');
const isCourseCategory = (value: string): value is CourseCategory =>
  (COURSE_CATEGORIES as readonly string[]).includes(value);
const CourseStatusSchema = choiceOf(COURSE_STATUSES, 'must be draft or published');
const CourseLevelSchema = choiceOf(COURSE_LEVELS, 'must be beginner, intermediate, advanced or all levels');

const courseFields = {
  title: requiredText(LIMITS.courseTitle),
  category: CourseCategorySchema,
  videoLink: VideoLinkSchema,
  /** Sanitised by the server; at most LIMITS.aboutCourse characters after sanitising. */
  aboutHtml: textInput(),
  learnItems: CourseListItemsSchema,
  materialItems: CourseListItemsSchema,
  requirementItems: CourseListItemsSchema,
  tagItems: CourseListItemsSchema,
  audienceItems: CourseListItemsSchema,
  status: CourseStatusSchema,
  level: CourseLevelSchema,
  /** Admins only: the teacher the course belongs to. */
  teacherId: IdSchema,
};

/** POST /api/courses — title and category required; everything else defaults to empty, status to draft. */
export const CreateCourseBodySchema = z.object({
  title: courseFields.title,
  category: courseFields.category,
  videoLink: courseFields.videoLink.default(''),
  aboutHtml: courseFields.aboutHtml.default(''),
  learnItems: courseFields.learnItems.default([]),
  materialItems: courseFields.materialItems.default([]),
  requirementItems: courseFields.requirementItems.default([]),
  tagItems: courseFields.tagItems.default([]),
  audienceItems: courseFields.audienceItems.default([]),
  status: courseFields.status.default('draft'),
  level: courseFields.level.default(DEFAULT_COURSE_LEVEL),
  teacherId: courseFields.teacherId.optional(),
});
export type CreateCourseBody = z.input<typeof CreateCourseBodySchema>;
export type CreateCourseInput = z.output<typeof CreateCourseBodySchema>;

/** PATCH /api/courses/:id — any subset of the fields; a list sent replaces the stored list. */
export const UpdateCourseBodySchema = z.object({
  title: courseFields.title.optional(),
  category: courseFields.category.optional(),
  videoLink: courseFields.videoLink.optional(),
  aboutHtml: courseFields.aboutHtml.optional(),
  learnItems: courseFields.learnItems.optional(),
  materialItems: courseFields.materialItems.optional(),
  requirementItems: courseFields.requirementItems.optional(),
  tagItems: courseFields.tagItems.optional(),
  audienceItems: courseFields.audienceItems.optional(),
  status: courseFields.status.optional(),
  level: courseFields.level.optional(),
  teacherId: courseFields.teacherId.optional(),
});
export type UpdateCourseBody = z.input<typeof UpdateCourseBodySchema>;
export type UpdateCourseInput = z.output<typeof UpdateCourseBodySchema>;

/** An optional query value; an empty one (a cleared select) counts as absent. */
function optionalQuery<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

/** GET /api/courses — the public catalogue. */
export const ListCoursesQuerySchema = PageQuerySchema.extend({
  /** Full-text search over title, tags and about; every word must match (prefixes count). */
  q: optionalQuery(optionalText(200)),
  /** One category, or several by repeating the parameter (`?category=Business&category=Acting`): any of them. */
  category: z.preprocess(
    (value) => {
      const values = (Array.isArray(value) ? value : [value]).filter((item) => item !== undefined && item !== '');
      return values.length > 0 ? values : undefined;
    },
    z
      .array(textInput())
      // Checked as a whole, so a wrong value reads "category must be …" whether one or several were sent.
      .refine((values) => values.every(isCourseCategory), { error: 'must be one of the course categories' })
      .transform((values) => [...new Set(values as CourseCategory[])])
      .optional(),
  ),
  sort: optionalQuery(choiceOf(COURSE_SORTS, 'must be newest, rating or popular')),
});
export type ListCoursesQuery = z.input<typeof ListCoursesQuerySchema>;

/** GET /api/teacher/courses — the caller's own courses, most recently updated first. */
export const TeacherCoursesQuerySchema = PageQuerySchema.extend({
  status: optionalQuery(CourseStatusSchema),
});
export type TeacherCoursesQuery = z.input<typeof TeacherCoursesQuerySchema>;

/** GET /api/admin/courses — every course of every teacher, most recently updated first (by relevance with q). */
export const AdminCoursesQuerySchema = PageQuerySchema.extend({
  q: optionalQuery(optionalText(200)),
  status: optionalQuery(CourseStatusSchema),
  category: optionalQuery(CourseCategorySchema),
  teacherId: optionalQuery(IdSchema),
});
export type AdminCoursesQuery = z.input<typeof AdminCoursesQuerySchema>;

/** GET /api/student/enrolments. */
export const EnrolmentsQuerySchema = PageQuerySchema.extend({
  status: z.preprocess(
    (value) => (value === '' ? undefined : value),
    choiceOf(['all', ...ENROLMENT_STATUSES], 'must be all, active or completed').default('all'),
  ),
});
export type EnrolmentsQuery = z.input<typeof EnrolmentsQuerySchema>;

/** GET /api/courses/recommended and /featured. */
export const CourseShelfQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(24).default(8),
});

/** GET /api/courses/popular — what students enrolled in most over the last `days` days. */
export const PopularCoursesQuerySchema = CourseShelfQuerySchema.extend({
  days: z.coerce
    .number()
    .int()
    .min(1, { error: 'must be at least 1' })
    .max(365, { error: 'must be at most 365' })
    .default(30),
});
export type PopularCoursesQuery = z.input<typeof PopularCoursesQuerySchema>;

export const CourseIdParamsSchema = z.object({ courseId: IdSchema });

/** GET /api/admin/teachers — the teachers an admin may write a course for, by name, username or e-mail. */
export const AdminTeachersQuerySchema = PageQuerySchema.extend({
  q: optionalQuery(optionalText(200)),
});
export type AdminTeachersQuery = z.input<typeof AdminTeachersQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Response schemas
// ---------------------------------------------------------------------------------------------

/** Real rating data: the average to one decimal (null without reviews) and the number of reviews. */
export const CourseRatingSchema = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
});
export type CourseRating = z.infer<typeof CourseRatingSchema>;

/** A course list item: everything a course card shows, without the full about HTML and lists. */
export const CourseCardSchema = z.object({
  id: IdSchema,
  title: z.string(),
  category: z.string(),
  /** The start of the about text as plain text (no HTML), at most ~200 characters. */
  excerpt: z.string(),
  status: z.enum(COURSE_STATUSES),
  teacher: PublicUserSchema,
  rating: CourseRatingSchema,
  enrolledCount: z.number().int(),
  publishedAt: DateTimeSchema.nullable(),
  /**
   * When an administrator unpublished the course, or null. While set the course is held for moderation: only
   * an administrator can publish it again (its teacher's attempt answers 403 COURSE_HELD_MESSAGE).
   */
  heldAt: DateTimeSchema.nullable(),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
export type CourseCard = z.infer<typeof CourseCardSchema>;

/** A whole course (GET /api/courses/:id and the answer to every write). `updatedAt` is "last updated". */
export const CourseSchema = z.object({
  id: IdSchema,
  title: z.string(),
  category: z.string(),
  videoLink: z.string(),
  /** Sanitised HTML (ABOUT_HTML allowlist): safe to render as is. */
  aboutHtml: z.string(),
  learnItems: z.array(z.string()),
  materialItems: z.array(z.string()),
  requirementItems: z.array(z.string()),
  tagItems: z.array(z.string()),
  audienceItems: z.array(z.string()),
  status: z.enum(COURSE_STATUSES),
  /** Who the course is for: shown as the Level row of the course details. */
  level: z.enum(COURSE_LEVELS),
  teacher: PublicUserSchema,
  rating: CourseRatingSchema,
  enrolledCount: z.number().int(),
  publishedAt: DateTimeSchema.nullable(),
  /** See CourseCardSchema.heldAt: set while an administrator's unpublish holds the course. */
  heldAt: DateTimeSchema.nullable(),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
export type Course = z.infer<typeof CourseSchema>;

export const CoursePageSchema = pageOf(CourseCardSchema);
export type CoursePage = z.infer<typeof CoursePageSchema>;

/** GET /api/courses/recommended and /featured: a short shelf, not paginated. */
export const CourseShelfSchema = z.object({ items: z.array(CourseCardSchema) });
export type CourseShelf = z.infer<typeof CourseShelfSchema>;

/** A course on the "students are viewing" shelf and how many students enrolled in it within the window. */
export const PopularCourseSchema = z.object({
  course: CourseCardSchema,
  recentEnrolments: z.number().int(),
});
export type PopularCourse = z.infer<typeof PopularCourseSchema>;

/**
 * GET /api/courses/popular: published courses with at least one enrolment in the last `days` days, the most such
 * enrolments first (then the newest). Fewer than `limit` items when fewer courses were enrolled in.
 */
export const PopularCourseShelfSchema = z.object({
  days: z.number().int(),
  items: z.array(PopularCourseSchema),
});
export type PopularCourseShelf = z.infer<typeof PopularCourseShelfSchema>;

/** GET /api/courses/:id/me — the caller's relation to a course. */
/**
 * DELETE /api/courses/:id. A course with enrolled students is deleted only with `confirm=true`, after the
 * client showed how many students lose it (ADR 018); without it the answer is 409 naming the count.
 */
export const DeleteCourseQuerySchema = z.object({
  confirm: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});
export type DeleteCourseQuery = z.input<typeof DeleteCourseQuerySchema>;

/** 409 of DELETE /api/courses/:id: students are enrolled; repeat with `confirm=true` to delete anyway. */
export const DeleteCourseConflictSchema = z.object({
  statusCode: z.literal(409),
  error: z.string(),
  message: z.string(),
  enrolledCount: z.number().int(),
});
export type DeleteCourseConflict = z.infer<typeof DeleteCourseConflictSchema>;

export const CourseViewerSchema = z.object({
  inWishlist: z.boolean(),
  enrolled: z.boolean(),
  enrolmentStatus: z.enum(ENROLMENT_STATUSES).nullable(),
  /** The caller may edit and delete the course (its teacher, or an admin). */
  canEdit: z.boolean(),
});
export type CourseViewer = z.infer<typeof CourseViewerSchema>;

/** PUT/DELETE /api/courses/:id/wishlist. */
export const WishlistStateSchema = z.object({ inWishlist: z.boolean() });
export type WishlistState = z.infer<typeof WishlistStateSchema>;

export const WishlistItemSchema = z.object({
  course: CourseCardSchema,
  addedAt: DateTimeSchema,
});
export type WishlistItem = z.infer<typeof WishlistItemSchema>;

export const WishlistPageSchema = pageOf(WishlistItemSchema);
export type WishlistPage = z.infer<typeof WishlistPageSchema>;

/** GET /api/admin/teachers: teachers in public form, ordered by name. */
/** A teacher in the admin's "on behalf of" picker: the public fields and the e-mail, which tells namesakes apart. */
export const TeacherOptionSchema = PublicUserSchema.extend({ email: z.string() });
export type TeacherOption = z.infer<typeof TeacherOptionSchema>;
export const TeacherPageSchema = pageOf(TeacherOptionSchema);
export type TeacherPage = z.infer<typeof TeacherPageSchema>;

/**
 * A student's enrolment in one course. Progress comes from the curriculum's one progress function (completed /
 * required published items); a course without a curriculum is completed when the student marks it so.
 */
export const EnrolmentSchema = z.object({
  courseId: IdSchema,
  status: z.enum(ENROLMENT_STATUSES),
  progressPercent: z.number().int(),
  /** Required published items completed, and their number (0 for a course without a curriculum). */
  completedItems: z.number().int(),
  totalItems: z.number().int(),
  /** The item the student opened last (where "continue" resumes), if any. */
  lastItemId: IdSchema.nullable(),
  enrolledAt: DateTimeSchema,
  completedAt: DateTimeSchema.nullable(),
});
export type Enrolment = z.infer<typeof EnrolmentSchema>;

export const EnrolmentItemSchema = EnrolmentSchema.extend({ course: CourseCardSchema });
export type EnrolmentItem = z.infer<typeof EnrolmentItemSchema>;

export const EnrolmentPageSchema = pageOf(EnrolmentItemSchema);
export type EnrolmentPage = z.infer<typeof EnrolmentPageSchema>;
