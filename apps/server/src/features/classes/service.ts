import type { Db } from '#db/client.js';
import { createAccommodations } from './accommodations.js';
import { createAssignments } from './assignments.js';
import { createCalendar } from './calendar.js';
import { createClassCrud } from './class-crud.js';
import { createClassLists } from './class-lists.js';
import { createCodesAndJoining } from './codes-and-joining.js';
import { createClassContext, type ClassServiceDeps } from './context.js';
import { createDueReminders } from './due-reminders.js';
import { createGradebook } from './gradebook.js';
import { createMembership } from './membership.js';
import { createRoster } from './roster.js';
import { createStream } from './stream.js';
import { createTodo, createTodoRows } from './todo.js';

export type { ClassServiceDeps } from './context.js';
export { generateClassCode } from './codes-and-joining.js';

export type ClassService = ReturnType<typeof createClassService>;

/**
 * The classes (issue 18, ADR 028), one module per use case, each owning the statements it runs; they share the
 * context (context.ts: the database, the deps, the access checks) and its kept stores, which `close` stops.
 */
export function createClassService(db: Db, deps: ClassServiceDeps) {
  const context = createClassContext(db, deps);
  const todoRows = createTodoRows(context);
  return {
    ...createDueReminders(context),
    // Teachers
    ...createClassCrud(context),
    ...createClassLists(context),
    ...createCodesAndJoining(context),
    ...createMembership(context),
    ...createRoster(context),
    ...createGradebook(context),
    ...createStream(context),
    ...createAssignments(context),
    ...createAccommodations(context),
    // Students
    ...createTodo(context, todoRows),
    ...createCalendar(context, todoRows),
    /** Stops listening for changes (the app's close). */
    close: context.close,
  };
}
