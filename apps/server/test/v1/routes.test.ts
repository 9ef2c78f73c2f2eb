import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, useTestApp } from '../helper.js';
import {
  courseDetails,
  fails,
  ok,
  seedV1,
  updateStudentDetails,
  UNKNOWN_ID,
  v1,
  type Json,
  type Seed,
} from './v1-helper.js';

const ctx = useTestApp();
let seed: Seed;

beforeAll(async () => {
  seed = await seedV1(ctx);
});

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function expectPublicUser(user: Record<string, unknown>) {
  expect(Object.keys(user).sort()).toEqual(['_id', 'firstname', 'lastname', 'profileImage', 'role', 'username']);
}

describe('v1 accounts', () => {
  it('E2 logs every role in, case-insensitively, and answers unknown e-mail and wrong password alike', async () => {
    for (const user of [seed.s1, seed.t1, seed.a1]) {
      const data = ok(
        await v1(ctx, { url: '/user-Login', body: { email: user.email.toUpperCase(), password: user.password } }),
      );
      expect(typeof data.token).toBe('string');
      expect(data.role).toBe(user.user.role);
      expect(data.user.password).toBe('');
      expect(data.user._id).toBe(user.user.id);
    }
    const wrong = await v1(ctx, { url: '/user-Login', body: { email: seed.s1.email, password: 'wrong-password' } });
    const unknown = await v1(ctx, {
      url: '/user-Login',
      body: { email: 'nobody@example.com', password: 'wrong-password' },
    });
    fails(wrong, 401);
    expect(unknown.body).toBe(wrong.body);
    fails(await v1(ctx, { url: '/user-Login', body: { email: '', password: '' } }), 400);
  });

  it('E3 registers students and teachers with 201 and refuses other roles and duplicates', async () => {
    const body = {
      email: 'ada.v1@example.com',
      firstname: 'Ada',
      lastname: 'Lovelace',
      phone: '+44 20 7946 0000',
      password: 'analytical-engine',
    };
    const data = ok(await v1(ctx, { url: '/user-Register', body: { ...body, role: 'student' } }), 201);
    expect(data).toMatchObject({
      email: 'ada.v1@example.com',
      username: 'Ada Lovelace',
      password: '',
      expertise: '',
      profileImage: null,
    });
    expect(data.createdAt).toMatch(ISO);
    for (const role of ['admin', '', 'select the role', undefined]) {
      fails(
        await v1(ctx, { url: '/user-Register', body: { ...body, email: 'x.v1@example.com', role } }),
        400,
        'Invalid role specified',
      );
    }
    fails(
      await v1(ctx, { url: '/user-Register', body: { ...body, email: 'ADA.V1@example.com', role: 'teacher' } }),
      409,
    );
    fails(
      await v1(ctx, {
        url: '/user-Register',
        body: { ...body, email: 'y.v1@example.com', password: 'short', role: 'teacher' },
      }),
      400,
    );
    const second = ok(
      await v1(ctx, { url: '/user-Register', body: { ...body, email: 'ada2.v1@example.com', role: 'teacher' } }),
      201,
    );
    expect(second.username).toBe('Ada Lovelace 2');
  });

  it('E4, E6, E8 show the caller their own profile, and refuse other roles', async () => {
    const cases = [
      ['/view-student-details', seed.s1, seed.t1],
      ['/view-teacher-details', seed.t1, seed.s1],
      ['/view-admin-details', seed.a1, seed.t1],
    ] as const;
    for (const [url, owner, other] of cases) {
      const data = ok(await v1(ctx, { url, token: owner.token, placement: 'body' }));
      expect(data).toMatchObject({ _id: owner.user.id, email: owner.email, password: '', pincode: '', aboutInfo: '' });
      fails(await v1(ctx, { url, token: other.token, placement: 'body' }), 403);
      fails(await v1(ctx, { url }), 401, 'Unauthorized: Token not provided');
    }
  });

  it('E7/E9 update a teacher or admin profile, ignoring the fake image path and "undefined"', async () => {
    for (const user of [seed.t2, seed.a1]) {
      const data = ok(
        await v1(ctx, {
          url: '/update-teacher-details',
          token: user.token,
          placement: 'body',
          body: {
            userDetails: {
              expertise: 'Maths',
              firstname: '',
              city: 'undefined',
              personalWebsite: 'example.org/me',
              profileImage: 'C:\\fakepath\\x.png',
              email: 'changed@example.com',
              password: 'ignored-password',
            },
          },
        }),
      );
      expect(data).toMatchObject({
        expertise: 'Maths',
        firstname: user.user.firstname,
        city: '',
        personalWebsite: 'https://example.org/me',
        email: user.email,
        profileImage: null,
      });
    }
    fails(await v1(ctx, { url: '/update-teacher-details', token: seed.t2.token, placement: 'body', body: {} }), 400);
    fails(
      await v1(ctx, {
        url: '/update-teacher-details',
        token: seed.t2.token,
        placement: 'body',
        body: { userDetails: { githubProfile: 'javascript:alert(1)' } },
      }),
      400,
    );
    fails(
      await v1(ctx, {
        url: '/update-teacher-details',
        token: seed.s1.token,
        placement: 'body',
        body: { userDetails: {} },
      }),
      403,
    );
  });
});

describe('v1 courses', () => {
  it('E1 lists published courses, newest first, each with a populated teacher', async () => {
    const data = ok<Json[]>(await v1(ctx, { method: 'GET', url: '/view-courses' }));
    expect(data.map((c) => c._id)).toEqual(expect.arrayContaining([seed.c1, seed.c2]));
    expect(data.findIndex((c) => c._id === seed.c2)).toBeLessThan(data.findIndex((c) => c._id === seed.c1));
    for (const course of data) {
      expect(typeof course.teacherId.firstname).toBe('string');
      expectPublicUser(course.teacherId);
      expect(course.status).toBe('publish');
    }
    fails(await v1(ctx, { url: '/view-courses' }), 404, 'Route not found');
  });

  it('E10 lists the teacher’s own published courses', async () => {
    const data = ok(await v1(ctx, { url: '/view-course-teacher-publish', token: seed.t1.token, placement: 'body' }));
    expect(data._id).toBe(seed.t1.user.id);
    expect(data.courses.map((c: { _id: string }) => c._id)).toEqual([seed.c1]);
    expect(data.courses[0].teacherId.firstname).toBe('Tom');
    fails(await v1(ctx, { url: '/view-course-teacher-publish', token: seed.s1.token, placement: 'body' }), 403);
  });

  it('E11 adds a published, sanitised course with 201, and validates it', async () => {
    const data = ok(
      await v1(ctx, {
        url: '/add-course',
        token: seed.t2.token,
        placement: 'body',
        body: { courseDetails: courseDetails('Extra') },
      }),
      201,
    );
    expect(data).toMatchObject({
      courseTitle: 'Extra',
      status: 'publish',
      learnItems: ['One', 'Two'],
      materialIncludesItems: [],
    });
    expect(data.aboutCourse).not.toContain('<script');
    fails(
      await v1(ctx, {
        url: '/add-course',
        token: seed.s1.token,
        placement: 'body',
        body: { courseDetails: courseDetails('x') },
      }),
      403,
    );
    fails(await v1(ctx, { url: '/add-course', token: seed.t2.token, placement: 'body', body: {} }), 400);
    fails(
      await v1(ctx, {
        url: '/add-course',
        token: seed.t2.token,
        placement: 'body',
        body: { courseDetails: { ...courseDetails('x'), courseTitle: ' ' } },
      }),
      400,
    );
    fails(
      await v1(ctx, {
        url: '/add-course',
        token: seed.t2.token,
        placement: 'body',
        body: { courseDetails: { ...courseDetails('x'), learnItems: [1] } },
      }),
      400,
    );
  });

  it('E11 takes any category text up to 100 characters and any http(s) video link, and nothing hostile', async () => {
    const add = (details: Record<string, unknown>) =>
      v1(ctx, {
        url: '/add-course',
        token: seed.t2.token,
        placement: 'body',
        body: { courseDetails: { ...courseDetails('Free text'), ...details } },
      });
    const free = ok(
      await add({ courseCategory: '  Quantum basket weaving ', videoLink: 'https://media.example.org/intro?t=3' }),
      201,
    );
    expect(free).toMatchObject({
      courseCategory: 'Quantum basket weaving',
      videoLink: 'https://media.example.org/intro?t=3',
    });
    expect(ok(await add({ courseCategory: 'c'.repeat(100), videoLink: 'http://example.com/v' }), 201)).toMatchObject({
      courseCategory: 'c'.repeat(100),
      videoLink: 'http://example.com/v',
    });
    const before = ok(await v1(ctx, { url: '/view-course-teacher-publish', token: seed.t2.token, placement: 'body' }));
    const refused: [Record<string, unknown>, string][] = [
      [{ courseCategory: 'c'.repeat(101) }, 'courseCategory is too long'],
      [{ courseCategory: '   ' }, 'courseCategory is required'],
      [{ courseCategory: 42 }, 'courseCategory is invalid'],
      [{ videoLink: 'javascript:alert(1)' }, 'videoLink must be an http(s) URL'],
      [{ videoLink: 'data:text/html,<script>alert(1)</script>' }, 'videoLink must be an http(s) URL'],
      [{ videoLink: 'ftp://example.com/v.mp4' }, 'videoLink must be an http(s) URL'],
      [{ videoLink: 'example.com/v' }, 'videoLink must be an http(s) URL'],
      [{ videoLink: `https://example.com/${'v'.repeat(2048)}` }, 'videoLink is too long'],
    ];
    for (const [details, message] of refused) fails(await add(details), 400, message);
    const after = ok(await v1(ctx, { url: '/view-course-teacher-publish', token: seed.t2.token, placement: 'body' }));
    expect(after.courses).toHaveLength(before.courses.length);
  });

  it('E11 lets an admin add a course as its teacher, listed with the admin populated', async () => {
    const data = ok(
      await v1(ctx, {
        url: '/add-course',
        token: seed.a1.token,
        placement: 'body',
        body: { courseDetails: courseDetails('Admin course') },
      }),
      201,
    );
    expect(data).toMatchObject({
      courseTitle: 'Admin course',
      status: 'publish',
      teacherId: { _id: seed.a1.user.id, firstname: 'Ann', role: 'admin' },
    });
    const listed = ok<Json[]>(await v1(ctx, { method: 'GET', url: '/view-courses' })).find((c) => c._id === data._id);
    expect(listed.teacherId).toEqual(data.teacherId);
    const details = ok(await v1(ctx, { url: '/view-courseDetails-ById', body: { courseId: data._id } }));
    expect(details.teacherId.username).toBe(seed.a1.user.username);
  });

  it('E12 shows one course; 400 for a malformed id and 404 for an unknown one', async () => {
    const data = ok(await v1(ctx, { url: '/view-courseDetails-ById', body: { courseId: seed.c1 } }));
    expect(data).toMatchObject({
      courseTitle: 'Course one',
      courseCategory: 'Development',
      teacherId: { username: seed.t1.user.username },
    });
    for (const key of ['learnItems', 'materialIncludesItems', 'requirementItems', 'tagItems', 'audienceItems'])
      expect(Array.isArray(data[key])).toBe(true);
    fails(await v1(ctx, { url: '/view-courseDetails-ById', body: {} }), 400);
    fails(await v1(ctx, { url: '/view-courseDetails-ById', body: { courseId: 'abc' } }), 400);
    fails(await v1(ctx, { url: '/view-courseDetails-ById', body: { courseId: UNKNOWN_ID } }), 404);
    // Public: a garbage token is not checked.
    ok(await v1(ctx, { url: '/view-courseDetails-ById', token: 'garbage', body: { courseId: seed.c1 } }));
  });

  it('E13/E17 wishlist twice → one entry; teachers are refused', async () => {
    const student = await createUser(ctx, 'student');
    expect(ok(await v1(ctx, { url: '/view-wishlist', token: student.token, placement: 'body' }))).toEqual([]);
    for (let i = 0; i < 2; i += 1) {
      expect(
        ok(
          await v1(ctx, { url: '/add-wishlist', token: student.token, placement: 'body', body: { courseId: seed.c2 } }),
        ),
      ).toEqual([seed.c2]);
    }
    const list = ok<Json[]>(await v1(ctx, { url: '/view-wishlist', token: student.token, placement: 'body' }));
    expect(list.map((c) => c._id)).toEqual([seed.c2]);
    expect(typeof list[0].teacherId.firstname).toBe('string');
    fails(
      await v1(ctx, { url: '/add-wishlist', token: seed.t1.token, placement: 'body', body: { courseId: seed.c2 } }),
      403,
    );
    fails(
      await v1(ctx, { url: '/add-wishlist', token: student.token, placement: 'body', body: { courseId: UNKNOWN_ID } }),
      404,
    );
    fails(await v1(ctx, { url: '/view-wishlist', token: seed.t1.token, placement: 'body' }), 403);
  });

  it('E14/E18 enrol twice → one enrolment; teachers are refused', async () => {
    const student = await createUser(ctx, 'student');
    expect(ok(await v1(ctx, { url: '/view-enrolled-by-studentID', token: student.token, placement: 'body' }))).toEqual(
      [],
    );
    expect(
      ok(await v1(ctx, { url: '/add-enrolled', token: student.token, placement: 'body', body: { courseId: seed.c2 } })),
    ).toBe(1);
    expect(
      ok(await v1(ctx, { url: '/add-enrolled', token: student.token, placement: 'body', body: { courseId: seed.c2 } })),
    ).toBe(1);
    const list = ok<Json[]>(
      await v1(ctx, { url: '/view-enrolled-by-studentID', token: student.token, placement: 'body' }),
    );
    expect(list.map((c) => c._id)).toEqual([seed.c2]);
    expect(typeof list[0].teacherId.firstname).toBe('string');
    fails(
      await v1(ctx, { url: '/add-enrolled', token: seed.t1.token, placement: 'body', body: { courseId: seed.c2 } }),
      403,
    );
    fails(
      await v1(ctx, { url: '/add-enrolled', token: student.token, placement: 'body', body: { courseId: 'nope' } }),
      400,
    );
    fails(await v1(ctx, { url: '/view-enrolled-by-studentID', token: seed.a1.token, placement: 'body' }), 403);
  });
});

describe('v1 reviews', () => {
  it('E15 adds one review per course with 201 and validates the rating', async () => {
    const student = await createUser(ctx, 'student');
    const add = (rating: unknown, courseId = seed.c2, token = student.token) =>
      v1(ctx, { url: '/add-review', token, body: { courseId, reviewDetails: { rating, reviewText: 'Nice' } } });
    for (const rating of [0, 6, 2.5, 'five', null]) fails(await add(rating), 400);
    // Only a student enrolled in the course may review it: 403 (after the 404 of an unknown course), nothing stored.
    const refused = fails(await add(4), 403);
    expect(refused.message).toBe('Forbidden: only students enrolled in this course can review it');
    expect(ok<Json[]>(await v1(ctx, { url: '/view-Review-courseId', body: { courseId: seed.c2 } }))).toEqual([]);
    ok(await v1(ctx, { url: '/add-enrolled', token: student.token, placement: 'body', body: { courseId: seed.c2 } }));
    const data = ok(await add('4'), 201);
    expect(data).toMatchObject({ course: seed.c2, student: student.user.id, rating: 4, reviewText: 'Nice' });
    fails(await add(5), 409);
    fails(await add(5, seed.c2, seed.t1.token), 403);
    fails(await add(5, UNKNOWN_ID), 404);
    fails(await v1(ctx, { url: '/add-review', token: student.token, body: { courseId: seed.c1 } }), 400);
  });

  it('E16 lists a course’s reviews with the student populated; [] for none', async () => {
    const data = ok<Json[]>(await v1(ctx, { url: '/view-Review-courseId', body: { courseId: seed.c1 } }));
    const review = data.find((r) => r._id === seed.review1);
    expect(review).toMatchObject({ rating: 5, reviewText: 'Great', course: seed.c1, student: { firstname: 'Sam' } });
    expectPublicUser(review.student);
    const fresh = ok(
      await v1(ctx, {
        url: '/add-course',
        token: seed.t2.token,
        placement: 'body',
        body: { courseDetails: courseDetails('Empty') },
      }),
      201,
    );
    expect(ok(await v1(ctx, { url: '/view-Review-courseId', body: { courseId: fresh._id } }))).toEqual([]);
    fails(await v1(ctx, { url: '/view-Review-courseId', body: { courseId: UNKNOWN_ID } }), 404);
  });

  it('E19 lists the student’s reviews with the course populated', async () => {
    const data = ok<Json[]>(
      await v1(ctx, { url: '/view-Review-list-studentId', token: seed.s1.token, placement: 'body' }),
    );
    expect(data[0]).toMatchObject({
      _id: seed.review1,
      course: { _id: seed.c1, courseTitle: 'Course one' },
      rating: 5,
    });
    fails(await v1(ctx, { url: '/view-Review-list-studentId', token: seed.t1.token, placement: 'body' }), 403);
  });

  it('E20/E21/X1 let only the author edit and delete a review', async () => {
    const student = await createUser(ctx, 'student');
    ok(await v1(ctx, { url: '/add-enrolled', token: student.token, placement: 'body', body: { courseId: seed.c2 } }));
    const id = ok(
      await v1(ctx, {
        url: '/add-review',
        token: student.token,
        body: { courseId: seed.c2, reviewDetails: { rating: 3, reviewText: 'Ok' } },
      }),
      201,
    )._id;
    expect(
      ok(await v1(ctx, { url: '/isReviewed-studentId-courseId', token: student.token, body: { courseId: seed.c2 } }))
        ._id,
    ).toBe(id);
    fails(
      await v1(ctx, {
        url: '/edit-review-studentId',
        token: seed.s2.token,
        body: { reviewId: id, reviewText: 'Hacked' },
      }),
      403,
    );
    fails(
      await v1(ctx, {
        url: '/edit-review-studentId',
        token: seed.a1.token,
        body: { reviewId: id, reviewText: 'Hacked' },
      }),
      403,
    );
    fails(
      await v1(ctx, { url: '/edit-review-studentId', token: student.token, body: { reviewId: id, rating: 9 } }),
      400,
    );
    fails(
      await v1(ctx, { url: '/edit-review-studentId', token: student.token, body: { reviewId: UNKNOWN_ID, rating: 2 } }),
      404,
    );
    const edited = ok(
      await v1(ctx, {
        url: '/edit-review-studentId',
        token: student.token,
        body: { reviewId: id, reviewText: 'Better', rating: '4' },
      }),
    );
    expect(edited).toMatchObject({ reviewText: 'Better', rating: 4 });
    fails(await v1(ctx, { url: '/delete-review-studentId', token: seed.s2.token, body: { reviewId: id } }), 403);
    fails(await v1(ctx, { url: '/delete-review-studentId', token: seed.a1.token, body: { reviewId: id } }), 403);
    expect(
      ok(await v1(ctx, { url: '/delete-review-studentId', token: student.token, body: { reviewId: id } })),
    ).toEqual({ deletedCount: 1 });
    expect(
      ok(await v1(ctx, { url: '/isReviewed-studentId-courseId', token: student.token, body: { courseId: seed.c2 } })),
    ).toBeNull();
    expect(ok(await v1(ctx, { url: '/view-Review-list-studentId', token: student.token, placement: 'body' }))).toEqual(
      [],
    );
    fails(await v1(ctx, { url: '/delete-review-studentId', token: student.token, body: { reviewId: id } }), 404);
    fails(await v1(ctx, { url: '/isReviewed-studentId-courseId', token: student.token, body: {} }), 400);
  });
});

describe('v1 forum', () => {
  it('E22 asks with 201, normalises tags and refuses admins', async () => {
    const ask = (token: string, tags: unknown) =>
      v1(ctx, {
        url: '/add-question',
        token,
        body: { questionDetails: { question: 'Tags?', description: 'd', tags } },
      });
    const data = ok(await ask(seed.s2.token, ' a, ,b,,a '), 201);
    expect(data).toMatchObject({ tags: ['a', 'b'], role: 'student', answers: [], studentId: { _id: seed.s2.user.id } });
    expect(data).not.toHaveProperty('teacherId');
    ok(await ask(seed.s2.token, 'a,b,c,d,e,f,g,h,i,j'), 201);
    fails(await ask(seed.s2.token, 'a,b,c,d,e,f,g,h,i,j,k'), 400);
    fails(await ask(seed.a1.token, 'a'), 403);
    fails(
      await v1(ctx, {
        url: '/add-question',
        token: seed.s2.token,
        body: { questionDetails: { question: '', description: 'd' } },
      }),
      400,
    );
  });

  it('E23 lists questions with authors and answers; E24 shows one with teacher answers under both keys', async () => {
    const list = ok<Json[]>(await v1(ctx, { url: '/view-Forum-QuestionList', token: 'garbage', placement: 'body' }));
    const q1 = list.find((q) => q._id === seed.q1);
    expect(q1.studentId.username).toBe(seed.s1.user.username);
    const q2 = list.find((q) => q._id === seed.q2);
    expect(q2).toMatchObject({ role: 'teacher', teacherId: { _id: seed.t1.user.id } });
    const data = ok(await v1(ctx, { url: '/view-forum-question-id', token: 'garbage', body: { questionId: seed.q1 } }));
    expect(data.answers.map((a: { _id: string }) => a._id)).toEqual([seed.s2Answer, seed.t1Answer]);
    const teacherAnswer = data.answers[1];
    expect(teacherAnswer.role).toBe('teacher');
    expect(teacherAnswer.studentId).toEqual(teacherAnswer.teacherId);
    fails(await v1(ctx, { method: 'GET', url: '/view-Forum-QuestionList' }), 404, 'Route not found');
    fails(await v1(ctx, { url: '/view-forum-question-id', body: { questionId: 'x' } }), 400);
    fails(await v1(ctx, { url: '/view-forum-question-id', body: { questionId: UNKNOWN_ID } }), 404);
  });

  it('E25 answers with 200 and the question after the answer', async () => {
    const data = ok(
      await v1(ctx, {
        url: '/add-forum-answer',
        token: seed.t2.token,
        body: { questionId: seed.q2, answer: 'A monoid in the category of endofunctors' },
      }),
    );
    expect(data._id).toBe(seed.q2);
    expect(data.answers.length).toBeGreaterThan(0);
    fails(
      await v1(ctx, { url: '/add-forum-answer', token: seed.a1.token, body: { questionId: seed.q2, answer: 'x' } }),
      403,
    );
    fails(
      await v1(ctx, { url: '/add-forum-answer', token: seed.t2.token, body: { questionId: seed.q2, answer: '' } }),
      400,
    );
    fails(
      await v1(ctx, { url: '/add-forum-answer', token: seed.t2.token, body: { questionId: UNKNOWN_ID, answer: 'x' } }),
      404,
    );
  });

  it('E26/E27 list the caller’s questions and answers; empty for a fresh student', async () => {
    const fresh = await createUser(ctx, 'student');
    const empty = ok(
      await v1(ctx, { url: '/view-Forum-QuestionList-studentId', token: fresh.token, placement: 'body' }),
    );
    expect(empty).toMatchObject({ _id: fresh.user.id, forumQuestion: [], forumAnswer: [] });
    expect(ok(await v1(ctx, { url: '/view-answerList-studentId', token: fresh.token }))).toEqual([]);
    const mine = ok(
      await v1(ctx, { url: '/view-Forum-QuestionList-studentId', token: seed.s1.token, placement: 'body' }),
    );
    expect(mine.forumQuestion.map((q: { _id: string }) => q._id)).toContain(seed.q1);
    const answers = ok<Json[]>(await v1(ctx, { url: '/view-answerList-studentId', token: seed.s2.token }));
    expect(answers[0]).toMatchObject({
      answerId: seed.s2Answer,
      forum: { _id: seed.q1 },
      QuestionUser: { _id: seed.s1.user.id },
    });
    expect(answers[0].forum).not.toHaveProperty('answers');
    fails(await v1(ctx, { url: '/view-answerList-studentId', token: seed.a1.token }), 403);
    fails(await v1(ctx, { url: '/view-Forum-QuestionList-studentId' }), 401);
  });

  it('E28–E31: only authors edit; authors or admins delete; answers leave with their question', async () => {
    const q = ok(
      await v1(ctx, {
        url: '/add-question',
        token: seed.s1.token,
        body: { questionDetails: { question: 'Temp?', description: 'd' } },
      }),
      201,
    )._id;
    const qa = ok(
      await v1(ctx, { url: '/add-forum-answer', token: seed.s2.token, body: { questionId: q, answer: 'first' } }),
    ).answers[0]._id;
    const edit = (token: string, forumId: string) =>
      v1(ctx, {
        url: '/update-question',
        token,
        body: { forumId, questionDetails: { question: 'Edited?', description: 'd2', tags: 'x' } },
      });
    fails(await edit(seed.s2.token, q), 403);
    fails(await edit(seed.a1.token, q), 403);
    fails(await edit(seed.s1.token, UNKNOWN_ID), 404);
    expect(ok(await edit(seed.s1.token, q))).toMatchObject({ question: 'Edited?', tags: ['x'] });
    const editAnswer = (token: string, body: Record<string, unknown>) =>
      v1(ctx, { url: '/update-answer-studentId', token, body });
    fails(await editAnswer(seed.s1.token, { forumId: q, answerId: qa, answerText: 'mine now' }), 403);
    fails(await editAnswer(seed.a1.token, { forumId: q, answerId: qa, answerText: 'mine now' }), 403);
    fails(await editAnswer(seed.s2.token, { forumId: q, answerId: qa }), 400);
    fails(await editAnswer(seed.s2.token, { forumId: seed.q2, answerId: qa, answerText: 'x' }), 404);
    expect(ok(await editAnswer(seed.s2.token, { forumId: q, answerId: qa, answerText: 'second' }))).toMatchObject({
      _id: qa,
      answer: 'second',
    });
    fails(
      await v1(ctx, { url: '/delete-answer-studentId', token: seed.s1.token, body: { forumId: q, answerId: qa } }),
      403,
    );
    fails(await v1(ctx, { url: '/delete-answer-studentId', token: seed.s1.token, body: { forumId: q } }), 400);
    ok(await v1(ctx, { url: '/delete-answer-studentId', token: seed.a1.token, body: { forumId: q, answerId: qa } }));
    fails(
      await v1(ctx, { url: '/delete-answer-studentId', token: seed.s2.token, body: { forumId: q, answerId: qa } }),
      404,
    );
    fails(await v1(ctx, { url: '/delete-question', token: seed.t1.token, body: { forumId: q } }), 403);
    fails(await v1(ctx, { url: '/delete-question', token: seed.s1.token, body: { forumId: 'bad' } }), 400);
    ok(await v1(ctx, { url: '/delete-question', token: seed.s1.token, body: { forumId: q } }));
    fails(await v1(ctx, { url: '/view-forum-question-id', body: { questionId: q } }), 404);
    const list = ok<Json[]>(await v1(ctx, { url: '/view-Forum-QuestionList' }));
    expect(list.some((item) => item._id === q)).toBe(false);
    expect(list).not.toContain(null);
  });
});

describe('v1 role matrix and public routes', () => {
  it('answers 403 JSON to every role §1 does not list, on every role-restricted route, and changes nothing', async () => {
    const q = { questionDetails: { question: 'Matrix?', description: 'd', tags: 'm' } };
    const routes: [string, string[], Record<string, unknown>][] = [
      ['/view-student-details', ['student'], {}],
      ['/view-teacher-details', ['teacher'], {}],
      ['/update-teacher-details', ['teacher', 'admin'], { userDetails: { city: 'Matrix' } }],
      ['/view-admin-details', ['admin'], {}],
      ['/view-course-teacher-publish', ['teacher'], {}],
      ['/add-course', ['teacher', 'admin'], { courseDetails: courseDetails('Matrix') }],
      ['/add-wishlist', ['student'], { courseId: seed.c2 }],
      ['/add-enrolled', ['student'], { courseId: seed.c2 }],
      ['/add-review', ['student'], { courseId: seed.c2, reviewDetails: { rating: 2, reviewText: 'Matrix' } }],
      ['/view-wishlist', ['student'], {}],
      ['/view-enrolled-by-studentID', ['student'], {}],
      ['/view-Review-list-studentId', ['student'], {}],
      ['/edit-review-studentId', ['student'], { reviewId: seed.review1, reviewText: 'Matrix' }],
      ['/delete-review-studentId', ['student'], { reviewId: seed.review1 }],
      ['/isReviewed-studentId-courseId', ['student'], { courseId: seed.c1 }],
      ['/add-question', ['student', 'teacher'], q],
      ['/add-forum-answer', ['student', 'teacher'], { questionId: seed.q1, answer: 'Matrix' }],
      ['/view-Forum-QuestionList-studentId', ['student', 'teacher'], {}],
      ['/view-answerList-studentId', ['student', 'teacher'], {}],
    ];
    const snapshot = async () => ({
      courses: ok<Json[]>(await v1(ctx, { method: 'GET', url: '/view-courses' })).length,
      reviews: ok<Json[]>(await v1(ctx, { url: '/view-Review-courseId', body: { courseId: seed.c1 } })),
      questions: ok<Json[]>(await v1(ctx, { url: '/view-Forum-QuestionList' })).length,
      answers: ok(await v1(ctx, { url: '/view-forum-question-id', body: { questionId: seed.q1 } })).answers.length,
      teacher: ok(await v1(ctx, { url: '/view-teacher-details', token: seed.t2.token, placement: 'body' })),
    });
    const before = await snapshot();
    const byRole = { student: seed.s2, teacher: seed.t2, admin: seed.a1 };
    let refusals = 0;
    for (const [url, allowed, body] of routes) {
      for (const [role, user] of Object.entries(byRole)) {
        if (allowed.includes(role)) continue;
        const res = await v1(ctx, { url, token: user.token, placement: 'body', body });
        fails(res, 403, `Forbidden: ${allowed.map((r) => `${r}s`).join(', ')} only`);
        refusals += 1;
      }
    }
    for (const user of [seed.t2, seed.a1]) {
      const res = await updateStudentDetails(ctx, user.token, [{ name: 'city', data: 'Matrix' }]);
      fails(res, 403, 'Forbidden: students only');
      refusals += 1;
    }
    expect(refusals).toBe(34);
    expect(await snapshot()).toEqual(before);
  });

  it('serves every public route without a token and with a garbage one, in the header or the body', async () => {
    const calls: [string, 'GET' | 'POST', Record<string, unknown>, number][] = [
      ['/view-courses', 'GET', {}, 200],
      ['/user-Login', 'POST', { email: seed.s1.email, password: seed.s1.password }, 200],
      ['/view-courseDetails-ById', 'POST', { courseId: seed.c1 }, 200],
      ['/view-Review-courseId', 'POST', { courseId: seed.c1 }, 200],
      ['/view-Forum-QuestionList', 'POST', {}, 200],
      ['/view-forum-question-id', 'POST', { questionId: seed.q1 }, 200],
    ];
    let registrations = 0;
    for (const token of [undefined, 'garbage', 'Bearer garbage']) {
      for (const [url, method, body, status] of calls) {
        ok(await v1(ctx, { method, url, token, body: method === 'GET' ? undefined : body }), status);
        if (token) {
          ok(await v1(ctx, { method, url, token, placement: 'body', body: method === 'GET' ? undefined : body }));
        }
      }
      registrations += 1;
      const registration = {
        email: `public.${registrations}@example.com`,
        firstname: 'Pub',
        lastname: 'Lic',
        phone: '+1 555 0404',
        password: 'public-password-1',
        role: 'student',
      };
      ok(await v1(ctx, { url: '/user-Register', token, body: registration }), 201);
      const image = await ctx.app.inject({
        method: 'GET',
        url: '/uploads/undefined',
        headers: token ? { authorization: token } : {},
      });
      expect(image.statusCode).toBe(200);
    }
  });
});

describe('v1 validation', () => {
  it('answers 400 naming the field when a required field is missing, empty or of the wrong type', async () => {
    const question = { question: 'Valid?', description: 'Valid', tags: 'v' };
    // [route, caller, a valid body, the required fields as paths into it]
    const cases: [string, string | null, Record<string, unknown>, string[]][] = [
      ['/user-Login', null, { email: seed.s1.email, password: seed.s1.password }, ['email', 'password']],
      [
        '/user-Register',
        null,
        {
          email: 'valid.v1@example.com',
          firstname: 'V',
          lastname: 'L',
          phone: '+1 555 0505',
          password: 'valid-pass-1',
          role: 'student',
        },
        ['email', 'firstname', 'lastname', 'phone', 'password'],
      ],
      ['/update-teacher-details', seed.t2.token, { userDetails: {} }, ['userDetails']],
      [
        '/add-course',
        seed.t2.token,
        { courseDetails: courseDetails('Valid') },
        ['courseDetails', 'courseDetails.courseTitle', 'courseDetails.courseCategory'],
      ],
      ['/view-courseDetails-ById', null, { courseId: seed.c1 }, ['courseId']],
      ['/add-wishlist', seed.s2.token, { courseId: seed.c1 }, ['courseId']],
      ['/add-enrolled', seed.s2.token, { courseId: seed.c1 }, ['courseId']],
      [
        '/add-review',
        seed.s2.token,
        { courseId: seed.c2, reviewDetails: { rating: 3, reviewText: 'Valid' } },
        ['courseId', 'reviewDetails', 'reviewDetails.rating', 'reviewDetails.reviewText'],
      ],
      ['/view-Review-courseId', null, { courseId: seed.c1 }, ['courseId']],
      ['/edit-review-studentId', seed.s1.token, { reviewId: seed.review1, reviewText: 'Valid' }, ['reviewId']],
      ['/delete-review-studentId', seed.s1.token, { reviewId: seed.review1 }, ['reviewId']],
      ['/isReviewed-studentId-courseId', seed.s1.token, { courseId: seed.c1 }, ['courseId']],
      [
        '/add-question',
        seed.s2.token,
        { questionDetails: question },
        ['questionDetails', 'questionDetails.question', 'questionDetails.description'],
      ],
      ['/view-forum-question-id', null, { questionId: seed.q1 }, ['questionId']],
      ['/add-forum-answer', seed.s2.token, { questionId: seed.q1, answer: 'Valid' }, ['questionId', 'answer']],
      [
        '/update-question',
        seed.s1.token,
        { forumId: seed.q1, questionDetails: question },
        ['forumId', 'questionDetails', 'questionDetails.question', 'questionDetails.description'],
      ],
      ['/delete-question', seed.s1.token, { forumId: seed.q1 }, ['forumId']],
      [
        '/update-answer-studentId',
        seed.s2.token,
        { forumId: seed.q1, answerId: seed.s2Answer, answerText: 'Valid' },
        ['forumId', 'answerId', 'answerText'],
      ],
      [
        '/delete-answer-studentId',
        seed.s2.token,
        { forumId: seed.q1, answerId: seed.s2Answer },
        ['forumId', 'answerId'],
      ],
    ];
    const withValue = (body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> => {
      const [head, ...rest] = path.split('.') as [string, ...string[]];
      const copy = { ...body };
      if (rest.length > 0) copy[head] = withValue(copy[head] as Record<string, unknown>, rest.join('.'), value);
      else if (value === undefined) delete copy[head];
      else copy[head] = value;
      return copy;
    };
    for (const [url, token, body, fields] of cases) {
      for (const path of fields) {
        const field = path.split('.').at(-1)!;
        for (const value of [undefined, '', '   ', 42]) {
          const res = await v1(ctx, { url, token, body: withValue(body, path, value) });
          const label = `${url} ${path}=${JSON.stringify(value)}`;
          expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
          expect(res.json(), label).toMatchObject({ success: false, message: expect.stringContaining(field) });
        }
      }
    }
    // The valid bodies are valid: nothing above was refused for another reason.
    ok(await v1(ctx, { url: '/view-forum-question-id', body: { questionId: seed.q1 } }));
  });
});
