import type { AddressInfo } from 'node:net';
import type { Notification, NotificationList, NotificationPreferences, Question } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../src/auth/tokens.js';
import type { MailMessage, Mailer } from '../src/lib/mailer.js';
import { createCourse } from './course-helpers.js';
import { bearer, createUser, decodePayload, TEST_SECRET, useTestApp, type TestUser } from './helper.js';
import { has, openStream as openStreamAt, sse } from './sse-helper.js';

/** Records every mail handed over (the delivery itself is the mailer's business, tested in outbox-log). */
const sent: MailMessage[] = [];
const mailer: Mailer = { send: async (message) => void sent.push(message), close() {} };
const ctx = useTestApp({ mailer, env: { SSE_CHECK_MS: '100', JOB_RUNNER: 'off' } });

let asker: TestUser;
let other: TestUser;
let teacher: TestUser;
let base: string;

beforeAll(async () => {
  [asker, other, teacher] = await Promise.all([
    createUser(ctx, 'student'),
    createUser(ctx, 'student'),
    createUser(ctx, 'teacher'),
  ]);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx.app.jobs.stop();
});

const get = async <T>(url: string, user: TestUser) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(user.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

async function ask(user: TestUser, title = 'How do B-trees stay balanced?'): Promise<Question> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/forum/questions',
    headers: bearer(user.token),
    payload: { question: title, description: 'Splits and merges?', tags: ['db'] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Question>();
}

async function answer(user: TestUser, questionId: string, text = 'Nodes split when full.') {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/forum/questions/${questionId}/answers`,
    headers: bearer(user.token),
    payload: { answer: text },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>();
}

const openStream = (token: string | null, headers: Record<string, string> = {}) => openStreamAt(base, token, headers);

describe('notifications: raised with the change, read only by their user', () => {
  it('an answer to my question notifies me (not the answerer), once, with its text and link', async () => {
    const question = await ask(asker);
    await answer(teacher, question.id, 'Nodes split when they are full.');
    await answer(asker, question.id, 'Thanks!');

    const mine = await get<NotificationList>('/api/notifications', asker);
    const forQuestion = mine.items.filter((n) => n.link === `/forum-details/${question.id}`);
    expect(forQuestion).toHaveLength(1);
    expect(forQuestion[0]).toMatchObject({
      type: 'forum.answer',
      read: false,
      body: 'Nodes split when they are full.',
    });
    expect(forQuestion[0]!.title).toBe(
      `${teacher.user.firstname} ${teacher.user.lastname} answered your question “How do B-trees stay balanced?”`,
    );
    expect(mine.unread).toBeGreaterThanOrEqual(1);
    const teachers = await get<NotificationList>('/api/notifications', teacher);
    expect(teachers.items.filter((n) => n.link === `/forum-details/${question.id}`)).toHaveLength(0);
  });

  it("another user neither lists nor marks my notifications; 'mark all read' clears only mine", async () => {
    const question = await ask(asker, 'Who sees my notifications?');
    await answer(teacher, question.id);
    const mine = await get<NotificationList>('/api/notifications?unread=true', asker);
    const target = mine.items[0]!;
    const theirs = await get<NotificationList>('/api/notifications', other);
    expect(theirs.items.map((n) => n.id)).not.toContain(target.id);

    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: bearer(other.token),
      payload: { ids: [target.id] },
    });
    expect(foreign.statusCode).toBe(200);
    const still = await get<NotificationList>('/api/notifications?unread=true', asker);
    expect(still.items.map((n) => n.id)).toContain(target.id);

    const all = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: bearer(asker.token),
      payload: { all: true },
    });
    expect(all.json()).toEqual({ unread: 0 });
    expect((await get<{ unread: number }>('/api/notifications/unread-count', asker)).unread).toBe(0);
  });

  it('rejects hostile list queries and read bodies with 400', async () => {
    for (const url of ['/api/notifications?limit=500', '/api/notifications?before=x', '/api/notifications?type=nope']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(asker.token) });
      expect(res.statusCode, url).toBe(400);
    }
    for (const payload of [{}, { ids: ['not-an-id'] }, { all: false }, { ids: [], all: true }]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/notifications/read',
        headers: bearer(asker.token),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('pages newest first by seq, and filters by type', async () => {
    const question = await ask(asker, 'Paging question?');
    for (let i = 0; i < 5; i += 1) await answer(teacher, question.id, `Answer ${i}`);
    const first = await get<NotificationList>('/api/notifications?limit=2&type=forum.answer', asker);
    expect(first.items).toHaveLength(2);
    expect(first.items[0]!.seq).toBeGreaterThan(first.items[1]!.seq);
    const second = await get<NotificationList>(`/api/notifications?limit=2&before=${first.nextBefore}`, asker);
    expect(second.items[0]!.seq).toBeLessThan(first.items[1]!.seq);
    const none = await get<NotificationList>('/api/notifications?type=review.new', asker);
    expect(none.items).toHaveLength(0);
  });

  it('a review of my course notifies me, the teacher; accepting an answer notifies its author', async () => {
    const course = await createCourse(ctx, teacher.token, { status: 'published', title: 'Storage engines' });
    await ctx.app.inject({ method: 'POST', url: `/api/courses/${course.id}/enrolment`, headers: bearer(other.token) });
    const review = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${course.id}/reviews`,
      headers: bearer(other.token),
      payload: { rating: 5, text: 'Clear and deep.' },
    });
    expect(review.statusCode, review.body).toBe(201);
    const teachers = await get<NotificationList>('/api/notifications?type=review.new', teacher);
    expect(teachers.items[0]).toMatchObject({ link: `/course-details/${course.id}`, body: 'Clear and deep.' });
    expect(teachers.items[0]!.title).toContain('reviewed “Storage engines” (5/5)');

    const question = await ask(asker, 'Accept me?');
    const given = await answer(other, question.id, 'Accepted answer.');
    const accept = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/forum/questions/${question.id}/accept`,
        headers: bearer(asker.token),
        payload: { answerId: given.id },
      });
    expect((await accept()).statusCode).toBe(200);
    expect((await accept()).statusCode).toBe(200);
    const accepted = await get<NotificationList>('/api/notifications?type=forum.accepted', other);
    expect(accepted.items.filter((n) => n.link === `/forum-details/${question.id}`)).toHaveLength(1);
  });
});

describe('e-mail: per type off / immediate / digest, delivered by the job runner once', () => {
  it('mails an immediate notification once, as HTML and text, with RFC 8058 unsubscribe headers', async () => {
    await ctx.app.jobs.drain();
    sent.length = 0;
    const question = await ask(asker, 'Mail me the answer?');
    await answer(teacher, question.id, 'Here it is.');
    expect(sent).toHaveLength(0);
    await ctx.app.jobs.drain();
    await ctx.app.jobs.drain();
    const mails = sent.filter((m) => m.to === asker.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toContain('Mail me the answer?');
    expect(mail.text).toContain(`/forum-details/${question.id}`);
    expect(mail.html).toContain('Here it is.');
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers?.['List-Unsubscribe']).toMatch(/^<http.*\/api\/unsubscribe\?token=.+>$/);
  });

  it('the one-click link turns that type off without a session; forged or re-pointed links do not', async () => {
    sent.length = 0;
    const question = await ask(asker, 'Unsubscribe me?');
    await answer(teacher, question.id);
    await ctx.app.jobs.drain();
    const link = sent.find((m) => m.to === asker.email)!.headers!['List-Unsubscribe']!.slice(1, -1);
    const token = decodeURIComponent(new URL(link).searchParams.get('token')!);
    const post = (t: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/unsubscribe?token=${encodeURIComponent(t)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const [userId, type, mac] = token.split('~');
    // Another user's id with this MAC, another type, a changed MAC: all refused, nothing changed.
    for (const forged of [
      `${other.user.id}~${type}~${mac}`,
      `${userId}~forum.accepted~${mac}`,
      `${userId}~${type}~${mac}x`,
      `${userId}~${type}`,
    ]) {
      expect((await post(forged)).statusCode, forged).toBe(400);
    }
    const othersPrefs = await get<NotificationPreferences>('/api/me/notification-preferences', other);
    expect(othersPrefs.items.find((p) => p.type === 'forum.answer')!.email).toBe('immediate');

    const res = await post(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ type: 'forum.answer', email: 'off' });
    const prefs = await get<NotificationPreferences>('/api/me/notification-preferences', asker);
    expect(prefs.items.find((p) => p.type === 'forum.answer')!.email).toBe('off');

    sent.length = 0;
    await answer(teacher, question.id, 'Another one.');
    await ctx.app.jobs.drain();
    expect(sent.filter((m) => m.to === asker.email)).toHaveLength(0);
    // The in-app notification still arrives.
    const list = await get<NotificationList>('/api/notifications?limit=1', asker);
    expect(list.items[0]!.body).toBe('Another one.');
  });

  it('preferences: every role sees its types; a daily digest gathers that type into one mail', async () => {
    const adminUser = await createUser(ctx, 'admin');
    const adminPrefs = await get<NotificationPreferences>('/api/me/notification-preferences', adminUser);
    expect(adminPrefs.items).toEqual([]);
    const teacherPrefs = await get<NotificationPreferences>('/api/me/notification-preferences', teacher);
    expect(teacherPrefs.items.map((p) => p.type)).toContain('review.new');

    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/notification-preferences',
      headers: bearer(asker.token),
      payload: { items: [{ type: 'forum.answer', email: 'digest' }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/notification-preferences',
      headers: bearer(asker.token),
      payload: { items: [{ type: 'forum.answer', email: 'hourly' }] },
    });
    expect(bad.statusCode).toBe(400);

    sent.length = 0;
    const question = await ask(asker, 'Digest me?');
    await answer(teacher, question.id, 'First.');
    await answer(other, question.id, 'Second.');
    await ctx.app.jobs.drain();
    expect(sent.filter((m) => m.to === asker.email)).toHaveLength(0);
    // The day's digest slot (enqueued by the runner's schedule, run once).
    await ctx.database.db.execute(sql`update jobs set run_at = now() where name = 'schedule:notifications.digest'`);
    await ctx.database.db.execute(
      sql`update jobs set status = 'pending', attempts = 0 where name = 'schedule:notifications.digest'`,
    );
    await ctx.app.jobs.drain();
    const digests = sent.filter((m) => m.to === asker.email);
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toMatch(/summary: \d+ new notification/);
    expect(digests[0]!.text).toContain('First.');
    expect(digests[0]!.text).toContain('Second.');
  });
});

describe('live: Server-Sent Events', () => {
  it('refuses a missing, forged, expired or revoked token, and a non-SSE Accept', async () => {
    expect((await openStream(null)).status).toBe(401);
    expect((await openStream('not.a.token')).status).toBe(401);
    const tokens = createTokenService(TEST_SECRET);
    const claims = decodePayload(asker.token);
    const expired = await tokens.issue(claims.user as never, claims.ver as number, {
      sessionId: claims.sid as string,
      expiresAt: Math.floor(Date.now() / 1000) - 10,
    });
    expect((await openStream(expired)).status).toBe(401);
    const revoked = await createUser(ctx, 'student');
    const old = revoked.token;
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(old) });
    expect((await openStream(old)).status).toBe(401);
    const json = await fetch(`${base}/api/notifications/stream`, { headers: bearer(asker.token) });
    expect(json.status).toBe(406);
  });

  it('delivers a new notification live, and what was missed after Last-Event-ID', async () => {
    const question = await ask(asker, 'Live?');
    const res = await openStream(asker.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const stream = sse(res);
    await stream.until(has('ready'));
    await answer(teacher, question.id, 'Live answer.');
    const events = await stream.until(has('notification'));
    await stream.close();
    expect(events[0]!.event).toBe('ready');
    const live = events.find((e) => e.event === 'notification')!;
    const payload = JSON.parse(live.data) as { notification: Notification; unread: number };
    expect(payload.notification.body).toBe('Live answer.');
    expect(payload.unread).toBeGreaterThanOrEqual(1);
    expect(live.id).toBe(String(payload.notification.seq));

    // Two answers while the tab was away: the reconnect names the last id it saw and gets both.
    await answer(teacher, question.id, 'Missed one.');
    await answer(other, question.id, 'Missed two.');
    const again = sse(await openStream(asker.token, { 'last-event-id': live.id! }));
    const missed = await again.until(has('notification', 2));
    await again.close();
    const bodies = missed
      .filter((e) => e.event === 'notification')
      .map((e) => (JSON.parse(e.data) as { notification: Notification }).notification.body);
    expect(bodies).toEqual(['Missed one.', 'Missed two.']);
  });

  it('ends the stream when the token version changes (log out everywhere)', async () => {
    const user = await createUser(ctx, 'student');
    const res = await openStream(user.token);
    expect(res.status).toBe(200);
    const stream = sse(res);
    await stream.until(has('ready'));
    const out = await ctx.app.inject({ method: 'POST', url: '/api/me/logout-everywhere', headers: bearer(user.token) });
    expect(out.statusCode).toBe(200);
    const events = await stream.until(has('end'));
    expect(events.at(-1)).toMatchObject({ event: 'end', data: JSON.stringify({ reason: 'signed-out' }) });
  });
});
