import { z } from 'zod';
import { COURSE_CATEGORIES } from './categories.js';
import { DateTimeSchema, IdSchema, PageQuerySchema, optionalText, pageOf, requiredText } from './common.js';
import { RICH_TEXT } from './constants.js';
import { LIMITS } from './limits.js';
import { PublicUserSchema } from './users.js';

export const COURSE_STATUSES = ['draft', 'published'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

export const ENROLMENT_STATUSES = ['active', 'completed'] as const;
export type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];

/** Catalogue orders: newest published, top rated, most enrolled. Without `sort`, a search orders by relevance. */
export const COURSE_SORTS = ['newest', 'rating', 'popular'] as const;
export type CourseSort = (typeof COURSE_SORTS)[number];

/** The five list fields of a course, in the order of the Add Course form. */
export const COURSE_LIST_FIELDS = [
  'learnItems',
  'materialItems',
  'requirementItems',
  'tagItems',
  'audienceItems',
] as const;
export type CourseListField = (typeof COURSE_LIST_FIELDS)[number];

// ---------------------------------------------------------------------------------------------
// Rich text: what the About Course editor may produce and the server keeps (docs/decisions/005).
// ---------------------------------------------------------------------------------------------

/**
 * The About Course HTML allowlist. Indentation is a class `ql-indent-N` (N = 1..8) on a block,
 * the same representation the v1 client's editor writes, so old and new content render alike.
 * Links keep only an http, https, mailto or tel `href`; the server adds `rel` and `target`.
 */
export const ABOUT_HTML = {
  tags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'code',
    'hr',
    'span',
    'a',
  ],
  /** Blocks that may carry an indent class. */
  indentableTags: ['p', 'h1', 'h2', 'h3', 'li', 'blockquote'],
  indentClassPrefix: 'ql-indent-',
  linkRel: 'noopener noreferrer nofollow',
  linkTarget: '_blank',
} as const;

/** The class for an indent level (1..RICH_TEXT.maxIndent); level 0 means no class. */
export function indentClass(level: number): string | null {
  const n = Math.trunc(level);
  if (n < 1) return null;
  return `${ABOUT_HTML.indentClassPrefix}${Math.min(n, RICH_TEXT.maxIndent)}`;
}

/** The indent level a class attribute value expresses, 0 when none. */
export function indentLevelOf(className: string | null | undefined): number {
  const match = /(?:^|\s)ql-indent-([1-8])(?:\s|$)/.exec(className ?? '');
  return match ? Number(match[1]) : 0;
}

/** True for an absolute http(s), mailto or tel address: the only links About HTML keeps. */
export function isAllowedLinkHref(href: string): boolean {
  const value = href.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (!scheme || !(RICH_TEXT.linkProtocols as readonly string[]).includes(scheme)) return false;
  if (scheme === 'http' || scheme === 'https') {
    try {
      return Boolean(new URL(value).hostname);
    } catch {
      return false;
    }
  }
  return value.length > scheme.length + 1;
}

// ---------------------------------------------------------------------------------------------
// Video links
// ---------------------------------------------------------------------------------------------

export type VideoEmbed = { kind: 'youtube' | 'vimeo' | 'file'; src: string };

export const VIDEO_FILE_EXTENSIONS = ['.mp4', '.webm', '.ogg'] as const;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * How to play a course's video link: a YouTube or Vimeo embed URL (privacy-enhanced host for
 * YouTube), or the file itself for an HTML5 `<video>`. Null for anything else, including ''.
 */
export function videoEmbed(link: string | null | undefined): VideoEmbed | null {
  const value = (link ?? '').trim();
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  const host = url.hostname.toLowerCase().replace(/^(www|m)\./, '');
  const segments = url.pathname.split('/').filter(Boolean);

  if (host === 'youtube.com' || host === 'youtube-nocookie.com' || host === 'youtu.be') {
    let id: string | null | undefined;
    if (host === 'youtu.be') id = segments[0];
    else if (url.pathname === '/watch') id = url.searchParams.get('v');
    else if (['embed', 'shorts', 'live', 'v'].includes(segments[0] ?? '')) id = segments[1];
    if (!id || !YOUTUBE_ID.test(id)) return null;
    return { kind: 'youtube', src: `https://www.youtube-nocookie.com/embed/${id}` };
  }

  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = [...segments].reverse().find((segment) => /^\d{5,12}$/.test(segment));
    if (!id) return null;
    const hash = segments[segments.indexOf(id) + 1];
    const query = hash && /^[0-9a-f]{6,20}$/i.test(hash) ? `?h=${hash}` : '';
    return { kind: 'vimeo', src: `https://player.vimeo.com/video/${id}${query}` };
  }

  const path = url.pathname.toLowerCase();
  if (VIDEO_FILE_EXTENSIONS.some((extension) => path.endsWith(extension))) {
    return { kind: 'file', src: url.toString() };
  }
  return null;
}

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
const CourseStatusSchema = choiceOf(COURSE_STATUSES, 'must be draft or published');

const courseFields = {
  title: requiredText(LIMITS.courseTitle),
  category: CourseCategorySchema,
  videoLink: VideoLinkSchema,
  /** Sanitised by the server; at most LIMITS.aboutCourse characters after sanitising. */
  aboutHtml: z.string(),
  learnItems: CourseListItemsSchema,
  materialItems: CourseListItemsSchema,
  requirementItems: CourseListItemsSchema,
  tagItems: CourseListItemsSchema,
  audienceItems: CourseListItemsSchema,
  status: CourseStatusSchema,
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
  category: optionalQuery(CourseCategorySchema),
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
  teacher: PublicUserSchema,
  rating: CourseRatingSchema,
  enrolledCount: z.number().int(),
  publishedAt: DateTimeSchema.nullable(),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
export type Course = z.infer<typeof CourseSchema>;

export const CoursePageSchema = pageOf(CourseCardSchema);
export type CoursePage = z.infer<typeof CoursePageSchema>;

/** GET /api/courses/recommended and /featured: a short shelf, not paginated. */
export const CourseShelfSchema = z.object({ items: z.array(CourseCardSchema) });
export type CourseShelf = z.infer<typeof CourseShelfSchema>;

/** GET /api/courses/:id/me — the caller's relation to a course. */
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

/** GET /api/admin/teachers: teachers in public form, ordered by name. */
export const TeacherPageSchema = pageOf(PublicUserSchema);
export type TeacherPage = z.infer<typeof TeacherPageSchema>;

/** A student's enrolment in one course. A course is completed when the student marks it so (until lessons exist). */
export const EnrolmentSchema = z.object({
  courseId: IdSchema,
  status: z.enum(ENROLMENT_STATUSES),
  progressPercent: z.number().int(),
  enrolledAt: DateTimeSchema,
  completedAt: DateTimeSchema.nullable(),
});
export type Enrolment = z.infer<typeof EnrolmentSchema>;

export const EnrolmentItemSchema = EnrolmentSchema.extend({ course: CourseCardSchema });
export type EnrolmentItem = z.infer<typeof EnrolmentItemSchema>;

export const EnrolmentPageSchema = pageOf(EnrolmentItemSchema);
