import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import {
  CLASS_CODE_ALPHABET,
  CLASS_CODE_LENGTH,
  COURSE_CATEGORIES,
  ROSTER_LIMITS,
  type RosterClass,
  type RosterCount,
  type RosterReport,
} from '@lyceum/contract';
import { and, asc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db/client.js';
import {
  classCourses,
  classes,
  classMembers,
  classTeachers,
  courses,
  linkedIdentities,
  rosterImportRows,
  rosterLinks,
  users,
} from '#db/schema/index.js';
import { refreshProgress } from '#lib/progress.js';
import { Refusals, STAGE, type StagedClass, type StagedEnrolment, type StagedUser } from './stage.js';

/**
 * Preview and apply are one pass over the staged rows (ADR 065): users, then classes, then enrolments, 500 rows at a
 * time, each batch classified with a few statements (links, users by e-mail, classes, memberships) into create /
 * update / unchanged / remove. The preview stops there; the apply writes each batch in one transaction. A row is
 * matched by its link (sourcedId → Lyceum id) first, so a second import of the same file finds everything unchanged.
 */

const BATCH = 500;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const zero = (): RosterCount => ({ create: 0, update: 0, unchanged: 0, remove: 0 });

export interface PassOptions {
  write: boolean;
  /** The identifiers staged by this import (a preview counts a row naming one as known: it will be created). */
  stagedUsers?: Set<string>;
  stagedClasses?: Set<string>;
  /**
   * Preview: each class this import creates, with the teacher who will own it. Creating the class makes its owner
   * its teacher, so the owner's own teacher enrolment is then unchanged, as the apply finds it.
   */
  newClassOwners?: Map<string, string>;
  /** The unusable password every new account gets (a hash of a secret nobody kept); apply only. */
  passwordHash?: string;
  /** Called after each batch with the rows done (apply: the progress) and the users created in it. */
  onBatch?: (processed: number, createdEmails: string[]) => Promise<void>;
  refused?: Refusals;
  /** Preview: the roster's teachers (sourcedId → their account if one exists, name, e-mail), filled by the users. */
  teachers?: Map<string, PreviewTeacher>;
  /** Preview: the classes that will exist, to be linked to courses (the first ROSTER_LIMITS.classesListed). */
  classList?: RosterClass[];
  classCount?: number;
  /** Apply: the course chosen for a class (by its sourcedId): one of its teacher's, or `new` (a draft). */
  courseChoices?: Map<string, string>;
  /** Apply: the courses students were enrolled in (their progress is computed once, at the end). */
  enrolledCourses?: Set<string>;
}

export interface PreviewTeacher {
  userId: string | null;
  name: string;
  email: string;
}

/** The category a draft course made for a roster class gets (its teacher changes it before publishing). */
const DRAFT_CATEGORY = COURSE_CATEGORIES[0];

interface Row<T> {
  seq: number;
  file: string;
  line: number;
  data: T;
}

type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

async function links(db: Tx, kind: 'user' | 'class', sids: string[]): Promise<Map<string, string>> {
  if (sids.length === 0) return new Map();
  const rows = await db
    .select({ sid: rosterLinks.sourcedId, id: rosterLinks.targetId })
    .from(rosterLinks)
    .where(and(eq(rosterLinks.kind, kind), inArray(rosterLinks.sourcedId, [...new Set(sids)])));
  return new Map(rows.map((row) => [row.sid, row.id]));
}

function classCode(): string {
  let code = '';
  for (let i = 0; i < CLASS_CODE_LENGTH; i += 1) code += CLASS_CODE_ALPHABET[randomInt(CLASS_CODE_ALPHABET.length)];
  return code;
}

async function userBatch(db: Tx, rows: Row<StagedUser>[], count: RosterCount, options: PassOptions, created: string[]) {
  const linked = await links(
    db,
    'user',
    rows.map((row) => row.data.sid),
  );
  const emails = rows.map((row) => row.data.email);
  const ids = [...linked.values()];
  const found = await db
    .select({
      id: users.id,
      email: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
      role: users.role,
    })
    .from(users)
    .where(
      ids.length > 0
        ? or(inArray(sql`lower(${users.email})`, emails), inArray(users.id, ids))
        : inArray(sql`lower(${users.email})`, emails),
    );
  const byId = new Map(found.map((user) => [user.id, user]));
  const byEmail = new Map(found.map((user) => [user.email.toLowerCase(), user]));
  // Not found by link or e-mail: an account whose single sign-on identity carries the roster's e-mail, or whose
  // identity's subject is the roster's identifier (ADR 056, 069).
  const unmatched = rows.filter((row) => !linked.has(row.data.sid) && !byEmail.has(row.data.email));
  const byIdentity = new Map<string, (typeof found)[number]>();
  if (unmatched.length > 0) {
    const identifiers = unmatched.flatMap((row) => (row.data.identifier ? [row.data.identifier] : []));
    const unmatchedEmails = unmatched.map((row) => row.data.email);
    const viaIdentity = await db
      .select({
        id: users.id,
        email: users.email,
        firstname: users.firstname,
        lastname: users.lastname,
        role: users.role,
        identityEmail: linkedIdentities.email,
        subject: linkedIdentities.subject,
      })
      .from(linkedIdentities)
      .innerJoin(users, eq(users.id, linkedIdentities.userId))
      .where(
        identifiers.length > 0
          ? or(
              inArray(sql`lower(${linkedIdentities.email})`, unmatchedEmails),
              inArray(linkedIdentities.subject, identifiers),
            )
          : inArray(sql`lower(${linkedIdentities.email})`, unmatchedEmails),
      );
    for (const { identityEmail, subject, ...user } of viaIdentity) {
      byId.set(user.id, user);
      if (identityEmail) byIdentity.set(`email:${identityEmail.toLowerCase()}`, user);
      byIdentity.set(`subject:${subject}`, user);
    }
  }
  const toCreate: StagedUser[] = [];
  const toLink: { sid: string; id: string }[] = [];
  const toUpdate: SQL[] = [];
  for (const { data, file, line } of rows) {
    const linkedId = linked.get(data.sid);
    const user =
      (linkedId ? byId.get(linkedId) : undefined) ??
      byEmail.get(data.email) ??
      byIdentity.get(`email:${data.email}`) ??
      (data.identifier ? byIdentity.get(`subject:${data.identifier}`) : undefined);
    if (data.role === 'teacher' && data.status !== 'tobedeleted')
      options.teachers?.set(data.sid, {
        userId: user?.id ?? null,
        name: `${data.given} ${data.family}`,
        email: data.email,
      });
    // Accounts are never deleted by a roster: a user's tobedeleted row leaves the account as it is.
    if (data.status === 'tobedeleted') {
      count.unchanged += 1;
      continue;
    }
    if (!user) {
      toCreate.push(data);
      count.create += 1;
      continue;
    }
    if (user.role !== 'student' && user.role !== 'teacher') {
      options.refused?.add(file, line, `${data.email} belongs to an account that is not a student's or a teacher's`);
      continue;
    }
    const other = byEmail.get(data.email);
    if (other && other.id !== user.id) {
      options.refused?.add(file, line, `${data.email} is already another account's e-mail`);
      continue;
    }
    if (!linkedId) toLink.push({ sid: data.sid, id: user.id });
    const changed =
      user.firstname !== data.given || user.lastname !== data.family || user.email.toLowerCase() !== data.email;
    if (changed) {
      count.update += 1;
      toUpdate.push(sql`(${user.id}::uuid, ${data.given}, ${data.family}, ${data.email})`);
    } else count.unchanged += 1;
  }
  if (!options.write) return;
  if (toUpdate.length > 0)
    await db.execute(sql`
      update ${users} set firstname = v.firstname, lastname = v.lastname, email = v.email, updated_at = now()
      from (values ${sql.join(toUpdate, sql`, `)}) as v(id, firstname, lastname, email)
      where ${users.id} = v.id`);
  if (toCreate.length > 0) {
    const inserted = await db
      .insert(users)
      .values(
        toCreate.map((data) => ({
          role: data.role,
          email: data.email,
          username: `${`${data.given} ${data.family}`.slice(0, 40)} ${randomBytes(4).toString('hex')}`,
          passwordHash: options.passwordHash ?? '!',
          firstname: data.given,
          lastname: data.family,
        })),
      )
      .returning({ id: users.id, email: users.email });
    const sidOf = new Map(toCreate.map((data) => [data.email, data.sid]));
    for (const user of inserted) {
      toLink.push({ sid: sidOf.get(user.email)!, id: user.id });
      created.push(user.email);
    }
  }
  if (toLink.length > 0)
    await db
      .insert(rosterLinks)
      .values(toLink.map(({ sid, id }) => ({ kind: 'user' as const, sourcedId: sid, targetId: id })))
      .onConflictDoUpdate({
        target: [rosterLinks.kind, rosterLinks.sourcedId],
        set: { targetId: sql`excluded.target_id` },
      });
}

async function classBatch(db: Tx, rows: Row<StagedClass>[], count: RosterCount, options: PassOptions) {
  const linked = await links(
    db,
    'class',
    rows.map((row) => row.data.sid),
  );
  const teacherLinks = await links(
    db,
    'user',
    rows.flatMap((row) => (row.data.teacherSid ? [row.data.teacherSid] : [])),
  );
  const ids = [...linked.values()];
  const found =
    ids.length > 0
      ? await db
          .select({ id: classes.id, name: classes.name, archivedAt: classes.archivedAt, ownerId: classes.ownerId })
          .from(classes)
          .where(inArray(classes.id, ids))
      : [];
  const byId = new Map(found.map((cls) => [cls.id, cls]));
  const renames: SQL[] = [];
  const archives: string[] = [];
  const creates: { id: string; sid: string; ownerId: string; name: string }[] = [];
  /** Apply: the courses chosen for this batch's classes (a new draft course has its id chosen here). */
  const courseLinks: { classId: string; courseId: string }[] = [];
  const drafts: { id: string; teacherId: string; title: string }[] = [];
  const choose = (sid: string, classId: string, ownerId: string, title: string) => {
    const choice = options.courseChoices?.get(sid);
    if (!choice) return;
    if (choice !== 'new') return courseLinks.push({ classId, courseId: choice });
    const courseId = randomUUID();
    drafts.push({ id: courseId, teacherId: ownerId, title });
    courseLinks.push({ classId, courseId });
  };
  const list = (data: StagedClass, classId: string | null) => {
    if (!options.classList || !data.teacherSid) return;
    options.classCount = (options.classCount ?? 0) + 1;
    if (options.classList.length < ROSTER_LIMITS.classesListed)
      options.classList.push({
        sourcedId: data.sid,
        title: data.title,
        teacherSourcedId: data.teacherSid,
        classId,
        courseIds: [],
      });
  };
  for (const { data, file, line } of rows) {
    const id = linked.get(data.sid);
    const cls = id ? byId.get(id) : undefined;
    if (cls && data.status !== 'tobedeleted') {
      list(data, cls.id);
      choose(data.sid, cls.id, cls.ownerId, data.title);
    }
    if (cls) {
      if (data.status === 'tobedeleted') {
        if (cls.archivedAt) count.unchanged += 1;
        else {
          count.remove += 1;
          archives.push(cls.id);
        }
      } else if (cls.name !== data.title) {
        count.update += 1;
        renames.push(sql`(${cls.id}::uuid, ${data.title})`);
      } else count.unchanged += 1;
      continue;
    }
    if (data.status === 'tobedeleted') {
      count.unchanged += 1;
      continue;
    }
    const owner = data.teacherSid ? teacherLinks.get(data.teacherSid) : undefined;
    const ownerWillExist = data.teacherSid && !options.write && options.stagedUsers?.has(data.teacherSid);
    if (!owner && !ownerWillExist) {
      options.refused?.add(
        file,
        line,
        data.teacherSid
          ? `the class's teacher ${data.teacherSid} is not imported`
          : 'the class has no teacher (no enrolment with the role teacher)',
      );
      continue;
    }
    count.create += 1;
    list(data, null);
    if (data.teacherSid) options.newClassOwners?.set(data.sid, data.teacherSid);
    if (!owner) continue;
    const classId = randomUUID();
    creates.push({ id: classId, sid: data.sid, ownerId: owner, name: data.title });
    choose(data.sid, classId, owner, data.title);
  }
  if (!options.write) return;
  if (archives.length > 0)
    await db.update(classes).set({ archivedAt: new Date() }).where(inArray(classes.id, archives));
  if (renames.length > 0)
    await db.execute(sql`
      update ${classes} set name = v.name, updated_at = now()
      from (values ${sql.join(renames, sql`, `)}) as v(id, name)
      where ${classes.id} = v.id`);
  if (creates.length > 0) {
    await db.insert(classes).values(creates.map(({ id, ownerId, name }) => ({ id, ownerId, name, code: classCode() })));
    await db.insert(classTeachers).values(creates.map(({ id, ownerId }) => ({ classId: id, teacherId: ownerId })));
    await db
      .insert(rosterLinks)
      .values(creates.map(({ id, sid }) => ({ kind: 'class' as const, sourcedId: sid, targetId: id })));
  }
  if (courseLinks.length === 0) return;
  if (drafts.length > 0)
    await db
      .insert(courses)
      .values(drafts.map((draft) => ({ ...draft, category: DRAFT_CATEGORY, status: 'draft' as const })));
  await db
    .insert(classCourses)
    .values(courseLinks.map((link) => ({ ...link, position: 0 })))
    .onConflictDoNothing();
  // A class already there follows its new course: its students are enrolled in it, as when a teacher adds one.
  await enrolInCourses(
    db,
    sql`
    select m.student_id, v.course_id from ${classMembers} m
    join (values ${sql.join(
      courseLinks.map((link) => sql`(${link.classId}::uuid, ${link.courseId}::uuid)`),
      sql`, `,
    )}) as v(class_id, course_id) on v.class_id = m.class_id`,
    options,
  );
}

/** Enrols (student_id, course_id) pairs chosen by a select; the courses enrolled in are refreshed at the end. */
async function enrolInCourses(db: Tx, pairs: SQL, options: PassOptions) {
  const result = (await db.execute(sql`
    insert into enrolments (student_id, course_id) ${pairs}
    on conflict (student_id, course_id) do nothing
    returning course_id`)) as unknown as { rows: { course_id: string }[] };
  for (const row of result.rows) options.enrolledCourses?.add(row.course_id);
}

async function enrolmentBatch(db: Tx, rows: Row<StagedEnrolment>[], count: RosterCount, options: PassOptions) {
  const classLinks = await links(
    db,
    'class',
    rows.map((row) => row.data.classSid),
  );
  const userLinks = await links(
    db,
    'user',
    rows.map((row) => row.data.userSid),
  );
  const classIds = [...new Set(classLinks.values())];
  const userIds = [...new Set(userLinks.values())];
  const members = new Set<string>();
  const teaching = new Set<string>();
  const owners = new Map<string, string>();
  if (classIds.length > 0 && userIds.length > 0) {
    const [memberRows, teacherRows, ownerRows] = await Promise.all([
      db
        .select({ classId: classMembers.classId, userId: classMembers.studentId })
        .from(classMembers)
        .where(and(inArray(classMembers.classId, classIds), inArray(classMembers.studentId, userIds))),
      db
        .select({ classId: classTeachers.classId, userId: classTeachers.teacherId })
        .from(classTeachers)
        .where(and(inArray(classTeachers.classId, classIds), inArray(classTeachers.teacherId, userIds))),
      db.select({ id: classes.id, ownerId: classes.ownerId }).from(classes).where(inArray(classes.id, classIds)),
    ]);
    for (const row of memberRows) members.add(`${row.classId}:${row.userId}`);
    for (const row of teacherRows) teaching.add(`${row.classId}:${row.userId}`);
    for (const row of ownerRows) owners.set(row.id, row.ownerId);
  }
  const addMembers: { classId: string; studentId: string }[] = [];
  const addTeachers: { classId: string; teacherId: string }[] = [];
  const removeMembers: string[][] = [];
  const removeTeachers: string[][] = [];
  for (const { data, file, line } of rows) {
    const classId = classLinks.get(data.classSid);
    const userId = userLinks.get(data.userSid);
    const classKnown = classId ?? (!options.write && options.stagedClasses?.has(data.classSid));
    const userKnown = userId ?? (!options.write && options.stagedUsers?.has(data.userSid));
    if (!classKnown) {
      options.refused?.add(file, line, `the class ${data.classSid} is not imported`);
      continue;
    }
    if (!userKnown) {
      options.refused?.add(file, line, `the user ${data.userSid} is not imported`);
      continue;
    }
    if (!classId || !userId) {
      // Preview: the class or the user is created by this import, so is the membership (but the owner's own: the
      // class is created with them as its teacher).
      const owns = data.role === 'teacher' && options.newClassOwners?.get(data.classSid) === data.userSid;
      if (data.status === 'tobedeleted' || owns) count.unchanged += 1;
      else count.create += 1;
      continue;
    }
    const key = `${classId}:${userId}`;
    const present = data.role === 'student' ? members.has(key) : teaching.has(key);
    if (data.status === 'tobedeleted') {
      if (!present || (data.role === 'teacher' && owners.get(classId) === userId)) count.unchanged += 1;
      else {
        count.remove += 1;
        (data.role === 'student' ? removeMembers : removeTeachers).push([classId, userId]);
      }
    } else if (present) count.unchanged += 1;
    else {
      count.create += 1;
      if (data.role === 'student') addMembers.push({ classId, studentId: userId });
      else addTeachers.push({ classId, teacherId: userId });
      // A second row for the same pair in this batch is unchanged.
      (data.role === 'student' ? members : teaching).add(key);
    }
  }
  if (!options.write) return;
  if (addMembers.length > 0) {
    await db.insert(classMembers).values(addMembers).onConflictDoNothing();
    // Joining a class enrols in its courses (ADR 028): so does a roster's membership.
    await enrolInCourses(
      db,
      sql`
      select v.student_id, cc.course_id from ${classCourses} cc
      join (values ${sql.join(
        addMembers.map((m) => sql`(${m.classId}::uuid, ${m.studentId}::uuid)`),
        sql`, `,
      )}) as v(class_id, student_id) on v.class_id = cc.class_id`,
      options,
    );
  }
  if (addTeachers.length > 0) await db.insert(classTeachers).values(addTeachers).onConflictDoNothing();
  // Only the membership goes: attempts, grades and overrides are the student's, not the class's.
  for (const [table, column, pairs] of [
    [classMembers, classMembers.studentId, removeMembers],
    [classTeachers, classTeachers.teacherId, removeTeachers],
  ] as const) {
    if (pairs.length === 0) continue;
    const classColumn = table === classMembers ? classMembers.classId : classTeachers.classId;
    await db.delete(table).where(
      sql`(${classColumn}, ${column}) in (${sql.join(
        pairs.map(([c, u]) => sql`(${c}::uuid, ${u}::uuid)`),
        sql`, `,
      )})`,
    );
  }
}

/** One pass over an import's staged rows: its report (preview), or its report and its writes (apply). */
export async function rosterPass(db: Db, importId: string, options: PassOptions): Promise<RosterReport> {
  const counts = { users: zero(), classes: zero(), enrolments: zero() };
  // The options are the pass's state: the preview's class count and lists are read from them after.
  const refused = (options.refused ??= new Refusals());
  const pass = options;
  let processed = 0;
  for (const stage of [STAGE.users, STAGE.classes, STAGE.enrolments]) {
    let after = 0;
    for (;;) {
      const rows = (await db
        .select({
          seq: rosterImportRows.seq,
          file: rosterImportRows.file,
          line: rosterImportRows.line,
          data: rosterImportRows.data,
        })
        .from(rosterImportRows)
        .where(
          and(
            eq(rosterImportRows.importId, importId),
            eq(rosterImportRows.stage, stage),
            gt(rosterImportRows.seq, after),
          ),
        )
        .orderBy(asc(rosterImportRows.seq))
        .limit(BATCH)) as Row<never>[];
      if (rows.length === 0) break;
      after = rows[rows.length - 1]!.seq;
      const created: string[] = [];
      const run = async (tx: Tx) => {
        if (stage === STAGE.users) await userBatch(tx, rows as Row<StagedUser>[], counts.users, pass, created);
        else if (stage === STAGE.classes) await classBatch(tx, rows as Row<StagedClass>[], counts.classes, pass);
        else await enrolmentBatch(tx, rows as Row<StagedEnrolment>[], counts.enrolments, pass);
      };
      if (options.write) await db.transaction(async (tx) => run(tx as unknown as Tx));
      else await run(db);
      processed += rows.length;
      await options.onBatch?.(processed, created);
      await nextTurn();
    }
  }
  if (options.write) for (const courseId of options.enrolledCourses ?? []) await refreshProgress(db, courseId);
  return { ...counts, refusedCount: refused.count, refused: refused.rows };
}

/**
 * Preview: the listed classes' teachers with their courses (the first ROSTER_LIMITS.coursesPerTeacher each, by
 * title) and the courses the classes already follow, in three statements whatever the number of classes.
 */
export async function previewClasses(db: Db, options: PassOptions) {
  const classList = options.classList ?? [];
  const teachers = options.teachers ?? new Map<string, PreviewTeacher>();
  const wanted = new Set(classList.map((cls) => cls.teacherSourcedId));
  // A class's teacher not in this file's users (a delta) but linked by an earlier import.
  const missing = [...wanted].filter((sid) => !teachers.has(sid));
  if (missing.length > 0) {
    const linked = await db
      .select({
        sid: rosterLinks.sourcedId,
        id: users.id,
        first: users.firstname,
        last: users.lastname,
        email: users.email,
      })
      .from(rosterLinks)
      .innerJoin(users, eq(users.id, rosterLinks.targetId))
      .where(and(eq(rosterLinks.kind, 'user'), inArray(rosterLinks.sourcedId, missing)));
    for (const row of linked)
      teachers.set(row.sid, { userId: row.id, name: `${row.first} ${row.last}`, email: row.email });
  }
  const listed = [...wanted].flatMap((sid) => {
    const teacher = teachers.get(sid);
    return teacher ? [{ sourcedId: sid, ...teacher }] : [];
  });
  const userIds = [...new Set(listed.flatMap((t) => (t.userId ? [t.userId] : [])))];
  const courseRows =
    userIds.length > 0
      ? (
          (await db.execute(sql`
          select id, title, status, teacher_id from (
            select id, title, status, teacher_id,
                   row_number() over (partition by teacher_id order by lower(title), id) as n
            from ${courses} where teacher_id in (${sql.join(
              userIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})
          ) ranked where n <= ${ROSTER_LIMITS.coursesPerTeacher}
          order by teacher_id, n`)) as unknown as {
            rows: { id: string; title: string; status: 'draft' | 'published'; teacher_id: string }[];
          }
        ).rows
      : [];
  const coursesOf = new Map<string, { id: string; title: string; status: 'draft' | 'published' }[]>();
  for (const row of courseRows) {
    const list = coursesOf.get(row.teacher_id) ?? [];
    list.push({ id: row.id, title: row.title, status: row.status });
    coursesOf.set(row.teacher_id, list);
  }
  const classIds = classList.flatMap((cls) => (cls.classId ? [cls.classId] : []));
  if (classIds.length > 0) {
    const followed = await db
      .select({ classId: classCourses.classId, courseId: classCourses.courseId })
      .from(classCourses)
      .where(inArray(classCourses.classId, classIds));
    const byClass = new Map<string, string[]>();
    for (const row of followed) byClass.set(row.classId, [...(byClass.get(row.classId) ?? []), row.courseId]);
    for (const cls of classList) if (cls.classId) cls.courseIds = byClass.get(cls.classId) ?? [];
  }
  return {
    classes: classList.filter((cls) => teachers.has(cls.teacherSourcedId)),
    classCount: options.classCount ?? 0,
    teachers: listed.map((t) => ({ ...t, courses: t.userId ? (coursesOf.get(t.userId) ?? []) : [] })),
  };
}
