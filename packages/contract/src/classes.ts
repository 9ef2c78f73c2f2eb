import { CLASS_CODE_LENGTH, CLASS_LIMITS, EXTRA_TIME_FACTORS } from './constants/classes.js';
import { COURSE_ITEM_KINDS } from './constants/curriculum.js';
import { DateTimeSchema, IdSchema, optionalText, pageOf, PageQuerySchema, requiredText, textInput } from './common.js';
import { z } from './zod.js';

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** An instant with its offset or Z (a browser sends its own zone's offset). */
const InstantSchema = z.iso.datetime({ offset: true, error: 'must be a date and time' });
const DaySchema = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });
const EmailInput = textInput()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'must be an e-mail address' }).max(254));

export const ClassParamsSchema = z.object({ id: IdSchema });
/** The class's gradebook: one of the class's courses, a page of the class's members. */
export const ClassGradebookQuerySchema = PageQuerySchema.extend({ courseId: IdSchema });
export type ClassGradebookQuery = z.infer<typeof ClassGradebookQuerySchema>;
export const ClassMemberParamsSchema = z.object({ id: IdSchema, studentId: IdSchema });
export const ClassTeacherParamsSchema = z.object({ id: IdSchema, teacherId: IdSchema });
export const ClassAssignmentParamsSchema = z.object({ id: IdSchema, assignmentId: IdSchema });
export const CalendarFeedParamsSchema = z.object({ token: z.string().max(100) });

const classFields = {
  name: requiredText(CLASS_LIMITS.name),
  section: optionalText(CLASS_LIMITS.section),
  subject: optionalText(CLASS_LIMITS.subject),
  startsOn: DaySchema.nullable(),
  endsOn: DaySchema.nullable(),
  courseIds: z.array(IdSchema).max(CLASS_LIMITS.coursesPerClass, { error: 'too many courses' }),
};

/** POST /api/classes — a new class with a fresh access code; joining is open. */
export const CreateClassBodySchema = z
  .strictObject({
    ...classFields,
    section: classFields.section.default(''),
    subject: classFields.subject.default(''),
    startsOn: classFields.startsOn.default(null),
    endsOn: classFields.endsOn.default(null),
    courseIds: classFields.courseIds.min(1, { error: 'choose at least one course' }),
    coTeacherEmails: z.array(EmailInput).max(CLASS_LIMITS.coTeachersPerClass).default([]),
  })
  .refine((b) => !b.startsOn || !b.endsOn || b.endsOn >= b.startsOn, {
    path: ['endsOn'],
    error: 'must be on or after the start date',
  });
export type CreateClassBody = z.input<typeof CreateClassBodySchema>;

/**
 * PATCH /api/classes/:id — any of the fields; `courseIds` replaces the list (members are enrolled in added
 * courses, never unenrolled). An archived class accepts only `{ archived: false }`.
 */
export const UpdateClassBodySchema = z.strictObject({
  name: classFields.name.optional(),
  section: classFields.section.optional(),
  subject: classFields.subject.optional(),
  startsOn: classFields.startsOn.optional(),
  endsOn: classFields.endsOn.optional(),
  courseIds: classFields.courseIds.min(1, { error: 'choose at least one course' }).optional(),
  joiningOpen: z.boolean().optional(),
  archived: z.boolean().optional(),
});
export type UpdateClassBody = z.input<typeof UpdateClassBodySchema>;

/** POST /api/classes/join — any case, spaces and dashes ignored. */
export const JoinClassBodySchema = z.strictObject({
  code: textInput().max(2 * CLASS_CODE_LENGTH + 10, { error: 'is not an access code' }),
});
export type JoinClassBody = z.input<typeof JoinClassBodySchema>;

export const AddCoTeacherBodySchema = z.strictObject({ email: EmailInput });
export type AddCoTeacherBody = z.input<typeof AddCoTeacherBodySchema>;

/** POST /api/classes/:id/announcements — rich text, sanitised by the server. */
export const CreateAnnouncementBodySchema = z.strictObject({
  bodyHtml: textInput()
    .trim()
    .min(1, { error: 'is required' })
    .max(CLASS_LIMITS.announcementBody, { error: `must be at most ${CLASS_LIMITS.announcementBody} characters` }),
  /** "Also e-mail it now": members whose choice for announcements is the daily digest get it at once (not "off"). */
  emailNow: z.boolean().optional(),
});
export type CreateAnnouncementBody = z.input<typeof CreateAnnouncementBodySchema>;

/**
 * POST /api/classes/:id/assignments — a lesson ("read this by") or an assessment item of one of the class's
 * courses, for the whole class (no `learnerIds`) or for chosen learners of it; dates optional, in order.
 */
export const CreateAssignmentBodySchema = z
  .strictObject({
    itemId: IdSchema,
    learnerIds: z.array(IdSchema).min(1).max(CLASS_LIMITS.learnersPerAssignment).optional(),
    opensAt: InstantSchema.nullable().default(null),
    dueAt: InstantSchema.nullable().default(null),
    closesAt: InstantSchema.nullable().default(null),
  })
  .refine((b) => !b.opensAt || !b.dueAt || Date.parse(b.dueAt) >= Date.parse(b.opensAt), {
    path: ['dueAt'],
    error: 'must be after the opening date',
  })
  .refine((b) => !b.dueAt || !b.closesAt || Date.parse(b.closesAt) >= Date.parse(b.dueAt), {
    path: ['closesAt'],
    error: 'must be after the due date',
  });
export type CreateAssignmentBody = z.input<typeof CreateAssignmentBodySchema>;

/**
 * PATCH /api/classes/:id/assignments/:assignmentId — change the dates (null clears one) and whom it is for: chosen
 * learners (`learnerIds`) or the whole class (`learnerIds: null`). Omitted fields keep their value; the dates that
 * result must stay in order. Learners it newly reaches are notified as for a new assignment.
 */
export const UpdateAssignmentBodySchema = z.strictObject({
  learnerIds: z.array(IdSchema).min(1).max(CLASS_LIMITS.learnersPerAssignment).nullable().optional(),
  opensAt: InstantSchema.nullable().optional(),
  dueAt: InstantSchema.nullable().optional(),
  closesAt: InstantSchema.nullable().optional(),
});
export type UpdateAssignmentBody = z.input<typeof UpdateAssignmentBodySchema>;

/**
 * Where a learner stands on an assignment, as Google Classroom's lists: `turned-in` (submitted or done; `late` says
 * whether after their own due date), `missing` (past their own due date without it) and `assigned` (not done, not
 * yet due — or no due date for them, as for a learner who joined the class after it).
 */
export const ASSIGNMENT_LEARNER_STATUSES = ['turned-in', 'assigned', 'missing'] as const;
export type AssignmentLearnerStatus = (typeof ASSIGNMENT_LEARNER_STATUSES)[number];

/** GET /api/classes/:id/assignments/:assignmentId/learners — a page of one list (or, without `status`, of all), by name. */
export const AssignmentLearnersQuerySchema = PageQuerySchema.extend({
  status: z.enum(ASSIGNMENT_LEARNER_STATUSES).optional(),
});
export type AssignmentLearnersQuery = z.input<typeof AssignmentLearnersQuerySchema>;

/**
 * PUT /api/classes/:id/members/:studentId/accommodation — the learner's accommodation in the class, or for one
 * assignment (`assignmentId`), which then replaces the class-wide one. Extra time is a factor or minutes.
 */
export const AccommodationBodySchema = z
  .strictObject({
    assignmentId: IdSchema.nullable().default(null),
    extraTimeFactor: z
      .number()
      .refine((v) => (EXTRA_TIME_FACTORS as readonly number[]).includes(v), { error: 'must be 1.25, 1.5 or 2' })
      .nullable()
      .default(null),
    extraTimeMinutes: z.number().int().min(1).max(1440).nullable().default(null),
    dueExtensionHours: z.number().int().min(0).max(8760).default(0),
    extraAttempts: z.number().int().min(0).max(20).default(0),
  })
  .refine((b) => b.extraTimeFactor === null || b.extraTimeMinutes === null, {
    path: ['extraTimeMinutes'],
    error: 'choose a factor or minutes, not both',
  });
export type AccommodationBody = z.input<typeof AccommodationBodySchema>;

export const AccommodationQuerySchema = z.object({ assignmentId: IdSchema.optional() });

export const ListClassesQuerySchema = PageQuerySchema.extend({
  archived: z.enum(['true', 'false']).default('false'),
});
export type ListClassesQuery = z.input<typeof ListClassesQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export const AccommodationSchema = z.object({
  assignmentId: IdSchema.nullable(),
  extraTimeFactor: z.number().nullable(),
  extraTimeMinutes: z.number().int().nullable(),
  dueExtensionHours: z.number().int(),
  extraAttempts: z.number().int(),
});
export type Accommodation = z.infer<typeof AccommodationSchema>;

export const ClassCourseSchema = z.object({ id: IdSchema, title: z.string() });
export const ClassPersonSchema = z.object({ id: IdSchema, name: z.string(), email: z.string().optional() });

/** A class as its teachers see it (the code, the invite path, every setting). */
export const TeacherClassSchema = z.object({
  id: IdSchema,
  name: z.string(),
  section: z.string(),
  subject: z.string(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  code: z.string(),
  joiningOpen: z.boolean(),
  archived: z.boolean(),
  ownerId: IdSchema,
  teachers: z.array(ClassPersonSchema),
  courses: z.array(ClassCourseSchema),
  memberCount: z.number().int(),
  createdAt: DateTimeSchema,
});
export type TeacherClass = z.infer<typeof TeacherClassSchema>;

export const ClassSummarySchema = z.object({
  id: IdSchema,
  name: z.string(),
  section: z.string(),
  subject: z.string(),
  archived: z.boolean(),
  memberCount: z.number().int(),
  /** For teachers only. */
  code: z.string().optional(),
  teacherName: z.string(),
});
export type ClassSummary = z.infer<typeof ClassSummarySchema>;
export const ClassSummaryPageSchema = pageOf(ClassSummarySchema);

/** A class as a member sees it: no code, no roster; the caller's own accommodation only. */
export const StudentClassSchema = z.object({
  id: IdSchema,
  name: z.string(),
  section: z.string(),
  subject: z.string(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  archived: z.boolean(),
  teachers: z.array(ClassPersonSchema.omit({ email: true })),
  courses: z.array(ClassCourseSchema),
  accommodation: AccommodationSchema.nullable(),
});
export type StudentClass = z.infer<typeof StudentClassSchema>;

export const JoinedClassSchema = z.object({ classId: IdSchema, name: z.string(), alreadyMember: z.boolean() });
export type JoinedClass = z.infer<typeof JoinedClassSchema>;

export const RosterEntrySchema = z.object({
  studentId: IdSchema,
  name: z.string(),
  email: z.string(),
  joinedAt: DateTimeSchema,
  /** Mean of the curriculum's progress over the class's courses (0–100). */
  progressPercent: z.number().int(),
  lastActivityAt: DateTimeSchema.nullable(),
  accommodation: AccommodationSchema.nullable(),
  /** Per class course: the course total from the gradebook's counting scores (null: nothing graded yet). */
  grades: z.array(z.object({ courseId: IdSchema, courseTitle: z.string(), percent: z.number().nullable() })),
});
export type RosterEntry = z.infer<typeof RosterEntrySchema>;
export const RosterPageSchema = pageOf(RosterEntrySchema);

export const AnnouncementSchema = z.object({
  id: IdSchema,
  bodyHtml: z.string(),
  authorName: z.string().nullable(),
  createdAt: DateTimeSchema,
});
export type Announcement = z.infer<typeof AnnouncementSchema>;
export const AnnouncementPageSchema = pageOf(AnnouncementSchema);

export const AssignmentSchema = z.object({
  id: IdSchema,
  itemId: IdSchema,
  itemKind: z.enum(COURSE_ITEM_KINDS),
  title: z.string(),
  courseId: IdSchema,
  courseTitle: z.string(),
  wholeClass: z.boolean(),
  learnerCount: z.number().int(),
  opensAt: DateTimeSchema.nullable(),
  dueAt: DateTimeSchema.nullable(),
  closesAt: DateTimeSchema.nullable(),
  /** Learners assigned who completed the item; of them, after their own due date. */
  doneCount: z.number().int(),
  lateCount: z.number().int(),
  /** Learners past their own due date without completing it (not those who joined the class after it). */
  missingCount: z.number().int(),
  /** Learners with an accommodation for this assignment (their own or class-wide). */
  accommodatedCount: z.number().int(),
  /** Who has which accommodation on this assignment (the first 10 by name; `accommodatedCount` says how many). */
  accommodations: z.array(z.object({ studentId: IdSchema, name: z.string(), accommodation: AccommodationSchema })),
});
export type Assignment = z.infer<typeof AssignmentSchema>;
export const AssignmentPageSchema = pageOf(AssignmentSchema);

/** A learner of an assignment in one of its lists. */
export const AssignmentLearnerSchema = z.object({
  studentId: IdSchema,
  name: z.string(),
  email: z.string(),
  status: z.enum(ASSIGNMENT_LEARNER_STATUSES),
  /** Their own due date (the assignment's, else the assessment's, moved by their extension); null: none for them. */
  dueAt: DateTimeSchema.nullable(),
  /** When they submitted (an assessment's first submission) or completed (a lesson). */
  turnedInAt: DateTimeSchema.nullable(),
  late: z.boolean(),
});
export type AssignmentLearner = z.infer<typeof AssignmentLearnerSchema>;
export const AssignmentLearnerPageSchema = pageOf(AssignmentLearnerSchema);

export const TODO_STATUSES = ['assigned', 'due-soon', 'missing', 'done'] as const;

/** One assignment on a learner's to-do: dates already adjusted by their accommodation. */
export const TodoItemSchema = z.object({
  assignmentId: IdSchema,
  itemId: IdSchema,
  itemKind: z.enum(COURSE_ITEM_KINDS),
  title: z.string(),
  courseId: IdSchema,
  courseTitle: z.string(),
  opensAt: DateTimeSchema.nullable(),
  dueAt: DateTimeSchema.nullable(),
  closesAt: DateTimeSchema.nullable(),
  /** The learner's own time limit in minutes (accommodation included); null: untimed or a lesson. */
  timeLimitMinutes: z.number().nullable(),
  status: z.enum(TODO_STATUSES),
  completedAt: DateTimeSchema.nullable(),
  accommodation: AccommodationSchema.nullable(),
});
export type TodoItem = z.infer<typeof TodoItemSchema>;
export const TodoPageSchema = pageOf(TodoItemSchema);

/** A member's own counting score on an assessment assigned to them in the class ("Grades" tab). */
export const ClassGradeSchema = z.object({
  assignmentId: IdSchema,
  itemId: IdSchema,
  title: z.string(),
  courseId: IdSchema,
  courseTitle: z.string(),
  /** The learner's own due date (assignment and accommodation applied). */
  dueAt: DateTimeSchema.nullable(),
  maxPoints: z.number(),
  /** False until the assessment's score release policy releases it to this learner: then no numbers. */
  released: z.boolean(),
  points: z.number().nullable(),
  percent: z.number().nullable(),
  pending: z.boolean(),
  late: z.boolean(),
  attempts: z.number().int(),
});
export type ClassGrade = z.infer<typeof ClassGradeSchema>;
export const ClassGradePageSchema = pageOf(ClassGradeSchema);

export const CalendarFeedSchema = z.object({ url: z.string() });
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;

/** The longest range one calendar request covers: a month view's six weeks, with a day to spare either side. */
export const CALENDAR_MAX_DAYS = 44;

/** GET /api/me/calendar/events: the caller's dated work from `from` (inclusive) to `to` (exclusive). */
export const CalendarEventsQuerySchema = z
  .object({ from: InstantSchema, to: InstantSchema })
  .refine((range) => Date.parse(range.to) > Date.parse(range.from), { error: 'must end after it starts', path: ['to'] })
  .refine((range) => Date.parse(range.to) - Date.parse(range.from) <= CALENDAR_MAX_DAYS * 86_400_000, {
    error: `may span at most ${CALENDAR_MAX_DAYS} days`,
    path: ['to'],
  });
export type CalendarEventsQuery = z.infer<typeof CalendarEventsQuerySchema>;

/**
 * One dated thing in the caller's calendar, the same as an event of their iCalendar feed: an assignment's due date,
 * the learner's own (their accommodation applied), with its class and where to open it.
 */
export const CalendarEventSchema = z.object({
  id: IdSchema,
  title: z.string(),
  at: DateTimeSchema,
  classId: IdSchema,
  className: z.string(),
  courseTitle: z.string(),
  /** The learner's status of the work (a student's calendar); null in a teacher's. */
  status: z.enum(TODO_STATUSES).nullable(),
});
export type CalendarEvent = z.infer<typeof CalendarEventSchema>;
export const CalendarEventsSchema = z.object({ items: z.array(CalendarEventSchema) });
export type CalendarEvents = z.infer<typeof CalendarEventsSchema>;
