import { randomInt } from 'node:crypto';
import {
  CLASS_CODE_ALPHABET,
  CLASS_CODE_LENGTH,
  CLASS_LIMITS,
  CLASS_MESSAGES,
  normaliseClassCode,
  type JoinedClass,
} from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { classes, classMembers } from '#db/schema/index.js';
import { conflict, forbidden, HttpError, isUniqueViolation, notFound } from '#lib/errors.js';
import type { ClassContext } from './context.js';
import type { Caller } from './rows.js';

const CODE_PATTERN = new RegExp(`^[${CLASS_CODE_ALPHABET}]{${CLASS_CODE_LENGTH}}$`);
const WINDOW_MS = CLASS_LIMITS.wrongCodeWindowMinutes * 60_000;

/** Neutral words: behind one address the one refused may not be the one who guessed (issue 46.7). */
const tooManyCodes = () =>
  new HttpError(429, CLASS_MESSAGES.tooManyCodes, undefined, {
    'retry-after': String(CLASS_LIMITS.wrongCodeWindowMinutes * 60),
  });

/** A fresh access code: 7 symbols of the look-alike-free alphabet, from the CSPRNG. */
export function generateClassCode(): string {
  let code = '';
  for (let i = 0; i < CLASS_CODE_LENGTH; i += 1) code += CLASS_CODE_ALPHABET[randomInt(CLASS_CODE_ALPHABET.length)];
  return code;
}

/** Runs `write` with a fresh code, again with another while the code is taken (a few times). */
export async function insertWithFreshCode<T>(write: (code: string) => Promise<T>): Promise<T> {
  for (let tries = 0; ; tries += 1) {
    try {
      return await write(generateClassCode());
    } catch (error) {
      if (tries < 5 && isUniqueViolation(error, 'classes_code_key')) continue;
      throw error;
    }
  }
}

/** A class's access code: a teacher rotates it, a student joins with it. */
export function createCodesAndJoining({
  db,
  deps,
  now,
  taughtClass,
  assertWritable,
  teacherView,
  coursesOf,
  enrolAll,
}: ClassContext) {
  /**
   * A wrong code is counted against the account and the address; it gets its verdict (404) only while both counts,
   * this one included, are within their limits. Counting first makes the limit hold for tries sent at once, and a
   * fresh account's wrong guess at a held address learns nothing (429, as a fresh client's at a held login, ADR 022).
   */
  async function wrongCode(keys: [string, string]): Promise<never> {
    const [byUser = 0, byIp = 0] = await Promise.all(keys.map((key) => deps.attempts.hit(key, WINDOW_MS)));
    if (byUser > CLASS_LIMITS.wrongCodesPerUser || byIp > CLASS_LIMITS.wrongCodesPerIp) throw tooManyCodes();
    throw notFound(CLASS_MESSAGES.wrongCode);
  }

  return {
    async rotateCode(caller: Caller, classId: string) {
      assertWritable(await taughtClass(classId, caller));
      await insertWithFreshCode((code) =>
        db.update(classes).set({ code, updatedAt: now() }).where(eq(classes.id, classId)),
      );
      return teacherView(await taughtClass(classId, caller));
    },

    /**
     * Joins the class with this code and enrols the caller in its courses. Wrong codes count against the caller
     * and their IP address (ADR 028, issue 46.7 in ADR 034): past the account's limit its every try is a 429 until
     * the window ends; past the address's limit the accounts with failures are refused, but an account without
     * any still joins with the right code (its wrong guess gets a 429 and counts), so one pupil cannot lock out a
     * school behind one NAT.
     */
    async join(caller: Caller, rawCode: string, ip: string): Promise<JoinedClass> {
      const keys: [string, string] = [`class-code:user:${caller.id}`, `class-code:ip:${ip}`];
      const [byUser = 0, byIp = 0] = await Promise.all(keys.map((key) => deps.attempts.count(key)));
      const addressHeld = byIp >= CLASS_LIMITS.wrongCodesPerIp;
      if (byUser >= CLASS_LIMITS.wrongCodesPerUser || (addressHeld && byUser > 0)) throw tooManyCodes();
      const code = normaliseClassCode(rawCode);
      if (!CODE_PATTERN.test(code)) return wrongCode(keys);
      const [cls] = await db.select().from(classes).where(eq(classes.code, code)).limit(1);
      if (!cls) return wrongCode(keys);
      const [already] = await db
        .select({ id: classMembers.studentId })
        .from(classMembers)
        .where(and(eq(classMembers.classId, cls.id), eq(classMembers.studentId, caller.id)))
        .limit(1);
      if (already) return { classId: cls.id, name: cls.name, alreadyMember: true };
      if (cls.archivedAt) throw conflict(CLASS_MESSAGES.archived);
      if (!cls.joiningOpen) throw forbidden(CLASS_MESSAGES.joiningClosed);
      const inserted = await db
        .insert(classMembers)
        .values({ classId: cls.id, studentId: caller.id, joinedAt: now() })
        .onConflictDoNothing()
        .returning({ id: classMembers.studentId });
      const courseIds = (await coursesOf(cls.id)).map((c) => c.id);
      await enrolAll(courseIds, cls.id, caller.id);
      return { classId: cls.id, name: cls.name, alreadyMember: inserted.length === 0 };
    },
  };
}
