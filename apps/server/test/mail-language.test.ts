import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NotificationList, TeacherClass } from '@lyceum/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../src/lib/mailer.js';
import { createCourse } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';
import { decodeQuotedPrintable, trackSends } from './mail-helper.js';

/**
 * Issue 47: notifications and their e-mails are written in the recipient's language, not the sender's. A Spanish
 * teacher's announcement reaches an Arabic student as an Arabic e-mail (right to left) around the teacher's own text,
 * and an English student in the same class as an English one.
 */
const outbox = mkdtempSync(path.join(tmpdir(), 'lyceum-outbox-'));
const mail = trackSends(createOutboxMailer({ dir: outbox, from: 'Lyceum <no-reply@lyceum.test>' }));
const ctx = useTestApp({ mailer: mail.mailer, env: { JOB_RUNNER: 'off' } });

const ANNOUNCEMENT = '<p>Mañana traed la <strong>calculadora</strong>.</p>';
let teacher: TestUser;
let arabic: TestUser;
let english: TestUser;

function htmlPartOf(user: TestUser): string {
  const eml = readdirSync(outbox)
    .map((file) => readFileSync(path.join(outbox, file), 'utf8'))
    .find((text) => text.includes(`To: ${user.email}`));
  expect(eml, `no mail to ${user.email}`).toBeDefined();
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(eml!)![1]!;
  const section = eml!.split(`--${boundary}`).find((s) => /Content-Type: text\/html/i.test(s))!;
  const [head, ...body] = section.split(/\r?\n\r?\n/);
  const raw = body.join('\n\n');
  if (/base64/i.test(head!)) return Buffer.from(raw, 'base64').toString('utf8');
  return Buffer.from(decodeQuotedPrintable(raw), 'latin1').toString('utf8');
}

async function setLanguage(user: TestUser, language: string) {
  const res = await ctx.app.inject({
    method: 'PATCH',
    url: '/api/me',
    headers: bearer(user.token),
    payload: { language },
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  [teacher, arabic, english] = await Promise.all([
    createUser(ctx, 'teacher', { firstname: 'Lucía', lastname: 'García' }),
    createUser(ctx, 'student'),
    createUser(ctx, 'student'),
  ]);
  await setLanguage(teacher, 'es');
  await setLanguage(arabic, 'ar');
  const course = await createCourse(ctx, teacher.token, { title: 'Física', status: 'published' });
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/classes',
    headers: bearer(teacher.token),
    payload: { name: 'Física 3.º B', courseIds: [course.id] },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { code, id } = created.json<TeacherClass>();
  for (const student of [arabic, english]) {
    const joined = await ctx.app.inject({
      method: 'POST',
      url: '/api/classes/join',
      headers: bearer(student.token),
      payload: { code },
    });
    expect(joined.statusCode, joined.body).toBe(200);
  }
  const posted = await ctx.app.inject({
    method: 'POST',
    url: `/api/classes/${id}/announcements`,
    headers: bearer(teacher.token),
    payload: { bodyHtml: ANNOUNCEMENT, emailNow: true },
  });
  expect(posted.statusCode, posted.body).toBe(201);
  await ctx.app.jobs.drain();
  await mail.settled();
});

describe("notifications in the reader's language", () => {
  it("an Arabic student's e-mail is an Arabic, right-to-left frame around the Spanish teacher's own text", () => {
    const html = htmlPartOf(arabic);
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('نشر Lucía García في Física 3.º B');
    expect(html).toContain('افتح في Lyceum');
    expect(html).toContain('تصلك هذه الرسالة بحسب إعدادات الإشعارات لديك.');
    expect(html).toContain('إيقاف رسائل البريد الإلكتروني عن «إعلان الصف».');
    expect(html).toContain('Mañana traed la <strong>calculadora</strong>.');
    expect(html).not.toContain('Open in Lyceum');
  });

  it('an English student in the same class gets the English frame, whatever the sender speaks', () => {
    const html = htmlPartOf(english);
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain('Lucía García posted in Física 3.º B');
    expect(html).toContain('Open in Lyceum');
    expect(html).toContain('Mañana traed la <strong>calculadora</strong>.');
  });

  it("the bell says it in each reader's language", async () => {
    const titleFor = async (user: TestUser) => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(user.token) });
      return res.json<NotificationList>().items.find((n) => n.type === 'class.announcement')?.title;
    };
    expect(await titleFor(arabic)).toBe('نشر Lucía García في Física 3.º B');
    expect(await titleFor(english)).toBe('Lucía García posted in Física 3.º B');
  });
});
