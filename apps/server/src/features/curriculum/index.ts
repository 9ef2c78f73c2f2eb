import multipart from '@fastify/multipart';
import { CURRICULUM_LIMITS } from '@lyceum/contract';
import { feature, type Core } from '#core.js';
import { attachmentUploadRoutes, curriculumRoutes } from './routes.js';
import { createCurriculumService } from './service.js';

/** A course's curriculum: sections, lessons, their attachments, and each learner's progress. */
export function curriculumFeature(core: Core) {
  const { database, guards } = core;
  const curriculum = createCurriculumService(database.db, {
    watchCourses: database.watchCourses,
    watchStudents: database.watchStudents,
  });
  core.onClose(() => curriculum.close());
  return feature({
    curriculum,
    routes: async (api) => {
      await api.register(curriculumRoutes, { curriculum, guards });
      await api.register(async (scope) => {
        // Lesson attachments: multipart in this scope only, one file of at most 20 MB.
        await scope.register(multipart, {
          limits: { fileSize: CURRICULUM_LIMITS.attachmentBytes, files: 1, fields: 0 },
        });
        await scope.register(attachmentUploadRoutes, { curriculum, guards });
      });
    },
  });
}

/** For the demo seed (src/db/seed): lesson text cleaned as the app cleans it. */
export { sanitizeLessonHtml } from './sanitize.js';
