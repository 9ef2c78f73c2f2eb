/**
 * Badges: a small fixed set earned from real events, computed from facts by the database function
 * `student_badges` (docs/decisions/030-certificates-badges-progress-grid.md). The ids are that function's.
 */
export const BADGES = [
  { id: 'first-lesson', name: 'First step', description: 'Completed a first lesson.' },
  { id: 'first-course', name: 'Course finisher', description: 'Completed a first course and earned its certificate.' },
  { id: 'five-courses', name: 'Dedicated learner', description: 'Completed five courses.' },
  { id: 'accepted-answer', name: 'Helpful answer', description: 'Wrote a forum answer that was accepted.' },
  { id: 'week-streak', name: 'Seven-day streak', description: 'Completed lessons on seven days in a row (UTC).' },
] as const;

export type BadgeId = (typeof BADGES)[number]['id'];
export const BADGE_IDS = BADGES.map((badge) => badge.id) as [BadgeId, ...BadgeId[]];

/** A verification code: 16 Crockford base32 characters (no I, L, O, U). */
export const CERTIFICATE_CODE_LENGTH = 16;
export const CERTIFICATE_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{16}$/;

/** A typed code as the server looks it up: upper case, without spaces or dashes (how people copy codes). */
export function normalizeCertificateCode(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

/** The code as printed: four groups of four, easy to read aloud and type. */
export function formatCertificateCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1-');
}

export const CERTIFICATE_MESSAGES = {
  notFound: 'Certificate not found',
} as const;

/** The teacher's progress grid: students per page, and its sort orders. */
export const PROGRESS_GRID = {
  defaultPageSize: 25,
  maxPageSize: 100,
  /** The grid shows at most this many items as columns (a curriculum's published items, in order). */
  maxItems: 600,
  sorts: ['name', 'progress', 'lastActivity'] as const,
} as const;
export type ProgressGridSort = (typeof PROGRESS_GRID.sorts)[number];
