import { inArray, eq } from 'drizzle-orm';
import { users } from '../db/schema/index.js';
import type { DbOrTx } from './jobs.js';

/**
 * Whose clock a date is written for (issue 46.9, ADR 050): each user's own zone (users.time_zone, sent by the browser
 * at sign-in, chosen in My Account), else the school's default (DEFAULT_TIME_ZONE, config.ts) — the zone of e-mails
 * and certificates for someone who never signed in. buildApp sets the default once from the config.
 */
let schoolTimeZone = 'UTC';

export function setDefaultTimeZone(zone: string): void {
  schoolTimeZone = zone;
}

/** A user's zone, or the school's when they have none. */
export function zoneOrDefault(zone: string | null | undefined): string {
  return zone || schoolTimeZone;
}

/** One user's zone (or the school's). */
export async function timeZoneOf(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db.select({ zone: users.timeZone }).from(users).where(eq(users.id, userId)).limit(1);
  return zoneOrDefault(row?.zone);
}

/** The given users grouped by the zone their dates are written in (one query). */
export async function usersByTimeZone(db: DbOrTx, userIds: readonly string[]): Promise<Map<string, string[]>> {
  const rows =
    userIds.length === 0
      ? []
      : await db
          .select({ id: users.id, zone: users.timeZone })
          .from(users)
          .where(inArray(users.id, [...userIds]));
  const zoneById = new Map(rows.map((row) => [row.id, zoneOrDefault(row.zone)]));
  const groups = new Map<string, string[]>();
  // In the order given (notifications are written in the recipients' order); unknown ids keep the default.
  for (const id of userIds) {
    const zone = zoneById.get(id) ?? schoolTimeZone;
    groups.set(zone, [...(groups.get(zone) ?? []), id]);
  }
  return groups;
}
