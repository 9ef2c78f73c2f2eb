import type { assessments } from '#db/schema/index.js';

/** The 403 of a grading read or write by someone who does not teach the course. */
export const NOT_TEACHER = "Only the course's teacher can grade it";

export type AssessmentRow = typeof assessments.$inferSelect;

/** A person's name as their teacher knows them. */
export function fullName(row: { firstname: string | null; lastname: string | null; username?: string | null }) {
  const name = [row.firstname, row.lastname].filter(Boolean).join(' ').trim();
  return name || row.username || 'Student';
}

export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
