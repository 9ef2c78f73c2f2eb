import type { Db } from '#db/client.js';
import { createGradingContext, type GradingServiceOptions } from './context.js';
import { createGradeAnswer } from './grade-answer.js';
import { createGradebook } from './gradebook.js';
import { createGradebookCsv } from './gradebook-csv.js';
import { createInbox } from './inbox.js';
import { createItemAnalysisReport } from './item-analysis-report.js';
import { createMyGrades } from './my-grades.js';
import { createOverrides } from './overrides.js';
import { createReleasedFeedback } from './released-feedback.js';

export type { GradingServiceOptions } from './context.js';
export { StaleGradeError } from './grade-answer.js';
export { EXPORT_BATCH } from './gradebook-csv.js';
export { INBOX_COUNT_CAP } from './inbox.js';
export { feedbackReleased, scoreReleased } from './release-policy.js';

export type GradingService = ReturnType<typeof createGradingService>;

/**
 * Grading by people (issue 17), one module per use case, each owning the statements it runs (ADR 039): the inbox of
 * answers that need a person, grading one answer (optimistic version), the gradebook with the counting score, its
 * overrides and its CSV, "My grades", the released rubric feedback with its regrades, the item analysis of an
 * assessment. They share the context (context.ts: the database, the clock, the access checks, the course's kept
 * pages), whose kept stores `close` stops.
 */
export function createGradingService(db: Db, options: GradingServiceOptions = {}) {
  const context = createGradingContext(db, options);
  const inbox = createInbox(context);
  return {
    // Teachers
    ...inbox,
    ...createGradeAnswer(context, inbox.inbox),
    ...createGradebook(context),
    ...createGradebookCsv(context),
    ...createOverrides(context),
    ...createItemAnalysisReport(context),
    // Students
    ...createReleasedFeedback(context),
    ...createMyGrades(context),
    /** Stops listening for changes (the app's close). */
    close: context.close,
  };
}
