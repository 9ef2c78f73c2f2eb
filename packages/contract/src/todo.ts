import { DateTimeSchema } from './common.js';
import { z } from './zod.js';

/** At most this many items per section of GET /api/me/todo; the rest is counted in the section's `more`. */
export const TODO_SECTION_LIMIT = 50;

/** One thing for the student to do (issue 49, ADR 057): work from a class, or a course's next lesson. */
export const StudentTodoItemSchema = z.object({
  kind: z.enum(['assessment', 'assignment', 'lesson']),
  /** The course item (lesson or assessment) it opens. */
  itemId: z.uuid(),
  title: z.string(),
  /** The class that set it (null for a course's next lesson). */
  classId: z.uuid().nullable(),
  className: z.string().nullable(),
  courseId: z.uuid(),
  courseName: z.string(),
  /** The learner's own due date (assignment's or assessment's, with their extension), ISO; the client formats it. */
  dueAt: DateTimeSchema.nullable(),
  /** Past the learner's own due date: handing it in now counts as late. */
  late: z.boolean(),
  /** The learner's accommodation moved the due date. */
  extended: z.boolean(),
  /** Where the work opens in the web app. */
  href: z.string(),
});
export type StudentTodoItem = z.infer<typeof StudentTodoItemSchema>;

const SectionSchema = z.object({
  items: z.array(StudentTodoItemSchema),
  /** Items of the section beyond the ones listed. */
  more: z.number().int().nonnegative(),
});

/** GET /api/me/todo: the student's to-do across all classes and courses, in this order of sections. */
export const StudentTodoSchema = z.object({
  /** Missing: past the learner's due date and not handed in, oldest first. */
  overdue: SectionSchema,
  /** Due before the end of the student's day, in their time zone. */
  today: SectionSchema,
  /** Due in the next 7 days after today. */
  week: SectionSchema,
  /** The next lesson of each course in progress, most recent first. */
  continue: SectionSchema,
  /** Mistake-notebook questions due for review today, and where to practise them. */
  review: z.object({ dueToday: z.number().int().nonnegative(), href: z.string() }),
  /** The end of the student's day (their time zone) the sections were cut at. */
  dayEndsAt: DateTimeSchema,
});
export type StudentTodo = z.infer<typeof StudentTodoSchema>;
