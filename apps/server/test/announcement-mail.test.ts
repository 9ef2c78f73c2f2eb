import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Notification, NotificationList, TeacherClass } from '@lyceum/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAIL_COLOURS } from '../src/features/notifications/mail.js';
import { createOutboxMailer } from '../src/lib/mailer.js';
import { createCourse } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';
import { decodeQuotedPrintable, trackSends } from './mail-helper.js';

/**
 * Issue 46.11: an announcement mailed at once keeps its rich text (bold, links) in the HTML part, the text part is
 * a readable plain version with links as "text (url)", and the mail's colours pass WCAG AA.
 */
const outbox = mkdtempSync(path.join(tmpdir(), 'lyceum-outbox-'));
const mail = trackSends(createOutboxMailer({ dir: outbox, from: 'Lyceum <no-reply@lyceum.test>' }));
const ctx = useTestApp({ mailer: mail.mailer, env: { JOB_RUNNER: 'off' } });

const ANNOUNCEMENT =
  '<p>Bring a <strong>calculator</strong> to <em>Period 6</em>!</p>' +
  '<p>The room moved: see <a href="https://school.example/rooms?b=2&amp;f=1">the new room plan</a>.</p>' +
  '<ul><li>Quiz on <strong>Friday</strong></li><li>No homework</li></ul>';

let teacher: TestUser;
let student: TestUser;

/** The decoded body of one part (text/plain or text/html) of a multipart .eml. */
function part(eml: string, type: 'text/plain' | 'text/html'): string {
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(eml)?.[1];
  expect(boundary, eml).toBeDefined();
  const section = eml.split(`--${boundary}`).find((s) => new RegExp(`Content-Type: ${type}`, 'i').test(s));
  expect(section, `no ${type} part in:\n${eml}`).toBeDefined();
  const [head, ...body] = section!.split(/\r?\n\r?\n/);
  const raw = body.join('\n\n');
  if (/Content-Transfer-Encoding: base64/i.test(head!)) return Buffer.from(raw, 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head!)) {
    return Buffer.from(decodeQuotedPrintable(raw), 'latin1').toString('utf8');
  }
  return raw;
}

/** WCAG 2 relative luminance and contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

beforeAll(async () => {
  [teacher, student] = await Promise.all([createUser(ctx, 'teacher'), createUser(ctx, 'student')]);
  const course = await createCourse(ctx, teacher.token, { title: 'Physics', status: 'published' });
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/classes',
    headers: bearer(teacher.token),
    payload: { name: 'Period 6 Physics', courseIds: [course.id] },
  });
  expect(created.statusCode, created.body).toBe(201);
  const cls = created.json<TeacherClass>();
  const joined = await ctx.app.inject({
    method: 'POST',
    url: '/api/classes/join',
    headers: bearer(student.token),
    payload: { code: cls.code },
  });
  expect(joined.statusCode, joined.body).toBe(200);
  const posted = await ctx.app.inject({
    method: 'POST',
    url: `/api/classes/${cls.id}/announcements`,
    headers: bearer(teacher.token),
    payload: { bodyHtml: ANNOUNCEMENT, emailNow: true },
  });
  expect(posted.statusCode, posted.body).toBe(201);
  await ctx.app.jobs.drain();
  await mail.settled();
});

function studentsMail(): string {
  const mails = readdirSync(outbox)
    .map((file) => readFileSync(path.join(outbox, file), 'utf8'))
    .filter((eml) => eml.includes(`To: ${student.email}`));
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

describe('announcement e-mails', () => {
  it('keep the announcement as rich text in the HTML part: bold, emphasis, lists and links', () => {
    const html = part(studentsMail(), 'text/html');
    expect(html).toContain('<strong>calculator</strong>');
    expect(html).toContain('<em>Period 6</em>!');
    expect(html).toMatch(/<a href="https:\/\/school\.example\/rooms\?b=2&amp;f=1"[^>]*>the new room plan<\/a>/);
    expect(html).toContain('<li>Quiz on <strong>Friday</strong></li>');
  });

  it('give a readable text part: no space before punctuation, links as "text (url)", list items on their lines', () => {
    const text = part(studentsMail(), 'text/plain');
    expect(text).toContain('Bring a calculator to Period 6!');
    expect(text).not.toMatch(/Period 6 !/);
    expect(text).toContain('the new room plan (https://school.example/rooms?b=2&f=1)');
    expect(text).toMatch(/^\s*\* Quiz on Friday$/m);
  });

  it("keep the bell's excerpt free of the spacing artefact", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(student.token) });
    const list = res.json<NotificationList>();
    const item = list.items.find((n: Notification) => n.type === 'class.announcement');
    expect(item?.body).toMatch(/^Bring a calculator to Period 6! The room moved/);
  });

  it('use colours that pass WCAG AA (4.5:1) for every text, the button and the footer', () => {
    const html = part(studentsMail(), 'text/html');
    for (const [name, pair] of Object.entries(MAIL_COLOURS)) {
      expect(html, name).toContain(`color:${pair.fg}`);
      expect(contrast(pair.fg, pair.bg), name).toBeGreaterThanOrEqual(4.5);
    }
  });
});
