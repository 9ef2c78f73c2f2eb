// ---------------------------------------------------------------------------------------------
// Assessments: settings, attempts, release policy (issue 16, docs/decisions/025-assessments-and-attempts.md).
// ---------------------------------------------------------------------------------------------

export const ASSESSMENT_KINDS = ['quiz', 'exam', 'assignment'] as const;
export type AssessmentKind = (typeof ASSESSMENT_KINDS)[number];

/** Which attempt counts towards the grade. */
export const COUNTING_RULES = ['highest', 'latest', 'average'] as const;
export type CountingRule = (typeof COUNTING_RULES)[number];

/** When the learner sees their score, the correct answers, the feedback. */
export const RELEASE_POLICIES = ['immediately', 'after_due', 'manual'] as const;
export type ReleasePolicy = (typeof RELEASE_POLICIES)[number];

/**
 * When the learner sees the correct answers (Moodle's review timing, ADR 046): the release policies and
 * "after_last_attempt" — once they may not answer again (no attempt in progress and none left) or their close date
 * passed. The default for new assessments: released earlier, the key helps with the attempts left (issue 54.3).
 */
export const ANSWER_RELEASE_POLICIES = ['immediately', 'after_last_attempt', 'after_due', 'manual'] as const;
export type AnswerReleasePolicy = (typeof ANSWER_RELEASE_POLICIES)[number];

/**
 * The issue path of the 409 a release or a settings save answers when it would show the correct answers to students
 * who may still answer again; the same request with `confirm: true` goes ahead (ADR 046).
 */
export const CONFIRM_ANSWERS_PATH = 'confirm';

/** The 409's message: how many students would see the key while they may still start another attempt. */
export function answersWithAttemptsLeftMessage(students: number): string {
  const who =
    students === 1
      ? '1 student who may still start another attempt'
      : `${students} students who may still start another attempt`;
  return `This would show the correct answers to ${who}. They could use them in the attempts they have left.`;
}

/** When the assessment item counts as completed in the curriculum. */
export const COMPLETION_RULES = ['none', 'submitted', 'passed'] as const;
export type CompletionRule = (typeof COMPLETION_RULES)[number];

/** Questions shown one at a time (with a navigator) or all on one page. */
export const QUESTION_LAYOUTS = ['one_at_a_time', 'all'] as const;
export type QuestionLayout = (typeof QUESTION_LAYOUTS)[number];

export const ATTEMPT_STATUSES = ['in_progress', 'submitted', 'needs_grading', 'graded'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

export const ASSESSMENT_LIMITS = {
  title: 200,
  /** Instructions HTML after sanitising. */
  instructions: 50_000,
  maxPoints: 10_000,
  /** Minutes; a week. */
  timeLimitMinutes: 10_080,
  attemptsAllowed: 100,
  latePenaltyPercentPerDay: 100,
  parts: 50,
  questionsPerPart: 200,
  /** Questions drawn per "draw N by tag" part. */
  drawCount: 200,
  password: 200,
  /** Wrong access passwords one student may try per assessment per window; then 429 until it ends (issue 46.8). */
  wrongPasswordsPerWindow: 10,
  wrongPasswordWindowMinutes: 15,
  /** Seconds after the deadline during which a save or submit is still accepted (network, clock drift). */
  graceSeconds: 30,
} as const;

export const ASSESSMENT_MESSAGES = {
  notEnrolled: 'Enrol in this course to take this assessment',
  notOpen: 'This assessment is not open yet',
  closed: 'This assessment is closed',
  noAttemptsLeft: 'You have used all your attempts at this assessment',
  wrongPassword: 'The access password is not right',
  passwordRequired: 'This assessment needs its access password',
  tooManyPasswords: 'Too many wrong access passwords for this assessment. Wait 15 minutes, or ask your teacher.',
  deadlinePassed: 'The time for this attempt is over; it was submitted with the answers saved before the deadline',
  attemptClosed: 'This attempt has been submitted; answers can no longer change',
  notInAttempt: 'This question is not part of the attempt',
  noQuestions: 'This assessment has no questions yet',
  hasAttempts: 'Students have attempted this assessment: its questions can no longer change',
} as const;

/**
 * Files a student may hand in for a task (ADR 025, "Assignment file hand-ins"): what lesson attachments take —
 * PDF, images, office documents and OpenDocument, identified from the bytes — plus plain UTF-8 text (notes, code,
 * CSV) that holds no markup. Served back as downloads only.
 */
export const SUBMISSION_FILE_TYPES = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  /** Legacy .doc, .xls and .ppt (OLE compound files). */
  'application/x-cfb': 'doc',
  'text/plain': 'txt',
} as const satisfies Record<string, string>;

export const SUBMISSION_FILE_LIMITS = {
  /** Bytes of one handed-in file. */
  bytes: 20 * 1024 * 1024,
  /** Characters of the kept file name. */
  filename: 200,
} as const;

export const SUBMISSION_FILE_MESSAGES = {
  tooLarge: 'Files must be 20 MB or smaller',
  type: 'Hand in PDF, images (JPEG, PNG, WebP, GIF), office files (Word, Excel, PowerPoint, OpenDocument) or plain text',
  filesNotAllowed: 'This task takes a written answer only; files cannot be handed in',
  notATask: 'Only a task question takes files',
  fileNotFound: 'File not found',
} as const;
