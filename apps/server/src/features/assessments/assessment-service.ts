import type { Db } from '#db/client.js';
import type { AttemptCounter, Clock } from '#lib/attempt-counter.js';
import type { ChangeFeed } from '#lib/pages-showing-courses.js';
import type { AssessmentContext } from './assessment-shared.js';
import { createAttemptLog } from './attempt-log.js';
import { submitLocked } from './attempt-submission.js';
import { createAttemptTaking } from './attempt-taking.js';
import { createAuthoringLayout, createAuthoringSettings } from './authoring.js';
import { createMyAttempts } from './my-attempts.js';
import { createStartInfo, createStarting } from './starting.js';

export { ASSESSMENT_NOT_FOUND, ATTEMPT_NOT_FOUND } from './assessment-shared.js';
export { autoSubmitOverdueAttempts } from './attempt-submission.js';

export interface AssessmentServiceOptions {
  clock: Clock;
  /**
   * Wrong access passwords per (student, assessment), on the app's shared attempt counter (Redis when configured,
   * so every app process counts together; ADR 022's counter). Without it, counted in this process.
   */
  attempts?: AttemptCounter;
  /**
   * The database's word that a learner's attempts changed (db/client.ts `watchLearnerAttempts`, migration 0043) and
   * that a course's assessments or titles did (`watchCourses`): "My Quiz Attempts" pages are kept until one comes.
   * Without both every page is read.
   */
  watchLearnerAttempts?: ChangeFeed;
  watchCourses?: ChangeFeed;
}

/**
 * Assessments: authoring (course teacher, admins), taking (enrolled students), lists. ADR 025. One module per use
 * case, each owning its statements (ADR 039); what they share is in assessment-shared.ts.
 */
export function createAssessmentService(db: Db, { clock, attempts: counter, ...feeds }: AssessmentServiceOptions) {
  const context: AssessmentContext = { db, clock, now: () => new Date(clock()) };
  const taking = createAttemptTaking(context);
  const myAttempts = createMyAttempts(context, feeds);
  return {
    // Teachers
    ...createAuthoringSettings(context),
    ...createAuthoringLayout(context),
    ...createAttemptLog(context),
    // Students
    ...createStartInfo(context),
    ...createStarting(context, counter, taking.attempt),
    ...taking,
    ...myAttempts,
    /** For the auto-submit job. */
    submitLocked,
  };
}

export type AssessmentService = ReturnType<typeof createAssessmentService>;
