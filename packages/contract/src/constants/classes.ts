// ---------------------------------------------------------------------------------------------
// Classes, access codes, assignments, accommodations, calendar feed (issue 18, ADR 028).
// ---------------------------------------------------------------------------------------------

/**
 * The access code's alphabet: digits and capitals without the look-alikes 0/O, 1/I/L (and U/V), so a code
 * read off a projector is typed right. 7 characters of 29 symbols: about 17 billion codes.
 */
export const CLASS_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ';
export const CLASS_CODE_LENGTH = 7;

/** A typed code as the server compares it: upper case, spaces and dashes dropped. */
export function normaliseClassCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

export const CLASS_LIMITS = {
  name: 120,
  section: 80,
  subject: 80,
  coursesPerClass: 20,
  coTeachersPerClass: 10,
  announcementBody: 20_000,
  learnersPerAssignment: 500,
  /** Wrong access codes a signed-in user may try per window (ADR 028). */
  wrongCodesPerUser: 10,
  /**
   * Wrong access codes one IP address may try per window; past it, accounts with failures wait, while an account
   * without any still joins with the right code (a school behind one NAT is not locked out by one pupil).
   */
  wrongCodesPerIp: 60,
  wrongCodeWindowMinutes: 15,
} as const;

/** Extra-time factors a teacher can choose (or a number of minutes instead). */
export const EXTRA_TIME_FACTORS = [1.25, 1.5, 2] as const;

/** "Due soon": due within this many hours. */
export const DUE_SOON_HOURS = 72;

export const CLASS_MESSAGES = {
  wrongCode: 'No class has this access code',
  joiningClosed: 'This class is not accepting new students',
  archived: 'This class is archived and read-only',
  tooManyCodes: 'Joining with a code is paused for a while after many tries. Please wait 15 minutes and try again.',
  notFound: 'Class not found',
  noSuchTeacher: 'No teacher account has this e-mail address',
  notYourCourse: 'You can only add your own courses',
  notInClass: 'These learners are not in the class',
  itemNotInClass: 'This item is not in one of the class’s courses',
  calendarNotFound: 'Calendar feed not found',
} as const;

/** The teacher home's at-risk list (issue 52, ADR 070): absences from the sessions of this many days count. */
export const AT_RISK_ABSENCE_DAYS = 14;

/**
 * The values a teacher's at-risk thresholds may take (the home's query and the stored settings, issue 49 point 3);
 * `missingAssignments` at most the past-due assignments counted per class (TEACHER_HOME_LIMITS).
 */
export const AT_RISK_BOUNDS = {
  inactiveDays: { min: 1, max: 365 },
  missingAssignments: { min: 1, max: 50 },
  passingPercent: { min: 1, max: 100 },
  behindPoints: { min: 1, max: 100 },
  absences: { min: 1, max: 100 },
} as const;
