import type {
  Assessment,
  AttemptForStudent,
  BankQuestion,
  CreateAssessmentBody,
  CreateBankQuestionBody,
  Section,
} from '@lyceum/contract';
import { createCourse } from './course-helpers.js';
import { bearer, createUser, type TestContext, type TestUser } from './helper.js';

/** One question of every type, in the bank's shape (the key is stored in the correct order). */
export const EVERY_TYPE: CreateBankQuestionBody[] = [
  {
    title: 'Sorted structures',
    prompt: '<p>Which keep keys sorted?</p>',
    points: 2,
    tags: ['indexes'],
    content: {
      type: 'multiple_choice',
      body: {
        multiple: true,
        choices: [
          { id: 'a', text: 'B-tree' },
          { id: 'b', text: 'Skip list' },
          { id: 'c', text: 'Hash table' },
          { id: 'd', text: 'Heap file' },
        ],
      },
      key: { correct: ['a', 'b'], choiceFeedback: { c: 'Hashes scatter keys.' } },
    },
    feedback: { general: 'Ordered structures support ranges.', correct: 'Right.', incorrect: 'Not quite.' },
  },
  {
    title: 'Indexes speed reads',
    prompt: '<p>An index can speed up reads.</p>',
    content: { type: 'true_false', body: {}, key: { answer: true } },
  },
  {
    title: 'Capitals',
    points: 2,
    content: {
      type: 'fill_blank',
      body: { sentence: 'The capital of France is [[1]] and of Spain [[2]].' },
      key: { blanks: [{ accepted: ['Paris'] }, { accepted: ['Madrid'], accentSensitive: false }] },
    },
  },
  {
    title: 'Tree name',
    prompt: '<p>Name the tree most databases use for indexes.</p>',
    content: { type: 'short_answer', body: {}, key: { mode: 'auto', accepted: ['B-tree'] } },
  },
  {
    title: 'Explain MVCC',
    prompt: '<p>Explain MVCC in a paragraph.</p>',
    points: 3,
    content: { type: 'essay', body: { wordLimit: 300 }, key: {} },
  },
  {
    title: 'Match the isolation levels',
    points: 2,
    content: {
      type: 'matching',
      body: {
        prompts: [
          { id: 'p1', text: 'Read committed' },
          { id: 'p2', text: 'Serializable' },
        ],
        options: [
          { id: 'o1', text: 'Sees committed rows per statement' },
          { id: 'o2', text: 'As if one at a time' },
          { id: 'o3', text: 'Sees uncommitted rows' },
        ],
      },
      key: { pairs: { p1: 'o1', p2: 'o2' } },
    },
  },
  {
    title: 'Order the steps',
    points: 4,
    content: {
      type: 'ordering',
      body: {
        items: [
          { id: 'i1', text: 'Parse' },
          { id: 'i2', text: 'Plan' },
          { id: 'i3', text: 'Execute' },
          { id: 'i4', text: 'Return rows' },
        ],
      },
      key: { order: ['i1', 'i2', 'i3', 'i4'] },
    },
  },
  {
    title: 'Pi',
    prompt: '<p>π to two decimals?</p>',
    content: { type: 'numeric', body: {}, key: { answers: [{ value: 3.14, tolerance: 0.01 }] } },
  },
];

export interface QuizSetup {
  teacher: TestUser;
  student: TestUser;
  courseId: string;
  section: Section;
  questions: BankQuestion[];
  assessment: Assessment;
}

async function ok<T>(res: { statusCode: number; body: string; json: <U>() => U }, status: number, what: string) {
  if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.json<T>();
}

/** A published course with a section, a bank of `questions`, a published assessment of them, an enrolled student. */
export async function setUpQuiz(
  ctx: TestContext,
  settings: Partial<CreateAssessmentBody> = {},
  questionBodies: CreateBankQuestionBody[] = EVERY_TYPE,
  cast: { teacher?: TestUser; student?: TestUser } = {},
): Promise<QuizSetup> {
  const teacher = cast.teacher ?? (await createUser(ctx, 'teacher'));
  const student = cast.student ?? (await createUser(ctx, 'student'));
  const course = await createCourse(ctx, teacher.token, { status: 'published', title: 'Databases' });
  const as = (user: TestUser) => bearer(user.token);
  const section = await ok<Section>(
    await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${course.id}/sections`,
      headers: as(teacher),
      payload: { title: 'Week 1' },
    }),
    201,
    'section',
  );
  const questions: BankQuestion[] = [];
  for (const body of questionBodies)
    questions.push(
      await ok<BankQuestion>(
        await ctx.app.inject({
          method: 'POST',
          url: `/api/courses/${course.id}/questions`,
          headers: as(teacher),
          payload: body,
        }),
        201,
        'question',
      ),
    );
  let assessment = await ok<Assessment>(
    await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${course.id}/sections/${section.id}/assessments`,
      headers: as(teacher),
      payload: { title: 'Quiz 1', ...settings },
    }),
    201,
    'assessment',
  );
  assessment = await ok<Assessment>(
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/courses/${course.id}/assessments/${assessment.id}/parts`,
      headers: as(teacher),
      payload: { version: assessment.version, parts: [{ mode: 'fixed', questionIds: questions.map((q) => q.id) }] },
    }),
    200,
    'parts',
  );
  assessment = await ok<Assessment>(
    await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${course.id}/assessments/${assessment.id}/publish`,
      headers: as(teacher),
      payload: { version: assessment.version, published: true },
    }),
    200,
    'publish',
  );
  await ok(
    await ctx.app.inject({ method: 'POST', url: `/api/courses/${course.id}/enrolment`, headers: as(student) }),
    200,
    'enrol',
  );
  return { teacher, student, courseId: course.id, section, questions, assessment };
}

export async function startAttempt(ctx: TestContext, quiz: QuizSetup, student = quiz.student, payload = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/courses/${quiz.courseId}/assessments/${quiz.assessment.id}/attempts`,
    headers: bearer(student.token),
    payload,
  });
}

export async function saveAnswer(
  ctx: TestContext,
  student: TestUser,
  attempt: AttemptForStudent,
  questionId: string,
  response: unknown,
) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/attempts/${attempt.id}/answers/${questionId}`,
    headers: bearer(student.token),
    payload: { response },
  });
}

export async function submitAttempt(ctx: TestContext, student: TestUser, attemptId: string) {
  return ctx.app.inject({ method: 'POST', url: `/api/attempts/${attemptId}/submit`, headers: bearer(student.token) });
}
