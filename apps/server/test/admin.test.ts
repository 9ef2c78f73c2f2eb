import { randomUUID } from 'node:crypto';
import type { AdminUser, AdminUserDetails, AdminUserPage, Role } from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/passwords.js';
import { enrolments, forumAnswers, forumQuestions, reviews, users } from '../src/db/schema/index.js';
import type { MailMessage } from '../src/lib/mailer.js';
import { createCourse } from './course-helpers.js';
import { bearer, createUser, PASSWORD, uniqueEmail, useTestApp, type TestUser } from './helper.js';

const PUBLIC_URL = 'https://lyceum.test';
const sent: MailMessage[] = [];
const ctx = useTestApp({
  env: { PUBLIC_URL },
  mailer: { send: async (message) => void sent.push(message), close: () => undefined },
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

function call(method: Method, url: string, token?: string, payload?: unknown) {
  return ctx.app.inject({ method, url, ...(token ? { headers: bearer(token) } : {}), ...(payload ? { payload } : {}) });
}

function login(email: string, password = PASSWORD) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}

/** Inserts a user directly (any name, any sign-up date): for data the registration form would refuse. */
async function insertUser(role: Role, fields: Partial<typeof users.$inferInsert> = {}) {
  const [row] = await ctx.database.db
    .insert(users)
    .values({
      role,
      email: uniqueEmail(role),
      username: `${role} ${randomUUID()}`,
      firstname: 'Inserted',
      lastname: role,
      passwordHash: await hashPassword(PASSWORD),
      ...fields,
    })
    .returning({ id: users.id, email: users.email });
  return row!;
}

/** Every admin API route, with a request an admin may make and its answer (`:id` is a random id: 404). */
const ADMIN_ROUTES: { method: Method; url: string; payload?: unknown; forAdmin: number }[] = [
  { method: 'GET', url: '/api/admin/dashboard', forAdmin: 200 },
  { method: 'GET', url: '/api/admin/courses', forAdmin: 200 },
  { method: 'GET', url: '/api/admin/teachers', forAdmin: 200 },
  { method: 'POST', url: '/api/admin/courses/:id/publish', forAdmin: 404 },
  { method: 'POST', url: '/api/admin/courses/:id/unpublish', forAdmin: 404 },
  { method: 'GET', url: '/api/admin/users?role=student', forAdmin: 200 },
  { method: 'GET', url: '/api/admin/users/export.csv?role=teacher', forAdmin: 200 },
  { method: 'GET', url: '/api/admin/users/:id', forAdmin: 404 },
  { method: 'POST', url: '/api/admin/users/:id/suspend', forAdmin: 404 },
  { method: 'POST', url: '/api/admin/users/:id/reactivate', forAdmin: 404 },
  { method: 'POST', url: '/api/admin/users/:id/role', payload: { role: 'teacher' }, forAdmin: 404 },
  { method: 'POST', url: '/api/admin/users/:id/password-reset', forAdmin: 404 },
  // Single sign-on (issue 48): the school's identity providers and the last sign-in attempts.
  { method: 'GET', url: '/api/admin/identity-providers', forAdmin: 200 },
  { method: 'GET', url: '/api/admin/identity-providers/attempts', forAdmin: 200 },
  { method: 'POST', url: '/api/admin/identity-providers', payload: {}, forAdmin: 400 },
  { method: 'PATCH', url: '/api/admin/identity-providers/:id', payload: { enabled: false }, forAdmin: 404 },
  // Rosters (issue 48): an upload that is not multipart, an import that does not exist.
  { method: 'POST', url: '/api/admin/rosters/imports?format=csv', forAdmin: 415 },
  { method: 'GET', url: '/api/admin/rosters/imports/:id', forAdmin: 404 },
  { method: 'POST', url: '/api/admin/rosters/imports/:id/apply', payload: {}, forAdmin: 404 },
  { method: 'GET', url: '/api/admin/lti/tools', forAdmin: 200 },
  { method: 'POST', url: '/api/admin/lti/tools', payload: {}, forAdmin: 400 },
  { method: 'GET', url: '/api/admin/lti/tools/:id', forAdmin: 404 },
  { method: 'PATCH', url: '/api/admin/lti/tools/:id', payload: { shareName: false }, forAdmin: 404 },
  { method: 'DELETE', url: '/api/admin/lti/tools/:id', forAdmin: 404 },
  { method: 'POST', url: '/api/admin/lti/keys/rotate', forAdmin: 200 },
  { method: 'GET', url: '/api/admin/lti/attempts', forAdmin: 200 },
];

describe('admin routes', () => {
  it('are all in the table below: the OpenAPI document lists no other /api/admin route', () => {
    const documented = Object.entries((ctx.app.swagger() as { paths: Record<string, object> }).paths)
      .filter(([path]) => path.startsWith('/api/admin'))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace('{id}', ':id')}`),
      )
      .sort();
    const tested = ADMIN_ROUTES.map(({ method, url }) => `${method} ${url.split('?')[0]}`).sort();
    expect(documented).toEqual(tested);
  });

  it.each(ADMIN_ROUTES)(
    '$method $url: 401 without a token, 403 for students and teachers, served to admins',
    async ({ method, url, payload, forAdmin }) => {
      const path = url.replace(':id', randomUUID());
      const [student, teacher, admin] = [
        await createUser(ctx, 'student'),
        await createUser(ctx, 'teacher'),
        await createUser(ctx, 'admin'),
      ];

      const anonymous = await call(method, path, undefined, payload);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toBe('Unauthorized: Token not provided');
      for (const other of [student, teacher]) {
        const res = await call(method, path, other.token, payload);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('Forbidden: admins only');
      }
      const res = await call(method, path, admin.token, payload);
      expect(res.statusCode, res.body).toBe(forAdmin);
    },
  );

  it('checks the role before the input: a teacher gets 403 even for an invalid query', async () => {
    const teacher = await createUser(ctx, 'teacher');
    expect((await call('GET', '/api/admin/users?role=nobody', teacher.token)).statusCode).toBe(403);
  });
});

describe('the student and teacher lists', () => {
  it('lists one role with its activity count, without secrets', async () => {
    const admin = await createUser(ctx, 'admin');
    const stamp = randomUUID().slice(0, 8);
    const teacher = await createUser(ctx, 'teacher', { firstname: `Tess${stamp}` });
    const student = await createUser(ctx, 'student', { firstname: `Stu${stamp}` });
    const [first, second] = [await createCourse(ctx, teacher.token), await createCourse(ctx, teacher.token)];
    await ctx.database.db.insert(enrolments).values([
      { studentId: student.user.id, courseId: first.id },
      { studentId: student.user.id, courseId: second.id, status: 'completed' },
    ]);

    const students = await call('GET', `/api/admin/users?role=student&q=Stu${stamp}`, admin.token);
    expect(students.statusCode).toBe(200);
    const page = students.json<AdminUserPage>();
    expect(page).toMatchObject({ page: 1, pageSize: 20, total: 1 });
    expect(page.items[0]).toEqual({
      id: student.user.id,
      firstname: `Stu${stamp}`,
      lastname: student.user.lastname,
      username: student.user.username,
      profileImage: null,
      role: 'student',
      email: student.email,
      phone: '+1 555 0000',
      status: 'active',
      createdAt: student.user.createdAt,
      enrolmentCount: 2,
    });
    expect(students.body).not.toMatch(/password|argon2|tokenVersion/i);

    const teachers = (await call('GET', `/api/admin/users?role=teacher&q=Tess${stamp}`, admin.token)).json();
    expect(teachers.items).toEqual([expect.objectContaining({ id: teacher.user.id, role: 'teacher', courseCount: 2 })]);
    expect(teachers.items[0]).not.toHaveProperty('enrolmentCount');
    // A student never appears in the teacher list, whatever the search.
    expect((await call('GET', `/api/admin/users?role=teacher&q=Stu${stamp}`, admin.token)).json().total).toBe(0);
  });

  it('searches the full name, username and e-mail in any case, with % and _ matched literally', async () => {
    const admin = await createUser(ctx, 'admin');
    const stamp = randomUUID().slice(0, 8);
    const ada = await insertUser('student', {
      firstname: 'Ada',
      lastname: `Lovelace${stamp}`,
      username: `analytical_${stamp}`,
      email: `countess.${stamp}@example.com`,
    });
    await insertUser('student', { firstname: 'Percy', lastname: `Cent${stamp}`, username: `p100%${stamp}` });
    const search = async (q: string) =>
      (await call('GET', `/api/admin/users?role=student&q=${encodeURIComponent(q)}`, admin.token))
        .json<AdminUserPage>()
        .items.map((user) => user.firstname);

    expect(await search(`ada lovelace${stamp}`)).toEqual(['Ada']);
    expect(await search(`ANALYTICAL_${stamp}`)).toEqual(['Ada']);
    expect(await search(`COUNTESS.${stamp}@`)).toEqual(['Ada']);
    expect(await search(`100%${stamp}`)).toEqual(['Percy']);
    // `_` and `%` are not wildcards: "l_velace" does not match "Lovelace", "%" alone matches only a real %.
    expect(await search(`l_velace${stamp}`)).toEqual([]);
    expect(await search(`%${stamp}`)).toEqual(['Percy']);
    expect(ada.id).toBeTruthy();
  });

  it('sorts by name, sign-up date and activity, both ways, and pages without overlap', async () => {
    const admin = await createUser(ctx, 'admin');
    const stamp = randomUUID().slice(0, 8);
    const teacher = await createUser(ctx, 'teacher');
    const courseIds = [];
    for (let i = 0; i < 3; i += 1) courseIds.push((await createCourse(ctx, teacher.token)).id);
    const day = (n: number) => new Date(Date.UTC(2024, 0, n));
    const made = [
      await insertUser('student', { firstname: 'Carol', lastname: stamp, createdAt: day(1) }),
      await insertUser('student', { firstname: 'alice', lastname: stamp, createdAt: day(3) }),
      await insertUser('student', { firstname: 'Bob', lastname: stamp, createdAt: day(2) }),
    ];
    // Bob: 3 enrolments, Carol: 1, alice: 0.
    await ctx.database.db
      .insert(enrolments)
      .values([
        ...courseIds.map((courseId) => ({ studentId: made[2]!.id, courseId })),
        { studentId: made[0]!.id, courseId: courseIds[0]! },
      ]);
    const names = async (query: string) =>
      (await call('GET', `/api/admin/users?role=student&q=${stamp}&${query}`, admin.token))
        .json<AdminUserPage>()
        .items.map((user) => user.firstname);

    expect(await names('sort=name')).toEqual(['alice', 'Bob', 'Carol']);
    expect(await names('sort=name&order=desc')).toEqual(['Carol', 'Bob', 'alice']);
    expect(await names('')).toEqual(['alice', 'Bob', 'Carol']); // newest first by default
    expect(await names('sort=joined&order=asc')).toEqual(['Carol', 'Bob', 'alice']);
    expect(await names('sort=activity')).toEqual(['Bob', 'Carol', 'alice']);
    expect(await names('sort=activity&order=asc')).toEqual(['alice', 'Carol', 'Bob']);
    const pages = [
      await names('sort=name&pageSize=2&page=1'),
      await names('sort=name&pageSize=2&page=2'),
      await names('sort=name&pageSize=2&page=3'),
    ];
    expect(pages).toEqual([['alice', 'Bob'], ['Carol'], []]);
  });

  it.each([
    ['', 'role is required'],
    ['role=admin', 'role must be student or teacher'],
    ['role=student&sort=email', 'sort must be name, joined or activity'],
    ['role=student&order=up', 'order must be asc or desc'],
    ['role=student&pageSize=101', 'pageSize must be at most 100'],
    ['role=student&page=0', 'page must be at least 1'],
    [`role=student&q=${'x'.repeat(201)}`, 'q must be at most 200 characters'],
  ])('refuses the query "%s" with 400 "%s"', async (query, message) => {
    const admin = await createUser(ctx, 'admin');
    const res = await call('GET', `/api/admin/users?${query}`, admin.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('user details', () => {
  it("show a student's profile, enrolments with course titles, reviews and forum activity", async () => {
    const admin = await createUser(ctx, 'admin');
    const teacher = await createUser(ctx, 'teacher');
    const student = await createUser(ctx, 'student');
    const course = await createCourse(ctx, teacher.token, { title: 'Fractals for beginners', status: 'published' });
    const db = ctx.database.db;
    await db.insert(enrolments).values({ studentId: student.user.id, courseId: course.id, status: 'completed' });
    const [review] = await db
      .insert(reviews)
      .values({ studentId: student.user.id, courseId: course.id, rating: 4, text: 'Lovely' })
      .returning({ id: reviews.id });
    const [question] = await db
      .insert(forumQuestions)
      .values({ authorId: student.user.id, authorRole: 'student', question: 'Why fractals?', description: 'D' })
      .returning({ id: forumQuestions.id });
    await db.insert(forumAnswers).values([
      { questionId: question!.id, authorId: student.user.id, authorRole: 'student', answer: 'Because.' },
      { questionId: question!.id, authorId: teacher.user.id, authorRole: 'teacher', answer: 'Beauty.' },
    ]);

    const res = await call('GET', `/api/admin/users/${student.user.id}`, admin.token);
    expect(res.statusCode).toBe(200);
    const details = res.json<AdminUserDetails>();
    expect(details.profile).toMatchObject({ id: student.user.id, email: student.email, phone: '+1 555 0000' });
    expect(details.enrolments).toEqual({
      total: 1,
      items: [
        expect.objectContaining({ course: { id: course.id, title: 'Fractals for beginners' }, status: 'completed' }),
      ],
    });
    expect(details.courses).toEqual({ total: 0, items: [] });
    expect(details.reviews.total).toBe(1);
    expect(details.reviews.items[0]).toMatchObject({
      id: review!.id,
      rating: 4,
      text: 'Lovely',
      course: { id: course.id },
    });
    expect(details.questions).toEqual({
      total: 1,
      items: [expect.objectContaining({ id: question!.id, question: 'Why fractals?', answerCount: 2 })],
    });
    expect(details.answers).toEqual({
      total: 1,
      items: [
        expect.objectContaining({ answer: 'Because.', question: { id: question!.id, question: 'Why fractals?' } }),
      ],
    });
    expect(res.body).not.toMatch(/passwordHash|argon2/);

    const teacherDetails = (await call('GET', `/api/admin/users/${teacher.user.id}`, admin.token)).json();
    expect(teacherDetails.courses).toEqual({
      total: 1,
      items: [expect.objectContaining({ id: course.id, enrolledCount: 1, status: 'published' })],
    });
    // A teacher's reviews are the ones their courses received.
    expect(teacherDetails.reviews.items.map((r: { id: string }) => r.id)).toEqual([review!.id]);
    expect(teacherDetails.answers.total).toBe(1);
  });

  it('caps each list at the latest 10 and gives the total', async () => {
    const admin = await createUser(ctx, 'admin');
    const student = await createUser(ctx, 'student');
    await ctx.database.db.insert(forumQuestions).values(
      Array.from({ length: 12 }, (_, i) => ({
        authorId: student.user.id,
        authorRole: 'student' as const,
        question: `Question ${i}`,
        description: 'D',
        createdAt: new Date(Date.UTC(2024, 0, i + 1)),
      })),
    );
    const details = (await call('GET', `/api/admin/users/${student.user.id}`, admin.token)).json<AdminUserDetails>();
    expect(details.questions.total).toBe(12);
    expect(details.questions.items.map((q) => q.question)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Question ${11 - i}`),
    );
  });

  it('answer 404 for an unknown user and 400 for a malformed id', async () => {
    const admin = await createUser(ctx, 'admin');
    expect((await call('GET', `/api/admin/users/${randomUUID()}`, admin.token)).json().message).toBe('User not found');
    const malformed = await call('GET', '/api/admin/users/not-an-id', admin.token);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('id must be a valid id');
  });
});

describe('suspension', () => {
  it("ends the student's sessions and logins until reactivated", async () => {
    const admin = await createUser(ctx, 'admin');
    const student = await createUser(ctx, 'student');
    expect((await call('GET', '/api/me', student.token)).statusCode).toBe(200);

    const suspended = await call('POST', `/api/admin/users/${student.user.id}/suspend`, admin.token);
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json<AdminUser>()).toMatchObject({ id: student.user.id, status: 'suspended' });

    const me = await call('GET', '/api/me', student.token);
    expect(me.statusCode).toBe(401);
    const refused = await login(student.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your account is suspended. Please contact an administrator.');
    // Suspending twice changes nothing.
    expect((await call('POST', `/api/admin/users/${student.user.id}/suspend`, admin.token)).statusCode).toBe(200);

    const reactivated = await call('POST', `/api/admin/users/${student.user.id}/reactivate`, admin.token);
    expect(reactivated.json<AdminUser>().status).toBe('active');
    const again = await login(student.email);
    expect(again.statusCode).toBe(200);
    expect((await call('GET', '/api/me', again.json().token)).statusCode).toBe(200);
    // The token from before the suspension stays revoked.
    expect((await call('GET', '/api/me', student.token)).statusCode).toBe(401);
  });

  it('is refused for the admin themself and for other admins', async () => {
    const admin = await createUser(ctx, 'admin');
    const otherAdmin = await insertUser('admin');
    const self = await call('POST', `/api/admin/users/${admin.user.id}/suspend`, admin.token);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot suspend your own account');
    const other = await call('POST', `/api/admin/users/${otherAdmin.id}/suspend`, admin.token);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('Admin accounts cannot be changed here');
    expect((await call('GET', '/api/me', admin.token)).statusCode).toBe(200);
  });
});

describe('role changes', () => {
  it('make a student a teacher and back, ending their sessions', async () => {
    const admin = await createUser(ctx, 'admin');
    const student = await createUser(ctx, 'student');
    const promoted = await call('POST', `/api/admin/users/${student.user.id}/role`, admin.token, { role: 'teacher' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json<AdminUser>()).toMatchObject({ role: 'teacher', courseCount: 0 });
    expect((await call('GET', '/api/me', student.token)).statusCode).toBe(401);
    const asTeacher = await login(student.email);
    expect(asTeacher.json().role).toBe('teacher');
    expect((await call('GET', '/api/teacher/dashboard', asTeacher.json().token)).statusCode).toBe(200);

    const demoted = await call('POST', `/api/admin/users/${student.user.id}/role`, admin.token, { role: 'student' });
    expect(demoted.json<AdminUser>()).toMatchObject({ role: 'student', enrolmentCount: 0 });
    expect((await call('GET', '/api/me', asTeacher.json().token)).statusCode).toBe(401);
  });

  it('keep a teacher who owns courses a teacher', async () => {
    const admin = await createUser(ctx, 'admin');
    const teacher = await createUser(ctx, 'teacher');
    await createCourse(ctx, teacher.token);
    const res = await call('POST', `/api/admin/users/${teacher.user.id}/role`, admin.token, { role: 'student' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/still has courses/);
    expect((await call('GET', '/api/me', teacher.token)).statusCode).toBe(200);
  });

  it('are refused on oneself, on admins and to the admin role', async () => {
    const admin = await createUser(ctx, 'admin');
    const otherAdmin = await insertUser('admin');
    const student = await createUser(ctx, 'student');
    const self = await call('POST', `/api/admin/users/${admin.user.id}/role`, admin.token, { role: 'teacher' });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot change your own role');
    const other = await call('POST', `/api/admin/users/${otherAdmin.id}/role`, admin.token, { role: 'student' });
    expect(other.statusCode).toBe(403);
    const toAdmin = await call('POST', `/api/admin/users/${student.user.id}/role`, admin.token, { role: 'admin' });
    expect(toAdmin.statusCode).toBe(400);
    expect(toAdmin.json().message).toBe('role must be student or teacher');
    const [row] = await ctx.database.db.select({ role: users.role }).from(users).where(eq(users.id, student.user.id));
    expect(row!.role).toBe('student');
  });
});

describe('password reset by an admin', () => {
  it('mails the user a working reset link through the accounts feature', async () => {
    const admin = await createUser(ctx, 'admin');
    const teacher = await createUser(ctx, 'teacher');
    const before = sent.length;
    const res = await call('POST', `/api/admin/users/${teacher.user.id}/password-reset`, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('A password reset link has been sent');
    const mail = sent.slice(before).find((message) => message.to === teacher.email);
    expect(mail?.subject).toBe('Reset your Lyceum password');
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
    expect(mail!.text).toContain(`${PUBLIC_URL}/reset-password?token=`);

    const newPassword = 'a-brand-new-passphrase';
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword, confirmPassword: newPassword },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(teacher.email, newPassword)).statusCode).toBe(200);
  });

  it('is refused for a suspended account and for an unknown user', async () => {
    const admin = await createUser(ctx, 'admin');
    const student = await createUser(ctx, 'student');
    await call('POST', `/api/admin/users/${student.user.id}/suspend`, admin.token);
    const before = sent.length;
    const res = await call('POST', `/api/admin/users/${student.user.id}/password-reset`, admin.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/reactivate it/);
    expect(sent.length).toBe(before);
    expect((await call('POST', `/api/admin/users/${randomUUID()}/password-reset`, admin.token)).statusCode).toBe(404);
  });
});

describe('CSV export', () => {
  /** Splits RFC 4180 CSV into rows of cells (quoted cells may hold commas, quotes and line breaks). */
  function parseCsv(text: string): string[][] {
    const rows: string[][] = [];
    let row: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < text.length; i += 1) {
      const char = text[i]!;
      if (quoted) {
        if (char === '"' && text[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else if (char === '"') {
          quoted = false;
        } else {
          cell += char;
        }
      } else if (char === '"') {
        quoted = true;
      } else if (char === ',') {
        row.push(cell);
        cell = '';
      } else if (char === '\r' && text[i + 1] === '\n') {
        row.push(cell);
        rows.push(row);
        row = [];
        cell = '';
        i += 1;
      } else {
        cell += char;
      }
    }
    return rows;
  }

  it('downloads the filtered list with a header row, escaping and formula-proof cells', async () => {
    const admin = await createUser(ctx, 'admin');
    const stamp = randomUUID().slice(0, 8);
    const tricky = await insertUser('student', {
      firstname: '=HYPERLINK("http://evil.example","click")',
      lastname: `Smith, "Jr"\n${stamp}`,
      username: `@sum ${stamp}`,
      phone: '+1 555 0100',
    });
    await insertUser('student', { firstname: '-2+3', lastname: `Plain${stamp}`, username: `\tTab ${stamp}` });
    await insertUser('teacher', { firstname: 'Not', lastname: `InTheStudentList${stamp}` });

    const res = await call('GET', `/api/admin/users/export.csv?role=student&q=${stamp}&sort=name`, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="lyceum-students-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual([
      'ID',
      'First name',
      'Last name',
      'Username',
      'Email',
      'Phone',
      'Role',
      'Status',
      'Joined',
      'Enrolments',
    ]);
    expect(rows).toHaveLength(3);
    const byId = rows.find((row) => row[0] === tricky.id)!;
    expect(byId.slice(1, 4)).toEqual([
      `'=HYPERLINK("http://evil.example","click")`,
      `Smith, "Jr"\n${stamp}`,
      `'@sum ${stamp}`,
    ]);
    expect(byId[5]).toBe(`'+1 555 0100`);
    expect(byId[6]).toBe('student');
    expect(byId[9]).toBe('0');
    const other = rows.find((row) => row[2] === `Plain${stamp}`)!;
    expect(other[1]).toBe(`'-2+3`);
    expect(other[3]).toBe(`'\tTab ${stamp}`);
    // The raw text quotes exactly the cells that need it.
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")","Smith, ""Jr""\n${stamp}"`);
  });

  it('names the activity column Courses for teachers', async () => {
    const admin = await createUser(ctx, 'admin');
    const teacher: TestUser = await createUser(ctx, 'teacher');
    await createCourse(ctx, teacher.token);
    const res = await call(
      'GET',
      `/api/admin/users/export.csv?role=teacher&q=${encodeURIComponent(teacher.email)}`,
      admin.token,
    );
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toMatch(/,Courses$/);
    expect(lines[1]).toMatch(new RegExp(`^${teacher.user.id},.*,teacher,active,[^,]+,1$`));
    expect(lines).toHaveLength(3); // header, one row, and the empty string after the last CRLF
  });
});
