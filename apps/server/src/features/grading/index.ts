import { feature, type Core } from '#core.js';
import { createFeedbackService } from './feedback-service.js';
import { gradingRoutes } from './grading-routes.js';
import { createGradingService } from './grading-service.js';
import { createMistakesService, type MistakeDeps } from './mistakes-service.js';
import { feedbackRoutes } from './routes.js';

/**
 * Grading by people: comment banks and rubrics (feedback), the inbox, the gradebook, My grades, and the mistake
 * notebook, which re-asks bank questions through the assessments' key-free serving and graders (`serving`).
 */
export function gradingFeature(core: Core, serving: Omit<MistakeDeps, 'clock'>) {
  const { db, clock, guards } = core;
  const feedback = createFeedbackService(db);
  const grading = createGradingService(db, {
    clock,
    frames: core.gradebookFrames,
    watchGradebooks: core.watchCourseChanges,
  });
  core.onClose(() => grading.close());
  const mistakes = createMistakesService(db, { ...serving, clock });
  return feature({
    routes: async (api) => {
      await api.register(feedbackRoutes, { feedback, guards });
      await api.register(gradingRoutes, { grading, mistakes, guards });
    },
  });
}
