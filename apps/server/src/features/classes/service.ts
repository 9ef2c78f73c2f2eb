import { randomBytes, randomInt } from 'node:crypto';
import {
  CLASS_CODE_ALPHABET,
  CLASS_CODE_LENGTH,
  CLASS_LIMITS,
  CLASS_MESSAGES,
  DUE_SOON_HOURS,
  normaliseClassCode,
  type Accommodation,
  type AccommodationBody,
  type Announcement,
  type ClassGrade,
  type ClassGradebookQuery,
  type ReleasePolicy,
  type Gradebook,
  type Assignment,
  type ClassSummary,
  type CreateAnnouncementBody,
  type CreateAssignmentBody,
  type CreateClassBody,
  type JoinedClass,
  type RosterEntry,
  type StudentClass,
  type TeacherClass,
  type TodoItem,
  type UpdateClassBody,
  excerpt,
} from '@lyceum/contract';
import { and, count, desc, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  accommodations,
  calendarFeeds,
  classAnnouncements,
  classDueReminders,
  classAssignmentLearners,
  classAssignments,
  classCourses,
  classes,
  classMembers,
  classTeachers,
  courses,
  enrolments,
  users,
} from '../../db/schema/index.js';
import type { AttemptCounter, Clock } from '../../lib/attempt-counter.js';
import { conflict, fieldError, forbidden, HttpError, isUniqueViolation, notFound } from '../../lib/errors.js';
import {
  boundedPage,
  cappedCount,
  cappedPageResult,
  countFrame,
  countFrameTotal,
  pageResult,
  type Page,
  type Paging,
} from '../../lib/pages.js';
import { keptPerOwner } from '../../lib/kept-by-key.js';
import { pagesShowingCourses } from '../../lib/pages-showing-courses.js';
import { preparedJson, type PreparedJson } from '../../lib/response-cache.js';
import { sanitizeAboutHtml } from '../../lib/sanitize.js';
import { accommodationInput } from '../../lib/class-window.js';
import { learnerWindow } from '../../lib/learner-window.js';
import type { JobRunner } from '../../lib/jobs.js';
import { displayName, raiseEvent } from '../../lib/events.js';
import { isReleased, namesHidden } from '../../lib/release.js';
import {
  gradebookCells,
  gradebookFrames,
  gradebookLines,
  gradebookTotal,
  type FramesReader,
  type GradebookFrame,
} from '../../lib/gradebook.js';

export interface ClassServiceDeps {
  attempts: AttemptCounter;
  clock: Clock;
  /** The curriculum's progress function for a course (all its enrolments, or one student's). */
  refreshProgress: (courseId: string, studentId?: string) => Promise<void>;
  publicUrl: string;
  /**
   * The database's word that a teacher's classes changed (db/client.ts `watchTeachers`, migration 0036): their
   * class list is kept until then.
   */
  watchTeachers?: (onChange: (teacherId: string) => void) => () => void;
  /** The same for a student's classes (`watchUsers`, migration 0036): their "My classes" is kept until then. */
  watchUsers?: (onChange: (userId: string) => void) => () => void;
  /** The courses' gradebook frames: the app's kept ones (lib/gradebook.ts), else read each time. */
  frames?: FramesReader;
  /**
   * The database's word that what a class's assignments page shows changed: the class itself (db/client.ts
   * `watchClassResults`, migration 0041) or one of the courses it shows (`watchCourseChanges`: their items,
   * assessments and results, migrations 0038–0040). The pages are kept until then; without both each is read.
   */
  watchClassResults?: (onChange: (classId: string) => void) => () => void;
  watchCourseChanges?: (onChange: (courseId: string) => void) => () => void;
}

interface Caller {
  id: string;
  role: string;
}

type ClassRow = typeof classes.$inferSelect;

const CODE_PATTERN = new RegExp(`^[${CLASS_CODE_ALPHABET}]{${CLASS_CODE_LENGTH}}$`);
/** "Due in 24 hours": the reminder's horizon (the to-do list's "due soon" is DUE_SOON_HOURS, a longer view). */
const REMINDER_HOURS = 24;
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

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const nameOf = (u: { firstname: string; lastname: string }) => `${u.firstname} ${u.lastname}`.trim();

/**
 * A page of class summaries from rows joined to a count frame (lib/pages.ts `countFrame`): a page past the end is
 * the frame's row alone, with no class. Only the teacher's list shows the join code.
 */
function summariesOf(
  rows: { cls: ClassRow | null; firstname: string | null; lastname: string | null; members: number | null }[],
  withCode: boolean,
): ClassSummary[] {
  return rows.flatMap(({ cls, firstname, lastname, members }) =>
    cls
      ? [
          {
            id: cls.id,
            name: cls.name,
            section: cls.section,
            subject: cls.subject,
            archived: cls.archivedAt !== null,
            memberCount: Number(members),
            ...(withCode ? { code: cls.code } : {}),
            teacherName: nameOf({ firstname: firstname ?? '', lastname: lastname ?? '' }),
          },
        ]
      : [],
  );
}
/**
 * A roster learner's activity as of now, as JSON: their progress over the class's courses (the mean of their
 * enrolments') and their last activity there (a lesson opened). One look-up of their enrolments.
 */
const rosterActivity = (classId: string | SQLWrapper, studentId: SQLWrapper) =>
  sql`(select json_build_object('percent', floor(avg(e.progress_percent))::int, 'last', max(e.last_opened_at))
    from ${enrolments} e
    join ${classCourses} cc on cc.course_id = e.course_id and cc.class_id = ${classId}
    where e.student_id = ${studentId})`;
/** One learner's activity, as the roster's access statement reads it for a kept page. */
interface ActivityRow {
  percent: number | null;
  last: string | null;
}
/** A roster entry's activity fields, from `rosterActivity`'s JSON (a string where the driver leaves it one). */
const activityOf = (json: string | ActivityRow | null | undefined) => {
  const row = (typeof json === 'string' ? JSON.parse(json) : json) as ActivityRow | null | undefined;
  return { progressPercent: Number(row?.percent ?? 0), lastActivityAt: iso(row?.last ?? null) };
};
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** A class assignment with its own dates and its assessment's, as the to-do and the class grades read them (SQL). */
interface AssignmentDatesRow {
  id: string;
  item_id: string;
  title: string;
  course_id: string;
  course_title: string;
  opens_at: Date | string | null;
  due_at: Date | string | null;
  closes_at: Date | string | null;
  base_opens_at: Date | string | null;
  base_due_at: Date | string | null;
  base_closes_at: Date | string | null;
  time_limit_minutes: number | null;
}

/** An accommodated learner of an assignment, as the assignments page's statement returns them (JSON). */
interface AccommodatedRow {
  studentId: string;
  firstname: string;
  lastname: string;
  assignmentId: string | null;
  extraTimeFactor: string | number | null;
  extraTimeMinutes: number | null;
  dueExtensionHours: number;
  extraAttempts: number;
}

function toAccommodation(row: typeof accommodations.$inferSelect | null | undefined): Accommodation | null {
  if (!row) return null;
  return {
    assignmentId: row.assignmentId,
    extraTimeFactor: row.extraTimeFactor === null ? null : Number(row.extraTimeFactor),
    extraTimeMinutes: row.extraTimeMinutes,
    dueExtensionHours: row.dueExtensionHours,
    extraAttempts: row.extraAttempts,
  };
}

export type ClassService = ReturnType<typeof createClassService>;

export function createClassService(db: Db, deps: ClassServiceDeps) {
  const now = () => new Date(deps.clock());
  /**
   * The class lists, kept per caller until the database says one of their classes changed (ADR 019, session 19):
   * each is the landing of its area, read on every return to it, and changes when classes are set up and joined.
   */
  const summaryBytes = (page: Page<ClassSummary>) => 200 + 300 * page.items.length;
  const taughtLists = keptPerOwner<Page<ClassSummary>>(deps.watchTeachers, { bytesOf: summaryBytes });
  const joinedLists = keptPerOwner<Page<ClassSummary>>(deps.watchUsers, { bytesOf: summaryBytes });
  const framesOf: FramesReader = deps.frames ?? ((courseIds) => gradebookFrames(db, courseIds));

  /**
   * A class's assignments pages as sent (ADR 019, session 23): each counts done, late and missing over every
   * learner of every assignment on it (20 × 500 in the bench's class, 20 ms of the database), and a teacher opens
   * the page again and again between changes. Kept per class until the database names the class or a course the
   * page shows, and no later than the next due date that would make a learner missing.
   */
  const { watch: watchClassPages, shows: showsCourses } = pagesShowingCourses(
    deps.watchClassResults,
    deps.watchCourseChanges,
  );
  /** Whether the caller teaches the class: asked for each kept page sent (prepared once). */
  const teachesPrepared = db
    .select({ one: sql`1` })
    .from(classTeachers)
    .where(
      and(
        eq(classTeachers.classId, sql.placeholder('classId')),
        eq(classTeachers.teacherId, sql.placeholder('teacherId')),
      ),
    )
    .limit(1)
    .prepare('lyceum_class_teaches');
  /** A kept roster page's one statement: whether the caller teaches the class, and its learners' activity now. */
  const rosterActivityPrepared = db
    .select({
      allowed: sql<boolean>`exists (select 1 from ${classTeachers}
        where ${classTeachers.classId} = ${sql.placeholder('classId')}
          and ${classTeachers.teacherId} = ${sql.placeholder('teacherId')})`,
      activity: sql<string | { id: string; a: ActivityRow }[] | null>`(select json_agg(json_build_object('id', m.id,
          'a', ${rosterActivity(sql`${sql.placeholder('classId')}::uuid`, sql`m.id`)}))
        from unnest(${sql.placeholder('ids')}::uuid[]) as m(id))`,
    })
    .from(sql`(select 1) as one`)
    .prepare('lyceum_roster_activity');
  const keptRosters = keptPerOwner<{ page: Page<RosterEntry>; holdsUntil: number }>(watchClassPages, {
    bytesOf: (kept) => 400 + 600 * kept.page.items.length,
    holds: (kept) => deps.clock() < kept.holdsUntil,
  });
  /** Each member's to-do pages, under their class: a class of 500 keeps a page for each. */
  const keptTodos = keptPerOwner<{ json: PreparedJson; holdsUntil: number }>(watchClassPages, {
    bytesOf: (page) => 2 * page.json.body.length,
    pagesPerOwner: 1_000,
    holds: (page) => deps.clock() < page.holdsUntil,
  });
  const keptAssignmentPages = keptPerOwner<{ json: PreparedJson; holdsUntil: number }>(watchClassPages, {
    bytesOf: (page) => 2 * page.json.body.length,
    holds: (page) => deps.clock() < page.holdsUntil,
  });

  /** The class, if the caller teaches it; anyone else gets the same 404 as for a class that does not exist. */
  async function taughtClass(classId: string, caller: Caller): Promise<ClassRow> {
    const [row] = await db
      .select({ cls: classes })
      .from(classes)
      .innerJoin(classTeachers, and(eq(classTeachers.classId, classes.id), eq(classTeachers.teacherId, caller.id)))
      .where(eq(classes.id, classId))
      .limit(1);
    if (!row) throw notFound(CLASS_MESSAGES.notFound);
    return row.cls;
  }

  async function memberClass(classId: string, caller: Caller): Promise<ClassRow> {
    const [row] = await db
      .select({ cls: classes })
      .from(classes)
      .innerJoin(classMembers, and(eq(classMembers.classId, classes.id), eq(classMembers.studentId, caller.id)))
      .where(eq(classes.id, classId))
      .limit(1);
    if (!row) throw notFound(CLASS_MESSAGES.notFound);
    return row.cls;
  }

  function assertWritable(cls: ClassRow) {
    if (cls.archivedAt) throw conflict(CLASS_MESSAGES.archived);
  }

  /**
   * "The caller teaches / belongs to the class" as a condition (ADR 019): a list's page statement carries it, so
   * the page finds nothing for anyone else, and its frame statement (listFrame) answers the same 404 as
   * taughtClass / memberClass.
   */
  const teaches = (classId: string, caller: Caller) =>
    sql`exists (select 1 from ${classTeachers} where ${classTeachers.classId} = ${classId} and ${classTeachers.teacherId} = ${caller.id})`;
  const belongs = (classId: string, caller: Caller) =>
    sql`exists (select 1 from ${classMembers} where ${classMembers.classId} = ${classId} and ${classMembers.studentId} = ${caller.id})`;

  /** A list's frame in one statement: whether `access` holds and the count of `rows`, capped (ADR 019). */
  async function listFrame(access: SQL, rows: SQLWrapper): Promise<number> {
    const [row] = rowsOf<{ allowed: boolean; total: number }>(
      await db.execute(sql`select ${access} as allowed, ${cappedCount(rows)} as total`),
    );
    if (!row?.allowed) throw notFound(CLASS_MESSAGES.notFound);
    return Number(row.total);
  }

  /** The count of `rows`, capped, in one statement. */
  async function countOf(rows: SQLWrapper): Promise<number> {
    const [row] = rowsOf<{ total: number }>(await db.execute(sql`select ${cappedCount(rows)} as total`));
    return Number(row?.total ?? 0);
  }

  /** A class's member count, for the rows of a page (index-only on class_members' key). */
  const memberCount = sql<number>`(select count(*)::int from ${classMembers} m where m.class_id = ${classes.id})`;
  /** A class summary's columns, beside the count frame's total (`summariesOf` reads them). */
  const summaryColumns = {
    cls: classes,
    firstname: users.firstname,
    lastname: users.lastname,
    members: memberCount,
    total: countFrameTotal,
  };

  /** The courses named, when each is taught by one of `teacherIds`; else a 400 on courseIds. */
  async function ownCourses(courseIds: string[], teacherIds: string[]): Promise<string[]> {
    const unique = [...new Set(courseIds)];
    const rows = await db
      .select({ id: courses.id })
      .from(courses)
      .where(and(inArray(courses.id, unique), inArray(courses.teacherId, teacherIds)));
    if (rows.length !== unique.length) throw fieldError('courseIds', CLASS_MESSAGES.notYourCourse);
    return unique;
  }

  async function teachersOf(classId: string) {
    return db
      .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email })
      .from(classTeachers)
      .innerJoin(users, eq(users.id, classTeachers.teacherId))
      .where(eq(classTeachers.classId, classId))
      .orderBy(classTeachers.createdAt, users.id);
  }

  async function coursesOf(classId: string) {
    return db
      .select({ id: courses.id, title: courses.title })
      .from(classCourses)
      .innerJoin(courses, eq(courses.id, classCourses.courseId))
      .where(eq(classCourses.classId, classId))
      .orderBy(classCourses.position, courses.title);
  }

  async function teacherView(cls: ClassRow): Promise<TeacherClass> {
    const [teachers, courseRows, [members]] = await Promise.all([
      teachersOf(cls.id),
      coursesOf(cls.id),
      db.select({ n: count() }).from(classMembers).where(eq(classMembers.classId, cls.id)),
    ]);
    return {
      id: cls.id,
      name: cls.name,
      section: cls.section,
      subject: cls.subject,
      startsOn: cls.startsOn,
      endsOn: cls.endsOn,
      code: cls.code,
      joiningOpen: cls.joiningOpen,
      archived: cls.archivedAt !== null,
      ownerId: cls.ownerId,
      teachers: teachers.map((t) => ({ id: t.id, name: nameOf(t), email: t.email })),
      courses: courseRows,
      memberCount: members?.n ?? 0,
      createdAt: cls.createdAt.toISOString(),
    };
  }

  /** Enrols students in courses (idempotent), then brings their progress up to date. */
  async function enrolAll(courseIds: string[], classId: string, studentId?: string) {
    if (courseIds.length === 0) return;
    await db.execute(sql`
      insert into enrolments (student_id, course_id)
      select m.student_id, c.course_id
      from class_members m cross join unnest(${`{${courseIds.join(',')}}`}::uuid[]) as c(course_id)
      where m.class_id = ${classId} ${studentId ? sql`and m.student_id = ${studentId}` : sql``}
      on conflict (student_id, course_id) do nothing`);
    for (const courseId of courseIds) await deps.refreshProgress(courseId, studentId);
  }

  async function insertWithFreshCode<T>(write: (code: string) => Promise<T>): Promise<T> {
    for (let tries = 0; ; tries += 1) {
      try {
        return await write(generateClassCode());
      } catch (error) {
        if (tries < 5 && isUniqueViolation(error, 'classes_code_key')) continue;
        throw error;
      }
    }
  }

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

  /**
   * "Due in 24 hours and not handed in" (ADR 027): the learners whose own due date (the assignment's or the
   * assessment's, moved by their accommodation — lib/learner-window.ts) falls within the next 24 hours, who have
   * neither completed the item nor submitted an attempt, and were not reminded yet. The reminder row's key makes
   * each (assignment, learner) reminded once, by whichever process gets there first; the event is raised in the
   * same transaction. At most `batch` learners per run (the next slot takes the rest).
   */
  async function remindDueSoon(batch = 2000): Promise<number> {
    const at = now();
    const until = new Date(at.getTime() + REMINDER_HOURS * 3_600_000);
    return db.transaction(async (tx) => {
      const rows = rowsOf<{
        assignment_id: string;
        student_id: string;
        class_id: string;
        class_name: string;
        title: string;
        due_at: Date | string | null;
        base_due_at: Date | string | null;
        ext_hours: number | string;
      }>(
        await tx.execute(sql`
          select a.id as assignment_id, m.student_id, c.id as class_id, c.name as class_name, ci.title,
            a.due_at, s.due_at as base_due_at,
            coalesce(aa.due_extension_hours, ac.due_extension_hours, 0) as ext_hours
          from class_assignments a
          join classes c on c.id = a.class_id and c.archived_at is null
          join class_members m on m.class_id = a.class_id
          join course_items ci on ci.id = a.item_id
          left join assessments s on s.item_id = a.item_id
          left join accommodations aa on aa.assignment_id = a.id and aa.student_id = m.student_id
          left join accommodations ac on ac.class_id = m.class_id and ac.assignment_id is null
            and ac.student_id = m.student_id
          where coalesce(a.due_at, s.due_at) + make_interval(hours => coalesce(aa.due_extension_hours,
              ac.due_extension_hours, 0)) between ${at.toISOString()}::timestamptz and ${until.toISOString()}::timestamptz
            and (a.whole_class or exists (
              select 1 from class_assignment_learners l where l.assignment_id = a.id and l.student_id = m.student_id))
            and not exists (select 1 from class_due_reminders r
              where r.assignment_id = a.id and r.student_id = m.student_id)
            and not exists (select 1 from item_completions ic
              where ic.student_id = m.student_id and ic.item_id = a.item_id)
            and not exists (select 1 from attempts t
              where t.assessment_id = a.item_id and t.student_id = m.student_id and t.status <> 'in_progress')
          order by 1, 2
          limit ${batch}`),
      );
      const due = rows.flatMap((r) => {
        const window = learnerWindow({
          assessment: {
            opensAt: null,
            dueAt: r.base_due_at === null ? null : new Date(r.base_due_at),
            closesAt: null,
            timeLimitMinutes: null,
          },
          learner: { studentId: r.student_id },
          assignment: r.due_at === null ? {} : { dueAt: new Date(r.due_at) },
          accommodation: { dueExtensionMinutes: Number(r.ext_hours) * 60 },
        });
        return window.dueAt && window.dueAt >= at && window.dueAt <= until ? [{ ...r, dueAt: window.dueAt }] : [];
      });
      if (due.length === 0) return 0;
      const claimed = await tx
        .insert(classDueReminders)
        .values(due.map((r) => ({ assignmentId: r.assignment_id, studentId: r.student_id })))
        .onConflictDoNothing()
        .returning({ assignmentId: classDueReminders.assignmentId, studentId: classDueReminders.studentId });
      const mine = new Set(claimed.map((c) => `${c.assignmentId}:${c.studentId}`));
      // One event per assignment and due date: the learners of one assignment share the text.
      const groups = new Map<string, { recipients: string[]; row: (typeof due)[number] }>();
      for (const r of due) {
        if (!mine.has(`${r.assignment_id}:${r.student_id}`)) continue;
        const key = `${r.assignment_id}:${r.dueAt.toISOString()}`;
        const group = groups.get(key) ?? { recipients: [], row: r };
        group.recipients.push(r.student_id);
        groups.set(key, group);
      }
      for (const { recipients, row } of groups.values()) {
        await raiseEvent(tx, {
          type: 'class.due_soon',
          recipients,
          data: {
            classId: row.class_id,
            className: row.class_name,
            itemTitle: row.title,
            dueAt: row.dueAt.toISOString(),
          },
        });
      }
      return claimed.length;
    });
  }

  /**
   * The classes the caller teaches: the page's ids on the narrow join, then those rows, joined to the capped count
   * (ADR 019): one statement, whatever the page.
   */
  async function taughtPage(caller: Caller, query: Paging & { archived: 'true' | 'false' }) {
    const where = and(
      eq(classTeachers.teacherId, caller.id),
      query.archived === 'true' ? sql`${classes.archivedAt} is not null` : isNull(classes.archivedAt),
    );
    const order = [desc(classes.createdAt), classes.id];
    const { limit, offset } = boundedPage(query);
    const taught = () =>
      db
        .select({ id: classes.id })
        .from(classTeachers)
        .innerJoin(classes, eq(classes.id, classTeachers.classId))
        .where(where);
    const rows = await db
      .select(summaryColumns)
      .from(countFrame(taught()))
      .leftJoin(
        classes,
        inArray(
          classes.id,
          taught()
            .orderBy(...order)
            .limit(limit)
            .offset(offset),
        ),
      )
      .leftJoin(users, eq(users.id, classes.ownerId))
      .orderBy(...order);
    const total = Number(rows[0]?.total ?? 0);
    return cappedPageResult(summariesOf(rows, true), query, total);
  }

  /**
   * The caller's classes, current ones first: the page's ids on the narrow join, then those rows, joined to the
   * capped count (ADR 019): one statement, whatever the page.
   */
  async function joinedPage(caller: Caller, paging: Paging) {
    const where = eq(classMembers.studentId, caller.id);
    const order = [sql`${classes.archivedAt} is not null`, desc(classMembers.joinedAt), classes.id];
    const { limit, offset } = boundedPage(paging);
    const pageIds = db
      .select({ id: classes.id })
      .from(classMembers)
      .innerJoin(classes, eq(classes.id, classMembers.classId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    const rows = await db
      .select(summaryColumns)
      .from(
        countFrame(
          db
            .select({ one: sql`1` })
            .from(classMembers)
            .where(where),
        ),
      )
      .leftJoin(classMembers, and(where, inArray(classMembers.classId, pageIds)))
      .leftJoin(classes, eq(classes.id, classMembers.classId))
      .leftJoin(users, eq(users.id, classes.ownerId))
      .orderBy(...order);
    const total = Number(rows[0]?.total ?? 0);
    return cappedPageResult(summariesOf(rows, false), paging, total);
  }

  return {
    remindDueSoon,

    /** The due-soon reminders run on the job runner every 15 minutes, once per slot across processes. */
    registerJobs(runner: JobRunner): void {
      runner.registerSchedule('classes.due-soon', 15 * 60_000, async () => {
        await remindDueSoon();
      });
    },

    // --- Teachers -------------------------------------------------------------------------

    async create(caller: Caller, body: CreateClassBody & { coTeacherEmails: string[]; courseIds: string[] }) {
      const courseIds = await ownCourses(body.courseIds, [caller.id]);
      const emails = [...new Set(body.coTeacherEmails)];
      const coTeachers = emails.length
        ? await db
            .select({ id: users.id })
            .from(users)
            .where(
              and(inArray(sql`lower(${users.email})`, emails), eq(users.role, 'teacher'), eq(users.status, 'active')),
            )
        : [];
      if (coTeachers.length !== emails.length) throw fieldError('coTeacherEmails', CLASS_MESSAGES.noSuchTeacher);
      const id = await insertWithFreshCode((code) =>
        db.transaction(async (tx) => {
          const [cls] = await tx
            .insert(classes)
            .values({
              ownerId: caller.id,
              name: body.name,
              section: body.section ?? '',
              subject: body.subject ?? '',
              startsOn: body.startsOn ?? null,
              endsOn: body.endsOn ?? null,
              code,
            })
            .returning({ id: classes.id });
          const teacherIds = [caller.id, ...coTeachers.map((t) => t.id).filter((t) => t !== caller.id)];
          await tx.insert(classTeachers).values(teacherIds.map((teacherId) => ({ classId: cls!.id, teacherId })));
          await tx
            .insert(classCourses)
            .values(courseIds.map((courseId, position) => ({ classId: cls!.id, courseId, position })));
          return cls!.id;
        }),
      );
      return teacherView(await taughtClass(id, caller));
    },

    /** The classes the caller teaches (taughtPage), kept until the database says one of them changed. */
    async list(caller: Caller, query: Paging & { archived: 'true' | 'false' }): Promise<Page<ClassSummary>> {
      const key = JSON.stringify([caller.id, query.archived, query.page, query.pageSize]);
      return (await taughtLists.get(key, async () => ({ owner: caller.id, value: await taughtPage(caller, query) })))
        .value;
    },

    /** Stops listening for changes (the app's close). */
    close() {
      taughtLists.stop();
      joinedLists.stop();
      keptAssignmentPages.stop();
      keptRosters.stop();
      keptTodos.stop();
    },

    async get(caller: Caller, classId: string) {
      return teacherView(await taughtClass(classId, caller));
    },

    async update(caller: Caller, classId: string, body: UpdateClassBody) {
      const cls = await taughtClass(classId, caller);
      const keys = Object.keys(body).filter((k) => body[k as keyof UpdateClassBody] !== undefined);
      if (cls.archivedAt && !(keys.length === 1 && body.archived === false)) throw conflict(CLASS_MESSAGES.archived);
      const startsOn = body.startsOn === undefined ? cls.startsOn : body.startsOn;
      const endsOn = body.endsOn === undefined ? cls.endsOn : body.endsOn;
      if (startsOn && endsOn && endsOn < startsOn) throw fieldError('endsOn', 'must be on or after the start date');
      let added: string[] = [];
      if (body.courseIds) {
        const teacherIds = (await teachersOf(classId)).map((t) => t.id);
        const wanted = await ownCourses(body.courseIds, teacherIds);
        const current = new Set((await coursesOf(classId)).map((c) => c.id));
        added = wanted.filter((id) => !current.has(id));
        await db.transaction(async (tx) => {
          await tx.delete(classCourses).where(eq(classCourses.classId, classId));
          await tx.insert(classCourses).values(wanted.map((courseId, position) => ({ classId, courseId, position })));
        });
      }
      await db
        .update(classes)
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.section !== undefined ? { section: body.section } : {}),
          ...(body.subject !== undefined ? { subject: body.subject } : {}),
          startsOn,
          endsOn,
          ...(body.joiningOpen !== undefined ? { joiningOpen: body.joiningOpen } : {}),
          ...(body.archived !== undefined ? { archivedAt: body.archived ? (cls.archivedAt ?? now()) : null } : {}),
          updatedAt: now(),
        })
        .where(eq(classes.id, classId));
      await enrolAll(added, classId);
      return teacherView(await taughtClass(classId, caller));
    },

    async rotateCode(caller: Caller, classId: string) {
      assertWritable(await taughtClass(classId, caller));
      await insertWithFreshCode((code) =>
        db.update(classes).set({ code, updatedAt: now() }).where(eq(classes.id, classId)),
      );
      return teacherView(await taughtClass(classId, caller));
    },

    async addCoTeacher(caller: Caller, classId: string, email: string) {
      assertWritable(await taughtClass(classId, caller));
      const [teacher] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, email), eq(users.role, 'teacher'), eq(users.status, 'active')))
        .limit(1);
      if (!teacher) throw fieldError('email', CLASS_MESSAGES.noSuchTeacher);
      const [{ n } = { n: 0 }] = await db
        .select({ n: count() })
        .from(classTeachers)
        .where(eq(classTeachers.classId, classId));
      if (n > CLASS_LIMITS.coTeachersPerClass) throw fieldError('email', 'this class has the most co-teachers allowed');
      const cls = await taughtClass(classId, caller);
      await db.transaction(async (tx) => {
        const added = await tx
          .insert(classTeachers)
          .values({ classId, teacherId: teacher.id })
          .onConflictDoNothing()
          .returning({ id: classTeachers.teacherId });
        if (added.length > 0 && teacher.id !== caller.id) {
          await raiseEvent(tx, {
            type: 'class.membership',
            recipients: [teacher.id],
            data: { classId, className: cls.name, change: 'added', as: 'teacher' },
          });
        }
      });
      return teacherView(await taughtClass(classId, caller));
    },

    async removeCoTeacher(caller: Caller, classId: string, teacherId: string) {
      const cls = await taughtClass(classId, caller);
      assertWritable(cls);
      if (teacherId === cls.ownerId) throw forbidden('The owner of a class cannot be removed');
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(classTeachers)
          .where(and(eq(classTeachers.classId, classId), eq(classTeachers.teacherId, teacherId)))
          .returning({ id: classTeachers.teacherId });
        if (removed.length === 0) throw notFound('This teacher does not teach the class');
        if (teacherId !== caller.id) {
          await raiseEvent(tx, {
            type: 'class.membership',
            recipients: [teacherId],
            data: { classId, className: cls.name, change: 'removed', as: 'teacher' },
          });
        }
      });
      return { ok: true as const };
    },

    /**
     * A page of the roster. Kept per class until the class or one of its courses changes (as the assignments
     * pages: names, accommodations, grades) and no later than an anonymous release; each learner's progress and last
     * activity, which every lesson opened changes, are read for every request, in the statement that checks who asks.
     */
    async roster(caller: Caller, classId: string, paging: Paging): Promise<Page<RosterEntry>> {
      let read: Page<RosterEntry> | undefined;
      const kept = await keptRosters.get(`${classId}\n${paging.page}\n${paging.pageSize}`, async () => {
        const made = await rosterPage(caller, classId, paging);
        read = made.page;
        showsCourses(classId, made.courseIds);
        return { owner: classId, value: { page: made.page, holdsUntil: made.changesAt } };
      });
      if (read) return read;
      const ids = kept.value.page.items.map((item) => item.studentId);
      const [row] = await rosterActivityPrepared.execute({ classId, teacherId: caller.id, ids: `{${ids.join(',')}}` });
      if (!row?.allowed) throw notFound(CLASS_MESSAGES.notFound);
      const list = typeof row.activity === 'string' ? JSON.parse(row.activity) : row.activity;
      const activity = new Map(((list ?? []) as { id: string; a: ActivityRow }[]).map((a) => [a.id, a.a]));
      return {
        ...kept.value.page,
        items: kept.value.page.items.map((item) => ({ ...item, ...activityOf(activity.get(item.studentId)) })),
      };
    },

    /** The grading gradebook of one of the class's courses, filtered to the class's members (ADR 028, 032). */
    async gradebook(caller: Caller, classId: string, query: ClassGradebookQuery): Promise<Gradebook> {
      await taughtClass(classId, caller);
      const [link] = await db
        .select({ courseId: classCourses.courseId })
        .from(classCourses)
        .where(and(eq(classCourses.classId, classId), eq(classCourses.courseId, query.courseId)))
        .limit(1);
      if (!link) throw notFound('This course is not part of the class');
      const frame = (await framesOf([query.courseId])).get(query.courseId);
      if (!frame) throw notFound('Course not found');
      const lines = await gradebookLines(db, [query.courseId], {
        classId,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      let total = lines[0] ? Number(lines[0].total) : 0;
      if (lines.length === 0 && query.page > 1) {
        const [counted] = await db
          .select({ n: count() })
          .from(classMembers)
          .innerJoin(
            enrolments,
            and(eq(enrolments.studentId, classMembers.studentId), eq(enrolments.courseId, query.courseId)),
          )
          .where(eq(classMembers.classId, classId));
        total = counted?.n ?? 0;
      }
      const at = now();
      const items = lines.map((line) => {
        const cells = gradebookCells(line, frame.list, at);
        const name = [line.firstname, line.lastname].filter(Boolean).join(' ').trim() || line.username || 'Student';
        return {
          student: { id: line.student_id, name, email: line.email },
          cells,
          totalPercent: gradebookTotal(cells, frame.list, frame.weights),
        };
      });
      return { ...pageResult(items, query, total), columns: frame.columns, weights: frame.weights };
    },

    async removeMember(caller: Caller, classId: string, studentId: string) {
      const cls = await taughtClass(classId, caller);
      assertWritable(cls);
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(classMembers)
          .where(and(eq(classMembers.classId, classId), eq(classMembers.studentId, studentId)))
          .returning({ id: classMembers.studentId });
        if (removed.length === 0) throw notFound('This student is not in the class');
        await raiseEvent(tx, {
          type: 'class.membership',
          recipients: [studentId],
          data: { classId, className: cls.name, change: 'removed', as: 'student' },
        });
      });
      return { ok: true as const };
    },

    /** The stream, newest first: the frame and the page (ids on class_announcements_class_idx) together (ADR 019). */
    async announcements(caller: Caller, classId: string, paging: Paging, as: 'teacher' | 'member') {
      const access = as === 'teacher' ? teaches(classId, caller) : belongs(classId, caller);
      const inClass = eq(classAnnouncements.classId, classId);
      const order = [desc(classAnnouncements.createdAt), desc(classAnnouncements.id)];
      const { limit, offset } = boundedPage(paging);
      const pageIds = db
        .select({ id: classAnnouncements.id })
        .from(classAnnouncements)
        .where(and(inClass, access))
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      const [total, rows] = await Promise.all([
        listFrame(
          access,
          db
            .select({ one: sql`1` })
            .from(classAnnouncements)
            .where(inClass),
        ),
        db
          .select({ a: classAnnouncements, firstname: users.firstname, lastname: users.lastname })
          .from(classAnnouncements)
          .leftJoin(users, eq(users.id, classAnnouncements.authorId))
          .where(inArray(classAnnouncements.id, pageIds))
          .orderBy(...order),
      ]);
      const items: Announcement[] = rows.map((r) => ({
        id: r.a.id,
        bodyHtml: r.a.bodyHtml,
        authorName: r.firstname === null ? null : nameOf({ firstname: r.firstname, lastname: r.lastname ?? '' }),
        createdAt: r.a.createdAt.toISOString(),
      }));
      return cappedPageResult(items, paging, total);
    },

    async announce(caller: Caller, classId: string, body: CreateAnnouncementBody) {
      const cls = await taughtClass(classId, caller);
      assertWritable(cls);
      const bodyHtml = sanitizeAboutHtml(body.bodyHtml);
      if (!bodyHtml) throw fieldError('bodyHtml', 'is required');
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(classAnnouncements)
          .values({ classId, authorId: caller.id, bodyHtml })
          .returning();
        // Every member hears of it, in the announcement's transaction (ADR 027): one query for the ids.
        const members = await tx
          .select({ id: classMembers.studentId })
          .from(classMembers)
          .where(eq(classMembers.classId, classId));
        await raiseEvent(tx, {
          type: 'class.announcement',
          recipients: members.map((m) => m.id),
          data: {
            classId,
            className: cls.name,
            authorName: await displayName(tx, caller.id),
            excerpt: excerpt(bodyHtml),
          },
          mailNow: body.emailNow === true,
        });
        return inserted;
      });
      const [author] = await db.select().from(users).where(eq(users.id, caller.id)).limit(1);
      return {
        id: row!.id,
        bodyHtml: row!.bodyHtml,
        authorName: author ? nameOf(author) : null,
        createdAt: row!.createdAt.toISOString(),
      } satisfies Announcement;
    },

    // --- Assignments and accommodations ----------------------------------------------------

    async assign(caller: Caller, classId: string, body: CreateAssignmentBody) {
      const cls = await taughtClass(classId, caller);
      assertWritable(cls);
      const [item] = rowsOf<{ id: string; title: string }>(
        await db.execute(sql`
          select ci.id, ci.title from course_items ci
          join class_courses cc on cc.course_id = ci.course_id and cc.class_id = ${classId}
          where ci.id = ${body.itemId} limit 1`),
      );
      if (!item) throw fieldError('itemId', CLASS_MESSAGES.itemNotInClass);
      const learners = body.learnerIds ? [...new Set(body.learnerIds)] : null;
      if (learners) {
        const found = await db
          .select({ id: classMembers.studentId })
          .from(classMembers)
          .where(and(eq(classMembers.classId, classId), inArray(classMembers.studentId, learners)));
        if (found.length !== learners.length) throw fieldError('learnerIds', CLASS_MESSAGES.notInClass);
      }
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(classAssignments)
          .values({
            classId,
            itemId: body.itemId,
            wholeClass: learners === null,
            opensAt: body.opensAt ? new Date(body.opensAt) : null,
            dueAt: body.dueAt ? new Date(body.dueAt) : null,
            closesAt: body.closesAt ? new Date(body.closesAt) : null,
            createdBy: caller.id,
          })
          .returning({ id: classAssignments.id });
        if (learners) {
          await tx
            .insert(classAssignmentLearners)
            .values(learners.map((studentId) => ({ assignmentId: row!.id, studentId })));
        }
        const recipients =
          learners ??
          (
            await tx.select({ id: classMembers.studentId }).from(classMembers).where(eq(classMembers.classId, classId))
          ).map((m) => m.id);
        await raiseEvent(tx, {
          type: 'class.assigned',
          recipients,
          data: { classId, className: cls.name, itemTitle: item.title, dueAt: body.dueAt ?? null },
        });
        return row!.id;
      });
      const { page } = await assignmentPage(classId, { page: 1, pageSize: 1 }, id);
      return page.items[0]!;
    },

    async assignments(caller: Caller, classId: string, paging: Paging) {
      return (await assignmentPage(classId, paging, undefined, teaches(classId, caller))).page;
    },

    /** A page of the class's assignments as JSON (`write` serializes it), kept until what it shows changes. */
    async assignmentsJson(
      caller: Caller,
      classId: string,
      paging: Paging,
      write: (page: Page<Assignment>) => string,
    ): Promise<PreparedJson> {
      let made = false;
      const kept = await keptAssignmentPages.get(`${classId}\n${paging.page}\n${paging.pageSize}`, async () => {
        // Made for this caller: its statements check that they teach the class (404), as without keeping.
        const { page, changesAt } = await assignmentPage(classId, paging, undefined, teaches(classId, caller));
        showsCourses(classId, [...new Set(page.items.map((item) => item.courseId))]);
        made = true;
        return { owner: classId, value: { json: preparedJson(write(page)), holdsUntil: changesAt } };
      });
      // Kept: whether this caller teaches the class is asked now (one statement), before anything is sent.
      if (!made && (await teachesPrepared.execute({ classId, teacherId: caller.id })).length === 0)
        throw notFound(CLASS_MESSAGES.notFound);
      return kept.value.json;
    },

    async unassign(caller: Caller, classId: string, assignmentId: string) {
      assertWritable(await taughtClass(classId, caller));
      const removed = await db
        .delete(classAssignments)
        .where(and(eq(classAssignments.id, assignmentId), eq(classAssignments.classId, classId)))
        .returning({ id: classAssignments.id });
      if (removed.length === 0) throw notFound('Assignment not found');
      return { ok: true as const };
    },

    async setAccommodation(caller: Caller, classId: string, studentId: string, body: AccommodationBody) {
      assertWritable(await taughtClass(classId, caller));
      await assertMemberOf(classId, studentId);
      const assignmentId = body.assignmentId ?? null;
      if (assignmentId) await assertAssignmentOf(classId, assignmentId);
      const values = {
        classId,
        studentId,
        assignmentId,
        extraTimeFactor: body.extraTimeFactor ?? null,
        extraTimeMinutes: body.extraTimeMinutes ?? null,
        dueExtensionHours: body.dueExtensionHours ?? 0,
        extraAttempts: body.extraAttempts ?? 0,
      };
      const row = await db.transaction(async (tx) => {
        await tx.delete(accommodations).where(accommodationWhere(classId, studentId, assignmentId));
        const [inserted] = await tx.insert(accommodations).values(values).returning();
        return inserted;
      });
      return toAccommodation(row)!;
    },

    async clearAccommodation(caller: Caller, classId: string, studentId: string, assignmentId: string | null) {
      assertWritable(await taughtClass(classId, caller));
      const removed = await db
        .delete(accommodations)
        .where(accommodationWhere(classId, studentId, assignmentId))
        .returning({ id: accommodations.id });
      if (removed.length === 0) throw notFound('No accommodation to remove');
      return { ok: true as const };
    },

    // --- Students ----------------------------------------------------------------------------

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
        .values({ classId: cls.id, studentId: caller.id })
        .onConflictDoNothing()
        .returning({ id: classMembers.studentId });
      const courseIds = (await coursesOf(cls.id)).map((c) => c.id);
      await enrolAll(courseIds, cls.id, caller.id);
      return { classId: cls.id, name: cls.name, alreadyMember: inserted.length === 0 };
    },

    /** The classes the caller is a member of (joinedPage), kept until the database says one of them changed. */
    async myClasses(caller: Caller, paging: Paging): Promise<Page<ClassSummary>> {
      const key = JSON.stringify([caller.id, paging.page, paging.pageSize]);
      return (await joinedLists.get(key, async () => ({ owner: caller.id, value: await joinedPage(caller, paging) })))
        .value;
    },

    async studentClass(caller: Caller, classId: string): Promise<StudentClass> {
      const cls = await memberClass(classId, caller);
      const [teachers, courseRows, [acc]] = await Promise.all([
        teachersOf(classId),
        coursesOf(classId),
        db
          .select()
          .from(accommodations)
          .where(accommodationWhere(classId, caller.id, null))
          .limit(1),
      ]);
      return {
        id: cls.id,
        name: cls.name,
        section: cls.section,
        subject: cls.subject,
        startsOn: cls.startsOn,
        endsOn: cls.endsOn,
        archived: cls.archivedAt !== null,
        teachers: teachers.map((t) => ({ id: t.id, name: nameOf(t) })),
        courses: courseRows,
        accommodation: toAccommodation(acc),
      };
    },

    async leave(caller: Caller, classId: string) {
      assertWritable(await memberClass(classId, caller));
      await db
        .delete(classMembers)
        .where(and(eq(classMembers.classId, classId), eq(classMembers.studentId, caller.id)));
      return { ok: true as const };
    },

    /** The caller's to-do in the class: the frame (membership, capped count) and the page together (ADR 019). */
    /**
     * A page of the caller's to-do in a class as JSON (`write` serializes it), kept as the class's pages are: until
     * the class or a course it shows changes, and no later than a status that time changes ("due soon", "missing").
     * A kept page was made for a member, and leaving the class names it: a kept read runs no statement.
     */
    async todoJson(
      caller: Caller,
      classId: string,
      paging: Paging,
      write: (page: Page<TodoItem>) => string,
    ): Promise<PreparedJson> {
      const key = `${classId}\n${caller.id}\n${paging.page}\n${paging.pageSize}`;
      const kept = await keptTodos.get(key, async () => {
        const { items, total, changesAt } = await todoRows(
          caller.id,
          paging,
          classId,
          undefined,
          belongs(classId, caller),
        );
        showsCourses(classId, [...new Set(items.map((item) => item.courseId))]);
        const json = preparedJson(write(cappedPageResult(items, paging, total)));
        return { owner: classId, value: { json, holdsUntil: changesAt } };
      });
      return kept.value.json;
    },

    /**
     * The caller's own counting scores on the assessments assigned to them in the class (the gradebook's cells,
     * lib/gradebook.ts), shown only once the score is released to them (lib/release.ts, their own window).
     */
    async grades(caller: Caller, classId: string, paging: Paging) {
      await memberClass(classId, caller);
      const scope = sql`
        from class_assignments a
        join assessments s on s.item_id = a.item_id
        join course_items ci on ci.id = a.item_id
        join courses co on co.id = ci.course_id
        left join accommodations aa on aa.assignment_id = a.id and aa.student_id = ${caller.id}
        left join accommodations ac on ac.class_id = ${classId} and ac.assignment_id is null
          and ac.student_id = ${caller.id}
        where a.class_id = ${classId} and (a.whole_class or exists (
          select 1 from class_assignment_learners l where l.assignment_id = a.id and l.student_id = ${caller.id}))`;
      const [rows, [total]] = await Promise.all([
        db
          .execute(
            sql`
          select a.id, a.item_id, ci.title, co.id as course_id, co.title as course_title,
            a.opens_at, a.due_at, a.closes_at, s.opens_at as base_opens_at, s.due_at as base_due_at,
            s.closes_at as base_closes_at, s.time_limit_minutes, s.release_score, s.released_at,
            coalesce(aa.id, ac.id) as acc_id, coalesce(aa.extra_time_factor, ac.extra_time_factor) as f,
            coalesce(aa.extra_time_minutes, ac.extra_time_minutes) as m,
            coalesce(aa.due_extension_hours, ac.due_extension_hours, 0) as h,
            coalesce(aa.extra_attempts, ac.extra_attempts, 0) as x
          ${scope}
          order by coalesce(a.due_at, s.due_at) asc nulls last, a.id
          limit ${paging.pageSize} offset ${(paging.page - 1) * paging.pageSize}`,
          )
          .then((r) =>
            rowsOf<
              AssignmentDatesRow & {
                release_score: ReleasePolicy;
                released_at: Date | string | null;
                acc_id: string | null;
                f: string | number | null;
                m: number | null;
                h: number;
                x: number;
              }
            >(r),
          ),
        db.execute(sql`select count(*)::int as n ${scope}`).then((r) => rowsOf<{ n: number }>(r)),
      ]);
      const courseIds = [...new Set(rows.map((r) => r.course_id))];
      const [frames, lines] = await Promise.all([
        framesOf(courseIds),
        gradebookLines(db, courseIds, { studentIds: [caller.id], limit: Math.max(1, courseIds.length) }),
      ]);
      const lineOf = new Map(lines.map((l) => [l.course_id, l]));
      const at = now();
      const date = (d: Date | string | null) => (d === null ? null : new Date(d));
      const items: ClassGrade[] = rows.map((r) => {
        const accommodation: Accommodation | null = r.acc_id
          ? {
              assignmentId: null,
              extraTimeFactor: r.f === null ? null : Number(r.f),
              extraTimeMinutes: r.m,
              dueExtensionHours: Number(r.h),
              extraAttempts: Number(r.x),
            }
          : null;
        const own = { opensAt: date(r.opens_at), dueAt: date(r.due_at), closesAt: date(r.closes_at) };
        const window = learnerWindow({
          assessment: {
            opensAt: date(r.base_opens_at),
            dueAt: date(r.base_due_at),
            closesAt: date(r.base_closes_at),
            timeLimitMinutes: r.time_limit_minutes,
          },
          learner: { studentId: caller.id },
          assignment: Object.fromEntries(Object.entries(own).filter(([, value]) => value !== null)),
          accommodation: accommodationInput(accommodation),
        });
        const assessment = frames.get(r.course_id)?.list.find((a) => a.itemId === r.item_id);
        const line = lineOf.get(r.course_id);
        const cell = assessment && line ? gradebookCells(line, [assessment])[0] : undefined;
        const released = isReleased(r.release_score, { releasedAt: date(r.released_at) }, window, at);
        return {
          assignmentId: r.id,
          itemId: r.item_id,
          title: r.title,
          courseId: r.course_id,
          courseTitle: r.course_title,
          dueAt: window.dueAt?.toISOString() ?? null,
          maxPoints: assessment?.points ?? 0,
          released,
          points: released ? (cell?.points ?? null) : null,
          percent: released ? (cell?.percent ?? null) : null,
          pending: released ? (cell?.pending ?? false) : false,
          late: cell?.late ?? false,
          attempts: cell?.attempts ?? 0,
        };
      });
      return pageResult(items, paging, total?.n ?? 0);
    },

    // --- Calendar feed -------------------------------------------------------------------------

    async calendarUrl(caller: Caller, reset = false) {
      const token = randomBytes(32).toString('base64url');
      if (reset) {
        await db
          .insert(calendarFeeds)
          .values({ userId: caller.id, token })
          .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, updatedAt: now() } });
      } else {
        await db.insert(calendarFeeds).values({ userId: caller.id, token }).onConflictDoNothing();
      }
      const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, caller.id)).limit(1);
      return { url: `${deps.publicUrl.replace(/\/$/, '')}/api/calendar/${row!.token}.ics` };
    },

    /** The due dates of the feed's owner (as a learner and as a teacher), or null for an unknown token. */
    async calendarEvents(token: string) {
      const [owner] = await db
        .select({ id: users.id, role: users.role, status: users.status })
        .from(calendarFeeds)
        .innerJoin(users, eq(users.id, calendarFeeds.userId))
        .where(eq(calendarFeeds.token, token))
        .limit(1);
      if (!owner || owner.status !== 'active') return null;
      const since = new Date(deps.clock() - 90 * 86_400_000);
      const events: { id: string; title: string; dueAt: Date; description: string; url: string }[] = [];
      const base = deps.publicUrl.replace(/\/$/, '');
      if (owner.role === 'student') {
        const { items } = await todoRows(owner.id, { page: 1, pageSize: 500 }, null, since);
        for (const item of items) {
          if (!item.dueAt) continue;
          events.push({
            id: item.assignmentId,
            title: `Due: ${item.title}`,
            dueAt: new Date(item.dueAt),
            description: item.courseTitle,
            url: `${base}/student/classes/${item.classId}`,
          });
        }
      } else {
        const rows = rowsOf<{ id: string; class_id: string; class_name: string; title: string; due_at: Date | string }>(
          await db.execute(sql`
            select a.id, a.class_id, c.name as class_name, ci.title, a.due_at
            from class_teachers t
            join classes c on c.id = t.class_id and c.archived_at is null
            join class_assignments a on a.class_id = c.id
            join course_items ci on ci.id = a.item_id
            where t.teacher_id = ${owner.id} and a.due_at >= ${since.toISOString()}
            order by a.due_at limit 500`),
        );
        for (const row of rows) {
          events.push({
            id: row.id,
            title: `Due: ${row.title} (${row.class_name})`,
            dueAt: new Date(row.due_at),
            description: row.class_name,
            url: `${base}/teacher/classes/${row.class_id}`,
          });
        }
      }
      return events;
    },
  };

  function accommodationWhere(classId: string, studentId: string, assignmentId: string | null) {
    return and(
      eq(accommodations.classId, classId),
      eq(accommodations.studentId, studentId),
      assignmentId ? eq(accommodations.assignmentId, assignmentId) : isNull(accommodations.assignmentId),
    );
  }

  /**
   * A page of the roster by name, made (`roster` keeps it), with the class's courses it shows and when an anonymous
   * release will change its totals. The frame (access, capped count, the class's courses) and the page (the members'
   * ids chosen on the narrow join by name with an OFFSET bounded by the cap, then those 20 with their progress and
   * accommodation) are two statements run together; the counting grades come from the shared gradebook
   * (lib/gradebook.ts: frames and lines of the page's students, two more). Five statements whatever the class.
   */
  async function rosterPage(caller: Caller, classId: string, paging: Paging) {
    const access = teaches(classId, caller);
    const inClass = eq(classMembers.classId, classId);
    const order = [users.lastname, users.firstname, users.id];
    const { limit, offset } = boundedPage(paging);
    const pageIds = db
      .select({ id: classMembers.studentId })
      .from(classMembers)
      .innerJoin(users, eq(users.id, classMembers.studentId))
      .where(and(inClass, access))
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    const [frame, rows] = await Promise.all([
      db
        .execute(
          sql`select ${access} as allowed,
              ${cappedCount(
                db
                  .select({ one: sql`1` })
                  .from(classMembers)
                  .where(inClass),
              )} as total,
              (select json_agg(json_build_object('id', co.id, 'title', co.title) order by cc.position, co.title)
                 from ${classCourses} cc join ${courses} co on co.id = cc.course_id
                where cc.class_id = ${classId}) as courses`,
        )
        .then((result) => {
          const [row] = rowsOf<{
            allowed: boolean;
            total: number;
            courses: string | { id: string; title: string }[] | null;
          }>(result);
          if (!row?.allowed) throw notFound(CLASS_MESSAGES.notFound);
          const list = typeof row.courses === 'string' ? JSON.parse(row.courses) : row.courses;
          return { total: Number(row.total), courses: (list ?? []) as { id: string; title: string }[] };
        }),
      db
        .select({
          studentId: classMembers.studentId,
          joinedAt: classMembers.joinedAt,
          firstname: users.firstname,
          lastname: users.lastname,
          email: users.email,
          activity: sql<string | ActivityRow>`${rosterActivity(classId, classMembers.studentId)}`,
          acc: accommodations,
        })
        .from(classMembers)
        .innerJoin(users, eq(users.id, classMembers.studentId))
        .leftJoin(
          accommodations,
          and(
            eq(accommodations.classId, classId),
            isNull(accommodations.assignmentId),
            eq(accommodations.studentId, classMembers.studentId),
          ),
        )
        .where(and(inClass, inArray(classMembers.studentId, pageIds)))
        .orderBy(...order),
    ]);
    const ids = rows.map((r) => r.studentId);
    const classCourseList = frame.courses;
    const courseIds = classCourseList.map((c) => c.id);
    const [frames, lines] = ids.length
      ? await Promise.all([
          framesOf(courseIds),
          gradebookLines(db, courseIds, { studentIds: ids, limit: ids.length * Math.max(1, courseIds.length) }),
        ])
      : [new Map<string, GradebookFrame>(), []];
    // The course total per (student, course), from the gradebook's counting scores (lib/gradebook.ts).
    // Graders' view: an anonymous assessment's scores stay out of the totals until released (lib/release.ts).
    const totals = new Map<string, number | null>();
    const at = now();
    const releases = [...frames.values()].flatMap((frame) =>
      frame.list.flatMap((assessment) =>
        namesHidden(assessment, at) && assessment.releasedAt ? [assessment.releasedAt.getTime()] : [],
      ),
    );
    for (const line of lines) {
      const frame = frames.get(line.course_id);
      if (!frame) continue;
      const cells = gradebookCells(line, frame.list, at);
      totals.set(`${line.student_id}:${line.course_id}`, gradebookTotal(cells, frame.list, frame.weights));
    }
    const items: RosterEntry[] = rows.map((r) => ({
      studentId: r.studentId,
      name: nameOf(r),
      email: r.email,
      joinedAt: r.joinedAt.toISOString(),
      ...activityOf(r.activity),
      accommodation: toAccommodation(r.acc),
      grades: classCourseList.map((c) => ({
        courseId: c.id,
        courseTitle: c.title,
        percent: totals.get(`${r.studentId}:${c.id}`) ?? null,
      })),
    }));
    return {
      page: cappedPageResult(items, paging, frame.total),
      courseIds,
      changesAt: Math.min(Infinity, ...releases),
    };
  }

  async function assertMemberOf(classId: string, studentId: string) {
    const [row] = await db
      .select({ id: classMembers.studentId })
      .from(classMembers)
      .where(and(eq(classMembers.classId, classId), eq(classMembers.studentId, studentId)))
      .limit(1);
    if (!row) throw notFound('This student is not in the class');
  }

  async function assertAssignmentOf(classId: string, assignmentId: string) {
    const [row] = await db
      .select({ id: classAssignments.id })
      .from(classAssignments)
      .where(and(eq(classAssignments.id, assignmentId), eq(classAssignments.classId, classId)))
      .limit(1);
    if (!row) throw fieldError('assignmentId', 'is not an assignment of this class');
  }

  /**
   * One page of assignments with their counts and who has an accommodation (at most 10 per assignment): one
   * statement whatever the page size, beside the frame's (access, capped count) when `access` is given (ADR 019).
   * The page's assignments are chosen on class_assignments_class_due_idx with an OFFSET bounded by the cap; the counts
   * are taken for those only.
   */
  async function assignmentPage(classId: string, paging: Paging, onlyId?: string, access?: SQL) {
    const where = onlyId
      ? and(eq(classAssignments.classId, classId), eq(classAssignments.id, onlyId))
      : eq(classAssignments.classId, classId);
    const { limit, offset } = boundedPage(paging);
    const at = now();
    const [rows, total] = await Promise.all([
      db
        .execute(
          sql`
          with a as (
            select a.id, a.item_id, a.whole_class, a.opens_at, a.due_at, a.closes_at, a.created_at
            from class_assignments a
            where a.class_id = ${classId} ${onlyId ? sql`and a.id = ${onlyId}` : sql``}
              ${access ? sql`and ${access}` : sql``}
            order by a.due_at asc nulls last, a.created_at desc nulls last, a.id
            limit ${limit} offset ${offset}
          ),
          t as (
            select a.id as assignment_id, m.student_id from a
            join class_members m on m.class_id = ${classId}
            where a.whole_class
            union all
            select a.id, l.student_id from a
            join class_assignment_learners l on l.assignment_id = a.id
            join class_members m on m.class_id = ${classId} and m.student_id = l.student_id
            where not a.whole_class
          ),
          x as materialized (
            -- Submitted: an assessment's first submitted attempt, a lesson's completion. The due date is the
            -- learner window's (lib/learner-window.ts): the assignment's, else the assessment's, moved by the
            -- learner's extension (the assignment's accommodation, else the class-wide one).
            -- Materialised, so each learner's submission is looked up once (not once per count that reads it),
            -- and looked up by key (lateral, limit 1): the completions are never hashed whole.
            select t.assignment_id,
              case when s.item_id is not null then fs.submitted_at else ic.completed_at end as completed_at,
              coalesce(a.due_at, s.due_at)
                + make_interval(hours => coalesce(aa.due_extension_hours, ac.due_extension_hours, 0)) as due,
              (aa.id is not null or ac.id is not null) as accommodated
            from t
            join a on a.id = t.assignment_id
            left join assessments s on s.item_id = a.item_id
            left join lateral (
              select min(sa.submitted_at) as submitted_at from attempts sa
              where s.item_id is not null and sa.student_id = t.student_id and sa.assessment_id = a.item_id
                and sa.status <> 'in_progress' and sa.submitted_at is not null
            ) fs on true
            left join lateral (
              select ic.completed_at from item_completions ic
              where s.item_id is null and ic.student_id = t.student_id and ic.item_id = a.item_id
              limit 1
            ) ic on true
            left join accommodations aa on aa.assignment_id = a.id and aa.student_id = t.student_id
            left join accommodations ac on ac.class_id = ${classId} and ac.assignment_id is null
              and ac.student_id = t.student_id
          ),
          counted as materialized (
            select assignment_id, count(*)::int as learners, count(completed_at)::int as done,
              (count(*) filter (where completed_at > due))::int as late,
              (count(*) filter (where completed_at is null and due < ${at.toISOString()}))::int as missing,
              (count(*) filter (where accommodated))::int as accommodated,
              min(due) filter (where completed_at is null and due >= ${at.toISOString()}) as next_due
            from x group by assignment_id
          ),
          k as (
            -- The page's accommodated learners, found from the accommodations (few), not from every member:
            -- the assignment's own accommodation, else the class-wide one.
            select a.id as assignment_id, m.student_id, coalesce(aa.id, ac.id) as acc_id
            from a
            join lateral (
              select aa.student_id from accommodations aa where aa.assignment_id = a.id
              union
              select ac.student_id from accommodations ac where ac.class_id = ${classId} and ac.assignment_id is null
            ) who on true
            join class_members m on m.class_id = ${classId} and m.student_id = who.student_id
            left join accommodations aa on aa.assignment_id = a.id and aa.student_id = m.student_id
            left join accommodations ac on ac.class_id = ${classId} and ac.assignment_id is null
              and ac.student_id = m.student_id
            where a.whole_class or exists (
              select 1 from class_assignment_learners l where l.assignment_id = a.id and l.student_id = m.student_id)
          ),
          r as (
            -- Who has which accommodation, at most 10 per assignment of the page.
            select k.assignment_id, u.id as student_id, u.firstname, u.lastname, k.acc_id,
              row_number() over (partition by k.assignment_id order by u.lastname, u.firstname, u.id) as n
            from k
            join users u on u.id = k.student_id
          )
          select a.id, a.item_id, ci.kind, ci.title, co.id as course_id, co.title as course_title, a.whole_class,
                 a.opens_at, a.due_at, a.closes_at, c.learners, c.done, c.late, c.missing, c.accommodated,
                 c.next_due,
                 (select json_agg(json_build_object('studentId', r.student_id, 'firstname', r.firstname,
                           'lastname', r.lastname, 'assignmentId', x.assignment_id,
                           'extraTimeFactor', x.extra_time_factor, 'extraTimeMinutes', x.extra_time_minutes,
                           'dueExtensionHours', x.due_extension_hours, 'extraAttempts', x.extra_attempts)
                           order by r.n)
                    from r join accommodations x on x.id = r.acc_id
                   where r.assignment_id = a.id and r.n <= 10) as accs
          from a
          join course_items ci on ci.id = a.item_id
          join courses co on co.id = ci.course_id
          left join counted c on c.assignment_id = a.id
          order by a.due_at asc nulls last, a.created_at desc nulls last, a.id`,
        )
        .then((result) =>
          rowsOf<{
            id: string;
            item_id: string;
            kind: 'lesson' | 'assessment';
            title: string;
            course_id: string;
            course_title: string;
            whole_class: boolean;
            opens_at: Date | string | null;
            due_at: Date | string | null;
            closes_at: Date | string | null;
            learners: number | null;
            done: number | null;
            late: number | null;
            missing: number | null;
            accommodated: number | null;
            next_due: Date | string | null;
            accs: string | AccommodatedRow[] | null;
          }>(result),
        ),
      access
        ? listFrame(
            access,
            db
              .select({ one: sql`1` })
              .from(classAssignments)
              .where(where),
          )
        : countOf(
            db
              .select({ one: sql`1` })
              .from(classAssignments)
              .where(where),
          ),
    ]);
    const items: Assignment[] = rows.map((r) => {
      const accs = (typeof r.accs === 'string' ? (JSON.parse(r.accs) as AccommodatedRow[]) : r.accs) ?? [];
      return {
        id: r.id,
        itemId: r.item_id,
        itemKind: r.kind,
        title: r.title,
        courseId: r.course_id,
        courseTitle: r.course_title,
        wholeClass: r.whole_class,
        learnerCount: Number(r.learners ?? 0),
        opensAt: iso(r.opens_at),
        dueAt: iso(r.due_at),
        closesAt: iso(r.closes_at),
        doneCount: Number(r.done ?? 0),
        lateCount: Number(r.late ?? 0),
        missingCount: Number(r.missing ?? 0),
        accommodatedCount: Number(r.accommodated ?? 0),
        accommodations: accs.map((acc) => ({
          studentId: acc.studentId,
          name: nameOf(acc),
          accommodation: {
            assignmentId: acc.assignmentId,
            extraTimeFactor: acc.extraTimeFactor === null ? null : Number(acc.extraTimeFactor),
            extraTimeMinutes: acc.extraTimeMinutes,
            dueExtensionHours: acc.dueExtensionHours,
            extraAttempts: acc.extraAttempts,
          },
        })),
      };
    });
    const dues = rows.flatMap((r) => (r.next_due === null ? [] : [new Date(r.next_due).getTime()]));
    // The counts hold until the next due date passes for a learner who has not done the work (then missing).
    return { page: cappedPageResult(items, paging, total), changesAt: Math.min(Infinity, ...dues) };
  }

  /**
   * A learner's assignments (of one class, or of all their classes for the calendar), each with their window
   * (learnerWindow) and status. Not done first, by due date.
   */
  async function todoRows(
    studentId: string,
    paging: Paging,
    classId: string | null,
    dueSince?: Date,
    /** The class page's access condition: checked in the count's statement (404), carried by the page's. */
    access?: SQL,
  ) {
    const scope = sql`
      from class_members m
      join classes c on c.id = m.class_id
      join class_assignments a on a.class_id = m.class_id
      join course_items ci on ci.id = a.item_id
      join courses co on co.id = ci.course_id
      left join assessments s on s.item_id = a.item_id
      left join item_completions ic on ic.student_id = m.student_id and ic.item_id = a.item_id
      left join accommodations aa on aa.assignment_id = a.id and aa.student_id = m.student_id
      left join accommodations ac on ac.class_id = m.class_id and ac.assignment_id is null
        and ac.student_id = m.student_id
      where m.student_id = ${studentId}
        ${classId ? sql`and m.class_id = ${classId}` : sql`and c.archived_at is null`}
        ${dueSince ? sql`and a.due_at >= ${dueSince.toISOString()}` : sql``}
        and (a.whole_class or exists (
          select 1 from class_assignment_learners l where l.assignment_id = a.id and l.student_id = m.student_id))`;
    const { limit, offset } = boundedPage(paging);
    type TodoRow = AssignmentDatesRow & {
      class_id: string;
      kind: 'lesson' | 'assessment';
      completed_at: Date | string | null;
      acc: (typeof accommodations.$inferSelect & Record<string, unknown>) | null;
    };
    // One statement (ADR 019, session 22): the class page's access, the capped count and the page's rows as JSON in
    // the page's order; a statement is a round trip, and on this machine the round trip was most of the to-do's cost.
    const [frame] = rowsOf<{ allowed: boolean; total: number; rows: string | TodoRow[] | null }>(
      await db.execute(sql`
        select ${access ?? sql`true`} as allowed, ${cappedCount(sql`select 1 ${scope}`)} as total,
          (select json_agg(p order by p.done, p.due_at nulls last, p.id) from (
            select a.id, a.class_id, a.item_id, ci.kind, ci.title, co.id as course_id, co.title as course_title,
              a.opens_at, a.due_at, a.closes_at, ic.completed_at, s.opens_at as base_opens_at,
              s.due_at as base_due_at, s.closes_at as base_closes_at, s.time_limit_minutes,
              ic.completed_at is not null as done,
              case when aa.id is not null then json_build_object(
                  'assignmentId', aa.assignment_id, 'extraTimeFactor', aa.extra_time_factor,
                  'extraTimeMinutes', aa.extra_time_minutes, 'dueExtensionHours', aa.due_extension_hours,
                  'extraAttempts', aa.extra_attempts)
                when ac.id is not null then json_build_object(
                  'assignmentId', null, 'extraTimeFactor', ac.extra_time_factor,
                  'extraTimeMinutes', ac.extra_time_minutes, 'dueExtensionHours', ac.due_extension_hours,
                  'extraAttempts', ac.extra_attempts)
              end as acc
            ${scope} ${access ? sql`and ${access}` : sql``}
            order by ic.completed_at is not null, a.due_at asc nulls last, a.id
            limit ${limit} offset ${offset}) p) as rows`),
    );
    if (!frame?.allowed) throw notFound(CLASS_MESSAGES.notFound);
    const total = Number(frame.total);
    const rows = ((typeof frame.rows === 'string' ? JSON.parse(frame.rows) : frame.rows) ?? []) as TodoRow[];
    const current = deps.clock();
    const items = rows.map((r) => {
      const raw = typeof r.acc === 'string' ? (JSON.parse(r.acc) as Record<string, unknown>) : r.acc;
      const accommodation: Accommodation | null = raw
        ? {
            assignmentId: (raw.assignmentId as string | null) ?? null,
            extraTimeFactor: raw.extraTimeFactor === null ? null : Number(raw.extraTimeFactor),
            extraTimeMinutes: (raw.extraTimeMinutes as number | null) ?? null,
            dueExtensionHours: Number(raw.dueExtensionHours ?? 0),
            extraAttempts: Number(raw.extraAttempts ?? 0),
          }
        : null;
      const date = (d: Date | string | null) => (d === null ? null : new Date(d));
      // The one window function (lib/learner-window.ts): the assessment's dates (a lesson has none), the
      // assignment's where it sets them, the accommodation on top.
      const own = { opensAt: date(r.opens_at), dueAt: date(r.due_at), closesAt: date(r.closes_at) };
      const window = learnerWindow({
        assessment: {
          opensAt: date(r.base_opens_at),
          dueAt: date(r.base_due_at),
          closesAt: date(r.base_closes_at),
          timeLimitMinutes: r.time_limit_minutes,
        },
        learner: { studentId },
        assignment: Object.fromEntries(Object.entries(own).filter(([, value]) => value !== null)),
        accommodation: accommodationInput(accommodation),
      });
      const due = window.dueAt?.getTime() ?? null;
      const status: TodoItem['status'] = r.completed_at
        ? 'done'
        : due !== null && due < current
          ? 'missing'
          : due !== null && due - current <= DUE_SOON_HOURS * 3_600_000
            ? 'due-soon'
            : 'assigned';
      return {
        assignmentId: r.id,
        classId: r.class_id,
        itemId: r.item_id,
        itemKind: r.kind,
        title: r.title,
        courseId: r.course_id,
        courseTitle: r.course_title,
        opensAt: window.opensAt?.toISOString() ?? null,
        dueAt: window.dueAt?.toISOString() ?? null,
        closesAt: window.closesAt?.toISOString() ?? null,
        timeLimitMinutes: window.timeLimitMinutes ?? null,
        status,
        completedAt: iso(r.completed_at),
        accommodation,
      } satisfies TodoItem & { classId: string };
    });
    // The statuses hold until a due date still ahead (missing) or its "due soon" horizon passes.
    const changes = items.flatMap((item) => {
      if (item.status === 'done' || item.dueAt === null) return [];
      const due = new Date(item.dueAt).getTime();
      return [due - DUE_SOON_HOURS * 3_600_000, due].filter((at) => at > current);
    });
    return { items, total, changesAt: Math.min(Infinity, ...changes) };
  }
}
