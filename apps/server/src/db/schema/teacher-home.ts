import { sql } from 'drizzle-orm';
import { check, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A teacher's own at-risk thresholds (issue 49 point 3, ADR 061): no row, AT_RISK_DEFAULTS. The bounds are the
 * contract's AT_RISK_BOUNDS, checked here too.
 */
export const teacherSettings = pgTable(
  'teacher_settings',
  {
    teacherId: uuid('teacher_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    inactiveDays: integer('inactive_days').notNull(),
    missingAssignments: integer('missing_assignments').notNull(),
    passingPercent: integer('passing_percent').notNull(),
    behindPoints: integer('behind_points').notNull(),
    absences: integer('absences').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'teacher_settings_bounds',
      sql`${t.inactiveDays} between 1 and 365 and ${t.missingAssignments} between 1 and 50
        and ${t.passingPercent} between 1 and 100 and ${t.behindPoints} between 1 and 100
        and ${t.absences} between 1 and 100`,
    ),
  ],
);
