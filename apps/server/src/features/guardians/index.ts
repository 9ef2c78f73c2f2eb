import { PAGINATION } from '@lyceum/contract/constants';
import { feature, type Core } from '#core.js';
import { guardianRoutes } from './routes.js';
import { createGuardianService, type GuardianDeps } from './service.js';
import { createWeeklySummary, type SummaryDeps } from './summary.js';

const WEEK_MS = 7 * 86_400_000;

/**
 * Guardians (issue 52, ADR 060, 070): a teacher or admin invites a guardian for a student by e-mail; the guardian
 * links the child through the invitation and reads what the link allows, and gets a weekly summary. Handed the
 * accounts feature's registration, the to-do feature's reader, the classes' member reads and the notifications'
 * summary mail by `buildApp` (features never import each other, ADR 058).
 */
export function guardiansFeature(
  core: Core,
  from: Pick<GuardianDeps, 'createAccount' | 'studentTodo' | 'childGrades' | 'childAnnouncements'> &
    Pick<SummaryDeps, 'summaryMail'>,
) {
  const { config, db, guards, mailer, clock, log, tokens, jobs } = core;
  const guardians = createGuardianService(db, {
    ...from,
    mailer,
    clock,
    log,
    publicUrl: config.publicUrl,
    adultStudents: config.adultStudents,
  });
  const summary = createWeeklySummary(db, {
    mailer,
    log,
    clock,
    publicUrl: config.publicUrl,
    mac: (purpose, data) => tokens.mac(purpose, data),
    missingWork: async (studentId) => (await from.studentTodo(studentId)).overdue.items.map((item) => item.title),
    releasedGrades: async (studentId, classId) =>
      (await from.childGrades(studentId, classId, { page: 1, pageSize: PAGINATION.maxPageSize })).items.filter(
        (grade) => grade.released,
      ),
    summaryMail: from.summaryMail,
  });
  // Once a week (slots aligned to the epoch: Thursdays 00:00 UTC), in one process; each mail is claimed too.
  jobs.registerSchedule('guardians.weekly-summary', WEEK_MS, async () => void (await summary.send()), {
    fromNextSlot: true,
  });
  return feature({
    guardians,
    summary,
    routes: async (api) =>
      api.register(guardianRoutes, { guardians, summary, guards, authRateLimit: config.authRateLimitPerMinute }),
  });
}
