import { feature, type Core } from '#core.js';
import { attendanceRoutes } from './routes.js';
import { createAttendanceService, type AttendanceDeps } from './service.js';

/**
 * Attendance (issue 52 point 2, ADR 063): a class's sessions, the sheet a teacher takes for each with its history,
 * reports and their CSV, a student's own attendance and a linked guardian's read of it. Handed the guardians'
 * link check by `buildApp` (features never import each other, ADR 058).
 */
export function attendanceFeature(core: Core, from: AttendanceDeps) {
  const attendance = createAttendanceService(core.db, { ...from, watchClassResults: core.database.watchClassResults });
  core.onClose(() => attendance.close());
  return feature({ routes: async (api) => api.register(attendanceRoutes, { attendance, guards: core.guards }) });
}
