import type { RosterImport } from '@lyceum/contract';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  attempts,
  classCourses,
  classes,
  courses,
  enrolments,
  identityProviders,
  linkedIdentities,
  classMembers,
  classTeachers,
  gradeOverrides,
  rosterImportRows,
  rosterImports,
  users,
} from '../src/db/schema/index.js';
import { setUpQuiz, type QuizSetup } from './assessment-helpers.js';
import { countQueries, createCourse } from './course-helpers.js';
import { multipart } from './curriculum-helpers.js';
import type { MailMessage } from '../src/lib/mailer.js';
import { writeZip } from '../src/lib/zip.js';
import { bearer, createUser, uniqueEmail, useTestApp, type TestUser } from './helper.js';
import { trackSends } from './mail-helper.js';

/**
 * Rosters (issue 48.4, ADR 065): a OneRoster 1.2 CSV zip and a plain CSV, previewed then applied by the job; the same
 * file twice changes nothing; a delta's tobedeleted enrolment removes the membership and keeps the grades; broken rows
 * are listed by file and line; an oversized CSV, a zip bomb and a zip with `../` are refused and leave nothing.
 */

const lines = (...rows: string[]) => `${rows.join('\r\n')}\r\n`;
const USERS_HEADER =
  'sourcedId,status,dateLastModified,enabledUser,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password,userMasterIdentifier,resourceSourcedIds,preferredGivenName,preferredMiddleName,preferredFamilyName,primaryOrgSourcedId,pronouns';
const user = (sid: string, given: string, family: string, email: string, status = '', identifier = '') =>
  `${sid},${status},,true,${sid},,${given},${family},,${identifier},${email},,,,,,,,,,,org-1,`;
const ENROLMENTS_HEADER =
  'sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate';
const CLASSES_HEADER =
  'sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,location,schoolSourcedId,termSourcedIds,subjects,subjectCodes,periods';

function manifest(mode: 'bulk' | 'delta', files: string[]) {
  const all = ['academicSessions', 'classes', 'courses', 'enrollments', 'orgs', 'users'];
  return lines(
    'propertyName,value',
    'manifest.version,1.0',
    'oneroster.version,1.2',
    ...all.map((name) => `file.${name},${files.includes(name) ? mode : 'absent'}`),
    'source.systemName,Test SIS',
  );
}

describe('rosters', () => {
  const sent: MailMessage[] = [];
  const mailer = trackSends({ send: async (message) => void sent.push(message), close: () => undefined });
  const ctx = useTestApp({ mailer: mailer.mailer });
  let admin: TestUser;
  let quiz: QuizSetup;
  const tag = Date.now().toString(36);
  const mail = (who: string) => `${who}.${tag}@school.example`;

  beforeAll(async () => {
    admin = await createUser(ctx, 'admin');
    // An existing student with a grade: the roster links the account by its e-mail.
    const student = await createUser(ctx, 'student', { email: mail('ada'), firstname: 'Ada', lastname: 'Lovelace' });
    quiz = await setUpQuiz(ctx, {}, undefined, { student });
    await ctx.database.db
      .insert(gradeOverrides)
      .values({ assessmentId: quiz.assessment.id, studentId: student.user.id, points: 7, reason: 'oral exam' });
  });

  function bulkZip() {
    return writeZip([
      {
        name: 'manifest.csv',
        data: manifest('bulk', ['academicSessions', 'classes', 'courses', 'enrollments', 'orgs', 'users']),
      },
      {
        name: 'orgs.csv',
        data: lines(
          'sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId',
          'org-1,,,Hill School,school,HS,',
        ),
      },
      {
        name: 'academicSessions.csv',
        data: lines(
          'sourcedId,status,dateLastModified,title,type,startDate,endDate,parentSourcedId,schoolYear',
          `term-1,,,Autumn ${tag},term,2026-09-01,2026-12-20,,2027`,
        ),
      },
      {
        name: 'courses.csv',
        data: lines(
          'sourcedId,status,dateLastModified,schoolYearSourcedId,title,courseCode,grades,orgSourcedId,subjects,subjectCodes',
          'course-1,,,,Algebra,ALG,,org-1,,',
        ),
      },
      {
        name: 'classes.csv',
        data: lines(
          'sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,location,schoolSourcedId,termSourcedIds,subjects,subjectCodes,periods',
          `class-${tag}-a,,,Algebra 1A ${tag},,course-1,1A,scheduled,,org-1,term-1,,,`,
          `class-${tag}-b,,,Algebra 1B ${tag},,course-1,1B,scheduled,,org-1,term-1,,,`,
        ),
      },
      {
        name: 'users.csv',
        data: lines(
          USERS_HEADER,
          user(`t-${tag}`, 'Grace', 'Hopper', mail('grace')),
          user(`s1-${tag}`, 'Ada', 'Lovelace', mail('ada')),
          user(`s2-${tag}`, 'Alan', 'Turing', mail('alan')),
          user(`s3-${tag}`, 'Edsger', 'Dijkstra', mail('edsger')),
        ),
      },
      {
        name: 'enrollments.csv',
        data: lines(
          'sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate',
          `e1-${tag},,,class-${tag}-a,org-1,t-${tag},teacher,true,,`,
          `e2-${tag},,,class-${tag}-a,org-1,s1-${tag},student,false,,`,
          `e3-${tag},,,class-${tag}-a,org-1,s2-${tag},student,false,,`,
          `e4-${tag},,,class-${tag}-b,org-1,t-${tag},teacher,true,,`,
          `e5-${tag},,,class-${tag}-b,org-1,s3-${tag},student,false,,`,
          `e6-${tag},,,class-${tag}-b,org-1,s1-${tag},student,false,,`,
        ),
      },
    ]);
  }

  async function upload(format: 'csv' | 'oneroster', data: Buffer | string, filename: string) {
    const body = multipart([{ name: 'file', data, filename }]);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/admin/rosters/imports?format=${format}`,
      headers: { ...bearer(admin.token), ...body.headers },
      payload: body.payload,
    });
  }

  async function previewOf(format: 'csv' | 'oneroster', data: Buffer | string, filename = 'roster.zip') {
    const res = await upload(format, data, filename);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<RosterImport>();
  }

  async function applyImport(id: string, sendPasswordMail = false) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/rosters/imports/${id}/apply`,
      headers: bearer(admin.token),
      payload: { sendPasswordMail },
    });
    expect(res.statusCode, res.body).toBe(202);
    await ctx.app.jobs.drain();
    const done = await ctx.app.inject({ url: `/api/admin/rosters/imports/${id}`, headers: bearer(admin.token) });
    const body = done.json<RosterImport>();
    expect(body.status, body.error ?? '').toBe('done');
    expect(body.processed).toBe(body.total);
    return body;
  }

  async function census() {
    const db = ctx.database.db;
    const emails = ['grace', 'ada', 'alan', 'edsger'].map(mail);
    const [u] = await db
      .select({ n: count() })
      .from(users)
      .where(sql`lower(${users.email}) in ${emails}`);
    const [c] = await db
      .select({ n: count() })
      .from(classes)
      .where(sql`${classes.name} like ${`%${tag}`}`);
    const [m] = await db
      .select({ n: count() })
      .from(classMembers)
      .innerJoin(classes, eq(classes.id, classMembers.classId))
      .where(sql`${classes.name} like ${`%${tag}`}`);
    const [t] = await db
      .select({ n: count() })
      .from(classTeachers)
      .innerJoin(classes, eq(classes.id, classTeachers.classId))
      .where(sql`${classes.name} like ${`%${tag}`}`);
    return { users: u!.n, classes: c!.n, members: m!.n, teachers: t!.n };
  }

  it('imports a OneRoster 1.2 zip of 7 files: preview counts, then the job applies them', async () => {
    const preview = await previewOf('oneroster', bulkZip());
    expect(preview.status).toBe('preview');
    expect(preview.mode).toBe('bulk');
    expect(preview.preview.refused).toEqual([]);
    // Ada exists (same e-mail, same names): linked, left alone.
    expect(preview.preview.users).toEqual({ create: 3, update: 0, unchanged: 1, remove: 0 });
    expect(preview.preview.classes).toEqual({ create: 2, update: 0, unchanged: 0, remove: 0 });
    // Grace's two teacher enrolments come with the classes she will own: nothing more to create for them.
    expect(preview.preview.enrolments).toEqual({ create: 4, update: 0, unchanged: 2, remove: 0 });
    expect(await census()).toEqual({ users: 1, classes: 0, members: 0, teachers: 0 });

    const applied = await applyImport(preview.id);
    expect(applied.result?.users).toEqual({ create: 3, update: 0, unchanged: 1, remove: 0 });
    // The preview said what the import would do, and it did that.
    expect(applied.result?.enrolments).toEqual(preview.preview.enrolments);
    // Grace owns both classes (her enrolment makes her the teacher, she is its owner and its only teacher).
    expect(await census()).toEqual({ users: 4, classes: 2, members: 4, teachers: 2 });
    const [grace] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, mail('grace')));
    expect(grace?.role).toBe('teacher');
    const [alan] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, mail('alan')));
    expect(alan?.role).toBe('student');
    // No password anyone knows: the e-mail and any guess are refused.
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: mail('alan'), password: 'correct-horse-battery' },
    });
    expect(login.statusCode).toBe(401);
    // Nothing staged is left once applied.
    const [left] = await ctx.database.db
      .select({ n: count() })
      .from(rosterImportRows)
      .where(eq(rosterImportRows.importId, preview.id));
    expect(left?.n).toBe(0);
  });

  it('the same file again changes nothing', async () => {
    const before = await census();
    const preview = await previewOf('oneroster', bulkZip());
    expect(preview.preview.users).toEqual({ create: 0, update: 0, unchanged: 4, remove: 0 });
    expect(preview.preview.classes).toEqual({ create: 0, update: 0, unchanged: 2, remove: 0 });
    expect(preview.preview.enrolments).toEqual({ create: 0, update: 0, unchanged: 6, remove: 0 });
    const applied = await applyImport(preview.id);
    expect(applied.result?.enrolments).toEqual({ create: 0, update: 0, unchanged: 6, remove: 0 });
    expect(await census()).toEqual(before);
    // A second apply of the same import is refused.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/rosters/imports/${preview.id}/apply`,
      headers: bearer(admin.token),
      payload: {},
    });
    expect(again.statusCode).toBe(409);
  });

  it("a delta's tobedeleted enrolment removes the membership and keeps the student's grades", async () => {
    const ada = quiz.student.user.id;
    const gradesOf = async () => {
      const [overrides] = await ctx.database.db
        .select({ n: count() })
        .from(gradeOverrides)
        .where(eq(gradeOverrides.studentId, ada));
      const [tries] = await ctx.database.db.select({ n: count() }).from(attempts).where(eq(attempts.studentId, ada));
      return { overrides: overrides!.n, attempts: tries!.n };
    };
    const grades = await gradesOf();
    expect(grades.overrides).toBe(1);
    const delta = writeZip([
      { name: 'manifest.csv', data: manifest('delta', ['enrollments', 'users']) },
      {
        name: 'enrollments.csv',
        data: lines(
          'sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate',
          `e6-${tag},tobedeleted,2026-12-01T00:00:00Z,class-${tag}-b,org-1,s1-${tag},student,false,,`,
        ),
      },
      { name: 'users.csv', data: lines(USERS_HEADER, user(`s2-${tag}`, 'Alan M.', 'Turing', mail('alan'), 'active')) },
    ]);
    const preview = await previewOf('oneroster', delta);
    expect(preview.mode).toBe('delta');
    expect(preview.preview.enrolments).toEqual({ create: 0, update: 0, unchanged: 0, remove: 1 });
    expect(preview.preview.users).toEqual({ create: 0, update: 1, unchanged: 0, remove: 0 });
    await applyImport(preview.id);
    expect(await census()).toEqual({ users: 4, classes: 2, members: 3, teachers: 2 });
    const memberships = await ctx.database.db
      .select({ name: classes.name })
      .from(classMembers)
      .innerJoin(classes, eq(classes.id, classMembers.classId))
      .where(eq(classMembers.studentId, ada));
    expect(memberships.map((m) => m.name)).toEqual([`Algebra 1A ${tag}`]);
    expect(await gradesOf()).toEqual(grades);
    const [alan] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, mail('alan')));
    expect(alan?.firstname).toBe('Alan M.');
  });

  it('lists every broken row by file and line and imports the rest (plain CSV)', async () => {
    const csv = lines(
      'Email,First name,Last name,Role,Class',
      `${mail('p1')},Marie,Curie,teacher,Physics ${tag}`,
      `${mail('p2')},Pierre,Curie,student,Physics ${tag}`,
      `not-an-email,Bad,Row,student,Physics ${tag}`,
      `${mail('p3')},,Nameless,student,Physics ${tag}`,
      `${mail('p4')},Irene,Joliot,principal,Physics ${tag}`,
      `${mail('p2')},Again,Curie,student,Physics ${tag}`,
      `${mail('p5')},Too,Many,student,Physics ${tag},extra`,
      `${mail('p6')},Eve,Curie,student,`,
    );
    const preview = await previewOf('csv', csv, 'roster.csv');
    expect(preview.preview.refused).toEqual([
      { file: 'roster.csv', line: 4, reason: '"not-an-email" is not an e-mail address' },
      { file: 'roster.csv', line: 5, reason: 'the first name is empty' },
      { file: 'roster.csv', line: 6, reason: 'the role "principal" is not student or teacher' },
      { file: 'roster.csv', line: 7, reason: 'the e-mail is already on line 3' },
      { file: 'roster.csv', line: 8, reason: '6 fields where the header has 5' },
    ]);
    expect(preview.preview.refusedCount).toBe(5);
    expect(preview.preview.users).toEqual({ create: 3, update: 0, unchanged: 0, remove: 0 });
    expect(preview.preview.classes).toEqual({ create: 1, update: 0, unchanged: 0, remove: 0 });
    // Marie's teacher enrolment comes with the class she will own.
    expect(preview.preview.enrolments).toEqual({ create: 1, update: 0, unchanged: 1, remove: 0 });
    const applied = await applyImport(preview.id);
    expect(applied.result?.enrolments).toEqual(preview.preview.enrolments);
    const [physics] = await ctx.database.db
      .select()
      .from(classes)
      .where(eq(classes.name, `Physics ${tag}`));
    const [marie] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, mail('p1')));
    expect(physics?.ownerId).toBe(marie?.id);
    const [members] = await ctx.database.db
      .select({ n: count() })
      .from(classMembers)
      .where(eq(classMembers.classId, physics!.id));
    expect(members?.n).toBe(1);
    const again = await previewOf('csv', csv, 'roster.csv');
    expect(again.preview.users).toEqual({ create: 0, update: 0, unchanged: 3, remove: 0 });
    expect(again.preview.enrolments).toEqual({ create: 0, update: 0, unchanged: 2, remove: 0 });
  });

  it('a preview costs the same statements for 10 rows as for 240 (batches of 500 rows, no statement per row)', async () => {
    const csv = (n: number, label: string) =>
      lines(
        'email,first name,last name,role,class',
        `${mail(`${label}-teacher`)},Tess,Teacher,teacher,Class ${label} ${tag}`,
        ...Array.from({ length: n }, (_, i) => `${mail(`${label}-${i}`)},Stu,Dent ${i},student,Class ${label} ${tag}`),
      );
    const small = await countQueries(ctx.database, () => upload('csv', csv(10, 'small'), 'roster.csv'));
    const large = await countQueries(ctx.database, () => upload('csv', csv(240, 'large'), 'roster.csv'));
    expect(large.length).toBe(small.length);
    // And so does the apply (the job): every write of a batch is one statement per table.
    const applyCost = async (n: number, label: string) => {
      const preview = await previewOf('csv', csv(n, label), 'roster.csv');
      return countQueries(ctx.database, () => applyImport(preview.id));
    };
    const smallApply = await applyCost(10, 'small-apply');
    const largeApply = await applyCost(240, 'large-apply');
    expect(largeApply.length).toBe(smallApply.length);
  });

  it('new accounts get the set-your-password mail when the admin asks, existing ones none', async () => {
    const csv = lines(
      'email,first name,last name,role',
      `${mail('m1')},Mia,Mail,student`,
      `${mail('m2')},Max,Mail,teacher`,
      `${mail('ada')},Ada,Lovelace,student`,
    );
    const preview = await previewOf('csv', csv, 'roster.csv');
    expect(preview.preview.users).toEqual({ create: 2, update: 0, unchanged: 1, remove: 0 });
    sent.length = 0;
    await applyImport(preview.id, true);
    await mailer.settled();
    expect(sent.map((m) => m.to).sort()).toEqual([mail('m1'), mail('m2')]);
    expect(sent[0]?.text).toMatch(/\/reset-password\?token=/);
  });

  /** A bulk OneRoster zip of users, classes and enrolments (rows as in users.csv, classes.csv, enrollments.csv). */
  function smallZip(usersRows: string[], classRows: string[], enrolmentRows: string[]) {
    return writeZip([
      { name: 'manifest.csv', data: manifest('bulk', ['classes', 'enrollments', 'users']) },
      { name: 'users.csv', data: lines(USERS_HEADER, ...usersRows) },
      { name: 'classes.csv', data: lines(CLASSES_HEADER, ...classRows) },
      { name: 'enrollments.csv', data: lines(ENROLMENTS_HEADER, ...enrolmentRows) },
    ]);
  }

  it("links a class to one of its teacher's courses, another to a new draft course; their students are enrolled", async () => {
    const tom = await createUser(ctx, 'teacher', { email: mail('tom'), firstname: 'Tom', lastname: 'Apostol' });
    const geometry = await createCourse(ctx, tom.token, { title: `Geometry ${tag}` });
    const other = await createUser(ctx, 'teacher');
    const notHis = await createCourse(ctx, other.token, { title: `Not Tom's ${tag}` });
    const classRow = (id: string, title: string) => `${id},,,${title},,,,scheduled,,org-1,,,,`;
    const zip = smallZip(
      [
        user(`tom-${tag}`, 'Tom', 'Apostol', mail('tom')),
        user(`g1-${tag}`, 'Gia', 'Euclid', mail('gia')),
        user(`g2-${tag}`, 'Hal', 'Euclid', mail('hal')),
      ],
      [classRow(`geo-a-${tag}`, `Geometry 2A ${tag}`), classRow(`geo-b-${tag}`, `Geometry 2B ${tag}`)],
      [
        `ge1-${tag},,,geo-a-${tag},org-1,tom-${tag},teacher,true,,`,
        `ge2-${tag},,,geo-b-${tag},org-1,tom-${tag},teacher,true,,`,
        `ge3-${tag},,,geo-a-${tag},org-1,g1-${tag},student,false,,`,
        `ge4-${tag},,,geo-b-${tag},org-1,g2-${tag},student,false,,`,
      ],
    );
    const preview = await previewOf('oneroster', zip);
    // Each class with its teacher, and the teacher's courses to choose from.
    expect(preview.classCount).toBe(2);
    expect(preview.classes.map((c) => [c.title, c.teacherSourcedId, c.classId])).toEqual([
      [`Geometry 2A ${tag}`, `tom-${tag}`, null],
      [`Geometry 2B ${tag}`, `tom-${tag}`, null],
    ]);
    expect(preview.teachers).toEqual([
      {
        sourcedId: `tom-${tag}`,
        name: 'Tom Apostol',
        email: mail('tom'),
        userId: tom.user.id,
        courses: [{ id: geometry.id, title: `Geometry ${tag}`, status: 'draft' }],
      },
    ]);

    const applyWith = (courses: unknown) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/rosters/imports/${preview.id}/apply`,
        headers: bearer(admin.token),
        payload: { courses },
      });
    // Another teacher's course, a class not in the file, a class twice: refused, nothing queued.
    const notTheirs = await applyWith([{ classSourcedId: `geo-a-${tag}`, courseId: notHis.id }]);
    expect(notTheirs.statusCode).toBe(400);
    expect(notTheirs.json<{ message: string }>().message).toBe(
      `The course chosen for Geometry 2A ${tag} is not one of its teacher's courses`,
    );
    expect((await applyWith([{ classSourcedId: 'nope', courseId: 'new' }])).statusCode).toBe(400);
    const twice = [
      { classSourcedId: `geo-a-${tag}`, courseId: 'new' },
      { classSourcedId: `geo-a-${tag}`, courseId: geometry.id },
    ];
    expect((await applyWith(twice)).statusCode).toBe(400);

    const res = await applyWith([
      { classSourcedId: `geo-a-${tag}`, courseId: geometry.id },
      { classSourcedId: `geo-b-${tag}`, courseId: 'new' },
    ]);
    expect(res.statusCode, res.body).toBe(202);
    await ctx.app.jobs.drain();
    const db = ctx.database.db;
    const followed = await db
      .select({ cls: classes.name, course: courses.title, teacher: courses.teacherId, status: courses.status })
      .from(classCourses)
      .innerJoin(classes, eq(classes.id, classCourses.classId))
      .innerJoin(courses, eq(courses.id, classCourses.courseId))
      .where(sql`${classes.name} like ${`Geometry 2_ ${tag}`}`)
      .orderBy(classes.name);
    expect(followed).toEqual([
      { cls: `Geometry 2A ${tag}`, course: `Geometry ${tag}`, teacher: tom.user.id, status: 'draft' },
      { cls: `Geometry 2B ${tag}`, course: `Geometry 2B ${tag}`, teacher: tom.user.id, status: 'draft' },
    ]);
    // Each student is enrolled in their class's course.
    const enrolled = await db
      .select({ email: users.email, course: courses.title })
      .from(enrolments)
      .innerJoin(users, eq(users.id, enrolments.studentId))
      .innerJoin(courses, eq(courses.id, enrolments.courseId))
      .where(sql`${users.email} in ${[mail('gia'), mail('hal')]}`)
      .orderBy(users.email);
    expect(enrolled).toEqual([
      { email: mail('gia'), course: `Geometry ${tag}` },
      { email: mail('hal'), course: `Geometry 2B ${tag}` },
    ]);

    // The same file again: unchanged, and the preview shows the classes already following their courses.
    const again = await previewOf('oneroster', zip);
    expect(again.preview.classes).toEqual({ create: 0, update: 0, unchanged: 2, remove: 0 });
    expect(again.classes.map((c) => c.courseIds.length)).toEqual([1, 1]);
    expect(again.classes.every((c) => c.classId !== null)).toBe(true);
  });

  it("finds an account through its single sign-on identity: the identity's e-mail, or the roster's identifier", async () => {
    const db = ctx.database.db;
    const [provider] = await db
      .insert(identityProviders)
      .values({ name: 'School', preset: 'google', issuer: 'https://accounts.google.com', clientId: 'lyceum' })
      .returning();
    // Sam signed up with a home address and signs in with the school's account; Kim's identity has no e-mail.
    const sam = await createUser(ctx, 'student', { email: mail('sam-home'), firstname: 'Sam', lastname: 'Sso' });
    const kim = await createUser(ctx, 'student', { email: mail('kim-home'), firstname: 'Kim', lastname: 'Sso' });
    await db.insert(linkedIdentities).values([
      { userId: sam.user.id, providerId: provider!.id, subject: `sub-sam-${tag}`, email: mail('sam') },
      { userId: kim.user.id, providerId: provider!.id, subject: `S-${tag}-42`, email: '' },
    ]);
    const [before] = await db.select({ n: count() }).from(users);
    const zip = smallZip(
      [user(`sam-${tag}`, 'Sam', 'Sso', mail('sam')), user(`kim-${tag}`, 'Kim', 'Sso', mail('kim'), '', `S-${tag}-42`)],
      [],
      [],
    );
    const preview = await previewOf('oneroster', zip);
    // Both found (their school e-mail becomes the account's), none created.
    expect(preview.preview.users).toEqual({ create: 0, update: 2, unchanged: 0, remove: 0 });
    await applyImport(preview.id);
    const [after] = await db.select({ n: count() }).from(users);
    expect(after?.n).toBe(before?.n);
    const emails = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(sql`${users.id} in ${[sam.user.id, kim.user.id]}`);
    expect(new Map(emails.map((u) => [u.id, u.email]))).toEqual(
      new Map([
        [sam.user.id, mail('sam')],
        [kim.user.id, mail('kim')],
      ]),
    );
  });

  describe('refused files leave nothing behind', () => {
    async function refused(format: 'csv' | 'oneroster', data: Buffer | string, status: number, message: RegExp) {
      const [before] = await ctx.database.db.select({ n: count() }).from(rosterImports);
      const [rowsBefore] = await ctx.database.db.select({ n: count() }).from(rosterImportRows);
      const [usersBefore] = await ctx.database.db.select({ n: count() }).from(users);
      const res = await upload(format, data, format === 'csv' ? 'roster.csv' : 'roster.zip');
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json<{ message: string }>().message).toMatch(message);
      const [after] = await ctx.database.db.select({ n: count() }).from(rosterImports);
      const [usersAfter] = await ctx.database.db.select({ n: count() }).from(users);
      expect(after?.n).toBe(before?.n);
      expect(usersAfter?.n).toBe(usersBefore?.n);
      const [rows] = await ctx.database.db.select({ n: count() }).from(rosterImportRows);
      expect(rows?.n).toBe(rowsBefore?.n);
    }

    it('a CSV over 20 MB', async () => {
      const row = `${uniqueEmail('big')},Big,File,student,Big class\r\n`;
      const big = `email,first name,last name,role,class\r\n${row.repeat(Math.ceil((21 * 1024 * 1024) / row.length))}`;
      await refused('csv', big, 413, /roster\.csv is too large: at most 20 MB/);
    });

    it('a zip bomb (a file that unpacks past 20 MB)', async () => {
      const bomb = writeZip([
        { name: 'manifest.csv', data: manifest('bulk', ['users']) },
        { name: 'users.csv', data: Buffer.alloc(40 * 1024 * 1024, 0x41) },
      ]);
      expect(bomb.length).toBeLessThan(100_000);
      await refused('oneroster', bomb, 413, /users\.csv \(unpacked\) is too large: at most 20 MB/);
    });

    it('a zip bomb that lies about its size', async () => {
      const honest = writeZip([
        { name: 'manifest.csv', data: manifest('bulk', ['users']) },
        {
          name: 'users.csv',
          data: Buffer.concat([Buffer.from(`${USERS_HEADER}\r\n`), Buffer.alloc(30 * 1024 * 1024, 0x41)]),
        },
      ]);
      // Declares 1 KB unpacked in both headers.
      const lying = Buffer.from(honest);
      const central = lying.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), 0);
      const second = lying.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), central + 4);
      lying.writeUInt32LE(1024, second + 24);
      const local = lying.indexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04]), 4);
      lying.writeUInt32LE(1024, local + 22);
      await refused('oneroster', lying, 413, /users\.csv \(unpacked\) is too large/);
    });

    it('a zip with ../ paths', async () => {
      const slip = writeZip([
        { name: 'manifest.csv', data: manifest('bulk', ['users']) },
        { name: '../../etc/users.csv', data: lines(USERS_HEADER) },
      ]);
      await refused('oneroster', slip, 400, /Refused entry "\.\.\/\.\.\/etc\/users\.csv": its path leaves the archive/);
    });

    it('a zip without a manifest, and a non-admin', async () => {
      await refused('oneroster', writeZip([{ name: 'users.csv', data: lines(USERS_HEADER) }]), 400, /no manifest\.csv/);
      const teacher = await createUser(ctx, 'teacher');
      const body = multipart([{ name: 'file', data: 'email\r\n', filename: 'roster.csv' }]);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/rosters/imports?format=csv',
        headers: { ...bearer(teacher.token), ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(403);
    });
  });
});
