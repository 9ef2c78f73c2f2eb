import { CLASS_LIMITS, CLASS_MESSAGES, type JoinedClass, type TeacherClass } from '@lyceum/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

let now = Date.now();
const ctx = useTestApp({ clock: () => now });
/** One school behind one NAT: every pupil's request comes from this address. */
const SCHOOL = '203.0.113.7';

let teacher: TestUser;
let courseId: string;

function join(student: TestUser, code: string, remoteAddress = SCHOOL) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/classes/join',
    headers: bearer(student.token),
    payload: { code },
    remoteAddress,
  });
}

async function newClass(): Promise<TeacherClass> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/classes',
    headers: bearer(teacher.token),
    payload: { name: 'Period 6 Physics', courseIds: [courseId] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TeacherClass>();
}

/** One pupil's wrong codes from `SCHOOL` through fresh accounts until the address's limit is reached. */
async function exhaustTheAddress(): Promise<TestUser[]> {
  const guessers: TestUser[] = [];
  let wrong = 0;
  while (wrong < CLASS_LIMITS.wrongCodesPerIp) {
    const guesser = await createUser(ctx, 'student');
    guessers.push(guesser);
    for (let i = 0; i < CLASS_LIMITS.wrongCodesPerUser && wrong < CLASS_LIMITS.wrongCodesPerIp; i += 1) {
      expect((await join(guesser, 'ZZZZZZ2')).statusCode).toBe(404);
      wrong += 1;
    }
  }
  return guessers;
}

beforeAll(async () => {
  teacher = await createUser(ctx, 'teacher');
  courseId = (await createCourse(ctx, teacher.token, { title: 'Physics', status: 'published' })).id;
});

describe('wrong access codes behind one address (issue 46.7)', () => {
  it('one pupil sending wrong codes at once gets no more verdicts than the account limit, and a classmate on the same address still joins', async () => {
    const cls = await newClass();
    const [pupil, classmate] = [await createUser(ctx, 'student'), await createUser(ctx, 'student')];
    // As many wrong codes at once as the address may try (a script, or a held-down key): no more verdicts than
    // the per-account limit, and the address's limit is reached by one pupil.
    const burst = CLASS_LIMITS.wrongCodesPerIp;
    const tries = await Promise.all(Array.from({ length: burst }, () => join(pupil, 'ZZZZZZ2')));
    const statuses = tries.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 404).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 404).length).toBeLessThanOrEqual(CLASS_LIMITS.wrongCodesPerUser);
    expect(statuses.filter((s) => s !== 404 && s !== 429)).toEqual([]);
    const held = await join(pupil, cls.code);
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBeDefined();

    const joined = await join(classmate, cls.code);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json<JoinedClass>()).toMatchObject({ classId: cls.id, alreadyMember: false });
  });

  it('one pupil with several accounts exhausting the address limit does not stop a classmate without failures joining with the right code; guessers get a neutral 429', async () => {
    now += CLASS_LIMITS.wrongCodeWindowMinutes * 60_000 + 1000;
    const cls = await newClass();
    const guessers = await exhaustTheAddress();

    // The address is held: an account with failures is refused, even with the right code, in neutral words.
    const guesser = await join(guessers.at(-1)!, cls.code);
    expect(guesser.statusCode).toBe(429);
    const message = guesser.json<{ message: string }>().message;
    expect(message).toBe(CLASS_MESSAGES.tooManyCodes);
    expect(message).not.toMatch(/wrong|you/i);

    // A classmate who never typed a wrong code joins with the right one.
    const classmate = await createUser(ctx, 'student');
    const joined = await join(classmate, cls.code);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json<JoinedClass>().classId).toBe(cls.id);

    // A fresh account's wrong guess while the address is held gets no verdict (429, not 404), and counts: its
    // right code afterwards waits for the window like any other account with failures.
    const fresh = await createUser(ctx, 'student');
    expect((await join(fresh, 'ZZZZZZ3')).statusCode).toBe(429);
    expect((await join(fresh, cls.code)).statusCode).toBe(429);

    // Another address is not held.
    expect((await join(await createUser(ctx, 'student'), 'ZZZZZZ3', '198.51.100.9')).statusCode).toBe(404);

    now += CLASS_LIMITS.wrongCodeWindowMinutes * 60_000 + 1000;
    expect((await join(fresh, cls.code)).statusCode).toBe(200);
  });
});
