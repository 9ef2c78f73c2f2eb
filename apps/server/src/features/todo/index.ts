import { feature, type Core } from '#core.js';
import { todoRoutes } from './routes.js';
import { createTodoService } from './service.js';

/** The student's to-do across classes and courses (issue 49, ADR 057), kept per student (migration 0052). */
export function todoFeature(core: Core) {
  const { database } = core;
  const todo = createTodoService(core.db, core.clock, {
    students: database.watchStudents,
    learnerEnrolments: database.watchLearnerEnrolments,
    users: database.watchUsers,
    classResults: database.watchClassResults,
    courses: database.watchCourses,
  });
  core.onClose(() => todo.stop());
  return feature({ todo, routes: async (api) => api.register(todoRoutes, { todo, guards: core.guards }) });
}
