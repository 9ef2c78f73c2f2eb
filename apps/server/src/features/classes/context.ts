import { CLASS_MESSAGES, type TeacherClass } from '@lyceum/contract';
import { and, count, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '#db/client.js';
import { classCourses, classes, classMembers, classTeachers, courses, users } from '#db/schema/index.js';
import type { AttemptCounter, Clock } from '#lib/attempt-counter.js';
import { conflict, notFound } from '#lib/errors.js';
import { gradebookFrames, type FramesReader } from '#lib/gradebook.js';
import { keptPerOwner } from '#lib/kept-by-key.js';
import { cappedCount } from '#lib/pages.js';
import { pagesShowingCourses } from '#lib/pages-showing-courses.js';
import { nameOf, rowsOf, type Caller, type ClassRow } from './rows.js';

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

/** The reads and writes of a class's parts that several use cases share: teachers, courses, members' enrolments. */
function classParts(db: Db, deps: ClassServiceDeps) {
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

  /** The class as its teachers see it: code, teachers, courses and member count. */
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

  return { teachersOf, coursesOf, teacherView, enrolAll };
}

/** What every use case of the classes shares: the database, the deps, and the access checks and reads they all run. */
export type ClassContext = ReturnType<typeof createClassContext>;

export function createClassContext(db: Db, deps: ClassServiceDeps) {
  const now = () => new Date(deps.clock());
  const framesOf: FramesReader = deps.frames ?? ((courseIds) => gradebookFrames(db, courseIds));
  /** Every kept store of the use cases, stopped together by the service's `close`. */
  const stops: (() => void)[] = [];
  /** A store kept per owner (lib/kept-by-key.ts), stopped with the service. */
  function keep<V>(...args: Parameters<typeof keptPerOwner<V>>) {
    const kept = keptPerOwner<V>(...args);
    stops.push(kept.stop);
    return kept;
  }

  /**
   * A class's pages (assignments, roster, to-do; ADR 019, session 23) are kept per class until the database names
   * the class or a course the page shows (`shows` records which).
   */
  const { watch: watchClassPages, shows: showsCourses } = pagesShowingCourses(
    deps.watchClassResults,
    deps.watchCourseChanges,
  );

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

  return {
    db,
    deps,
    now,
    framesOf,
    keep,
    watchClassPages,
    showsCourses,
    taughtClass,
    memberClass,
    assertWritable,
    teaches,
    belongs,
    listFrame,
    countOf,
    ...classParts(db, deps),
    /** Stops listening for changes (the app's close). */
    close() {
      for (const stop of stops) stop();
    },
  };
}
