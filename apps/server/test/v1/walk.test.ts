import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, decodePayload, useTestApp } from '../helper.js';
import { courseDetails } from './v1-helper.js';

const ctx = useTestApp();
let origin: string;

beforeAll(async () => {
  // A real listening server: the walk speaks plain HTTP, as any client would.
  origin = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});

interface Account {
  email: string;
  phone: string;
  token?: string;
}

describe('v1 end-to-end walk over plain HTTP', () => {
  it('registers, teaches, learns, reviews and discusses without leaking a secret or another user’s contact data', async () => {
    const accounts: Account[] = [
      { email: 'walk.student@example.com', phone: '+1 555 0101' },
      { email: 'walk.teacher@example.com', phone: '+1 555 0202' },
    ];
    const [student, teacher] = accounts as [Account, Account];
    // Someone else already on the platform, whose course the walkers see: their contact data must never show.
    const bystander = await createUser(ctx, 'teacher', { phone: '+44 161 496 0000' });
    accounts.push({ email: bystander.email, phone: '+44 161 496 0000' });
    await fetch(`${origin}/add-course`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: bystander.token },
      body: JSON.stringify({ courseDetails: courseDetails('Bystander course') }),
    }).then((res) => expect(res.status).toBe(201));
    const seen: { caller: Account | null; body: string }[] = [];

    async function call(caller: Account | null, url: string, body: Record<string, unknown> = {}, expected = 200) {
      const res = await fetch(`${origin}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(caller?.token ? { authorization: caller.token } : {}) },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      seen.push({ caller, body: text });
      expect(res.status, `${url}: ${text}`).toBe(expected);
      const parsed = JSON.parse(text);
      expect(parsed.success).toBe(true);
      return parsed.data;
    }

    for (const [account, role, firstname] of [
      [student, 'student', 'Walker'],
      [teacher, 'teacher', 'Guide'],
    ] as const) {
      await call(
        account,
        '/user-Register',
        { ...account, firstname, lastname: 'Test', password: 'walk-password-1', role },
        201,
      );
      const login = await call(account, '/user-Login', { email: account.email, password: 'walk-password-1' });
      expect(login.role).toBe(role);
      account.token = login.token;
      const payload = JSON.stringify(decodePayload(login.token));
      expect(payload).not.toMatch(/argon2|password|@example\.com|\+1 555|phone|email/);
    }

    const course = await call(teacher, '/add-course', { courseDetails: courseDetails('Walking 101') }, 201);
    const list = await (await fetch(`${origin}/view-courses`)).text();
    seen.push({ caller: null, body: list });
    expect(JSON.parse(list).data.map((c: { _id: string }) => c._id)).toContain(course._id);
    expect((await call(null, '/view-courseDetails-ById', { courseId: course._id })).teacherId.firstname).toBe('Guide');
    await call(student, '/add-wishlist', { courseId: course._id });
    await call(student, '/view-wishlist');
    await call(student, '/add-enrolled', { courseId: course._id });
    expect((await call(student, '/view-enrolled-by-studentID'))[0]._id).toBe(course._id);

    const review = await call(
      student,
      '/add-review',
      { courseId: course._id, reviewDetails: { rating: 5, reviewText: 'Lovely' } },
      201,
    );
    expect((await call(null, '/view-Review-courseId', { courseId: course._id }))[0].student.firstname).toBe('Walker');
    await call(student, '/view-Review-list-studentId');
    await call(student, '/edit-review-studentId', { reviewId: review._id, reviewText: 'Still lovely', rating: 4 });
    await call(student, '/delete-review-studentId', { reviewId: review._id });
    expect(await call(null, '/view-Review-courseId', { courseId: course._id })).toEqual([]);

    const question = await call(
      student,
      '/add-question',
      { questionDetails: { question: 'Pace?', description: 'How fast?', tags: 'walking' } },
      201,
    );
    await call(null, '/view-Forum-QuestionList');
    const answered = await call(teacher, '/add-forum-answer', { questionId: question._id, answer: 'Steady' });
    const answerId = answered.answers[0]._id;
    const detail = await call(null, '/view-forum-question-id', { questionId: question._id });
    expect(detail.answers[0].studentId).toEqual(detail.answers[0].teacherId);
    await call(student, '/view-Forum-QuestionList-studentId');
    await call(teacher, '/view-answerList-studentId');
    await call(student, '/update-question', {
      forumId: question._id,
      questionDetails: { question: 'Pace now?', description: 'How fast?', tags: 'walking' },
    });
    await call(teacher, '/update-answer-studentId', { forumId: question._id, answerId, answerText: 'Very steady' });
    await call(teacher, '/delete-answer-studentId', { forumId: question._id, answerId });
    await call(student, '/delete-question', { forumId: question._id });

    await call(student, '/view-student-details');
    await call(teacher, '/view-teacher-details');
    await call(teacher, '/update-teacher-details', { userDetails: { aboutInfo: 'I guide walks' } });
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#118844' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('city', 'Leeds');
    form.append('profileImage', new Blob([png], { type: 'image/png' }), 'me.png');
    const updated = await fetch(`${origin}/update-student-details`, {
      method: 'POST',
      headers: { authorization: `Bearer ${student.token}` },
      body: form,
    });
    const updatedText = await updated.text();
    seen.push({ caller: student, body: updatedText });
    expect(updated.status, updatedText).toBe(200);
    const profile = JSON.parse(updatedText).data;
    expect(profile).toMatchObject({ city: 'Leeds', profileImage: expect.stringMatching(/^[A-Za-z0-9._-]+$/) });
    const picture = await fetch(`${origin}/uploads/${profile.profileImage}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toMatch(/^image\//);
    expect(picture.headers.get('x-content-type-options')).toBe('nosniff');

    for (const { caller, body } of seen) {
      expect(body).not.toMatch(/\$argon2|\$2[aby]\$/);
      expect(body).not.toMatch(/"password":"[^"]/);
      for (const other of accounts.filter((account) => account !== caller)) {
        expect(body).not.toContain(other.email);
        expect(body).not.toContain(other.phone);
      }
    }
  });
});
