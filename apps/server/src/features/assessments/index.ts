import multipart from '@fastify/multipart';
import { QTI_LIMITS, QUESTION_LIMITS, SUBMISSION_FILE_LIMITS } from '@lyceum/contract';
import { feature, type Core } from '#core.js';
import { assessmentRoutes } from './assessment-routes.js';
import { autoSubmitOverdueAttempts, createAssessmentService } from './assessment-service.js';
import { createAttemptInspection } from './attempt-inspection.js';
import { createBankAccess } from './bank-shared.js';
import { attemptInspectionRoutes } from './attempt-inspection-routes.js';
import { registerGradingWaitingJob } from './grading.js';
import { qtiRoutes } from './qti/routes.js';
import { createQtiExchange } from './qti/service.js';
import { gradeQuestion } from './question-types/index.js';
import { questionBankRoutes } from './routes.js';
import { createQuestionBankService } from './service.js';
import { submissionFileRoutes, submissionUploadRoutes } from './submission-file-routes.js';
import { createSubmissionFileService } from './submission-files.js';
import { correctResponse, questionForTaking } from './taking.js';

/** Assessments: the question bank and its imports, authoring, taking, hand-ins, a teacher's view of an attempt. */
export function assessmentsFeature(core: Core) {
  const { config, database, db, clock, jobs, guards } = core;
  const questionBank = createQuestionBankService(db, { watchTeachers: database.watchTeachers });
  core.onClose(() => questionBank.close());
  const assessments = createAssessmentService(db, {
    clock,
    attempts: core.attempts,
    watchLearnerAttempts: database.watchLearnerAttempts,
    watchCourses: database.watchCourses,
  });
  core.onClose(() => assessments.close());
  const files = createSubmissionFileService(db, { clock });
  registerGradingWaitingJob(db, jobs);
  questionBank.registerJobs(jobs);
  // Attempts past their deadline + grace are submitted with what was saved, even when nobody comes back (issue 16):
  // one run per 30 s slot across every process (each attempt is claimed with SKIP LOCKED, so overlaps are safe too).
  jobs.registerSchedule('assessments.auto-submit', 30_000, async () => {
    await autoSubmitOverdueAttempts(db, new Date(clock()));
  });
  const fileOptions = { files, guards, uploadRateLimit: config.submissionUploadRateLimitPerMinute };
  return feature({
    /** Bank questions served without their key, and graded: the grading feature's mistake notebook re-asks them. */
    serving: {
      questionForTaking: (row: Parameters<typeof questionForTaking>[0]) => questionForTaking(row, 0, false),
      grade: gradeQuestion,
      correctResponse,
    },
    routes: async (api) => {
      await api.register(async (scope) => {
        // The GIFT import reads one text file of at most 1 MB; the scope keeps multipart away from other routes.
        await scope.register(multipart, { limits: { fileSize: QUESTION_LIMITS.giftBytes, files: 1, fields: 0 } });
        await scope.register(questionBankRoutes, { questionBank, guards });
      });
      await api.register(async (scope) => {
        // QTI import (ADR 064): one item's XML or a content package's zip, at most QTI_LIMITS.uploadBytes.
        await scope.register(multipart, { limits: { fileSize: QTI_LIMITS.uploadBytes, files: 1, fields: 0 } });
        await scope.register(qtiRoutes, { qti: createQtiExchange(db, createBankAccess(db)), guards });
      });
      await api.register(assessmentRoutes, { assessments, guards });
      await api.register(attemptInspectionRoutes, { inspection: createAttemptInspection(db, { clock }), guards });
      await api.register(submissionFileRoutes, fileOptions);
      await api.register(async (scope) => {
        // Assignment hand-ins: multipart in this scope only, one file of at most 20 MB (ADR 025).
        await scope.register(multipart, { limits: { fileSize: SUBMISSION_FILE_LIMITS.bytes, files: 1, fields: 0 } });
        await scope.register(submissionUploadRoutes, fileOptions);
      });
    },
  });
}

/** For the demo seed (src/db/seed): a finished attempt, graded and closed as the app does it. */
export { finalizeAttempt, gradeAnswers } from './grading.js';
