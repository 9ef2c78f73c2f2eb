import { mkdirSync, writeFileSync } from 'node:fs';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type {
  Assessment,
  AttemptForStudent,
  Attachment,
  BankComment,
  BankQuestion,
  Course,
  Lesson,
  Question,
  Rubric,
  Section,
  SubmissionFile,
} from '@lyceum/contract';
import type { RouteOptions } from 'fastify';
import sharp from 'sharp';
import type { RouteAccess } from '#auth/access.js';
import { guardianInvitations, guardianLinks, users } from '#db/schema/index.js';
import { createCourse } from '../course-helpers.js';
import { multipart, PDF } from '../curriculum-helpers.js';
import { bearer, createUser, PASSWORD, uniqueEmail, type TestContext, type TestUser } from '../helper.js';
import { manifest12, scormZip } from '../scorm-packages.js';
import { multipartBody } from '../v1/v1-helper.js';

/** A one-SCO SCORM 1.2 package (issue 50.1). */
const SCORM_ZIP = scormZip('1.2', manifest12([{ identifier: 'sco1', title: 'Matrix SCO', href: 'index.html' }]), [
  'index.html',
]);

/** One route of the app as Fastify registered it. */
export interface TableRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  /** A file of the web build (@fastify/static). */
  staticFile: boolean;
}

/** Collects every route through the app's onRoute hook (pass `collector.onRoute` to useTestApp). */
export function routeCollector() {
  const routes: TableRoute[] = [];
  return {
    routes,
    onRoute(route: RouteOptions) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        // Reads config lazily: hooks registered later in the app may still declare the route.
        routes.push({
          method: String(method),
          url: route.url,
          get access() {
            return (route.config as { access?: RouteAccess } | undefined)?.access;
          },
          get staticFile() {
            return Boolean(route.config && 'file' in route.config);
          },
        });
      }
    },
    /** The routes a client can call, HEAD twins of GET routes left out (same handler and guards). */
    callable(): TableRoute[] {
      const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.url));
      const seen = new Set<string>();
      return routes.filter((r) => {
        const key = `${r.method} ${r.url}`;
        if (seen.has(key) || (r.method === 'HEAD' && gets.has(r.url))) return false;
        seen.add(key);
        return true;
      });
    },
  };
}

/** A web build of two files, so that the web app's routes exist in the route table too. */
export function tinyWebBuild(): string {
  const dir = path.join(os.tmpdir(), `lyceum-security-web-${randomUUID()}`);
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Lyceum</title><main>app</main>');
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
  return dir;
}

/** The people of the matrix. */
export interface Cast {
  studentA: TestUser;
  studentB: TestUser;
  studentC: TestUser;
  teacherA: TestUser;
  teacherB: TestUser;
  teacherC: TestUser;
  admin: TestUser;
  suspended: TestUser;
  revoked: TestUser;
  /** Guardians (issue 52): A is linked to studentA; B and C to studentB only. */
  guardianA: TestUser;
  guardianB: TestUser;
  guardianC: TestUser;
}

/**
 * An open guardian invitation for the student, to this address, inserted as the invite route stores it (the token's
 * digest): the matrix's app mails into its outbox, so the token is made here.
 */
export async function guardianInvitation(ctx: TestContext, studentId: string, email: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await ctx.database.db.insert(guardianInvitations).values({
    studentId,
    email,
    tokenHash: createHash('sha256').update(token, 'utf8').digest('hex'),
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
  });
  return token;
}

/** A guardian of the student: registered through an invitation (the only way one is made), then signed in. */
export async function createGuardian(ctx: TestContext, studentId: string): Promise<TestUser> {
  const email = uniqueEmail('guardian');
  const token = await guardianInvitation(ctx, studentId, email);
  const form = { token, firstname: 'Matrix', lastname: 'Guardian', phone: '+1 555 0103', password: PASSWORD };
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/guardian-registration', payload: form });
  if (res.statusCode !== 201) throw new Error(`guardian registration failed: ${res.statusCode} ${res.body}`);
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`guardian login failed: ${login.body}`);
  const body = login.json<{ token: string; user: TestUser['user'] }>();
  return { email, password: PASSWORD, token: body.token, user: body.user };
}

export async function createCast(ctx: TestContext): Promise<Cast> {
  const [studentA, studentB, studentC, teacherA, teacherB, teacherC, admin, suspended, revoked] = await Promise.all([
    createUser(ctx, 'student'),
    createUser(ctx, 'student'),
    createUser(ctx, 'student'),
    createUser(ctx, 'teacher'),
    createUser(ctx, 'teacher'),
    createUser(ctx, 'teacher'),
    createUser(ctx, 'admin'),
    createUser(ctx, 'student'),
    createUser(ctx, 'student'),
  ]);
  const suspend = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/users/${suspended.user.id}/suspend`,
    headers: bearer(admin.token),
  });
  if (suspend.statusCode !== 200) throw new Error(`suspend failed: ${suspend.body}`);
  // The old token of a user who logged out everywhere (the token version was raised).
  const logout = await ctx.app.inject({
    method: 'POST',
    url: '/api/me/logout-everywhere',
    headers: bearer(revoked.token),
  });
  if (logout.statusCode !== 200) throw new Error(`logout-everywhere failed: ${logout.body}`);
  const guardianA = await createGuardian(ctx, studentA.user.id);
  const guardianB = await createGuardian(ctx, studentB.user.id);
  const guardianC = await createGuardian(ctx, studentB.user.id);
  return {
    studentA,
    studentB,
    studentC,
    teacherA,
    teacherB,
    teacherC,
    admin,
    suspended,
    revoked,
    guardianA,
    guardianB,
    guardianC,
  };
}

/** Records of studentA and teacherA that path parameters and bodies name; fresh ones for each write. */
export interface Fixtures {
  course: Course;
  question: Question;
  answerId: string;
  otherAnswerId: string;
  reviewId: string;
  /** A student the admin routes act on. */
  targetId: string;
  /**
   * A published course of teacherA in which only studentA is enrolled (the enrolment samples enrol every student
   * in `course`), with its curriculum: a section with a published free-preview lesson that has a PDF attachment.
   */
  lessonCourseId: string;
  section: Section;
  lesson: Lesson;
  attachment: Attachment;
  /**
   * A published free-preview SCORM lesson in the same section (issue 50.1) and studentA's launch token of its SCO
   * (the key of the package's isolated path and of the runtime's routes).
   */
  scormItemId: string;
  scormToken: string;
  /** A question of `course`'s bank, and another course of teacherA to copy questions into. */
  bankQuestion: BankQuestion;
  /**
   * A question in studentA's mistake notebook: missed in their only attempt at a quiz that shows its answers at once
   * (the notebook shows a mistake only then: ADR 036).
   */
  mistakeQuestionId: string;
  /** A GIFT import of the course (issue 55): its progress is the teacher's. */
  questionImportId: string;
  secondCourseId: string;
  /** A rubric of `course` and a comment of teacherA's comment bank. */
  rubric: Rubric;
  bankComment: BankComment;
  /**
   * A class of teacherA (with `course` and the lesson course) whose one member is studentA, with an announcement,
   * an assignment of `lesson`, studentA's accommodation and a co-teacher nobody else is; and another class of
   * teacherA, open for joining, whose code the join sample uses (so no actor becomes a member of the first).
   */
  classId: string;
  /** A session of the class, its attendance taken for studentA (issue 52 point 2). */
  attendanceSessionId: string;
  assignmentId: string;
  coTeacherId: string;
  joinCode: string;
  /** A published quiz in the lesson course (one true/false question) and studentA's attempt in progress. */
  assessment: Assessment;
  attempt: AttemptForStudent;
  /** A published assignment in the lesson course (one task question taking files), studentA's attempt, a PDF in it. */
  assignmentAttempt: AttemptForStudent;
  taskQuestionId: string;
  submissionFile: SubmissionFile;
  /** The code of studentA's certificate of a one-lesson course of teacherA that studentA completed. */
  certificateCode: string;
  /**
   * LTI (issue 51): a registered tool; its item in a course of teacherB's that studentA is enrolled in (the launch's
   * owner is the enrolled student, and no other teacher of the cast teaches it); its item in `section` (teacherA's).
   */
  ltiToolId: string;
  ltiItemId: string;
  ltiTeacherItemId: string;
  /**
   * Guardians (issue 52): an open invitation for studentA to guardianA's address (the accept sample), one to a new
   * address (the registration sample), and a guardian of studentA of this set alone (the unlink sample).
   */
  acceptToken: string;
  registrationToken: string;
  linkedGuardianId: string;
}

async function must(res: { statusCode: number; body: string }, status: number, what: string) {
  if (res.statusCode !== status) throw new Error(`${what} failed: ${res.statusCode} ${res.body}`);
  return JSON.parse(res.body) as Record<string, unknown>;
}

/**
 * A true/false question studentA got wrong in their one attempt at a quiz of a course of teacherA's that releases its
 * answers at once: what puts a question in the mistake notebook.
 */
async function missedQuestion(ctx: TestContext, teacher: TestUser, student: TestUser): Promise<string> {
  const inject = (method: 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const course = await createCourse(ctx, teacher.token, { status: 'published', title: 'Matrix mistakes' });
  const section = await must(
    await inject('POST', `/api/courses/${course.id}/sections`, teacher.token, { title: 'Week 1' }),
    201,
    'mistake section',
  );
  const question = await must(
    await inject('POST', `/api/courses/${course.id}/questions`, teacher.token, {
      title: 'Hash order',
      prompt: '<p>A hash table keeps its keys sorted.</p>',
      content: { type: 'true_false', body: {}, key: { answer: false } },
    }),
    201,
    'mistake question',
  );
  const draft = await must(
    await inject('POST', `/api/courses/${course.id}/sections/${String(section.id)}/assessments`, teacher.token, {
      title: 'Matrix check',
      attemptsAllowed: 1,
      releaseAnswers: 'immediately',
    }),
    201,
    'mistake quiz',
  );
  const parts = await must(
    await inject('PUT', `/api/courses/${course.id}/assessments/${String(draft.id)}/parts`, teacher.token, {
      version: draft.version,
      parts: [{ mode: 'fixed', questionIds: [question.id] }],
    }),
    200,
    'mistake parts',
  );
  await must(
    await inject('POST', `/api/courses/${course.id}/assessments/${String(draft.id)}/publish`, teacher.token, {
      version: parts.version,
      published: true,
    }),
    200,
    'mistake publish',
  );
  await must(await inject('POST', `/api/courses/${course.id}/enrolment`, student.token), 200, 'enrol');
  const attempt = await must(
    await inject('POST', `/api/courses/${course.id}/assessments/${String(draft.id)}/attempts`, student.token, {}),
    201,
    'mistake attempt',
  );
  await must(
    await inject('PUT', `/api/attempts/${String(attempt.id)}/answers/${String(question.id)}`, student.token, {
      response: { answer: true },
    }),
    200,
    'mistake answer',
  );
  await must(await inject('POST', `/api/attempts/${String(attempt.id)}/submit`, student.token), 200, 'mistake submit');
  return String(question.id);
}

export async function createFixtures(ctx: TestContext, cast: Cast): Promise<Fixtures> {
  const { studentA, studentB, teacherA } = cast;
  const course = await createCourse(ctx, teacherA.token, { status: 'published', title: 'Matrix course' });
  const inject = (method: 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const lessonCourse = await createCourse(ctx, teacherA.token, { status: 'published', title: 'Matrix lessons' });
  await must(await inject('POST', `/api/courses/${lessonCourse.id}/enrolment`, studentA.token), 200, 'enrol');
  const section = (await must(
    await inject('POST', `/api/courses/${lessonCourse.id}/sections`, teacherA.token, { title: 'Week 1' }),
    201,
    'section',
  )) as unknown as Section;
  // A free preview: the lesson route is declared public, so every caller may read this one.
  const lesson = (await must(
    await inject('POST', `/api/courses/${lessonCourse.id}/sections/${section.id}/lessons`, teacherA.token, {
      title: 'Indexes',
      bodyHtml: '<p>B-trees keep keys sorted.</p>',
      durationMinutes: 10,
      preview: true,
      published: true,
    }),
    201,
    'lesson',
  )) as unknown as Lesson;
  const pdf = multipart([{ name: 'file', data: PDF, filename: 'notes.pdf', contentType: 'application/pdf' }]);
  const upload = await ctx.app.inject({
    method: 'POST',
    url: `/api/courses/${lessonCourse.id}/lessons/${lesson.id}/attachments`,
    headers: { ...pdf.headers, ...bearer(teacherA.token) },
    payload: pdf.payload,
  });
  const attachment = (await must(upload, 201, 'attachment')) as unknown as Attachment;
  const scormBody = multipart([{ name: 'file', data: SCORM_ZIP, filename: 'package.zip' }]);
  const scorm = await must(
    await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${lessonCourse.id}/sections/${section.id}/scorm`,
      headers: { ...scormBody.headers, ...bearer(teacherA.token) },
      payload: scormBody.payload,
    }),
    201,
    'scorm lesson',
  );
  const scormItemId = String(scorm.itemId);
  await must(
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/courses/${lessonCourse.id}/lessons/${scormItemId}`,
      headers: bearer(teacherA.token),
      payload: { version: 1, published: true, preview: true },
    }),
    200,
    'scorm lesson published',
  );
  const scormLaunch = await must(
    await inject('POST', `/api/courses/${lessonCourse.id}/lessons/${scormItemId}/scorm/launch`, studentA.token, {}),
    200,
    'scorm launch',
  );
  const bankQuestion = (await must(
    await inject('POST', `/api/courses/${course.id}/questions`, teacherA.token, {
      title: 'Index order',
      prompt: '<p>A B-tree keeps its keys sorted.</p>',
      tags: ['matrix'],
      content: { type: 'true_false', body: {}, key: { answer: true } },
    }),
    201,
    'bank question',
  )) as unknown as BankQuestion;
  const gift = multipart([{ name: 'file', data: '::Heaps:: A heap is a tree {T}\n', filename: 'bank.gift' }]);
  const imported = await ctx.app.inject({
    method: 'POST',
    url: `/api/courses/${course.id}/questions/import`,
    headers: { ...gift.headers, ...bearer(teacherA.token) },
    payload: gift.payload,
  });
  const questionImportId = String((await must(imported, 202, 'question import')).id);
  const secondCourse = await createCourse(ctx, teacherA.token, { title: 'Matrix course, part 2' });
  const rubric = (await must(
    await inject('POST', `/api/courses/${course.id}/rubrics`, teacherA.token, {
      title: 'Matrix rubric',
      criteria: [
        {
          title: 'Argument',
          levels: [
            { title: 'Weak', points: 0 },
            { title: 'Strong', points: 2 },
          ],
        },
      ],
    }),
    201,
    'rubric',
  )) as unknown as Rubric;
  const bankComment = (await must(
    await inject('POST', '/api/me/comment-bank', teacherA.token, { title: 'Cite', html: '<p>Cite sources.</p>' }),
    201,
    'bank comment',
  )) as unknown as BankComment;
  const quizQuestion = (await must(
    await inject('POST', `/api/courses/${lessonCourse.id}/questions`, teacherA.token, {
      title: 'Sorted keys',
      prompt: '<p>A B-tree keeps its keys sorted.</p>',
      content: { type: 'true_false', body: {}, key: { answer: true } },
    }),
    201,
    'quiz question',
  )) as unknown as BankQuestion;
  const draft = (await must(
    await inject('POST', `/api/courses/${lessonCourse.id}/sections/${section.id}/assessments`, teacherA.token, {
      title: 'Matrix quiz',
      attemptsAllowed: null,
    }),
    201,
    'assessment',
  )) as unknown as Assessment;
  const withParts = (await must(
    await inject('PUT', `/api/courses/${lessonCourse.id}/assessments/${draft.id}/parts`, teacherA.token, {
      version: draft.version,
      parts: [{ mode: 'fixed', questionIds: [quizQuestion.id] }],
    }),
    200,
    'parts',
  )) as unknown as Assessment;
  const assessment = (await must(
    await inject('POST', `/api/courses/${lessonCourse.id}/assessments/${draft.id}/publish`, teacherA.token, {
      version: withParts.version,
      published: true,
    }),
    200,
    'publish',
  )) as unknown as Assessment;
  const attempt = (await must(
    await inject('POST', `/api/courses/${lessonCourse.id}/assessments/${draft.id}/attempts`, studentA.token, {}),
    201,
    'attempt',
  )) as unknown as AttemptForStudent;
  const taskQuestion = (await must(
    await inject('POST', `/api/courses/${lessonCourse.id}/questions`, teacherA.token, {
      title: 'Lab report',
      prompt: '<p>Hand in your lab report.</p>',
      content: { type: 'task', body: { allowText: true, allowFiles: true, maxFiles: 10 }, key: {} },
    }),
    201,
    'task question',
  )) as unknown as BankQuestion;
  const assignmentDraft = (await must(
    await inject('POST', `/api/courses/${lessonCourse.id}/sections/${section.id}/assessments`, teacherA.token, {
      title: 'Matrix assignment',
      kind: 'assignment',
      attemptsAllowed: null,
    }),
    201,
    'assignment',
  )) as unknown as Assessment;
  const assignmentParts = (await must(
    await inject('PUT', `/api/courses/${lessonCourse.id}/assessments/${assignmentDraft.id}/parts`, teacherA.token, {
      version: assignmentDraft.version,
      parts: [{ mode: 'fixed', questionIds: [taskQuestion.id] }],
    }),
    200,
    'assignment parts',
  )) as unknown as Assessment;
  await must(
    await inject('POST', `/api/courses/${lessonCourse.id}/assessments/${assignmentDraft.id}/publish`, teacherA.token, {
      version: assignmentParts.version,
      published: true,
    }),
    200,
    'assignment publish',
  );
  const assignmentAttempt = (await must(
    await inject(
      'POST',
      `/api/courses/${lessonCourse.id}/assessments/${assignmentDraft.id}/attempts`,
      studentA.token,
      {},
    ),
    201,
    'assignment attempt',
  )) as unknown as AttemptForStudent;
  const handIn = multipart([{ name: 'file', data: PDF, filename: 'report.pdf', contentType: 'application/pdf' }]);
  const submissionFile = (await must(
    await ctx.app.inject({
      method: 'POST',
      url: `/api/attempts/${assignmentAttempt.id}/questions/${taskQuestion.id}/files`,
      headers: { ...handIn.headers, ...bearer(studentA.token) },
      payload: handIn.payload,
    }),
    201,
    'submission file',
  )) as unknown as SubmissionFile;
  const certificateCourse = await createCourse(ctx, teacherA.token, { status: 'published', title: 'Matrix finish' });
  const certificateSection = (await must(
    await inject('POST', `/api/courses/${certificateCourse.id}/sections`, teacherA.token, { title: 'Only week' }),
    201,
    'certificate section',
  )) as unknown as Section;
  const onlyLesson = (await must(
    await inject(
      'POST',
      `/api/courses/${certificateCourse.id}/sections/${certificateSection.id}/lessons`,
      teacherA.token,
      {
        title: 'The one lesson',
        published: true,
      },
    ),
    201,
    'certificate lesson',
  )) as unknown as Lesson;
  await must(await inject('POST', `/api/courses/${certificateCourse.id}/enrolment`, studentA.token), 200, 'enrol');
  await must(
    await inject('POST', `/api/courses/${certificateCourse.id}/items/${onlyLesson.id}/completion`, studentA.token),
    200,
    'complete',
  );
  const certificates = await ctx.app.inject({
    method: 'GET',
    url: '/api/student/certificates',
    headers: bearer(studentA.token),
  });
  const certificateCode = String(
    ((await must(certificates, 200, 'certificates')).items as { code: string }[])[0]!.code,
  );
  const ltiTool = await must(
    await inject('POST', '/api/admin/lti/tools', cast.admin.token, {
      name: 'Matrix tool',
      deploymentId: 'matrix',
      loginUrl: 'https://tool.example/login',
      targetLinkUri: 'https://tool.example/launch',
      jwksUrl: 'https://tool.example/jwks',
      redirectUris: ['https://tool.example/launch'],
    }),
    201,
    'lti tool',
  );
  const ltiCourse = await createCourse(ctx, cast.teacherB.token, { status: 'published', title: 'Matrix tools' });
  await must(await inject('POST', `/api/courses/${ltiCourse.id}/enrolment`, studentA.token), 200, 'enrol in tools');
  const ltiSection = await must(
    await inject('POST', `/api/courses/${ltiCourse.id}/sections`, cast.teacherB.token, { title: 'Tools' }),
    201,
    'tools section',
  );
  const ltiItem = await must(
    await inject(
      'POST',
      `/api/courses/${ltiCourse.id}/sections/${String(ltiSection.id)}/lti-items`,
      cast.teacherB.token,
      {
        toolId: ltiTool.id,
        title: 'Sandbox',
      },
    ),
    201,
    'lti item',
  );
  const ltiTeacherItem = await must(
    await inject('POST', `/api/courses/${lessonCourse.id}/sections/${section.id}/lti-items`, teacherA.token, {
      toolId: ltiTool.id,
      title: 'Sandbox',
    }),
    201,
    'lti item of teacherA',
  );
  const mistakeQuestionId = await missedQuestion(ctx, teacherA, studentA);
  await must(await inject('POST', `/api/courses/${course.id}/enrolment`, studentA.token), 200, 'enrol');
  await must(await inject('PUT', `/api/courses/${course.id}/wishlist`, studentA.token), 200, 'wishlist');
  const review = await must(
    await inject('POST', `/api/courses/${course.id}/reviews`, studentA.token, { rating: 4, text: 'Solid course' }),
    201,
    'review',
  );
  const question = (await must(
    await inject('POST', '/api/forum/questions', studentA.token, {
      question: 'How do indexes work?',
      description: 'B-trees, please.',
      tags: ['sql'],
    }),
    201,
    'question',
  )) as unknown as Question;
  const answer = await must(
    await inject('POST', `/api/forum/questions/${question.id}/answers`, studentA.token, { answer: 'Sorted pages.' }),
    201,
    'answer',
  );
  const other = await must(
    await inject('POST', `/api/forum/questions/${question.id}/answers`, studentB.token, { answer: 'Trees.' }),
    201,
    'answer',
  );
  // Inserted directly (hashing a password per fixture set would dominate the suite's time).
  const [targetUser] = await ctx.database.db
    .insert(users)
    .values({
      role: 'student',
      email: uniqueEmail('target'),
      firstname: 'Target',
      lastname: 'Student',
      username: `Target ${randomUUID()}`,
      passwordHash: 'not-a-usable-hash',
    })
    .returning({ id: users.id });
  const coTeacherEmail = uniqueEmail('coteacher');
  await ctx.database.db.insert(users).values({
    role: 'teacher',
    email: coTeacherEmail,
    firstname: 'Co',
    lastname: 'Teacher',
    username: `Co Teacher ${randomUUID()}`,
    passwordHash: 'not-a-usable-hash',
  });
  const cls = await must(
    await inject('POST', '/api/classes', teacherA.token, {
      name: 'Matrix class',
      courseIds: [course.id, lessonCourse.id],
      coTeacherEmails: [coTeacherEmail],
    }),
    201,
    'class',
  );
  const classId = String(cls.id);
  await must(await inject('POST', '/api/classes/join', studentA.token, { code: String(cls.code) }), 200, 'join');
  await must(
    await inject('POST', `/api/classes/${classId}/announcements`, teacherA.token, { bodyHtml: '<p>Welcome</p>' }),
    201,
    'announcement',
  );
  const assignment = await must(
    await inject('POST', `/api/classes/${classId}/assignments`, teacherA.token, { itemId: lesson.id }),
    201,
    'assignment',
  );
  await must(
    await inject('PUT', `/api/classes/${classId}/members/${studentA.user.id}/accommodation`, teacherA.token, {
      extraAttempts: 1,
    }),
    200,
    'accommodation',
  );
  const joinClass = await must(
    await inject('POST', '/api/classes', teacherA.token, { name: 'Open class', courseIds: [course.id] }),
    201,
    'join class',
  );
  const coTeacher = (cls.teachers as { id: string; email: string }[]).find((t) => t.email === coTeacherEmail)!;
  const attendanceSession = await must(
    await inject('POST', `/api/classes/${classId}/attendance/sessions`, teacherA.token, {
      date: '2030-01-07',
      startTime: '09:00',
    }),
    201,
    'attendance session',
  );
  await must(
    await inject('PUT', `/api/attendance/sessions/${String(attendanceSession.id)}`, teacherA.token, {
      records: [{ studentId: studentA.user.id, status: 'late' }],
    }),
    200,
    'attendance sheet',
  );
  const [linkedGuardian] = await ctx.database.db
    .insert(users)
    .values({
      role: 'guardian',
      email: uniqueEmail('linked-guardian'),
      firstname: 'Linked',
      lastname: 'Guardian',
      username: `Linked Guardian ${randomUUID()}`,
      passwordHash: 'not-a-usable-hash',
    })
    .returning({ id: users.id });
  await ctx.database.db
    .insert(guardianLinks)
    .values({ guardianId: linkedGuardian!.id, studentId: studentA.user.id, createdBy: teacherA.user.id });
  return {
    acceptToken: await guardianInvitation(ctx, studentA.user.id, cast.guardianA.email),
    registrationToken: await guardianInvitation(ctx, studentA.user.id, uniqueEmail('invited')),
    linkedGuardianId: linkedGuardian!.id,
    classId,
    attendanceSessionId: String(attendanceSession.id),
    assignmentId: String(assignment.id),
    coTeacherId: coTeacher.id,
    joinCode: String(joinClass.code),
    course,
    question,
    answerId: String(answer.id),
    otherAnswerId: String(other.id),
    reviewId: String(review.id),
    targetId: targetUser!.id,
    lessonCourseId: lessonCourse.id,
    section,
    lesson,
    scormItemId,
    scormToken: String(scormLaunch.token),
    attachment,
    bankQuestion,
    mistakeQuestionId,
    questionImportId,
    secondCourseId: secondCourse.id,
    rubric,
    bankComment,
    assessment,
    attempt,
    assignmentAttempt,
    taskQuestionId: taskQuestion.id,
    submissionFile,
    certificateCode,
    ltiToolId: String(ltiTool.id),
    ltiItemId: String(ltiItem.id),
    ltiTeacherItemId: String(ltiTeacherItem.id),
  };
}

/** A request to a route, before the actor's token is added. */
export interface Sample {
  url: string;
  payload?: object | Buffer;
  headers?: Record<string, string>;
  /**
   * The request spends a record it names (an edit checked against the record's `version`): like a deletion,
   * each caller allowed to send it gets fresh records.
   */
  consumes?: boolean;
  /** The request ends the caller's session: an allowed caller signs in again afterwards. */
  endsSession?: boolean;
}

/** A new local time for each session the matrix adds (a class has one session per date and time). */
let attendanceSlot = 0;
function nextSlot(): string {
  const slot = attendanceSlot++ % (24 * 60);
  return `${String(Math.floor(slot / 60)).padStart(2, '0')}:${String(slot % 60).padStart(2, '0')}`;
}

let png: Buffer | undefined;
export async function tinyPng(): Promise<Buffer> {
  png ??= await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  return png;
}

/**
 * A valid request for every route: the matrix sends it as each actor, so that only authorization can tell the
 * answers apart (an invalid body would answer 400 before ownership is checked). A new route needs an entry.
 */
export function samples(f: Fixtures, cast: Cast, image: Buffer): Record<string, () => Sample> {
  const c = f.course.id;
  const q = f.question.id;
  const a = f.answerId;
  const registration = () => ({
    email: uniqueEmail('matrix'),
    firstname: 'Matrix',
    lastname: 'User',
    phone: '+1 555 0102',
    password: 'a-long-unusual-password',
  });
  const imageBody = multipartBody([{ name: 'image', data: image, filename: 'me.png', contentType: 'image/png' }]);
  const studentParts = multipartBody([{ name: 'city', data: 'Lyon' }]);
  const json = (url: string, payload: object = {}): Sample => ({ url, payload });
  const lc = f.lessonCourseId;
  const s = f.section.id;
  const l = f.lesson.id;
  const bq = f.bankQuestion.id;
  const k = f.classId;
  const qa = f.assessment.id;
  const attachmentBody = multipart([
    { name: 'file', data: PDF, filename: 'slides.pdf', contentType: 'application/pdf' },
  ]);
  const handInBody = multipart([{ name: 'file', data: PDF, filename: 'essay.pdf', contentType: 'application/pdf' }]);
  const giftBody = multipart([
    { name: 'file', data: '::Pages:: An index page holds sorted keys {T}\n', filename: 'bank.gift' },
  ]);
  const rosterBody = multipart([
    {
      name: 'file',
      data: 'email,first name,last name,role\r\nroster.matrix@school.example,Roster,Matrix,student\r\n',
      filename: 'roster.csv',
    },
  ]);
  const scormUpload = () => multipart([{ name: 'file', data: SCORM_ZIP, filename: 'package.zip' }]);
  const si = f.scormItemId;
  const qtiBody = multipart([
    {
      name: 'file',
      data:
        '<assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="m" title="Matrix">' +
        '<itemBody><p>A note between questions.</p></itemBody></assessmentItem>',
      filename: 'item.xml',
    },
  ]);
  return {
    // --- /api ---
    'GET /api/health': () => ({ url: '/api/health' }),
    'POST /api/auth/register': () => json('/api/auth/register', { ...registration(), role: 'student' }),
    'POST /api/auth/login': () => json('/api/auth/login', { email: cast.studentC.email, password: PASSWORD }),
    'POST /api/auth/forgot-password': () => json('/api/auth/forgot-password', { email: cast.studentC.email }),
    'POST /api/auth/reset-password': () =>
      json('/api/auth/reset-password', {
        token: 'x'.repeat(40),
        newPassword: 'another-long-password',
        confirmPassword: 'another-long-password',
      }),
    'GET /api/me': () => ({ url: '/api/me' }),
    'PATCH /api/me': () => json('/api/me', { city: 'Lyon' }),
    'POST /api/me/password': () =>
      json('/api/me/password', {
        currentPassword: PASSWORD,
        newPassword: PASSWORD,
        confirmPassword: PASSWORD,
      }),
    'POST /api/me/logout-everywhere': () => ({ url: '/api/me/logout-everywhere' }),
    'POST /api/auth/logout': () => ({ url: '/api/auth/logout', endsSession: true }),
    'POST /api/auth/undo-email-change': () => json('/api/auth/undo-email-change', { token: 'x'.repeat(43) }),
    'PUT /api/me/image': () => ({ url: '/api/me/image', payload: imageBody.payload, headers: imageBody.headers }),
    'DELETE /api/me/image': () => ({ url: '/api/me/image' }),
    'GET /api/student/dashboard': () => ({ url: '/api/student/dashboard' }),
    'GET /api/me/todo': () => ({ url: '/api/me/todo' }),
    'GET /api/me/teacher-home': () => ({ url: '/api/me/teacher-home' }),
    'GET /api/me/teacher-home/settings': () => ({ url: '/api/me/teacher-home/settings' }),
    'PUT /api/me/teacher-home/settings': () =>
      json('/api/me/teacher-home/settings', {
        atRisk: { inactiveDays: 7, missingAssignments: 2, passingPercent: 50, behindPoints: 25, absences: 3 },
      }),
    'GET /api/teacher/dashboard': () => ({ url: '/api/teacher/dashboard' }),
    'GET /api/admin/dashboard': () => ({ url: '/api/admin/dashboard' }),
    'GET /api/admin/users': () => ({ url: '/api/admin/users?role=student' }),
    'GET /api/admin/users/export.csv': () => ({ url: '/api/admin/users/export.csv?role=student' }),
    'GET /api/admin/users/:id': () => ({ url: `/api/admin/users/${f.targetId}` }),
    'POST /api/admin/users/:id/suspend': () => ({ url: `/api/admin/users/${f.targetId}/suspend` }),
    'POST /api/admin/users/:id/reactivate': () => ({ url: `/api/admin/users/${f.targetId}/reactivate` }),
    'POST /api/admin/users/:id/role': () => json(`/api/admin/users/${f.targetId}/role`, { role: 'teacher' }),
    'POST /api/admin/users/:id/password-reset': () => ({ url: `/api/admin/users/${f.targetId}/password-reset` }),
    'GET /api/notifications': () => ({ url: '/api/notifications?limit=5&unread=true' }),
    'GET /api/notifications/unread-count': () => ({ url: '/api/notifications/unread-count' }),
    'POST /api/notifications/read': () => json('/api/notifications/read', { all: true }),
    // Allowed callers get 406 (not an event-stream Accept) instead of a stream that never ends.
    'GET /api/notifications/stream': () => ({
      url: '/api/notifications/stream',
      headers: { accept: 'application/json' },
    }),
    'GET /api/me/notification-preferences': () => ({ url: '/api/me/notification-preferences' }),
    'PUT /api/me/notification-preferences': () =>
      json('/api/me/notification-preferences', { items: [{ type: 'forum.answer', email: 'digest' }] }),
    'POST /api/unsubscribe': () => ({ url: `/api/unsubscribe?token=${cast.studentA.user.id}~forum.answer~forged` }),
    'GET /api/forum/questions': () => ({ url: '/api/forum/questions?q=indexes' }),
    'GET /api/forum/hot': () => ({ url: '/api/forum/hot' }),
    'GET /api/forum/similar': () => ({ url: '/api/forum/similar?q=how+do+indexes+work' }),
    'GET /api/forum/questions/:id': () => ({ url: `/api/forum/questions/${q}` }),
    'POST /api/forum/questions': () =>
      json('/api/forum/questions', { question: 'What is MVCC?', description: 'Versions.', tags: ['db'] }),
    'PATCH /api/forum/questions/:id': () => json(`/api/forum/questions/${q}`, { question: 'How do B-trees work?' }),
    'DELETE /api/forum/questions/:id': () => ({ url: `/api/forum/questions/${q}` }),
    'POST /api/forum/questions/:id/answers': () => json(`/api/forum/questions/${q}/answers`, { answer: 'Pages.' }),
    'PATCH /api/forum/answers/:id': () => json(`/api/forum/answers/${a}`, { answer: 'Sorted pages, edited.' }),
    'DELETE /api/forum/answers/:id': () => ({ url: `/api/forum/answers/${a}` }),
    'PUT /api/forum/questions/:id/vote': () => json(`/api/forum/questions/${q}/vote`, { value: 1 }),
    'PUT /api/forum/answers/:id/vote': () => json(`/api/forum/answers/${f.otherAnswerId}/vote`, { value: 1 }),
    'POST /api/forum/questions/:id/accept': () =>
      json(`/api/forum/questions/${q}/accept`, { answerId: f.otherAnswerId }),
    'GET /api/me/forum/questions': () => ({ url: '/api/me/forum/questions' }),
    'GET /api/me/forum/answers': () => ({ url: '/api/me/forum/answers' }),
    'GET /api/courses': () => ({ url: '/api/courses?q=matrix' }),
    'GET /api/courses/recommended': () => ({ url: '/api/courses/recommended' }),
    'GET /api/courses/featured': () => ({ url: '/api/courses/featured' }),
    'GET /api/courses/popular': () => ({ url: '/api/courses/popular' }),
    'GET /api/courses/:id': () => ({ url: `/api/courses/${c}` }),
    'GET /api/courses/:id/me': () => ({ url: `/api/courses/${c}/me` }),
    'POST /api/courses': () => json('/api/courses', { title: 'New course', category: 'Development' }),
    'PATCH /api/courses/:id': () => json(`/api/courses/${c}`, { title: 'Renamed course' }),
    'DELETE /api/courses/:id': () => ({ url: `/api/courses/${c}` }),
    'GET /api/teacher/courses': () => ({ url: '/api/teacher/courses' }),
    'GET /api/auth/oidc/providers': () => ({ url: '/api/auth/oidc/providers' }),
    'GET /api/auth/oidc/:provider/start': () => ({ url: `/api/auth/oidc/${randomUUID()}/start?returnTo=%2F` }),
    'GET /api/auth/oidc/:provider/callback': () => ({ url: `/api/auth/oidc/${randomUUID()}/callback?state=x&code=y` }),
    'POST /api/auth/oidc/exchange': () => json('/api/auth/oidc/exchange', { code: 'x'.repeat(43) }),
    'GET /api/admin/identity-providers': () => ({ url: '/api/admin/identity-providers' }),
    'POST /api/admin/identity-providers': () =>
      json('/api/admin/identity-providers', {
        name: 'Matrix IdP',
        preset: 'generic',
        issuer: 'https://idp.example/',
        clientId: 'matrix',
        clientSecret: 'matrix-secret',
      }),
    'PATCH /api/admin/identity-providers/:id': () =>
      json(`/api/admin/identity-providers/${randomUUID()}`, { enabled: false }),
    'GET /api/admin/identity-providers/attempts': () => ({ url: '/api/admin/identity-providers/attempts' }),
    // --- LTI (issue 51) ---
    'GET /api/lti/jwks': () => ({ url: '/api/lti/jwks' }),
    'GET /api/lti/authorize': () => ({
      url: '/api/lti/authorize?client_id=matrix&redirect_uri=https%3A%2F%2Ftool.example%2Flaunch&scope=openid',
    }),
    'POST /api/lti/authorize': () => ({
      url: '/api/lti/authorize',
      payload: Buffer.from('client_id=matrix&redirect_uri=https%3A%2F%2Ftool.example%2Flaunch&scope=openid'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    'POST /api/lti/items/:itemId/launch': () => ({ url: `/api/lti/items/${f.ltiItemId}/launch` }),
    'POST /api/lti/deep-linking/return': () => ({
      url: '/api/lti/deep-linking/return',
      payload: Buffer.from('JWT=not.a.jwt'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    'POST /api/courses/:id/sections/:sectionId/lti-deep-linking': () =>
      json(`/api/courses/${lc}/sections/${s}/lti-deep-linking`, { toolId: f.ltiToolId }),
    'GET /api/courses/:id/lti-items': () => ({ url: `/api/courses/${lc}/lti-items` }),
    'POST /api/courses/:id/sections/:sectionId/lti-items': () =>
      json(`/api/courses/${lc}/sections/${s}/lti-items`, { toolId: f.ltiToolId, title: 'Another sandbox' }),
    'DELETE /api/courses/:id/lti-items/:itemId': () => ({ url: `/api/courses/${lc}/lti-items/${f.ltiTeacherItemId}` }),
    'GET /api/admin/lti/tools': () => ({ url: '/api/admin/lti/tools' }),
    'POST /api/admin/lti/tools': () =>
      json('/api/admin/lti/tools', {
        name: 'Matrix tool',
        deploymentId: 'matrix',
        loginUrl: 'https://tool.example/login',
        targetLinkUri: 'https://tool.example/launch',
        jwksUrl: 'https://tool.example/jwks',
        redirectUris: ['https://tool.example/launch'],
      }),
    'GET /api/admin/lti/tools/:id': () => ({ url: `/api/admin/lti/tools/${f.ltiToolId}` }),
    'PATCH /api/admin/lti/tools/:id': () => json(`/api/admin/lti/tools/${f.ltiToolId}`, { shareName: false }),
    'DELETE /api/admin/lti/tools/:id': () => ({ url: `/api/admin/lti/tools/${f.ltiToolId}` }),
    'POST /api/admin/lti/keys/rotate': () => ({ url: '/api/admin/lti/keys/rotate' }),
    'GET /api/admin/lti/attempts': () => ({ url: '/api/admin/lti/attempts' }),
    'POST /api/admin/rosters/imports': () => ({
      url: '/api/admin/rosters/imports?format=csv',
      payload: rosterBody.payload,
      headers: rosterBody.headers,
    }),
    'GET /api/admin/rosters/imports/:id': () => ({ url: `/api/admin/rosters/imports/${randomUUID()}` }),
    'POST /api/admin/rosters/imports/:id/apply': () =>
      json(`/api/admin/rosters/imports/${randomUUID()}/apply`, { sendPasswordMail: false }),
    'GET /api/admin/courses': () => ({ url: '/api/admin/courses' }),
    'GET /api/admin/teachers': () => ({ url: '/api/admin/teachers' }),
    'POST /api/admin/courses/:id/publish': () => ({ url: `/api/admin/courses/${c}/publish` }),
    'POST /api/admin/courses/:id/unpublish': () => ({ url: `/api/admin/courses/${c}/unpublish` }),
    'GET /api/student/wishlist': () => ({ url: '/api/student/wishlist' }),
    'PUT /api/courses/:id/wishlist': () => ({ url: `/api/courses/${c}/wishlist` }),
    'DELETE /api/courses/:id/wishlist': () => ({ url: `/api/courses/${c}/wishlist` }),
    'POST /api/courses/:id/enrolment': () => ({ url: `/api/courses/${c}/enrolment` }),
    'GET /api/student/enrolments': () => ({ url: '/api/student/enrolments' }),
    'POST /api/student/enrolments/:courseId/complete': () => ({ url: `/api/student/enrolments/${c}/complete` }),
    'GET /api/courses/:id/reviews': () => ({ url: `/api/courses/${c}/reviews` }),
    'GET /api/courses/:id/reviews/mine': () => ({ url: `/api/courses/${c}/reviews/mine` }),
    'POST /api/courses/:id/reviews': () => json(`/api/courses/${c}/reviews`, { rating: 5, text: 'Great' }),
    'PATCH /api/reviews/:id': () => json(`/api/reviews/${f.reviewId}`, { text: 'Edited review' }),
    'DELETE /api/reviews/:id': () => ({ url: `/api/reviews/${f.reviewId}` }),
    'GET /api/student/reviews': () => ({ url: '/api/student/reviews' }),
    // --- curriculum ---
    'GET /api/courses/:id/curriculum': () => ({ url: `/api/courses/${lc}/curriculum` }),
    'GET /api/courses/:id/lessons/:itemId': () => ({ url: `/api/courses/${lc}/lessons/${l}` }),
    // --- SCORM lessons (issue 50.1) ---
    'POST /api/courses/:id/sections/:sectionId/scorm': () => {
      const body = scormUpload();
      return { url: `/api/courses/${lc}/sections/${s}/scorm`, payload: body.payload, headers: body.headers };
    },
    'PUT /api/courses/:id/lessons/:itemId/scorm': () => {
      const body = scormUpload();
      return {
        url: `/api/courses/${lc}/lessons/${si}/scorm`,
        payload: body.payload,
        headers: body.headers,
        consumes: true,
      };
    },
    'GET /api/courses/:id/lessons/:itemId/scorm': () => ({ url: `/api/courses/${lc}/lessons/${si}/scorm` }),
    'POST /api/courses/:id/lessons/:itemId/scorm/launch': () => json(`/api/courses/${lc}/lessons/${si}/scorm/launch`),
    'POST /api/courses/:id/lessons/:itemId/scorm/preview': () => json(`/api/courses/${lc}/lessons/${si}/scorm/preview`),
    'GET /api/courses/:id/lessons/:itemId/scorm/report': () => ({
      url: `/api/courses/${lc}/lessons/${si}/scorm/report`,
    }),
    'GET /api/scorm/runtime/:token': () => ({ url: `/api/scorm/runtime/${f.scormToken}` }),
    'POST /api/scorm/runtime/:token/commit': () => ({
      url: `/api/scorm/runtime/${f.scormToken}/commit`,
      payload: Buffer.from(JSON.stringify({ 'cmi.core.lesson_location': 'page-2' })),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    }),
    'GET /scorm-content/:token/*': () => ({ url: `/scorm-content/${f.scormToken}/index.html` }),
    'GET /api/courses/:id/progress': () => ({ url: `/api/courses/${lc}/progress` }),
    'POST /api/courses/:id/items/:itemId/completion': () => ({ url: `/api/courses/${lc}/items/${l}/completion` }),
    'PATCH /api/courses/:id/curriculum': () => json(`/api/courses/${lc}/curriculum`, { sequential: false }),
    'POST /api/courses/:id/sections': () => json(`/api/courses/${lc}/sections`, { title: 'Week 2', summary: 'Joins.' }),
    'PATCH /api/courses/:id/sections/:sectionId': () => ({
      ...json(`/api/courses/${lc}/sections/${s}`, { version: f.section.version, title: 'Week 1: indexes' }),
      consumes: true,
    }),
    'DELETE /api/courses/:id/sections/:sectionId': () => ({ url: `/api/courses/${lc}/sections/${s}` }),
    'POST /api/courses/:id/sections/:sectionId/move': () =>
      json(`/api/courses/${lc}/sections/${s}/move`, { position: 0 }),
    'POST /api/courses/:id/sections/:sectionId/lessons': () =>
      json(`/api/courses/${lc}/sections/${s}/lessons`, { title: 'Hash indexes', bodyHtml: '<p>Buckets.</p>' }),
    'PATCH /api/courses/:id/lessons/:itemId': () => ({
      ...json(`/api/courses/${lc}/lessons/${l}`, { version: f.lesson.version, title: 'Indexes, revised' }),
      consumes: true,
    }),
    'DELETE /api/courses/:id/items/:itemId': () => ({ url: `/api/courses/${lc}/items/${l}` }),
    'POST /api/courses/:id/items/:itemId/move': () =>
      json(`/api/courses/${lc}/items/${l}/move`, { sectionId: s, position: 0 }),
    'POST /api/courses/:id/items/:itemId/duplicate': () => ({ url: `/api/courses/${lc}/items/${l}/duplicate` }),
    'POST /api/courses/:id/lessons/:itemId/attachments': () => ({
      url: `/api/courses/${lc}/lessons/${l}/attachments`,
      payload: attachmentBody.payload,
      headers: attachmentBody.headers,
    }),
    'DELETE /api/courses/:id/lessons/:itemId/attachments/:attachmentId': () => ({
      url: `/api/courses/${lc}/lessons/${l}/attachments/${f.attachment.id}`,
    }),
    'GET /api/lesson-files/:name': () => ({ url: f.attachment.url }),
    'GET /api/courses/:id/progress-grid': () => ({ url: `/api/courses/${lc}/progress-grid?sort=progress` }),
    'GET /api/courses/:id/progress-grid.csv': () => ({ url: `/api/courses/${lc}/progress-grid.csv` }),
    // --- certificates and badges ---
    'GET /api/certificates/:code': () => ({ url: `/api/certificates/${f.certificateCode}` }),
    'GET /api/certificates/:code/pdf': () => ({ url: `/api/certificates/${f.certificateCode}/pdf` }),
    'GET /api/student/certificates': () => ({ url: '/api/student/certificates' }),
    'GET /api/student/badges': () => ({ url: '/api/student/badges' }),
    // --- question bank ---
    'GET /api/courses/:id/questions': () => ({ url: `/api/courses/${c}/questions?tag=matrix` }),
    'POST /api/courses/:id/questions': () =>
      json(`/api/courses/${c}/questions`, {
        title: 'Clustered index',
        prompt: '<p>A table has at most one clustered index.</p>',
        content: { type: 'true_false', body: {}, key: { answer: true } },
      }),
    'GET /api/questions/:id': () => ({ url: `/api/questions/${bq}` }),
    'PATCH /api/questions/:id': () => ({
      ...json(`/api/questions/${bq}`, { version: f.bankQuestion.version, title: 'Index order, revised' }),
      consumes: true,
    }),
    'DELETE /api/questions/:id': () => ({ url: `/api/questions/${bq}` }),
    'POST /api/courses/:id/questions/copy': () =>
      json(`/api/courses/${c}/questions/copy`, { targetCourseId: f.secondCourseId, questionIds: [bq] }),
    'POST /api/courses/:id/questions/import': () => ({
      url: `/api/courses/${c}/questions/import`,
      payload: giftBody.payload,
      headers: giftBody.headers,
    }),
    'GET /api/question-imports/:id': () => ({ url: `/api/question-imports/${f.questionImportId}` }),
    'GET /api/courses/:id/questions/export': () => ({ url: `/api/courses/${c}/questions/export?ids=${bq}` }),
    'POST /api/courses/:id/questions/import-qti': () => ({
      url: `/api/courses/${c}/questions/import-qti?dryRun=true`,
      payload: qtiBody.payload,
      headers: qtiBody.headers,
    }),
    'GET /api/courses/:id/questions/export-qti': () => ({ url: `/api/courses/${c}/questions/export-qti?ids=${bq}` }),
    // --- grading: comment bank, rubrics ---
    'GET /api/me/comment-bank': () => ({ url: '/api/me/comment-bank?q=cite' }),
    'POST /api/me/comment-bank': () => json('/api/me/comment-bank', { title: 'Structure', html: '<p>Paragraphs.</p>' }),
    'PATCH /api/me/comment-bank/:id': () =>
      json(`/api/me/comment-bank/${f.bankComment.id}`, { title: 'Cite your sources' }),
    'DELETE /api/me/comment-bank/:id': () => ({ url: `/api/me/comment-bank/${f.bankComment.id}` }),
    'GET /api/courses/:id/rubrics': () => ({ url: `/api/courses/${c}/rubrics` }),
    'POST /api/courses/:id/rubrics': () =>
      json(`/api/courses/${c}/rubrics`, {
        title: 'Second rubric',
        criteria: [{ title: 'Clarity', levels: [{ title: 'Clear', points: 1 }] }],
      }),
    'GET /api/rubrics/:id': () => ({ url: `/api/rubrics/${f.rubric.id}` }),
    'PATCH /api/rubrics/:id': () => ({
      ...json(`/api/rubrics/${f.rubric.id}`, { version: f.rubric.version, title: 'Matrix rubric, revised' }),
      consumes: true,
    }),
    'DELETE /api/rubrics/:id': () => ({ url: `/api/rubrics/${f.rubric.id}` }),
    'GET /api/me/rubrics': () => ({ url: `/api/me/rubrics?excludeCourseId=${f.secondCourseId}&q=matrix` }),
    'POST /api/rubrics/:id/copy': () => json(`/api/rubrics/${f.rubric.id}/copy`, { courseId: f.secondCourseId }),
    // --- grading: inbox, grades, gradebook, item analysis ---
    'GET /api/grading/inbox': () => ({ url: `/api/grading/inbox?courseId=${lc}&status=all` }),
    'PUT /api/attempts/:id/answers/:questionId/grade': () =>
      json(`/api/attempts/${f.attempt.id}/answers/${f.attempt.questions[0]!.question.id}/grade`, {
        version: 1,
        score: 1,
        comment: '<p>Good.</p>',
      }),
    'GET /api/courses/:id/gradebook': () => ({ url: `/api/courses/${lc}/gradebook` }),
    'GET /api/courses/:id/gradebook.csv': () => ({ url: `/api/courses/${lc}/gradebook.csv` }),
    'PUT /api/courses/:id/gradebook/weights': () =>
      json(`/api/courses/${lc}/gradebook/weights`, { quiz: 40, exam: 60, assignment: 0 }),
    'POST /api/courses/:id/gradebook/:assessmentId/:studentId/override': () =>
      json(`/api/courses/${lc}/gradebook/${qa}/${cast.studentA.user.id}/override`, {
        points: 1,
        reason: 'Matrix override',
      }),
    'GET /api/courses/:id/gradebook/:assessmentId/:studentId/overrides': () => ({
      url: `/api/courses/${lc}/gradebook/${qa}/${cast.studentA.user.id}/overrides`,
    }),
    'GET /api/me/courses/:id/grades': () => ({ url: `/api/me/courses/${lc}/grades` }),
    'GET /api/courses/:id/assessments/:itemId/item-analysis': () => ({
      url: `/api/courses/${lc}/assessments/${qa}/item-analysis`,
    }),
    'GET /api/me/attempts/:id/rubrics': () => ({ url: `/api/me/attempts/${f.attempt.id}/rubrics` }),
    'GET /api/me/mistakes/summary': () => ({ url: '/api/me/mistakes/summary' }),
    'GET /api/me/mistakes/due': () => ({ url: '/api/me/mistakes/due' }),
    'POST /api/me/mistakes/:questionId/practice': () =>
      json(`/api/me/mistakes/${f.mistakeQuestionId}/practice`, { response: { answer: true } }),
    // --- classes ---
    'GET /api/teacher/classes': () => ({ url: '/api/teacher/classes' }),
    'POST /api/classes': () => json('/api/classes', { name: 'New class', courseIds: [c] }),
    'GET /api/classes/:id': () => ({ url: `/api/classes/${k}` }),
    'PATCH /api/classes/:id': () => json(`/api/classes/${k}`, { section: 'P4' }),
    'POST /api/classes/:id/code': () => ({ url: `/api/classes/${k}/code` }),
    'POST /api/classes/:id/co-teachers': () => json(`/api/classes/${k}/co-teachers`, { email: cast.teacherA.email }),
    'DELETE /api/classes/:id/co-teachers/:teacherId': () => ({ url: `/api/classes/${k}/co-teachers/${f.coTeacherId}` }),
    'GET /api/classes/:id/roster': () => ({ url: `/api/classes/${k}/roster` }),
    'GET /api/classes/:id/gradebook': () => ({ url: `/api/classes/${k}/gradebook?courseId=${c}` }),
    'DELETE /api/classes/:id/members/:studentId': () => ({ url: `/api/classes/${k}/members/${cast.studentA.user.id}` }),
    'PUT /api/classes/:id/members/:studentId/accommodation': () =>
      json(`/api/classes/${k}/members/${cast.studentA.user.id}/accommodation`, { extraTimeFactor: 1.5 }),
    'DELETE /api/classes/:id/members/:studentId/accommodation': () => ({
      url: `/api/classes/${k}/members/${cast.studentA.user.id}/accommodation`,
    }),
    'GET /api/classes/:id/announcements': () => ({ url: `/api/classes/${k}/announcements` }),
    'POST /api/classes/:id/announcements': () => json(`/api/classes/${k}/announcements`, { bodyHtml: '<p>Hi</p>' }),
    'POST /api/classes/:id/messages': () =>
      json(`/api/classes/${k}/messages`, { studentIds: [cast.studentA.user.id], message: 'Please catch up' }),
    'GET /api/classes/:id/assignments': () => ({ url: `/api/classes/${k}/assignments` }),
    'POST /api/classes/:id/assignments': () => json(`/api/classes/${k}/assignments`, { itemId: l }),
    'DELETE /api/classes/:id/assignments/:assignmentId': () => ({
      url: `/api/classes/${k}/assignments/${f.assignmentId}`,
    }),
    'PATCH /api/classes/:id/assignments/:assignmentId': () =>
      json(`/api/classes/${k}/assignments/${f.assignmentId}`, { dueAt: null }),
    'GET /api/classes/:id/assignments/:assignmentId/learners': () => ({
      url: `/api/classes/${k}/assignments/${f.assignmentId}/learners?status=missing`,
    }),
    'POST /api/classes/join': () => json('/api/classes/join', { code: f.joinCode.toLowerCase() }),
    'GET /api/student/classes': () => ({ url: '/api/student/classes' }),
    'GET /api/student/classes/:id': () => ({ url: `/api/student/classes/${k}` }),
    'GET /api/student/classes/:id/announcements': () => ({ url: `/api/student/classes/${k}/announcements` }),
    'GET /api/student/classes/:id/todo': () => ({ url: `/api/student/classes/${k}/todo` }),
    'GET /api/student/classes/:id/grades': () => ({ url: `/api/student/classes/${k}/grades` }),
    'DELETE /api/student/classes/:id/membership': () => ({ url: `/api/student/classes/${k}/membership` }),
    'GET /api/me/calendar': () => ({ url: '/api/me/calendar' }),
    'POST /api/me/calendar/reset': () => ({ url: '/api/me/calendar/reset' }),
    'GET /api/me/calendar/events': () => ({
      url: '/api/me/calendar/events?from=2026-12-01T00:00:00Z&to=2027-01-01T00:00:00Z',
    }),
    'GET /api/calendar/:token': () => ({ url: `/api/calendar/${'x'.repeat(43)}.ics` }),
    // --- assessments ---
    'POST /api/courses/:id/sections/:sectionId/assessments': () =>
      json(`/api/courses/${lc}/sections/${s}/assessments`, { title: 'Week 1 quiz' }),
    'GET /api/courses/:id/assessments/:itemId': () => ({ url: `/api/courses/${lc}/assessments/${qa}` }),
    'PATCH /api/courses/:id/assessments/:itemId': () => ({
      ...json(`/api/courses/${lc}/assessments/${qa}`, { version: f.assessment.version, title: 'Renamed quiz' }),
      consumes: true,
    }),
    'DELETE /api/courses/:id/assessments/:itemId': () => ({ url: `/api/courses/${lc}/assessments/${qa}` }),
    'POST /api/courses/:id/assessments/:itemId/move': () =>
      json(`/api/courses/${lc}/assessments/${qa}/move`, { sectionId: s, position: 0 }),
    'PUT /api/courses/:id/assessments/:itemId/parts': () => ({
      ...json(`/api/courses/${lc}/assessments/${qa}/parts`, {
        version: f.assessment.version,
        parts: [{ mode: 'draw', tag: 'matrix', count: 1 }],
      }),
      consumes: true,
    }),
    'POST /api/courses/:id/assessments/:itemId/publish': () => ({
      ...json(`/api/courses/${lc}/assessments/${qa}/publish`, { version: f.assessment.version, published: false }),
      consumes: true,
    }),
    'POST /api/courses/:id/assessments/:itemId/release': () =>
      json(`/api/courses/${lc}/assessments/${qa}/release`, { released: true }),
    'GET /api/courses/:id/assessments/:itemId/attempts': () => ({
      url: `/api/courses/${lc}/assessments/${qa}/attempts`,
    }),
    // One student's attempt for the course's teacher (issue 54.8): studentA's attempt, read by each caller.
    'GET /api/courses/:id/assessments/:itemId/attempts/:attemptId': () => ({
      url: `/api/courses/${lc}/assessments/${qa}/attempts/${f.attempt.id}`,
    }),
    'GET /api/courses/:id/assessments/:itemId/start': () => ({ url: `/api/courses/${lc}/assessments/${qa}/start` }),
    'POST /api/courses/:id/assessments/:itemId/attempts': () =>
      json(`/api/courses/${lc}/assessments/${qa}/attempts`, {}),
    'GET /api/attempts/:id': () => ({ url: `/api/attempts/${f.attempt.id}` }),
    'PUT /api/attempts/:id/answers/:questionId': () =>
      json(`/api/attempts/${f.attempt.id}/answers/${f.attempt.questions[0]!.question.id}`, {
        response: { answer: true },
      }),
    'POST /api/attempts/:id/submit': () => ({ url: `/api/attempts/${f.attempt.id}/submit`, consumes: true }),
    'GET /api/me/quiz-attempts': () => ({ url: '/api/me/quiz-attempts' }),
    'POST /api/attempts/:id/questions/:questionId/files': () => ({
      url: `/api/attempts/${f.assignmentAttempt.id}/questions/${f.taskQuestionId}/files`,
      payload: handInBody.payload,
      headers: handInBody.headers,
    }),
    'DELETE /api/attempts/:id/files/:fileId': () => ({
      url: `/api/attempts/${f.assignmentAttempt.id}/files/${f.submissionFile.id}`,
    }),
    'GET /api/attempts/:id/files/:key': () => ({ url: f.submissionFile.url }),
    'GET /api/courses/:id/submission-files/:key': () => ({
      url: `/api/courses/${lc}/submission-files/${f.submissionFile.url.split('/').pop()!}`,
    }),
    // --- guardians (issue 52) ---
    'POST /api/students/:studentId/guardian-invitations': () =>
      json(`/api/students/${cast.studentA.user.id}/guardian-invitations`, { email: uniqueEmail('parent') }),
    'GET /api/students/:studentId/guardians': () => ({ url: `/api/students/${cast.studentA.user.id}/guardians` }),
    'DELETE /api/students/:studentId/guardians/:guardianId': () => ({
      url: `/api/students/${cast.studentA.user.id}/guardians/${f.linkedGuardianId}`,
    }),
    'GET /api/students/:studentId/date-of-birth': () => ({
      url: `/api/students/${cast.studentA.user.id}/date-of-birth`,
    }),
    'PUT /api/students/:studentId/date-of-birth': () =>
      json(`/api/students/${cast.studentA.user.id}/date-of-birth`, { dateOfBirth: null }),
    'GET /api/me/guardians': () => ({ url: '/api/me/guardians' }),
    'DELETE /api/me/guardians/:guardianId': () => ({ url: `/api/me/guardians/${f.linkedGuardianId}` }),
    'POST /api/guardian/invitations/accept': () => ({
      ...json('/api/guardian/invitations/accept', { token: f.acceptToken }),
      consumes: true,
    }),
    'GET /api/guardian/children': () => ({ url: '/api/guardian/children' }),
    'GET /api/guardian/children/:studentId/overview': () => ({
      url: `/api/guardian/children/${cast.studentA.user.id}/overview`,
    }),
    'GET /api/guardian/children/:studentId/classes/:classId/grades': () => ({
      url: `/api/guardian/children/${cast.studentA.user.id}/classes/${k}/grades`,
    }),
    'GET /api/guardian/children/:studentId/classes/:classId/announcements': () => ({
      url: `/api/guardian/children/${cast.studentA.user.id}/classes/${k}/announcements`,
    }),
    'GET /api/guardian/summary-settings': () => ({ url: '/api/guardian/summary-settings' }),
    'PUT /api/guardian/summary-settings': () =>
      json('/api/guardian/summary-settings', { weeklySummary: true, mutedStudentIds: [] }),
    'GET /api/guardian/summary/unsubscribe': () => ({ url: '/api/guardian/summary/unsubscribe?token=not-a-token' }),
    'POST /api/guardian/summary/unsubscribe': () => ({ url: '/api/guardian/summary/unsubscribe?token=not-a-token' }),
    'POST /api/auth/guardian-registration': () =>
      json('/api/auth/guardian-registration', {
        token: f.registrationToken,
        firstname: 'Invited',
        lastname: 'Guardian',
        phone: '+1 555 0104',
        password: 'a-long-unusual-password',
      }),
    // --- attendance (issue 52 point 2) ---
    'POST /api/classes/:id/attendance/sessions': () =>
      json(`/api/classes/${k}/attendance/sessions`, { date: '2030-02-04', startTime: nextSlot() }),
    'POST /api/classes/:id/attendance/schedules': () =>
      json(`/api/classes/${k}/attendance/schedules`, {
        weekday: 2,
        startTime: '11:00',
        from: '2030-03-01',
        to: '2030-03-31',
      }),
    'GET /api/classes/:id/attendance/sessions': () => ({
      url: `/api/classes/${k}/attendance/sessions?from=2030-01-01&to=2030-12-31`,
    }),
    'GET /api/attendance/sessions/:sessionId': () => ({ url: `/api/attendance/sessions/${f.attendanceSessionId}` }),
    'PUT /api/attendance/sessions/:sessionId': () => ({
      url: `/api/attendance/sessions/${f.attendanceSessionId}`,
      payload: { records: [{ studentId: cast.studentA.user.id, status: 'absent', note: 'Matrix' }] },
    }),
    'PATCH /api/attendance/sessions/:sessionId': () => ({
      url: `/api/attendance/sessions/${f.attendanceSessionId}`,
      payload: { date: '2030-02-05', startTime: nextSlot() },
    }),
    'DELETE /api/attendance/sessions/:sessionId': () => ({ url: `/api/attendance/sessions/${f.attendanceSessionId}` }),
    'GET /api/attendance/sessions/:sessionId/history': () => ({
      url: `/api/attendance/sessions/${f.attendanceSessionId}/history`,
    }),
    'GET /api/classes/:id/attendance/report': () => ({
      url: `/api/classes/${k}/attendance/report?from=2030-01-01&to=2030-12-31`,
    }),
    'GET /api/classes/:id/attendance/report.csv': () => ({
      url: `/api/classes/${k}/attendance/report.csv?from=2030-01-01&to=2030-12-31`,
    }),
    'GET /api/me/attendance': () => ({ url: '/api/me/attendance?from=2030-01-01&to=2030-12-31' }),
    'GET /api/guardian/children/:studentId/attendance': () => ({
      url: `/api/guardian/children/${cast.studentA.user.id}/attendance?from=2030-01-01&to=2030-12-31`,
    }),
    // --- files ---
    'GET /uploads/:name': () => ({ url: '/uploads/missing.png' }),
    'GET /uploads/*': () => ({ url: '/uploads/a/b.png' }),
    'GET /uploads/undefined': () => ({ url: '/uploads/undefined' }),
    'GET /uploads/null': () => ({ url: '/uploads/null' }),
    // --- web app ---
    'GET /*': () => ({ url: '/courses', headers: { accept: 'text/html' } }),
    // --- v1 (v1-api.md) ---
    'GET /view-courses': () => ({ url: '/view-courses' }),
    'POST /user-Login': () => json('/user-Login', { email: cast.studentC.email, password: PASSWORD }),
    'POST /user-Register': () => json('/user-Register', { ...registration(), role: 'student' }),
    'POST /view-student-details': () => json('/view-student-details'),
    'POST /update-student-details': () => ({
      url: '/update-student-details',
      payload: studentParts.payload,
      headers: studentParts.headers,
    }),
    'POST /view-teacher-details': () => json('/view-teacher-details'),
    'POST /update-teacher-details': () => json('/update-teacher-details', { userDetails: { city: 'Lyon' } }),
    'POST /view-admin-details': () => json('/view-admin-details'),
    'POST /view-course-teacher-publish': () => json('/view-course-teacher-publish'),
    'POST /add-course': () =>
      json('/add-course', { courseDetails: { courseTitle: 'V1 course', courseCategory: 'Development' } }),
    'POST /view-courseDetails-ById': () => json('/view-courseDetails-ById', { courseId: c }),
    'POST /add-wishlist': () => json('/add-wishlist', { courseId: c }),
    'POST /add-enrolled': () => json('/add-enrolled', { courseId: c }),
    'POST /add-review': () => json('/add-review', { courseId: c, reviewDetails: { rating: 5, reviewText: 'Good' } }),
    'POST /view-Review-courseId': () => json('/view-Review-courseId', { courseId: c }),
    'POST /view-wishlist': () => json('/view-wishlist'),
    'POST /view-enrolled-by-studentID': () => json('/view-enrolled-by-studentID'),
    'POST /view-Review-list-studentId': () => json('/view-Review-list-studentId'),
    'POST /edit-review-studentId': () => json('/edit-review-studentId', { reviewId: f.reviewId, reviewText: 'Edited' }),
    'POST /delete-review-studentId': () => json('/delete-review-studentId', { reviewId: f.reviewId }),
    'POST /isReviewed-studentId-courseId': () => json('/isReviewed-studentId-courseId', { courseId: c }),
    'POST /add-question': () =>
      json('/add-question', { questionDetails: { question: 'What is WAL?', description: 'Logs.', tags: 'db' } }),
    'POST /view-Forum-QuestionList': () => json('/view-Forum-QuestionList'),
    'POST /view-forum-question-id': () => json('/view-forum-question-id', { questionId: q }),
    'POST /add-forum-answer': () => json('/add-forum-answer', { questionId: q, answer: 'An answer' }),
    'POST /view-Forum-QuestionList-studentId': () => json('/view-Forum-QuestionList-studentId'),
    'POST /view-answerList-studentId': () => json('/view-answerList-studentId'),
    'POST /update-question': () =>
      json('/update-question', {
        forumId: q,
        questionDetails: { question: 'How do B-trees work?', description: 'Pages.', tags: 'sql' },
      }),
    'POST /delete-question': () => json('/delete-question', { forumId: q }),
    'POST /update-answer-studentId': () =>
      json('/update-answer-studentId', { forumId: q, answerId: a, answerText: 'Edited answer' }),
    'POST /delete-answer-studentId': () => json('/delete-answer-studentId', { forumId: q, answerId: a }),
  };
}

/** A request for a route no sample names: the docs pages, the build's files and CORS preflights. */
export function genericSample(route: TableRoute): Sample | null {
  if (route.method === 'OPTIONS') {
    return { url: route.url.replace('*', 'x'), headers: { origin: 'http://localhost:5173' } };
  }
  if (route.staticFile) return { url: route.url };
  if (route.url.startsWith('/api/docs')) return { url: route.url.replace('*', 'index.html').replace(/:\w+/g, 'x') };
  return null;
}
