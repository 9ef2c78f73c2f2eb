export const COURSE_STATUSES = ['draft', 'published'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

/** Who a course is for (spec: the course details' Level row); a course says "all levels" unless its author chose. */
export const COURSE_LEVELS = ['beginner', 'intermediate', 'advanced', 'all levels'] as const;
export type CourseLevel = (typeof COURSE_LEVELS)[number];
export const DEFAULT_COURSE_LEVEL: CourseLevel = 'all levels';
export const COURSE_LEVEL_LABELS: Record<CourseLevel, string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
  'all levels': 'All levels',
};

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

/**
 * Why a teacher cannot publish a course an administrator unpublished (the 403 of PATCH /api/courses/:id, and the
 * notice the teacher's course list and editor show while `heldAt` is set).
 */
export const COURSE_HELD_MESSAGE =
  'This course was unpublished by an administrator and is held for review: only an administrator can publish it again';
