import { DateTimeSchema, requiredText } from './common.js';
import { AT_RISK_BOUNDS } from './constants/classes.js';
import { z } from './zod.js';

/**
 * When a student of a class is at risk (issue 49 point 3, ADR 061), unless the teacher's stored settings
 * (`PUT /api/me/teacher-home/settings`) or request (`GET /api/me/teacher-home?inactiveDays=…`) say otherwise: no
 * activity in the class's courses for `inactiveDays` days, at least `missingAssignments` assignments missing, a
 * counting course total under `passingPercent`, or progress over the class's courses `behindPoints` points or more
 * under the class's mean, or `absences` or more absences from the class's sessions of the last AT_RISK_ABSENCE_DAYS
 * days (issue 52, ADR 070).
 */
export const AT_RISK_DEFAULTS = {
  inactiveDays: 7,
  missingAssignments: 2,
  passingPercent: 50,
  behindPoints: 25,
  absences: 3,
} as const;

export { AT_RISK_ABSENCE_DAYS, AT_RISK_BOUNDS } from './constants/classes.js';

/** How much each part of the teacher's home lists at most (the rest is counted in `more`). */
export const TEACHER_HOME_LIMITS = {
  /** (course, assessment) groups of answers to grade. */
  gradingGroups: 20,
  /** Answers to grade looked at (counted): above it the counts are lower bounds (`capped`). */
  gradingAnswers: 1000,
  /** Assignments due in the next 7 days. */
  dueSoon: 20,
  /** Recent forum questions by the teacher's students. */
  questions: 5,
  /** The newest forum questions searched for the teacher's students. */
  questionsScanned: 1000,
  /** Classes (not archived, newest first) whose students are looked at. */
  classes: 20,
  /** Students looked at across those classes. */
  studentsScanned: 2000,
  /** At-risk students listed per class. */
  studentsPerClass: 20,
  /** Past-due assignments per class counted for "missing" (the most recent). */
  pastAssignmentsPerClass: 50,
} as const;

/** At most this many students in one message. */
export const MESSAGE_STUDENTS_MAX = 50;

const threshold = (key: keyof typeof AT_RISK_BOUNDS) =>
  z.coerce.number().int().min(AT_RISK_BOUNDS[key].min).max(AT_RISK_BOUNDS[key].max).optional();

/** Thresholds for this read only; each left out takes the teacher's stored one, else its default. */
export const TeacherHomeQuerySchema = z.object({
  inactiveDays: threshold('inactiveDays'),
  missingAssignments: threshold('missingAssignments'),
  passingPercent: threshold('passingPercent'),
  behindPoints: threshold('behindPoints'),
  absences: threshold('absences'),
});
export type TeacherHomeQuery = z.infer<typeof TeacherHomeQuerySchema>;

const stored = (key: keyof typeof AT_RISK_BOUNDS) =>
  z
    .number()
    .int()
    .min(AT_RISK_BOUNDS[key].min, { error: `must be at least ${AT_RISK_BOUNDS[key].min}` })
    .max(AT_RISK_BOUNDS[key].max, { error: `must be at most ${AT_RISK_BOUNDS[key].max}` });

/**
 * GET/PUT /api/me/teacher-home/settings: the teacher's own at-risk thresholds, kept until changed (a teacher who
 * never saved any has AT_RISK_DEFAULTS). The PUT names all of them.
 */
export const TeacherHomeSettingsSchema = z.strictObject({
  atRisk: z.strictObject({
    inactiveDays: stored('inactiveDays'),
    missingAssignments: stored('missingAssignments'),
    passingPercent: stored('passingPercent'),
    behindPoints: stored('behindPoints'),
    absences: stored('absences'),
  }),
});
export type TeacherHomeSettings = z.infer<typeof TeacherHomeSettingsSchema>;

export const AtRiskThresholdsSchema = z.object({
  inactiveDays: z.number().int(),
  missingAssignments: z.number().int(),
  passingPercent: z.number().int(),
  behindPoints: z.number().int(),
  absences: z.number().int(),
});
export type AtRiskThresholds = z.infer<typeof AtRiskThresholdsSchema>;

/** The answers waiting for the teacher in one assessment of one of their courses. */
export const ToGradeGroupSchema = z.object({
  courseId: z.uuid(),
  courseTitle: z.string(),
  assessmentId: z.uuid(),
  assessmentTitle: z.string(),
  answers: z.number().int().nonnegative(),
  /** When the oldest of them was handed in. */
  oldestAt: DateTimeSchema,
  /** The grading inbox of the course, filtered to the assessment. */
  href: z.string(),
});
export type ToGradeGroup = z.infer<typeof ToGradeGroupSchema>;

/** An assignment of one of the teacher's classes due in the next 7 days. */
export const DueSoonItemSchema = z.object({
  assignmentId: z.uuid(),
  classId: z.uuid(),
  className: z.string(),
  itemId: z.uuid(),
  title: z.string(),
  kind: z.enum(['lesson', 'assessment']),
  courseId: z.uuid(),
  dueAt: DateTimeSchema,
  learners: z.number().int().nonnegative(),
  submitted: z.number().int().nonnegative(),
  /** Learners who have not handed it in yet. */
  missing: z.number().int().nonnegative(),
  href: z.string(),
});
export type DueSoonItem = z.infer<typeof DueSoonItemSchema>;

/** A recent forum question by one of the teacher's students. */
export const TeacherHomeQuestionSchema = z.object({
  id: z.uuid(),
  question: z.string(),
  authorName: z.string(),
  answerCount: z.number().int().nonnegative(),
  createdAt: DateTimeSchema,
  href: z.string(),
});
export type TeacherHomeQuestion = z.infer<typeof TeacherHomeQuestionSchema>;

/** Why a student is at risk. */
export const AtRiskReasonSchema = z.discriminatedUnion('kind', [
  /** No activity for `days` days (since joining when never active: `lastActiveAt` null). */
  z.object({ kind: z.literal('inactive'), days: z.number().int(), lastActiveAt: DateTimeSchema.nullable() }),
  /** `count` assignments past the learner's own due date not handed in. */
  z.object({ kind: z.literal('missing'), count: z.number().int() }),
  /** The counting course total of `courseTitle` is under the passing score. */
  z.object({ kind: z.literal('grade'), percent: z.number(), courseId: z.uuid(), courseTitle: z.string() }),
  /** Progress over the class's courses well under the class's mean. */
  z.object({ kind: z.literal('behind'), percent: z.number().int(), classPercent: z.number().int() }),
  /** `count` absences from the class's sessions of the last `days` days (attendance, ADR 070). */
  z.object({ kind: z.literal('absences'), count: z.number().int(), days: z.number().int() }),
]);
export type AtRiskReason = z.infer<typeof AtRiskReasonSchema>;

export const AtRiskStudentSchema = z.object({
  studentId: z.uuid(),
  name: z.string(),
  reasons: z.array(AtRiskReasonSchema).min(1),
});
export type AtRiskStudent = z.infer<typeof AtRiskStudentSchema>;

export const AtRiskClassSchema = z.object({
  classId: z.uuid(),
  className: z.string(),
  students: z.array(AtRiskStudentSchema),
  /** At-risk students of the class beyond those listed. */
  more: z.number().int().nonnegative(),
  href: z.string(),
});
export type AtRiskClass = z.infer<typeof AtRiskClassSchema>;

/** GET /api/me/teacher-home: what needs the teacher now (issue 49 point 3, ADR 061). */
export const TeacherHomeSchema = z.object({
  toGrade: z.object({
    groups: z.array(ToGradeGroupSchema),
    /** Groups beyond those listed. */
    more: z.number().int().nonnegative(),
    /** Answers waiting in all (a lower bound when `capped`). */
    answers: z.number().int().nonnegative(),
    capped: z.boolean(),
  }),
  dueSoon: z.object({ items: z.array(DueSoonItemSchema), more: z.number().int().nonnegative() }),
  questions: z.array(TeacherHomeQuestionSchema),
  atRisk: z.object({ classes: z.array(AtRiskClassSchema), thresholds: AtRiskThresholdsSchema }),
});
export type TeacherHome = z.infer<typeof TeacherHomeSchema>;

/** POST /api/classes/:id/messages: a notification to chosen students of the class, from its teacher. */
export const MessageStudentsBodySchema = z.object({
  studentIds: z
    .array(z.uuid())
    .min(1, { error: 'must name at least one student' })
    .max(MESSAGE_STUDENTS_MAX, { error: `must name at most ${MESSAGE_STUDENTS_MAX} students` }),
  message: requiredText(1000),
});
export type MessageStudentsBody = z.infer<typeof MessageStudentsBodySchema>;

export const MessageStudentsResultSchema = z.object({ sent: z.number().int().nonnegative() });
export type MessageStudentsResult = z.infer<typeof MessageStudentsResultSchema>;
